/**
 * POST /v2/search against a loopback fake of the SearXNG JSON API (the fixture site's /searxng/search,
 * test/fixtures/fake-agent.mjs: no real search engine runs in tests), with SEARCH_URL pointed at it.
 */
import { describe, expect, it } from "vitest";
import { callJsonWith, fixture } from "../helpers";

const SEARCH = { SEARCH_URL: fixture("/searxng") };
const search = (body: Record<string, unknown>, settings: Record<string, unknown> = SEARCH) =>
  callJsonWith(settings, "POST", "/v2/search", body);

describe("POST /v2/search", () => {
  it("answers 400 SEARCH_NOT_CONFIGURED naming SEARCH_URL when no provider is configured", async () => {
    const { status, body } = await search({ query: "post" }, { SEARCH_URL: "" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: "SEARCH_NOT_CONFIGURED" });
    expect(body.error).toContain("SEARCH_URL");
  });

  it("web results in the SDK's shape, at most limit, with positions; 2 credits per 10 results", async () => {
    const { status, body } = await search({ query: "post", limit: 1 });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      web: [{ url: fixture("/blog/post-1"), title: "Post 1", description: "The first post.", position: 1 }],
    });
    expect(body.creditsUsed).toBe(2);
    const all = await search({ query: "post guide" });
    expect(all.body.data.web.map((r: { position: number }) => r.position)).toEqual([1, 2, 3]);
  });

  it("news and images sources: dates, pictures and their sizes", async () => {
    const { status, body } = await search({ query: "lighthouses", sources: ["news", { type: "images" }] });
    expect(status).toBe(200);
    expect(body.data.web).toBeUndefined();
    expect(body.data.news).toEqual([
      {
        title: "How Lighthouses Work",
        url: fixture("/article.html"),
        snippet: "An article about lighthouses.",
        date: "2026-11-01T08:00:00",
        position: 1,
      },
    ]);
    expect(body.data.images).toEqual([
      {
        title: "How Lighthouses Work",
        imageUrl: fixture("/images/article.png"),
        imageWidth: 640,
        imageHeight: 480,
        url: fixture("/article.html"),
        position: 1,
      },
    ]);
  });

  it("tbs asks the provider for recent results only; other tbs values are refused naming the field", async () => {
    expect((await search({ query: "lighthouses post" })).body.data.web).toHaveLength(3);
    const recent = await search({ query: "lighthouses post", tbs: "qdr:w" });
    expect(recent.body.data.web.map((r: { url: string }) => r.url)).toEqual([
      fixture("/blog/post-1"),
      fixture("/blog/post-2"),
    ]);
    const bad = await search({ query: "post", tbs: "cdr:1" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^tbs: /);
  });

  it("includeDomains and excludeDomains filter results by host", async () => {
    const host = new URL(fixture("/")).hostname;
    expect((await search({ query: "post", includeDomains: [host] })).body.data.web).toHaveLength(2);
    expect((await search({ query: "post", includeDomains: ["example.com"] })).body.data.web).toEqual([]);
    expect((await search({ query: "post", excludeDomains: [host] })).body.data.web).toEqual([]);
    const both = await search({ query: "post", includeDomains: [host], excludeDomains: ["example.com"] });
    expect(both.status).toBe(400);
  });

  it("scrapeOptions scrapes each result through the pipeline, billed as scrapes", async () => {
    const { status, body } = await search({
      query: "lighthouses",
      scrapeOptions: { formats: ["markdown", "links"], maxAge: 0 },
    });
    expect(status).toBe(200);
    const [result] = body.data.web;
    expect(result).toMatchObject({ url: fixture("/article.html"), title: "How Lighthouses Work", position: 1 });
    expect(result.markdown).toContain("Lighthouse");
    expect(Array.isArray(result.links)).toBe(true);
    expect(result.metadata).toMatchObject({ statusCode: 200, sourceURL: fixture("/article.html") });
  });

  it("a result whose scrape fails is listed with a warning, or left out with ignoreInvalidURLs", async () => {
    const kept = await search({ query: "zzbroken lighthouses", scrapeOptions: { formats: ["markdown"], maxAge: 0 } });
    expect(kept.status).toBe(200);
    expect(kept.body.data.web.map((r: { url: string }) => r.url)).toEqual([
      fixture("/article.html"),
      fixture("/redirect-loop"),
    ]);
    expect(kept.body.data.web[1].markdown).toBeUndefined();
    expect(kept.body.warning).toMatch(/redirect-loop could not be scraped/);
    const dropped = await search({
      query: "zzbroken lighthouses",
      ignoreInvalidURLs: true,
      scrapeOptions: { formats: ["markdown"], maxAge: 0 },
    });
    expect(dropped.body.data.web.map((r: { url: string }) => r.url)).toEqual([fixture("/article.html")]);
  });

  it("location and country are accepted with a warning: SearXNG cannot geo-target", async () => {
    const { status, body } = await search({ query: "post", location: "Germany", country: "DE" });
    expect(status).toBe(200);
    expect(body.warning).toMatch(/not geo-targeted/);
  });

  it("times out with 408 SEARCH_TIMEOUT, and refuses what it cannot honour naming the field", async () => {
    const slow = await search({
      query: "post",
      timeout: 1000,
      scrapeOptions: { formats: ["markdown"], actions: [{ type: "wait", milliseconds: 3000 }], timeout: 10_000 },
    });
    expect(slow.status).toBe(408);
    expect(slow.body.code).toBe("SEARCH_TIMEOUT");
    const enterprise = await search({ query: "post", enterprise: ["zdr"] });
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.error).toMatch(/enterprise/);
  });

  it("answers tool discovery as Firecrawl answers a team without it: 403, then web results without it", async () => {
    // What the official MCP server sends by default, then again on that answer (firecrawl-mcp 3.26).
    const tools = { query: "post", sources: ["web", "alexandria"], domainTools: true, toolDetail: "compact" };
    const refused = await search(tools);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "NOT_ENABLED", error: "This endpoint is not enabled for this team." });
    expect(refused.body.details[0].path).toEqual(["sources", 1]);
    const domainOnly = await search({ query: "post", domainTools: true });
    expect(domainOnly.status).toBe(403);
    expect(domainOnly.body.details[0].path).toEqual(["domainTools"]);
    const web = await search({ ...tools, sources: ["web"], domainTools: false });
    expect(web.status).toBe(200);
    expect(web.body.data.web.length).toBeGreaterThan(0);
    expect(web.body.data.tools).toBeUndefined();
  });
});
