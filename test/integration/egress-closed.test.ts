/**
 * The outbound policy with local networks closed (production default) and the local egress proxy npm start
 * runs: names are judged after resolution, on both engines, for every redirect hop and for everything a rendered
 * page reaches for — WebSockets included. Every attack aims at the canary (a port on every local address);
 * it must never see a connection. `site.test` / `other.test` are the fixture hosts standing in for public sites,
 * `loopback.test` resolves to 127.0.0.1 (see test/global-setup.ts).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/app";
// @ts-expect-error plain ESM helper shared with the drill
import { attackScript } from "../fixtures/attack.mjs";
import { API_KEY, fixture } from "../helpers";

const closedEnv = { ...env, ALLOW_LOCAL_NETWORK: "false" } as Env;
const app = createApp();
const canaryPort = inject("canaryPort");
const targets = inject("attackTargets");

async function scrape(
  body: Record<string, unknown>,
  environment: Env = closedEnv,
): Promise<{ status: number; body: any }> {
  const response = await app.fetch(
    new Request("http://edgecrawl.test/v2/scrape", {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    environment,
    createExecutionContext(),
  );
  return { status: response.status, body: await response.json() };
}

/** The fixture site under its public-looking name. */
const site = (path: string) =>
  `http://site.test:${new URL(fixture()).port}${path}${path.includes("?") ? "&" : "?"}t=${crypto.randomUUID()}`;
const canaryHits = async (): Promise<number> =>
  ((await (await fetch(fixture("/__canary"))).json()) as unknown[]).length;
const browser = { waitFor: 50 };

describe("names that resolve to loopback", () => {
  it.each([
    ["fetch", {}],
    ["browser", browser],
  ])("are refused with 403 URL_BLOCKED on the %s engine, and nothing connects", async (_engine, extra) => {
    const before = await canaryHits();
    for (const name of ["loopback.test", "loopback6.test"]) {
      const { status, body } = await scrape({ url: `http://${name}:${canaryPort}/`, ...extra });
      expect(status).toBe(403);
      expect(body.code).toBe("URL_BLOCKED");
      expect(body.error).toMatch(/resolves to (127\.0\.0\.1|::1), a loopback address/);
    }
    expect(await canaryHits()).toBe(before);
  });

  it("a name that does not resolve is a DNS error, as without the proxy", async () => {
    const { status, body } = await scrape({ url: "http://no-such-host.test/" });
    expect(status).toBe(500);
    expect(body.code).toBe("SCRAPE_DNS_RESOLUTION_ERROR");
  });
});

describe("a public site", () => {
  it.each([
    ["fetch", {}],
    ["browser", browser],
  ])("is still scraped through the egress proxy on the %s engine", async (engine, extra) => {
    const { status, body } = await scrape({ url: site("/article.html"), ...extra });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe(engine);
    expect(body.data.markdown).toContain("# How Lighthouses Work");
  });
});

describe("redirects to the local network", () => {
  const literal = targets.indexOf(`127.0.0.1:${canaryPort}`);
  const mapped = targets.indexOf(`loopback.test:${canaryPort}`);

  it.each([
    ["fetch", {}],
    ["browser", browser],
  ])(
    "are refused with 403 URL_BLOCKED on the %s engine (an IP literal and a name resolving to loopback)",
    async (_engine, extra) => {
      const before = await canaryHits();
      for (const i of [literal, mapped]) {
        const { status, body } = await scrape({ url: site(`/attack/redirect?i=${i}`), ...extra });
        expect(status).toBe(403);
        expect(body).toMatchObject({ success: false, code: "URL_BLOCKED" });
        expect(body.error).toMatch(/^Redirect target/);
      }
      expect(await canaryHits()).toBe(before);
    },
  );
});

describe("a rendered page reaching for the local network", () => {
  it(
    "reaches nothing: sub-resources, fetch, XHR, iframes, " +
      "EventSource, beacons and WebSockets to every local spelling",
    async () => {
      const before = await canaryHits();
      const { status, body } = await scrape({ url: site("/attack/page"), waitFor: 1500 });
      expect(status).toBe(200);
      expect(body.data.markdown).toContain("Attack page");
      expect(await canaryHits()).toBe(before);
    },
  );

  it("reaches nothing from an executeJavascript action either", async () => {
    const before = await canaryHits();
    const { status, body } = await scrape({
      url: site("/article.html"),
      actions: [
        { type: "executeJavascript", script: attackScript(targets) },
        { type: "wait", milliseconds: 1000 },
      ],
    });
    expect(status).toBe(200);
    expect(body.data.actions.javascriptReturns[0].value).toBe("sent");
    expect(await canaryHits()).toBe(before);
  });

  it("does reach the canary when local networks are allowed (the control: the attack works)", async () => {
    const before = await canaryHits();
    const { status } = await scrape({ url: fixture(`/attack/page?t=${crypto.randomUUID()}`), waitFor: 1500 }, env);
    expect(status).toBe(200);
    expect(await canaryHits()).toBeGreaterThan(before);
  });
});
