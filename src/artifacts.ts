/**
 * Screenshots and action PDFs live in R2 and are served by the API itself under `/v2/artifacts/<key>` with an
 * HMAC signature and an expiry 24 hours out (docs/limits.md), so they can be handed to anyone without an API key.
 *
 * The key is SIGNING_SECRET and nothing else: a secret shared with webhook receivers (WEBHOOK_SECRET) or derived
 * from API keys would let those parties mint artifact URLs. Without SIGNING_SECRET nothing is signed (the browser
 * engine returns screenshots inline instead); rotating it invalidates every URL issued before.
 */
import { hmacSha256Hex, timingSafeEqualStrings } from "./crypto";
import { ApiError } from "./errors";
import { r2Keys } from "./storage/layout";
import { newId } from "./ids";

export const ARTIFACT_TTL_MS = 24 * 3600 * 1000;
/** Clock skew tolerated on `expires`: a URL claiming to live longer than this service issues is not ours. */
const MAX_SKEW_MS = 5 * 60 * 1000;

/** Whether artifact URLs can be signed at all (SIGNING_SECRET is set). */
export function canSignArtifacts(env: Env): boolean {
  return Boolean(env.SIGNING_SECRET);
}

/** The service's key for URLs it signs (artifacts, browser-session tokens); 403 when none is configured. */
export function signingSecret(env: Env): string {
  if (!env.SIGNING_SECRET) throw new ApiError("FORBIDDEN", "Signed URLs are disabled: no SIGNING_SECRET is configured");
  return env.SIGNING_SECRET;
}

export async function signArtifactUrl(env: Env, key: string, origin: string, now = Date.now()): Promise<string> {
  const expires = now + ARTIFACT_TTL_MS;
  const sig = await hmacSha256Hex(signingSecret(env), `${key}:${expires}`);
  return `${origin}/v2/artifacts/${key}?expires=${expires}&sig=${sig}`;
}

/** Throws 403 unless `sig` is this service's signature of `key` and `expires` is in the future. */
export async function verifyArtifactSignature(
  env: Env,
  key: string,
  expires: string,
  sig: string,
  now = Date.now(),
): Promise<void> {
  const expected = await hmacSha256Hex(signingSecret(env), `${key}:${expires}`);
  if (!timingSafeEqualStrings(expected, sig))
    throw new ApiError("FORBIDDEN", "Invalid signature for this artifact URL");
  if (!/^\d+$/.test(expires) || Number(expires) < now)
    throw new ApiError("FORBIDDEN", "This artifact URL has expired (they are valid for 24 hours)");
  if (Number(expires) > now + ARTIFACT_TTL_MS + MAX_SKEW_MS)
    throw new ApiError("FORBIDDEN", "Invalid signature for this artifact URL");
}

/** Stores bytes and returns the R2 key, to be referenced as `artifact:<key>` in documents. */
export async function storeArtifact(env: Env, bytes: Uint8Array, ext: "png" | "jpeg" | "pdf"): Promise<string> {
  const key = r2Keys.artifact(newId(), ext);
  const contentType = ext === "pdf" ? "application/pdf" : `image/${ext}`;
  await env.BUCKET.put(key, bytes, { httpMetadata: { contentType } });
  return key;
}
