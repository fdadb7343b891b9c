/**
 * Crawls end to end: POST /v2/crawl → crawl-job Durable Object → scrape queue consumer → results, against the
 * loopback fixture site (docs/, blog/, a robots.txt-disallowed private/, a sitemap index with a gzipped child and
 * orphan pages, a second host on 127.0.0.2, query-string variants, a page that always fails).
 */
import { describe, expect, it } from "vitest";
import { callJson, fixture, fixtureRequests, otherFixture, OTHER_TEAM_KEY } from "../helpers";
import { allDocuments, crawlAndCollect, pathsOf, startCrawl, waitForJob } from "../crawl-helpers";

/** Keeps the always-failing page out of tests that are not about failures (its retries take seconds). */
const noFail = ["^/docs/fail"];

describe("discovery and scope", () => {
  it("follows links below the start path, deduplicates variants, and keeps HTTP errors in data", async () => {
    const { status, documents } = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      excludePaths: noFail,
    });
    expect(status).toMatchObject({ success: true, status: "completed", completed: 10, total: 10, creditsUsed: 10 });
    // prettier-ignore
    expect(pathsOf(documents)).toEqual([
      "/docs/", "/docs/a", "/docs/a/deep1", "/docs/a/deep2", "/docs/a/deep3", "/docs/a?ref=x", "/docs/a?ref=y",
      "/docs/b", "/docs/c", "/docs/missing",
    ]);
    const missing = documents.find((d) => d.metadata.sourceURL.endsWith("/docs/missing"))!;
    expect(missing.metadata.statusCode).toBe(404);
    const guideA = documents.find((d) => d.metadata.sourceURL.endsWith("/docs/a"))!;
    expect(guideA.markdown).toContain("# Guide A");
    expect(guideA.metadata.scrapeId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reads the sitemap index (with a gzipped child) for orphan pages unless sitemap is skip", async () => {
    const include = await crawlAndCollect({ url: fixture("/docs/"), excludePaths: noFail, maxDiscoveryDepth: 1 });
    expect(pathsOf(include.documents)).toContain("/docs/orphan");
    // the blog's sitemap entries are outside /docs/
    expect(pathsOf(include.documents).some((p) => p.startsWith("/blog"))).toBe(false);

    const only = await crawlAndCollect({ url: fixture("/docs/"), sitemap: "only" });
    expect(pathsOf(only.documents)).toEqual(["/docs/", "/docs/orphan"]);

    const wholeSite = await crawlAndCollect({ url: fixture("/blog/"), sitemap: "only", crawlEntireDomain: true });
    expect(pathsOf(wholeSite.documents)).toEqual([
      "/blog/",
      "/blog/orphan-post",
      "/blog/post-1",
      "/docs/",
      "/docs/orphan",
    ]);
  });

  it(
    "crawlEntireDomain follows siblings and parents; " + "robots.txt-disallowed URLs are listed, never fetched",
    async () => {
      const { total: before } = await fixtureRequests();
      const { id, status, documents } = await crawlAndCollect({
        url: fixture("/docs/a"),
        crawlEntireDomain: true,
        sitemap: "skip",
        excludePaths: [...noFail, "^/article", "^/doc\\.pdf"],
        maxDiscoveryDepth: 2,
      });
      const paths = pathsOf(documents);
      expect(paths).toEqual(
        expect.arrayContaining(["/docs/a", "/", "/docs/", "/blog/", "/about", "/docs/b", "/blog/post-1"]),
      );
      expect(status.warning).toMatch(/robots\.txt/);
      const errors = await callJson("GET", `/v2/crawl/${id}/errors`);
      expect(errors.body.robotsBlocked).toEqual([fixture("/private/secret")]);
      const seen = await fixtureRequests(before);
      expect(seen.requests.some((r) => r.path.startsWith("/private/"))).toBe(false);
      expect(seen.requests.filter((r) => r.path === "/robots.txt").length).toBeGreaterThanOrEqual(1);
    },
  );

  it("stays on the start host unless allowExternalLinks", async () => {
    const internal = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      maxDiscoveryDepth: 1,
      excludePaths: noFail,
    });
    expect(pathsOf(internal.documents).some((p) => p.includes("127.0.0.2"))).toBe(false);
    const external = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      maxDiscoveryDepth: 1,
      allowExternalLinks: true,
      excludePaths: noFail,
    });
    expect(pathsOf(external.documents)).toContain(otherFixture("/ext/page"));
  });

  it("maxDiscoveryDepth counts link hops from the start page", async () => {
    const { documents } = await crawlAndCollect({ url: fixture("/docs/"), sitemap: "skip", maxDiscoveryDepth: 1 });
    expect(pathsOf(documents)).toEqual(["/docs/", "/docs/a", "/docs/a?ref=x", "/docs/a?ref=y", "/docs/b"]);
    const zero = await crawlAndCollect({ url: fixture("/docs/"), sitemap: "skip", maxDiscoveryDepth: 0 });
    expect(pathsOf(zero.documents)).toEqual(["/docs/"]);
  });

  it("includePaths, excludePaths and regexOnFullURL", async () => {
    const deep = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      includePaths: ["^/docs/$", "^/docs/a"],
      excludePaths: ["deep[23]"],
    });
    expect(pathsOf(deep.documents)).toEqual(["/docs/", "/docs/a", "/docs/a/deep1", "/docs/a?ref=x", "/docs/a?ref=y"]);

    const fullUrl = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      maxDiscoveryDepth: 1,
      excludePaths: ["ref=x"],
      regexOnFullURL: true,
    });
    expect(pathsOf(fullUrl.documents)).toEqual(["/docs/", "/docs/a", "/docs/a?ref=y", "/docs/b"]);
    const pathOnly = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      maxDiscoveryDepth: 1,
      excludePaths: ["ref=x"],
    });
    expect(pathsOf(pathOnly.documents)).toContain("/docs/a?ref=x");
  });

  it("checks the start URL against includePaths: no match, no pages", async () => {
    const { status, documents } = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      includePaths: ["^/blog"],
    });
    expect(status).toMatchObject({ status: "completed", total: 0, completed: 0 });
    expect(documents).toEqual([]);
  });

  it("refuses an invalid regex with 400 naming the item", async () => {
    const { status, body } = await callJson("POST", "/v2/crawl", {
      url: fixture("/docs/"),
      excludePaths: ["ok", "(unclosed"],
    });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^excludePaths\[1\] /);
  });

  it("ignoreQueryParameters and deduplicateSimilarURLs", async () => {
    const noQuery = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      maxDiscoveryDepth: 1,
      ignoreQueryParameters: true,
      excludePaths: noFail,
    });
    expect(pathsOf(noQuery.documents)).toEqual(["/docs/", "/docs/a", "/docs/b"]);
    const exact = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      maxDiscoveryDepth: 1,
      deduplicateSimilarURLs: false,
      excludePaths: noFail,
    });
    expect(pathsOf(exact.documents)).toEqual([
      "/docs/",
      "/docs/a",
      "/docs/a?ref=x",
      "/docs/a?ref=y",
      "/docs/b",
      "/docs/index.html",
    ]);
  });

  it("never exceeds limit", async () => {
    const { status, documents } = await crawlAndCollect({
      url: fixture("/docs/"),
      sitemap: "skip",
      limit: 3,
      excludePaths: noFail,
    });
    expect(documents).toHaveLength(3);
    expect(status.total).toBe(3);
    expect(pathsOf(documents)[0]).toBe("/docs/");
  });
});

describe("failures", () => {
  it("a page that always fails is retried, then recorded in errors; the crawl still completes", async () => {
    const { id, status, documents } = await crawlAndCollect({
      url: fixture("/docs/b"),
      crawlEntireDomain: true,
      sitemap: "skip",
      includePaths: ["^/docs/(b|fail)$"],
    });
    expect(status.status).toBe("completed");
    expect(pathsOf(documents)).toEqual(["/docs/b"]);
    for (const path of [`/v2/crawl/${id}/errors`, `/crawl/${id}/errors`]) {
      const errors = await callJson("GET", path);
      expect(errors.status).toBe(200);
      expect(errors.body.errors).toHaveLength(1);
      expect(errors.body.errors[0]).toMatchObject({ url: fixture("/docs/fail"), code: "SCRAPE_CONNECTION_ERROR" });
      expect(errors.body.errors[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    const attempts = (await fixtureRequests()).requests.filter((r) => r.path === "/docs/fail").length;
    expect(attempts).toBeGreaterThanOrEqual(4); // the first try and 3 retries (other tests may add their own)
  }, 60_000);
});

describe("status, pagination, cancel, active list", () => {
  it("pages through results with skip/limit and an absolute next URL, absent at the end", async () => {
    const id = await startCrawl({ url: fixture("/docs/"), sitemap: "skip", excludePaths: noFail });
    await waitForJob(`/v2/crawl/${id}`);
    const first = await callJson("GET", `/v2/crawl/${id}?limit=4`);
    expect(first.body.data).toHaveLength(4);
    expect(first.body.next).toBe(`http://edgecrawl.test/v2/crawl/${id}?skip=4&limit=4`);
    const all = await allDocuments(`/v2/crawl/${id}`, 4);
    expect(all).toHaveLength(10);
    expect(new Set(all.map((d) => d.metadata.sourceURL)).size).toBe(10);
    const last = await callJson("GET", `/v2/crawl/${id}?skip=8&limit=4`);
    expect(last.body.data).toHaveLength(2);
    expect(last.body.next).toBeUndefined();
    expect((await callJson("GET", `/v2/crawl/${id}?limit=0`)).status).toBe(400);
    expect((await callJson("GET", `/v2/crawl/${id}?skip=-1`)).status).toBe(400);
  });

  it("lists a running crawl as active, cancels it, and refuses to cancel a finished one", async () => {
    const id = await startCrawl({
      url: fixture("/tree/200/0"),
      crawlEntireDomain: true,
      sitemap: "skip",
      delay: 1,
      limit: 50,
    });
    const active = await callJson("GET", "/v2/crawl/active");
    const entry = active.body.crawls.find((c: { id: string }) => c.id === id);
    expect(entry).toMatchObject({ teamId: "default", url: fixture("/tree/200/0") });
    expect(entry.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(entry.options).toMatchObject({ limit: 50, delay: 1, scrapeOptions: { formats: ["markdown"] } });
    expect((await callJson("GET", "/v2/crawl/ongoing")).body.crawls.map((c: { id: string }) => c.id)).toContain(id);

    const cancelled = await callJson("DELETE", `/v2/crawl/${id}`);
    expect(cancelled).toEqual({ status: 200, body: { status: "cancelled" } });
    const status = await callJson("GET", `/v2/crawl/${id}`);
    expect(status.body.status).toBe("cancelled");
    expect(status.body.completed).toBeLessThan(50);
    expect((await callJson("GET", "/v2/crawl/active")).body.crawls.map((c: { id: string }) => c.id)).not.toContain(id);

    const done = await crawlAndCollect({ url: fixture("/docs/"), sitemap: "only" });
    const conflict = await callJson("DELETE", `/v2/crawl/${done.id}`);
    expect(conflict.status).toBe(409);
  });

  it("answers 404 for unknown ids and other teams' crawls, 400 for malformed ids", async () => {
    const id = await startCrawl({ url: fixture("/docs/"), sitemap: "only" });
    await waitForJob(`/v2/crawl/${id}`);
    for (const [method, path] of [
      ["GET", `/v2/crawl/${id}`],
      ["DELETE", `/v2/crawl/${id}`],
      ["GET", `/v2/crawl/${id}/errors`],
    ] as const) {
      const other = await callJson(method, path, undefined, { key: OTHER_TEAM_KEY });
      expect(other.status, `${method} ${path}`).toBe(404);
      expect(other.body).toMatchObject({ success: false, error: "Job not found" });
    }
    expect((await callJson("GET", `/v2/crawl/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await callJson("GET", "/v2/crawl/not-a-uuid")).status).toBe(400);
  });

  it("paces scrapes with delay (one at a time, seconds apart)", async () => {
    const { total: before } = await fixtureRequests();
    await crawlAndCollect({ url: fixture("/tree/50/0"), crawlEntireDomain: true, sitemap: "skip", delay: 1, limit: 3 });
    const times = (await fixtureRequests(before)).requests
      .filter((r) => r.path.startsWith("/tree/50/"))
      .map((r) => r.at);
    expect(times).toHaveLength(3);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(900);
  });
});
