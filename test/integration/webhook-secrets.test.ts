/**
 * Webhook signing per team: a team's first minted key brings it its own secret, its deliveries are signed with
 * that secret only (not another team's, not WEBHOOK_SECRET), every delivery carries a timestamp under its own
 * signature so a receiver can refuse replays, and rotating the secret signs the next deliveries with the new one.
 * Teams configured in API_KEYS take theirs from WEBHOOK_SECRETS; WEBHOOK_SECRET serves a single-team install only.
 */
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { webhookSigningSecret } from "../../src/jobs/webhook-signing";
import { ADMIN_TOKEN, OTHER_TEAM_KEY, callJson, callJsonWith, fixture } from "../helpers";
import { hmacHex } from "../webhook-helpers";

const WEBHOOK_SECRET = env.WEBHOOK_SECRET!;

/** The `X-Service-Signature` value a receiver expects. */
const signed = async (secret: string, text: string) => `sha256=${await hmacHex(secret, text)}`;

async function mint(teamId: string): Promise<{ key: string; webhookSecret?: string }> {
  const minted = await callJson("POST", "/admin/keys", { teamId }, { key: ADMIN_TOKEN });
  expect(minted.status).toBe(200);
  return minted.body;
}

/** Runs a one-page batch with a webhook for `key`; returns its deliveries once `batch_scrape.completed` arrived. */
async function deliveriesOfABatch(key: string): Promise<{ headers: Record<string, string>; body: string }[]> {
  const receiver = `team-secret-${crypto.randomUUID().slice(0, 8)}`;
  const started = await callJson(
    "POST",
    "/v2/batch/scrape",
    { urls: [fixture("/article.html")], maxAge: 0, webhook: fixture(`/hooks/${receiver}`) },
    { key },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  for (let i = 0; i < 200; i++) {
    const got: { headers: Record<string, string>; body: string }[] = await (
      await fetch(fixture(`/__webhooks/${receiver}`))
    ).json();
    if (got.some((d) => JSON.parse(d.body).type === "batch_scrape.completed")) return got;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("no batch_scrape.completed delivery");
}

it(
  "signs a team's deliveries with its own secret, with a " + "timestamp, and with the new one after a rotation",
  async () => {
    const [a, b] = [`team-a-${crypto.randomUUID().slice(0, 8)}`, `team-b-${crypto.randomUUID().slice(0, 8)}`];
    const keyA = await mint(a);
    const keyB = await mint(b);
    expect(keyA.webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(keyB.webhookSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(keyA.webhookSecret).not.toBe(keyB.webhookSecret);
    // A second key of the same team does not show (or change) the secret.
    expect((await mint(a)).webhookSecret).toBeUndefined();

    const secretA = keyA.webhookSecret!;
    const deliveries = await deliveriesOfABatch(keyA.key);
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    for (const { headers, body } of deliveries) {
      expect(headers["x-service-signature"]).toBe(await signed(secretA, body));
      expect(headers["x-firecrawl-signature"]).toBe(headers["x-service-signature"]);
      expect(headers["x-service-signature"]).not.toBe(await signed(keyB.webhookSecret!, body));
      expect(headers["x-service-signature"]).not.toBe(await signed(WEBHOOK_SECRET, body));
      const timestamp = Number(headers["x-service-timestamp"]);
      expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(120);
      expect(headers["x-service-timestamp-signature"]).toBe(await signed(secretA, `${timestamp}.${body}`));
    }

    const rotated = await callJson("POST", `/admin/teams/${a}/webhook-secret`, undefined, { key: ADMIN_TOKEN });
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.body.webhookSecret).not.toBe(secretA);
    const after = await deliveriesOfABatch(keyA.key);
    for (const { headers, body } of after) {
      expect(headers["x-service-signature"]).toBe(await signed(rotated.body.webhookSecret, body));
      expect(headers["x-service-signature"]).not.toBe(await signed(secretA, body));
    }
  },
);

it("refuses the rotation route without the admin token", async () => {
  expect((await callJson("POST", "/admin/teams/someone/webhook-secret")).status).toBe(401);
});

it(
  "signs an API_KEYS team's deliveries with its " + "WEBHOOK_SECRETS entry, never with the shared WEBHOOK_SECRET",
  async () => {
    // The test bindings: API_KEYS names teams "default" and "other", WEBHOOK_SECRETS gives each its own secret.
    const deliveries = await deliveriesOfABatch(OTHER_TEAM_KEY);
    for (const { headers, body } of deliveries) {
      expect(headers["x-service-signature"]).toBe(await signed("test-webhook-secret-other", body));
      expect(headers["x-service-signature"]).not.toBe(await signed(WEBHOOK_SECRET, body));
      expect(headers["x-service-signature"]).not.toBe(await signed("test-webhook-secret", body));
    }
  },
);

it("lets WEBHOOK_SECRET sign only while API_KEYS names no other team", async () => {
  const stranger = `team-${crypto.randomUUID().slice(0, 8)}`; // a team with no secret of its own
  const twoTeams = { ...env, WEBHOOK_SECRETS: "" } as Env;
  expect(await webhookSigningSecret(twoTeams, "default")).toBeNull();
  expect(await webhookSigningSecret(twoTeams, "other")).toBeNull();
  expect(await webhookSigningSecret({ ...twoTeams, API_KEYS: "default:k1,default:k2" } as Env, "default")).toBe(
    WEBHOOK_SECRET,
  );
  expect(await webhookSigningSecret({ ...twoTeams, API_KEYS: "bare-key" } as Env, "default")).toBe(WEBHOOK_SECRET);
  expect(await webhookSigningSecret({ ...twoTeams, API_KEYS: "bare-key" } as Env, stranger)).toBeNull();
  expect(await webhookSigningSecret({ ...twoTeams, API_KEYS: "" } as Env, stranger)).toBe(WEBHOOK_SECRET);

  // A job with a webhook is refused (400, naming the field and the way out) when its team has no secret.
  const hook = fixture("/hooks/never");
  const refused = await callJsonWith({ WEBHOOK_SECRETS: "" }, "POST", "/v2/crawl", {
    url: fixture("/article.html"),
    limit: 1,
    webhook: hook,
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toContain("WEBHOOK_SECRETS");
  expect(refused.body.details).toMatchObject([{ path: ["webhook"] }]);
  const accepted = await callJsonWith(
    { WEBHOOK_SECRETS: "", API_KEYS: "default:ec-test-key-default" },
    "POST",
    "/v2/crawl",
    { url: fixture("/article.html"), limit: 1, webhook: hook },
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
});

it("prefers a team's minted or rotated secret to its WEBHOOK_SECRETS entry", async () => {
  const team = `team-${crypto.randomUUID().slice(0, 8)}`;
  const configured = { ...env, WEBHOOK_SECRETS: `${team}:from-config` } as Env;
  expect(await webhookSigningSecret(configured, team)).toBe("from-config");
  const rotated = await callJson("POST", `/admin/teams/${team}/webhook-secret`, undefined, { key: ADMIN_TOKEN });
  expect(rotated.status).toBe(200);
  expect(await webhookSigningSecret(configured, team)).toBe(rotated.body.webhookSecret);
});
