/**
 * The upstream proxy (proxy "enhanced" / "auto") and the outbound policy inside the browser, through the scrape
 * pipeline with PROXY_URL and ALLOW_LOCAL_NETWORK set per test. The fixture site doubles as the forward proxy:
 * requests in absolute form are logged (GET /__proxied) and served whatever their host, so public-looking
 * names that resolve nowhere can be scraped through it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ScrapeRequestSchema } from "../../src/schemas/scrape";
import { scrape as runScrape } from "../../src/scrape/pipeline";
import { callJson, fixture, fixtureRequests, unique } from "../helpers";

const site = fixture("/").replace(/\/$/, "");
const proxyPort = new URL(site).port;

function scrapeWith(vars: Partial<Record<"PROXY_URL" | "ALLOW_LOCAL_NETWORK", string>>, body: Record<string, unknown>) {
  const testEnv = { ...env, ALLOW_LOCAL_NETWORK: "true", PROXY_URL: site, ...vars } as Env;
  return runScrape({ env: testEnv, teamId: "default" }, ScrapeRequestSchema.parse(body));
}

async function proxiedSince(since: number): Promise<{ url: string; headers: Record<string, string> }[]> {
  const log = (await (await fetch(`${site}/__proxied?since=${since}`)).json()) as {
    requests: { url: string; headers: Record<string, string> }[];
  };
  return log.requests;
}

async function proxiedTotal(): Promise<number> {
  return ((await (await fetch(`${site}/__proxied`)).json()) as { total: number }).total;
}

const tag = () => `t=${crypto.randomUUID()}`;

describe('proxy "enhanced"', () => {
  it(
    "sends the fetch engine's requests through the proxy in absolute " +
      "form, with its credentials, and bills 5 credits",
    async () => {
      const since = await proxiedTotal();
      const url = `http://news.example.com:8080/article.html?${tag()}`;
      const { document, credits } = await scrapeWith(
        { PROXY_URL: `http://keeper:p%40ss@127.0.0.1:${proxyPort}` },
        { url, proxy: "enhanced" },
      );
      expect(document.markdown).toContain("# How Lighthouses Work");
      expect(document.metadata).toMatchObject({ proxyUsed: "enhanced", engine: "fetch", creditsUsed: 5, url });
      expect(credits).toBe(5);
      const [request] = (await proxiedSince(since)).filter((r) => r.url === url);
      expect(request.headers["proxy-authorization"]).toBe(`Basic ${btoa("keeper:p@ss")}`);
      expect(request.headers["user-agent"]).toContain("ServiceAgent");
    },
  );

  it("asks the proxy for https targets in absolute form too (the proxy makes the TLS connection)", async () => {
    const since = await proxiedTotal();
    const url = `https://secure.example.com/article.html?${tag()}`;
    const { document } = await scrapeWith({}, { url, proxy: "stealth" });
    expect(document.markdown).toContain("# How Lighthouses Work");
    expect((await proxiedSince(since)).map((r) => r.url)).toContain(url);
  });

  it("answers the browser's document requests through the proxy", async () => {
    const since = await proxiedTotal();
    const url = `http://news.example.com:8080/browser/form.html?${tag()}`;
    const { document } = await scrapeWith(
      {},
      { url, proxy: "enhanced", actions: [{ type: "click", selector: ".like", all: true }] },
    );
    expect(document.metadata).toMatchObject({
      engine: "browser",
      proxyUsed: "enhanced",
      statusCode: 200,
      creditsUsed: 5,
    });
    expect(document.markdown).toContain("Likes: 3");
    expect((await proxiedSince(since)).map((r) => r.url)).toContain(url);
  });

  it("is refused with 400 SCRAPE_PROXY_NOT_CONFIGURED when no PROXY_URL is set", async () => {
    const { status, body } = await callJson("POST", "/v2/scrape", { url: unique("/article.html"), proxy: "enhanced" });
    expect(status).toBe(400);
    expect(body.code).toBe("SCRAPE_PROXY_NOT_CONFIGURED");
    // The v1 client's types name "enhanced" too.
    const v1 = await callJson("POST", "/v1/scrape", { url: unique("/article.html"), proxy: "enhanced" });
    expect(v1.status).toBe(400);
    expect(v1.body.code).toBe("SCRAPE_PROXY_NOT_CONFIGURED");
  });
});

describe('proxy "auto" and "basic"', () => {
  it("auto retries a blocked page through the proxy and bills the enhanced proxy only then", async () => {
    const since = await proxiedTotal();
    const url = fixture(`/browser/botwall?${tag()}`);
    const { document, credits } = await scrapeWith({}, { url });
    expect(document.markdown).toContain("Welcome, proxied visitor.");
    expect(document.metadata).toMatchObject({ proxyUsed: "enhanced", statusCode: 200 });
    expect(credits).toBe(5);
    expect((await proxiedSince(since)).map((r) => r.url)).toEqual([url]);

    const open = await scrapeWith({}, { url: fixture(`/article.html?${tag()}`) });
    expect(open.document.metadata.proxyUsed).toBe("basic");
    expect(open.credits).toBe(1);
  });

  it("basic never uses the proxy, and auto without a proxy returns the blocked page as it is", async () => {
    const since = await proxiedTotal();
    const basic = await scrapeWith({}, { url: fixture(`/browser/botwall?${tag()}`), proxy: "basic" });
    expect(basic.document.metadata).toMatchObject({ statusCode: 403, proxyUsed: "basic" });
    expect(await proxiedSince(since)).toEqual([]);

    const { status, body } = await callJson("POST", "/v2/scrape", { url: unique("/browser/botwall") });
    expect(status).toBe(200);
    expect(body.data.metadata).toMatchObject({ statusCode: 403, proxyUsed: "basic", creditsUsed: 1 });
    expect(body.data.markdown).toContain("Access denied");
  });
});

describe("blockAds in the browser", () => {
  it(
    "never lets a request to an ad host out (the ad frame never " + "reaches the proxy), unless blockAds is false",
    async () => {
      const adFrame = "http://securepubads.g.doubleclick.net/browser/ad-frame.html";
      let since = await proxiedTotal();
      const blocked = await scrapeWith(
        {},
        { url: `http://news.example.com:8080/browser/ads.html?${tag()}`, proxy: "enhanced", waitFor: 200 },
      );
      expect(blocked.document.markdown).toContain("# Harbour news");
      expect((await proxiedSince(since)).map((r) => r.url)).not.toContain(adFrame);

      since = await proxiedTotal();
      await scrapeWith(
        {},
        {
          url: `http://news.example.com:8080/browser/ads.html?${tag()}`,
          proxy: "enhanced",
          waitFor: 200,
          blockAds: false,
        },
      );
      expect((await proxiedSince(since)).map((r) => r.url)).toContain(adFrame);
    },
  );
});

describe("the outbound policy in the browser (sub-resources: test/unit/browser-network.test.ts)", () => {
  it("refuses a redirect of the document to a private address with URL_BLOCKED", async () => {
    const { total } = await fixtureRequests();
    const target = fixture(`/article.html?${tag()}`);
    const url = `http://news.example.com:8080/redirect?to=${encodeURIComponent(target)}`;
    await expect(
      scrapeWith({ ALLOW_LOCAL_NETWORK: "false" }, { url, proxy: "enhanced", waitFor: 100 }),
    ).rejects.toMatchObject({
      code: "URL_BLOCKED",
      message: expect.stringContaining("Redirect target"),
    });
    const reached = (await fixtureRequests(total)).requests.filter(
      (r) => r.path === new URL(target).pathname + new URL(target).search,
    );
    expect(reached).toEqual([]);
  });
});
