/**
 * The official JS SDK's crawl, batch and map methods against `npm start` (Miniflare: real local Queues,
 * Durable Objects, KV and R2).
 */
import Firecrawl from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";

const apiUrl = inject("e2eApiUrl");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl });
const pathOf = (doc: { metadata?: { sourceURL?: string } }) => {
  const u = new URL(doc.metadata!.sourceURL!);
  return u.pathname + u.search;
};

describe("official SDK: crawl", () => {
  it("crawl() waits for completion and returns every page", async () => {
    const job = await client.crawl(`${site}/docs/`, { sitemap: "skip", maxDiscoveryDepth: 1, pollInterval: 1 });
    expect(job.status).toBe("completed");
    expect(job.data.map(pathOf).sort()).toEqual(["/docs/", "/docs/a", "/docs/a?ref=x", "/docs/a?ref=y", "/docs/b"]);
    expect(job.completed).toBe(5);
  });

  it("startCrawl() + getCrawlStatus() auto-paginates; getCrawlErrors(), getActiveCrawls(), cancelCrawl()", async () => {
    const started = await client.startCrawl(`${site}/tree/300/0`, {
      crawlEntireDomain: true,
      sitemap: "skip",
      limit: 40,
      delay: 1,
    });
    expect(started.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.url).toBe(`${apiUrl}/v2/crawl/${started.id}`);
    const active = await client.getActiveCrawls();
    expect(active.crawls.map((c) => c.id)).toContain(started.id);
    expect(await client.cancelCrawl(started.id)).toBe(true);
    const status = await client.getCrawlStatus(started.id);
    expect(status.status).toBe("cancelled");

    const full = await client.startCrawl(`${site}/docs/`, { sitemap: "skip", excludePaths: ["^/docs/fail"] });
    let done = await client.getCrawlStatus(full.id, { autoPaginate: false });
    while (done.status === "scraping") {
      await new Promise((r) => setTimeout(r, 500));
      done = await client.getCrawlStatus(full.id, { autoPaginate: false });
    }
    // force pagination through `next`: ask the server for small pages directly, then let the SDK follow them
    const res = await fetch(`${apiUrl}/v2/crawl/${full.id}?limit=3`, {
      headers: { authorization: `Bearer ${inject("e2eApiKey")}` },
    });
    const firstPage = (await res.json()) as { next?: string; data: unknown[] };
    expect(firstPage.data).toHaveLength(3);
    expect(firstPage.next).toBe(`${apiUrl}/v2/crawl/${full.id}?skip=3&limit=3`);
    const all = await client.getCrawlStatus(full.id);
    expect(all.data).toHaveLength(10);
    expect(new Set(all.data.map(pathOf)).size).toBe(10);
    const errors = await client.getCrawlErrors(full.id);
    expect(errors).toEqual({ errors: [], robotsBlocked: [] });
  });

  it("watcher() streams documents and finishes with done", async () => {
    const started = await client.startCrawl(`${site}/tree/60/0`, {
      crawlEntireDomain: true,
      sitemap: "skip",
      limit: 8,
    });
    const watcher = client.watcher(started.id, { kind: "crawl", pollInterval: 1 });
    const seen = new Set<string>();
    const finished = new Promise<{ status: string }>((resolve, reject) => {
      watcher.on("document", (doc: { metadata?: { sourceURL?: string } }) => seen.add(pathOf(doc)));
      watcher.on("done", (state: { status: string }) => resolve(state));
      watcher.on("error", (e: unknown) => reject(e));
    });
    await watcher.start();
    const state = await finished;
    watcher.close();
    expect(state.status).toBe("completed");
    expect(seen.size).toBe(8);
  });
});

describe("official SDK: batch scrape and map", () => {
  it(
    "batchScrape() and " + "startBatchScrape()/getBatchScrapeStatus()/cancelBatchScrape()/getBatchScrapeErrors()",
    async () => {
      const job = await client.batchScrape([`${site}/docs/a`, `${site}/docs/c`, "not a url"], {
        options: { formats: ["markdown"] },
        pollInterval: 1,
      });
      expect(job.status).toBe("completed");
      expect(job.data.map(pathOf).sort()).toEqual(["/docs/a", "/docs/c"]);

      const started = await client.startBatchScrape(
        Array.from({ length: 15 }, (_, i) => `${site}/slow?ms=400&i=${i}`),
        { options: { formats: ["markdown"] }, maxConcurrency: 1 },
      );
      expect(started.invalidURLs).toEqual([]);
      expect(await client.cancelBatchScrape(started.id)).toBe(true);
      expect((await client.getBatchScrapeStatus(started.id)).status).toBe("cancelled");
      const errors = await client.getBatchScrapeErrors(started.id);
      expect(errors.errors).toEqual([]);
    },
  );

  it("map() lists the site, sitemap orphans included", async () => {
    const result = await client.map(`${site}/docs/`, { sitemap: "include", limit: 50 });
    const paths = result.links.map((l) => new URL(l.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(["/docs/", "/docs/orphan", "/blog/orphan-post", "/docs/a"]));
    const searched = await client.map(`${site}/blog/`, { search: "post" });
    expect(new URL(searched.links[0].url).pathname).toBe("/blog/post-1");
  });
});
