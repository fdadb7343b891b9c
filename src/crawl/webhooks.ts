/**
 * Webhook payloads and signatures (docs/api.md, "Jobs"): `{success, type, id, data, metadata, error}` POSTed as
 * JSON with `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body with WEBHOOK_SECRET>`; and the check
 * every job's webhook target passes when the job is created.
 *
 * Receivers written for Firecrawl verify `X-Firecrawl-Signature` (the same `sha256=<hex>` value) and read
 * `X-Firecrawl-Event` / `X-Firecrawl-Job-Id`, so every delivery carries both families of headers.
 */
import { hmacSha256Hex } from "../crypto";
import { ApiError } from "../errors";
import { checkEgress, egressPolicy } from "../net/egress";

export const SIGNATURE_HEADER = "X-Service-Signature";
export const FIRECRAWL_SIGNATURE_HEADER = "X-Firecrawl-Signature";

export interface WebhookPayload {
  success: boolean;
  type: string;
  id: string;
  data: unknown[];
  metadata: Record<string, unknown>;
  error: string | null;
}

export async function signBody(secret: string, body: string): Promise<string> {
  return `sha256=${await hmacSha256Hex(secret, body)}`;
}

/** The service's own headers of a delivery: event, job id and (with a secret) the signature, in both namings. */
export async function signatureHeaders(secret: string | undefined, body: string, payload: Pick<WebhookPayload, "type" | "id">): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    "X-Service-Event": payload.type,
    "X-Service-Job-Id": payload.id,
    "X-Firecrawl-Event": payload.type,
    "X-Firecrawl-Job-Id": payload.id,
  };
  if (secret) {
    const signature = await signBody(secret, body);
    headers[SIGNATURE_HEADER] = signature;
    headers[FIRECRAWL_SIGNATURE_HEADER] = signature;
  }
  return headers;
}

/** A job's webhook must pass the outbound policy, and deliveries need WEBHOOK_SECRET to be signed. */
export function checkWebhookTarget(env: Env, url: string): void {
  checkEgress(url, egressPolicy(env), "Webhook URL");
  if (!env.WEBHOOK_SECRET) {
    throw new ApiError("BAD_REQUEST", "Webhooks need WEBHOOK_SECRET to be configured (they are signed with it)", [
      { path: ["webhook"], message: "WEBHOOK_SECRET is not configured", code: "custom" },
    ]);
  }
}
