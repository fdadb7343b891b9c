/**
 * Settings from `.dev.vars` reach the Worker, as a user configures `npm start`: a scratch copy of the project
 * (its node_modules linked) gets a `.dev.vars` with a webhook secret, an LLM endpoint (the fixture site's fake
 * OpenAI-compatible model), an admin token and ALLOW_LOCAL_NETWORK=true, and nothing is passed on the command
 * line. A crawl's webhook arrives signed with that secret, a `json` scrape is answered by that endpoint with that
 * key, a monitoring crawl (change tracking with the json mode) reports what changed through that webhook, the
 * admin route opens with that token, and the loopback fixture site may be scraped at all.
 */
import { createHmac } from "node:crypto";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const site = inject("e2eFixtureUrl");
const KEY = "ec-devvars-key";
const WEBHOOK_SECRET = "devvars-webhook-secret";

let project = "";
let server: { url: string; stop: () => Promise<void> };

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "edgecrawl-devvars-"));
  for (const entry of [
    "package.json",
    "wrangler.toml",
    "tsconfig.json",
    "src",
    "durable-objects",
    "queues",
    "scripts",
  ]) {
    cpSync(join(repo, entry), join(project, entry), { recursive: true });
  }
  symlinkSync(join(repo, "node_modules"), join(project, "node_modules"), "dir");
  writeFileSync(
    join(project, ".dev.vars"),
    [
      `API_KEYS=default:${KEY}`,
      `WEBHOOK_SECRET=${WEBHOOK_SECRET}`,
      "SIGNING_SECRET=devvars-signing-secret",
      "ADMIN_TOKEN=devvars-admin-token",
      `LLM_BASE_URL=${site}/v1`,
      "LLM_MODEL=devvars-model",
      "LLM_API_KEY=sk-devvars",
      "ALLOW_LOCAL_NETWORK=true",
      "",
    ].join("\n"),
  );
  server = await startServer({ root: project, devVars: true });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

const api = (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${init.key ?? KEY}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

it("a crawl's webhook is signed with WEBHOOK_SECRET from .dev.vars", async () => {
  const receiver = `devvars-${Date.now()}`;
  const started = await api("/v2/crawl", {
    body: {
      url: `${site}/article.html`,
      limit: 1,
      webhook: { url: `${site}/hooks/${receiver}`, events: ["completed"] },
    },
  });
  expect(started.status).toBe(200);
  let deliveries: { headers: Record<string, string>; body: string }[] = [];
  for (let i = 0; i < 150 && deliveries.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 200));
    deliveries = await (await fetch(`${site}/__webhooks/${receiver}`)).json();
  }
  expect(deliveries).toHaveLength(1);
  const [delivery] = deliveries;
  expect(JSON.parse(delivery.body)).toMatchObject({ type: "crawl.completed", success: true });
  const expected = `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(delivery.body).digest("hex")}`;
  expect(delivery.headers["x-service-signature"]).toBe(expected);
});

it("a json scrape goes to LLM_BASE_URL with LLM_MODEL and LLM_API_KEY from .dev.vars", async () => {
  const before = ((await (await fetch(`${site}/__llm`)).json()) as unknown[]).length;
  const schema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };
  const response = await api("/v2/scrape", {
    body: { url: `${site}/article.html`, formats: [{ type: "json", schema }] },
  });
  const body = (await response.json()) as { success: boolean; data: { json: unknown } };
  expect(response.status).toBe(200);
  expect(body.data.json).toEqual({ title: "How Lighthouses Work" });
  const requests = (
    (await (await fetch(`${site}/__llm`)).json()) as { headers: Record<string, string>; body: { model: string } }[]
  ).slice(before);
  expect(requests.length).toBeGreaterThan(0);
  expect(requests[0].headers.authorization).toBe("Bearer sk-devvars");
  expect(requests[0].body.model).toBe("devvars-model");
});

interface Delivery {
  type: string;
  data: { changeTracking?: Record<string, any>; metadata: { sourceURL: string } }[];
}

/** Runs a crawl with a webhook and returns its deliveries once `crawl.completed` arrived, each signature checked. */
async function crawlWithWebhook(body: Record<string, unknown>, receiver: string): Promise<Delivery[]> {
  const started = await api("/v2/crawl", {
    body: { ...body, webhook: { url: `${site}/hooks/${receiver}`, events: ["page", "completed"] } },
  });
  expect(started.status).toBe(200);
  let deliveries: { headers: Record<string, string>; body: string }[] = [];
  for (let i = 0; i < 300 && !deliveries.some((d) => d.body.includes('"crawl.completed"')); i++) {
    await new Promise((r) => setTimeout(r, 200));
    deliveries = await (await fetch(`${site}/__webhooks/${receiver}`)).json();
  }
  for (const d of deliveries)
    expect(d.headers["x-service-signature"]).toBe(
      `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(d.body).digest("hex")}`,
    );
  return deliveries.map((d) => JSON.parse(d.body) as Delivery);
}

it(
  "a monitoring crawl (changeTracking, json mode through the " +
    ".dev.vars LLM) reports changes through its signed webhook",
  async () => {
    const name = `devvars-${Date.now()}`;
    const setPage = (page: string, text: string) =>
      fetch(`${site}/__changing/${name}/${page}?text=${encodeURIComponent(text)}`, { method: "POST" });
    await setPage("price", "Price: 10");
    await setPage("about", "About: harbor tours");
    const monitor = {
      url: `${site}/changing/${name}/`,
      sitemap: "skip",
      scrapeOptions: {
        formats: [
          "markdown",
          {
            type: "changeTracking",
            modes: ["git-diff", "json"],
            tag: "daily",
            schema: { type: "object", properties: { price: { type: "number" } } },
          },
        ],
      },
    };
    const pageEvents = (deliveries: Delivery[]) =>
      Object.fromEntries(
        deliveries
          .filter((d) => d.type === "crawl.page")
          .map((d) => [d.data[0].metadata.sourceURL.split("/").pop() || "index", d.data[0].changeTracking!]),
      );

    const first = pageEvents(await crawlWithWebhook(monitor, `${name}-1`));
    expect(Object.keys(first).sort()).toEqual(["about", "index", "price"]);
    for (const tracking of Object.values(first))
      expect(tracking).toMatchObject({ changeStatus: "new", visibility: "visible", previousScrapeAt: null });

    await setPage("price", "Price: 12");
    const second = pageEvents(await crawlWithWebhook(monitor, `${name}-2`));
    expect(second.about).toMatchObject({ changeStatus: "same", json: {} });
    expect(second.price).toMatchObject({ changeStatus: "changed", json: { price: { previous: 10, current: 12 } } });
    expect(second.price.diff.text).toContain("-Price: 10\n+Price: 12");
  },
);

it("ADMIN_TOKEN from .dev.vars opens the admin routes", async () => {
  const response = await api("/admin/teams/default", {
    method: "PUT",
    body: { balance: null },
    key: "devvars-admin-token",
  });
  expect(response.status).toBe(200);
  const refused = await api("/admin/teams/default", { method: "PUT", body: { balance: null }, key: "wrong-token" });
  expect(refused.status).toBe(401);
});
