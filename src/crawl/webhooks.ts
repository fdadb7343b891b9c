/**
 * Webhook payloads and signatures (SPEC §6): `{success, type, id, data, metadata, error}` POSTed as JSON with
 * `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body with WEBHOOK_SECRET>`.
 */
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
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
