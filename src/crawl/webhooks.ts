/**
 * Webhook payloads and signatures (docs/api.md, "Jobs"): `{success, type, id, data, metadata, error}` POSTed as JSON with
 * `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body with WEBHOOK_SECRET>`.
 */
import { hmacSha256Hex } from "../crypto";

export const SIGNATURE_HEADER = "X-Service-Signature";

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
