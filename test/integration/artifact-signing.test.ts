/**
 * Artifact URLs are signed with SIGNING_SECRET alone (issue 15, finding 5): whoever can verify webhooks (holds
 * WEBHOOK_SECRET) cannot mint one, a URL claiming a longer life than 24 h is refused, rotating the secret
 * invalidates earlier URLs, and without a secret nothing is signed.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { signArtifactUrl } from "../../src/artifacts";
import { hmacSha256Hex } from "../../src/crypto";
import { API } from "../helpers";

const app = createApp();
const key = "shots/00000000-0000-4000-8000-000000000001.png";

async function get(url: string, environment: Env = env): Promise<number> {
  return (await app.fetch(new Request(url), environment, createExecutionContext())).status;
}

describe("artifact URLs", () => {
  it("are served with the service's own signature", async () => {
    await env.BUCKET.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { httpMetadata: { contentType: "image/png" } });
    expect(await get(await signArtifactUrl(env, key, API))).toBe(200);
  });

  it("cannot be forged with the webhook secret, even with a long expiry", async () => {
    for (const lifetime of [3600 * 1000, 365 * 24 * 3600 * 1000]) {
      const expires = Date.now() + lifetime;
      const sig = await hmacSha256Hex(env.WEBHOOK_SECRET!, `${key}:${expires}`);
      expect(await get(`${API}/v2/artifacts/${key}?expires=${expires}&sig=${sig}`)).toBe(403);
    }
  });

  it("refuses a correctly signed URL that claims to live longer than 24 hours", async () => {
    const expires = Date.now() + 365 * 24 * 3600 * 1000;
    const sig = await hmacSha256Hex(env.SIGNING_SECRET!, `${key}:${expires}`);
    expect(await get(`${API}/v2/artifacts/${key}?expires=${expires}&sig=${sig}`)).toBe(403);
  });

  it("stop working when SIGNING_SECRET is rotated", async () => {
    const url = await signArtifactUrl(env, key, API);
    expect(await get(url, { ...env, SIGNING_SECRET: "rotated-secret" } as Env)).toBe(403);
  });

  it("are never signed without SIGNING_SECRET: 403, not a fallback key", async () => {
    const unsigned = { ...env, SIGNING_SECRET: "" } as Env;
    const expires = Date.now() + 3600 * 1000;
    for (const secret of [env.WEBHOOK_SECRET!, env.ADMIN_TOKEN!, env.API_KEYS!]) {
      const sig = await hmacSha256Hex(secret, `${key}:${expires}`);
      expect(await get(`${API}/v2/artifacts/${key}?expires=${expires}&sig=${sig}`, unsigned)).toBe(403);
    }
  });
});
