/**
 * Webhook payloads and signatures (docs/api.md, "Jobs"): `{success, type, id, data, metadata, error}` POSTed as
 * JSON with `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body>`; and the check every job's webhook
 * target passes when the job is created.
 *
 * The key is, first found:
 * - the team's own secret (minted with the team's first key, minted or rotated through the admin API);
 * - the team's entry in WEBHOOK_SECRETS (`team:secret` entries, for teams configured in API_KEYS);
 * - WEBHOOK_SECRET, the default of a single-team install: only while API_KEYS names no team but this one.
 * A team with none of these cannot have webhooks (400 when the job is created). So a receiver holding one team's
 * secret cannot verify, nor anyone forge, another team's deliveries.
 *
 * Every delivery also carries `X-Service-Timestamp` (Unix seconds) and `X-Service-Timestamp-Signature:
 * sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`: a receiver that checks the timestamp is recent (say, five
 * minutes) and this signature detects a replayed delivery, which the body-only signature cannot.
 *
 * Receivers written for Firecrawl verify `X-Firecrawl-Signature` (the same body-only `sha256=<hex>` value) and
 * read `X-Firecrawl-Event` / `X-Firecrawl-Job-Id`, so every delivery carries both families of headers.
 */
import { teamStub } from "../../durable-objects/team";
import { parseApiKeys, teamEntries } from "../auth/keys";
import { hmacSha256Hex } from "../crypto";
import { ApiError } from "../errors";
import { checkEgress, egressPolicy } from "../net/egress";

export const SIGNATURE_HEADER = "X-Service-Signature";
export const FIRECRAWL_SIGNATURE_HEADER = "X-Firecrawl-Signature";
export const TIMESTAMP_HEADER = "X-Service-Timestamp";
export const TIMESTAMP_SIGNATURE_HEADER = "X-Service-Timestamp-Signature";

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

/** The key a team's deliveries are signed with (the order above); null when it has none. */
export async function webhookSigningSecret(env: Env, teamId: string): Promise<string | null> {
  const own = await teamStub(env, teamId).webhookSecret();
  if (own) return own;
  const configured = parseTeamSecrets(env.WEBHOOK_SECRETS).get(teamId);
  if (configured) return configured;
  const otherEnvTeam = [...new Set(parseApiKeys(env.API_KEYS).values())].some((team) => team !== teamId);
  return otherEnvTeam ? null : env.WEBHOOK_SECRET || null;
}

/** Parses WEBHOOK_SECRETS (`team:secret` entries) into team → secret; entries without a team are ignored. */
export function parseTeamSecrets(value: string | undefined): Map<string, string> {
  const secrets = new Map<string, string>();
  for (const { team, value: secret } of teamEntries(value)) if (team && secret) secrets.set(team, secret);
  return secrets;
}

/**
 * The service's own headers of a delivery: event, job id and (with a secret) the signature in both namings, and
 * the timestamped signature. `now` is in milliseconds.
 */
export async function signatureHeaders(
  secret: string | null | undefined,
  body: string,
  payload: Pick<WebhookPayload, "type" | "id">,
  now = Date.now(),
): Promise<Record<string, string>> {
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
    const timestamp = String(Math.floor(now / 1000));
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[TIMESTAMP_SIGNATURE_HEADER] = await signBody(secret, `${timestamp}.${body}`);
  }
  return headers;
}

/** A job's webhook must pass the outbound policy, and its deliveries need a key to be signed with. */
export async function checkWebhookTarget(env: Env, url: string, teamId: string): Promise<void> {
  checkEgress(url, egressPolicy(env), "Webhook URL");
  if (!(await webhookSigningSecret(env, teamId))) {
    const message =
      "Webhooks are signed, and this team has no signing secret: an operator mints one " +
      "(POST /admin/teams/{teamId}/webhook-secret) or lists it in WEBHOOK_SECRETS " +
      "(WEBHOOK_SECRET serves only an install whose API_KEYS name a single team)";
    throw new ApiError("BAD_REQUEST", message, [
      { path: ["webhook"], message: "no webhook signing secret is configured", code: "custom" },
    ]);
  }
}
