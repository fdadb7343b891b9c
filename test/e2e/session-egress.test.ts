/**
 * A remote browser session on `npm start` with local networks closed (the production default). The caller drives
 * the session's default browser context, where no per-context proxy applies, and WebSockets never pass the CDP
 * request interception of the session's egress guard: only the whole browser going through the egress proxy keeps a
 * page's `new WebSocket("ws://127.0.0.1:…")` from connecting. Targets are loopback only (a canary port on
 * every local address) and names mapped to loopback for the egress proxy.
 *
 * The control: `allowed.test` maps to 127.0.0.2 and the proxy may reach that address on the canary's port, so
 * the same scripts do connect there — which also shows the browser's traffic goes through the proxy (nothing
 * else resolves `allowed.test`).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";
// @ts-expect-error plain ESM fixture
import { startCanary } from "../fixtures/canary.mjs";
// @ts-expect-error plain ESM fixture
import { startFixtureServer } from "../fixtures/server.mjs";

type Hit = { local: string; firstLine: string };
let canary: { port: number; hits: () => Hit[]; close: () => Promise<void> };
let site: { port: number; close: () => Promise<void> };
let server: { url: string; apiKey: string; stop: () => Promise<void> };

beforeAll(async () => {
  canary = await startCanary();
  site = await startFixtureServer({ host: "127.0.0.1" });
  server = await startServer({
    vars: { ALLOW_LOCAL_NETWORK: "false" },
    env: {
      EDGECRAWL_EGRESS_HOSTS: "site.test=127.0.0.1,loopback.test=127.0.0.1,allowed.test=127.0.0.2",
      EDGECRAWL_EGRESS_ALLOW: `127.0.0.1:${site.port},127.0.0.2:${canary.port}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await site?.close();
  await canary?.close();
});

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it("a session's pages reach no local listener, WebSockets included; an allowed address is reached through the proxy", async () => {
  const blocked = ["127.0.0.1", "[::1]", "loopback.test", "localhost"].map((host) => `${host}:${canary.port}`);
  const allowed = `allowed.test:${canary.port}`;
  const session = await api("POST", "/v2/browser", { ttl: 120 });
  expect(session.status).toBe(200);
  const id = session.body.id as string;
  try {
    const code = [
      `await page.goto("http://site.test:${site.port}/article.html");`,
      `await page.evaluate((targets) => { for (const t of targets) { try { new WebSocket("ws://" + t + "/ws"); } catch (e) {} fetch("http://" + t + "/fetch", { mode: "no-cors" }).catch(() => {}); } }, ${JSON.stringify([...blocked, allowed])});`,
      `await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));`,
      `return await page.title();`,
    ].join("\n");
    const run = await api("POST", `/v2/browser/${id}/execute`, { code, language: "node", timeout: 60 });
    expect(run.status).toBe(200);
    expect(run.body, JSON.stringify(run.body)).toMatchObject({ exitCode: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const hits = canary.hits();
    // The control: the WebSocket handshake and the fetch to the allowed address arrived.
    expect(hits.filter((h) => h.local === "127.0.0.2").map((h) => h.firstLine.split(" ")[1]).sort()).toEqual(["/fetch", "/ws"]);
    expect(hits.filter((h) => h.local !== "127.0.0.2")).toEqual([]);
  } finally {
    await api("DELETE", `/v2/browser/${id}`);
  }
}, 180_000);
