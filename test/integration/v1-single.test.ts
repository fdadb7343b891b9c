/**
 * The v1 routes beyond jobs in workerd: POST /v1/scrape and POST /v1/map translated onto v2 and answered in v1's
 * shapes, /v1/extract as the v2 extract job, and the deprecated v1 features refused by name. The json/extract
 * formats are answered by the fixture site's fake OpenAI-compatible model (no real model runs here).
 */
import { exports } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { collectSocket, waitForJob } from "../crawl-helpers";
import { API, API_KEY, callJson, callJsonWith, fixture, fixtureRequests, unique } from "../helpers";

const v1Scrape = (body: Record<string, unknown>) => callJson("POST", "/v1/scrape", body);

describe("POST /v1/scrape", () => {
  it("answers v1's extract format under extract, and json under json, with v1's defaults", async () => {
    const url = unique("/article.html");
    const extract = await v1Scrape({ url, formats: ["markdown", "extract"], extract: { prompt: "the title" } });
    expect(extract.status, JSON.stringify(extract.body)).toBe(200);
    expect(extract.body.data.extract).toEqual({ title: "How Lighthouses Work" });
    expect(extract.body.data.json).toBeUndefined();
    expect(extract.body.data.markdown).toMatch(/^# How Lighthouses Work/);
    const json = await v1Scrape({ url, formats: ["json"], jsonOptions: { prompt: "the title" } });
    expect(json.body.data.json).toEqual({ title: "How Lighthouses Work" });
    expect(json.body.data.extract).toBeUndefined();
    // v1's maxAge defaults to 0: every v1 scrape is fresh.
    expect(json.body.data.metadata.cacheState).toBe("miss");
  });

  it("refuses what it cannot honour by name: extract with jsonOptions, agent, the content format", async () => {
    const url = unique("/article.html");
    const both = await v1Scrape({ url, formats: ["json"], extract: { prompt: "a" }, jsonOptions: { prompt: "b" } });
    expect(both).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^extract: /) } });
    const agent = await v1Scrape({ url, agent: { model: "FIRE-1" } });
    expect(agent.status).toBe(400);
    expect(agent.body.error).toContain("agent");
    const content = await v1Scrape({ url, formats: ["content"] });
    expect(content.status).toBe(400);
    expect(content.body.error).toContain("formats");
  });
});

describe("POST /v1/map", () => {
  it("lists the site's URLs as strings; ignoreSitemap and sitemapOnly choose the sources", async () => {
    const full = await callJson("POST", "/v1/map", { url: fixture("/docs/") });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.links.length).toBeGreaterThan(1);
    for (const link of full.body.links) expect(link).toEqual(expect.stringMatching(/^http:\/\//));
    const fromSitemap = await callJson("POST", "/v1/map", { url: fixture("/docs/"), sitemapOnly: true });
    const fromLinks = await callJson("POST", "/v1/map", { url: fixture("/docs/"), ignoreSitemap: true });
    expect(fromSitemap.body.links).not.toEqual(fromLinks.body.links);
    const both = await callJson("POST", "/v1/map", { url: fixture("/docs/"), sitemapOnly: true, ignoreSitemap: true });
    expect(both).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^sitemapOnly: /) } });
  });
});

describe("POST /v1/search", () => {
  const search = (body: Record<string, unknown>) =>
    callJsonWith({ SEARCH_URL: fixture("/searxng") }, "POST", "/v1/search", body);

  it("answers one list of results; lang goes to the provider; scrapeOptions with formats scrape them", async () => {
    const { total } = await fixtureRequests();
    // What the v1 client sends by default: lang en, country us, and scrapeOptions without formats.
    const plain = await search({ query: "post", limit: 2, lang: "en", country: "us", scrapeOptions: { formats: [] } });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.data).toEqual([
      { url: fixture("/blog/post-1"), title: "Post 1", description: "The first post.", position: 1 },
      { url: fixture("/blog/post-2"), title: "Post 2", description: "The second post.", position: 2 },
    ]);
    expect(plain.body.warning).toMatch(/not geo-targeted/);
    const sent = (await fixtureRequests(total)).requests.filter((r) => r.path.startsWith("/searxng/search"));
    expect(new URL(sent[0].path, API).searchParams.get("language")).toBe("en");
    const scraped = await search({ query: "lighthouses", scrapeOptions: { formats: ["markdown"] } });
    expect(scraped.body.data[0]).toMatchObject({ url: fixture("/article.html"), metadata: { statusCode: 200 } });
    expect(scraped.body.data[0].markdown).toContain("# How Lighthouses Work");
    const filter = await search({ query: "post", filter: "dedupe" });
    expect(filter.status).toBe(400);
    expect(filter.body.error).toContain("filter");
  });
});

describe("v1 extract and the deprecated v1 features", () => {
  const started: string[] = [];
  afterAll(async () => {
    for (const id of started) await callJson("DELETE", `/v2/agent/${id}`);
  });

  it("starts an extract job under /v1/extract and reads it back there", async () => {
    const start = await callJson("POST", "/v1/extract", { urls: [fixture("/article.html")], prompt: "the title" });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    started.push(start.body.id);
    const status = await callJson("GET", `/v1/extract/${start.body.id}`);
    expect(status.body).toMatchObject({ success: true, id: start.body.id, status: expect.any(String) });
    const refused = await callJson("POST", "/v1/extract", { urls: [fixture("/")], prompt: "x", enableWebSearch: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("enableWebSearch");
  });

  it("answers deepResearch and generateLLMsText with 400 NOT_AVAILABLE naming them", async () => {
    const research = await callJson("POST", "/v1/deep-research", { query: "lanterns" });
    expect(research).toMatchObject({ status: 400, body: { code: "NOT_AVAILABLE" } });
    expect(research.body.error).toMatch(/deepResearch\(\).*POST \/v2\/agent/);
    const status = await callJson("GET", "/v1/llmstxt/0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a");
    expect(status).toMatchObject({ status: 400, body: { code: "NOT_AVAILABLE" } });
    expect(status.body.error).toContain("generateLLMsText()");
  });
});

describe("v1 jobs as the v1 client reads them", () => {
  const watch = (id: string) =>
    exports.default.fetch(`${API}/v1/crawl/${id}`, {
      headers: { upgrade: "websocket", "sec-websocket-protocol": API_KEY },
    });

  it("serves a v1 batch's status and watcher at /v1/crawl/{id}, ending the watch with a done message", async () => {
    const { body } = await callJson("POST", "/v1/batch/scrape", { urls: [fixture("/docs/a"), fixture("/docs/c")] });
    const { messages, code } = await collectSocket(await watch(body.id));
    expect(code).toBe(1000);
    // The v1 client finishes on this message, not on the close (which wrangler dev's proxy holds for seconds).
    expect(messages.at(-1)).toEqual({ type: "done" });
    expect(await waitForJob(`/v1/crawl/${body.id}`)).toMatchObject({ status: "completed", completed: 2 });
    const errors = await callJson("DELETE", `/v1/batch/scrape/${body.id}/errors`);
    expect(errors).toMatchObject({ status: 200, body: { errors: [] } });
    expect((await callJson("GET", `/v1/batch/scrape/${body.id}`)).status).toBe(200); // DELETE on errors deletes nothing
  });
});
