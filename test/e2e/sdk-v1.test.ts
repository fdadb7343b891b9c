/**
 * The official SDK's v1 client (firecrawl-js 4.42 `FirecrawlAppV1`) against `npm start`: only the API URL
 * changes. Its extract job is driven by the fixture site's fake OpenAI-compatible model, whose tool-calling replies
 * follow the script in the prompt (test/fixtures/fake-agent.mjs); no real model runs here. The last test reads the
 * client's class from the SDK's type definitions and checks that each of its API methods is called in this file.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { FirecrawlAppV1 } from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";
import { methodNames, sdkClass } from "../sdk-types";

// The v1 client's watchers use the global WebSocket, which Node 20 does not have yet (Node 22 does).
globalThis.WebSocket ??= createRequire(import.meta.url)("ws").WebSocket;

const site = inject("e2eFixtureUrl");
const app = new FirecrawlAppV1({ apiKey: inject("e2eApiKey"), apiUrl: inject("e2eApiUrl") });
const page = `${site}/article.html`;

describe("official SDK v1 client", () => {
  it("scrapeUrl() with v1 formats, mapUrl() with links as URLs", async () => {
    const doc = await app.scrapeUrl(page, { formats: ["markdown", "links"] });
    expect(doc).toMatchObject({ success: true, metadata: { sourceURL: page, statusCode: 200 } });
    if (!doc.success) throw new Error(doc.error);
    expect(doc.markdown).toMatch(/^# How Lighthouses Work/);
    expect(doc.links).toContain(`${site}/articles/fresnel-lens`);
    const map = await app.mapUrl(`${site}/docs/`, { limit: 5 });
    expect(map).toMatchObject({ success: true });
    if (!map.success) throw new Error(map.error);
    expect(map.links!.length).toBeGreaterThan(0);
    expect(typeof map.links![0]).toBe("string");
  });

  it("search() with and without scraping the results", async () => {
    const plain = await app.search("post", { limit: 2 });
    expect(plain).toMatchObject({
      success: true,
      data: [{ url: `${site}/blog/post-1` }, { url: `${site}/blog/post-2` }],
    });
    const scraped = await app.search("lighthouses", { limit: 1, scrapeOptions: { formats: ["markdown"] } });
    expect(scraped.data[0].markdown).toContain("# How Lighthouses Work");
  });

  it("crawlUrl(), asyncCrawlUrl() with status, errors and cancel, and crawlUrlAndWatch()", async () => {
    const crawled = await app.crawlUrl(`${site}/blog/`, { limit: 2, scrapeOptions: { formats: ["markdown"] } }, 1);
    expect(crawled).toMatchObject({ success: true, status: "completed", completed: 2 });
    // Paced one page every 2 s, so that it is still running when cancelled.
    const started = await app.asyncCrawlUrl(`${site}/blog/`, { limit: 3, delay: 2 });
    if (!started.success) throw new Error(started.error);
    expect(await app.checkCrawlStatus(started.id!)).toMatchObject({ success: true });
    expect(await app.checkCrawlErrors(started.id!)).toMatchObject({ errors: expect.any(Array) });
    expect(await app.cancelCrawl(started.id!)).toMatchObject({ status: "cancelled" });
    const watcher = await app.crawlUrlAndWatch(`${site}/blog/`, { limit: 1 });
    const done = await new Promise<{ status: string }>((resolve) =>
      watcher.addEventListener("done", (e) => resolve((e as CustomEvent).detail)),
    );
    expect(done.status).toBe("completed");
    watcher.close();
  });

  it("batchScrapeUrls(), asyncBatchScrapeUrls() with status and errors, and batchScrapeUrlsAndWatch()", async () => {
    const batch = await app.batchScrapeUrls([page, `${site}/blog/post-1`], { formats: ["markdown"] }, 1);
    expect(batch).toMatchObject({ success: true, status: "completed", completed: 2 });
    const started = await app.asyncBatchScrapeUrls([page], {});
    if (!started.success) throw new Error(started.error);
    expect(await app.checkBatchScrapeStatus(started.id!)).toMatchObject({ success: true });
    expect(await app.checkBatchScrapeErrors(started.id!)).toMatchObject({ errors: expect.any(Array) });
    const watcher = await app.batchScrapeUrlsAndWatch([page], {});
    const done = await new Promise<{ status: string }>((resolve) =>
      watcher.addEventListener("done", (e) => resolve((e as CustomEvent).detail)),
    );
    expect(done.status).toBe("completed");
    watcher.close();
  });

  it("extract(), asyncExtract() and getExtractStatus() run the extract job", async () => {
    const script = [[{ scrape: "$start[0]" }], { finish: { titles: "$titles" } }];
    const prompt = `List the titles\nFAKE-AGENT: ${JSON.stringify(script)}`;
    const schema = { type: "object", properties: { titles: { type: "array", items: { type: "string" } } } };
    const result = await app.extract([`${site}/blog/post-1`], { prompt, schema });
    expect(result).toMatchObject({ success: true, data: { titles: ["Post 1"] } });
    const started = await app.asyncExtract([`${site}/blog/post-2`], { prompt, schema });
    if (!started.success) throw new Error(started.error);
    expect(await app.getExtractStatus((started as unknown as { id: string }).id)).toMatchObject({ success: true });
  });

  it("getCreditUsage(), getTokenUsage(), getQueueStatus() and the monthly histories", async () => {
    expect(await app.getCreditUsage()).toMatchObject({ success: true, data: { remaining_credits: 99999999 } });
    expect(await app.getTokenUsage()).toMatchObject({ success: true, data: { plan_tokens: 99999999 } });
    expect(await app.getQueueStatus()).toMatchObject({ success: true, maxConcurrency: expect.any(Number) });
    const credits = await app.getCreditUsageHistorical(true);
    expect(credits).toMatchObject({
      success: true,
      periods: expect.arrayContaining([expect.objectContaining({ apiKey: expect.any(String) })]),
    });
    expect(await app.getTokenUsageHistorical()).toMatchObject({ success: true, periods: expect.any(Array) });
  });

  it("deepResearch() and generateLLMsText(), deprecated by Firecrawl, fail naming the method", async () => {
    const refusals: [string, () => Promise<unknown>][] = [
      ["deepResearch", () => app.deepResearch("lanterns", { maxDepth: 1 })],
      ["deepResearch", () => app.asyncDeepResearch("lanterns", {})],
      ["deepResearch", () => app.checkDeepResearchStatus("0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a")],
      ["generateLLMsText", () => app.generateLLMsText(site, {})],
      ["generateLLMsText", () => app.asyncGenerateLLMsText(site, {})],
      ["generateLLMsText", () => app.checkGenerateLLMsTextStatus("0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a")],
    ];
    for (const [name, call] of refusals) {
      const outcome = await call().then(
        (answer) => JSON.stringify(answer),
        (e: Error) => e.message,
      );
      expect(outcome, name).toContain(`${name}()`);
    }
  });

  it("calls every API method of the v1 client's class in this file", () => {
    const methods = methodNames(sdkClass("FirecrawlApp")).filter((name) => !PLUMBING.has(name));
    const thisFile = readFileSync(new URL(import.meta.url), "utf8");
    const uncalled = methods.filter((m) => !thisFile.includes(`app.${m}(`));
    expect(uncalled).toEqual([]);
  });
});

/** The v1 class's own HTTP plumbing, which every call above goes through. */
// prettier-ignore
const PLUMBING = new Set([
  "prepareHeaders", "postRequest", "getRequest", "deleteRequest", "monitorJobStatus", "handleError",
  "__deepResearch", "__asyncDeepResearch", "__checkDeepResearchStatus", // deprecated spellings of the calls above
]);
