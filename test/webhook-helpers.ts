/**
 * Helpers for webhook tests: the signature a receiver computes, and the deliveries the fixture site's receiver
 * (/__webhooks/<receiver>) recorded.
 */
import { fixture } from "./helpers";

/** Team "default"'s entry in WEBHOOK_SECRETS (vitest.config.ts). */
export const DEFAULT_TEAM_SECRET = "test-webhook-secret";

/** The hex HMAC-SHA256 of `text` under `secret`, as a receiver checks a delivery. */
export async function hmacHex(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface Delivery {
  headers: Record<string, string>;
  body: string;
}

export async function deliveries(receiver: string): Promise<Delivery[]> {
  return (await fetch(fixture(`/__webhooks/${receiver}`))).json();
}

/** The receiver's deliveries once `predicate` holds for them; throws with what came after `timeoutMs`. */
export async function waitForDeliveries(
  receiver: string,
  predicate: (d: Delivery[]) => boolean,
  timeoutMs = 60_000,
): Promise<Delivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await deliveries(receiver);
    if (predicate(got)) return got;
    if (Date.now() > deadline)
      throw new Error(`webhooks for ${receiver}: ${got.map((d) => JSON.parse(d.body).type).join(", ")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
