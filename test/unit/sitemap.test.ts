/**
 * Sitemap discovery (src/net/sitemap.ts) across robots.txt sitemaps, the guessed /sitemap.xml, sitemap indexes and
 * gzip, with a fake fetcher standing in for the site.
 */
import { describe, expect, it } from "vitest";
import { discoverSitemapUrls, gunzip, isGzip, type SitemapFetcher, type SitemapResponse } from "../../src/net/sitemap";
import { encoder, gzip, sitemapIndex, urlset } from "../sitemap-helpers";

describe("gzip", () => {
  it("detects the magic number and inflates", async () => {
    const packed = await gzip("hello sitemap");
    expect(isGzip(packed)).toBe(true);
    expect(isGzip(encoder.encode("<urlset/>"))).toBe(false);
    expect(isGzip(new Uint8Array([0x1f]))).toBe(false);
    expect(new TextDecoder().decode(await gunzip(packed, 1000))).toBe("hello sitemap");
  });

  it("refuses to inflate past the limit", async () => {
    const bomb = await gzip(new Uint8Array(1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(5000);
    await expect(gunzip(bomb, 64 * 1024)).rejects.toThrow(`larger than ${64 * 1024} bytes once decompressed`);
  });
});

type FakeSite = Record<string, SitemapResponse | null | Error>;

function fakeFetcher(site: FakeSite): { fetcher: SitemapFetcher; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetcher: async (url) => {
      calls.push(url);
      const answer =
        url in site ? site[url] : { status: 404, body: encoder.encode("Not found"), contentType: "text/html" };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

const xmlResponse = (xml: string | Uint8Array, contentType = "application/xml"): SitemapResponse => ({
  status: 200,
  body: typeof xml === "string" ? encoder.encode(xml) : xml,
  contentType,
});

describe("discoverSitemapUrls", () => {
  it("follows a robots.txt sitemap index into plain and gzipped children, breadth-first", async () => {
    const { fetcher, calls } = fakeFetcher({
      "https://example.com/sitemap_index.xml": xmlResponse(
        sitemapIndex(
          "https://example.com/sitemap-pages.xml",
          "https://example.com/sitemap-posts.xml.gz",
          "https://example.com/sitemap_index.xml", // a cycle back to itself
          "https://example.com/sitemap-gzip-encoded",
        ),
      ),
      "https://example.com/sitemap-pages.xml": xmlResponse(urlset("https://example.com/", "https://example.com/about")),
      "https://example.com/sitemap-posts.xml.gz": xmlResponse(
        await gzip(urlset("https://example.com/posts/1", "https://example.com/about", "https://example.com/posts/2")),
        "application/gzip",
      ),
      // gzip by content, not by name
      "https://example.com/sitemap-gzip-encoded": xmlResponse(
        await gzip(await gzip("https://example.com/from-text\n")),
        "text/plain",
      ),
    });
    const result = await discoverSitemapUrls("https://example.com/blog/start", {
      fetcher,
      robotsSitemaps: ["https://example.com/sitemap_index.xml"],
    });
    expect(result).toEqual({
      urls: [
        { loc: "https://example.com/" },
        { loc: "https://example.com/about" },
        { loc: "https://example.com/posts/1" },
        { loc: "https://example.com/posts/2" },
        { loc: "https://example.com/from-text" },
      ],
      errors: [],
      sitemaps: [
        "https://example.com/sitemap_index.xml",
        "https://example.com/sitemap-pages.xml",
        "https://example.com/sitemap-posts.xml.gz",
        "https://example.com/sitemap-gzip-encoded",
      ],
    });
    expect(calls.sort()).toEqual(
      [
        "https://example.com/sitemap_index.xml",
        "https://example.com/sitemap.xml",
        "https://example.com/sitemap-pages.xml",
        "https://example.com/sitemap-posts.xml.gz",
        "https://example.com/sitemap-gzip-encoded",
      ].sort(),
    );
  });

  it("reads /sitemap.xml once when robots.txt lists it too", async () => {
    const { fetcher, calls } = fakeFetcher({
      "https://example.com/sitemap.xml": xmlResponse(urlset("https://example.com/a")),
    });
    const result = await discoverSitemapUrls("https://www.example.com/", {
      fetcher,
      robotsSitemaps: ["https://example.com/sitemap.xml", "https://example.com/sitemap.xml#dup"],
    });
    // The guess is on the start URL's own host (www.), a different file.
    expect(calls).toEqual(["https://example.com/sitemap.xml", "https://www.example.com/sitemap.xml"]);
    expect(result.urls).toEqual([{ loc: "https://example.com/a" }]);
    expect(result.errors).toEqual([]);
  });

  it("records what went wrong with each sitemap and carries on", async () => {
    const { fetcher } = fakeFetcher({
      "https://example.com/sitemap_index.xml": xmlResponse(
        sitemapIndex(
          "https://example.com/broken.xml",
          "https://example.com/gone.xml",
          "https://example.com/offline.xml",
          "https://example.com/throws.xml",
          "https://example.com/html.xml",
          "https://example.com/corrupt.xml.gz",
          "https://example.com/good.xml",
        ),
      ),
      "https://example.com/broken.xml": { status: 500, body: new Uint8Array(), contentType: "text/plain" },
      "https://example.com/offline.xml": null,
      "https://example.com/throws.xml": new Error("connection reset by peer"),
      "https://example.com/html.xml": xmlResponse("<html><body>Oops</body></html>", "text/html; charset=utf-8"),
      "https://example.com/corrupt.xml.gz": xmlResponse(
        new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
      ),
      "https://example.com/good.xml": xmlResponse(urlset("https://example.com/ok")),
      // The guessed /sitemap.xml is an app shell: not a sitemap, but not worth an error either.
      "https://example.com/sitemap.xml": xmlResponse("<!doctype html><html><body>app</body></html>", "text/html"),
    });
    const result = await discoverSitemapUrls("https://example.com/", {
      fetcher,
      robotsSitemaps: ["https://example.com/sitemap_index.xml"],
    });
    expect(result.urls).toEqual([{ loc: "https://example.com/ok" }]);
    expect(result.errors.slice(0, 5)).toEqual([
      "Sitemap https://example.com/broken.xml: HTTP 500",
      "Sitemap https://example.com/gone.xml: HTTP 404",
      "Sitemap https://example.com/offline.xml: unreachable",
      "Sitemap https://example.com/throws.xml: connection reset by peer",
      "Sitemap https://example.com/html.xml: not a sitemap (text/html; charset=utf-8)",
    ]);
    expect(result.errors[5]).toMatch(/^Sitemap https:\/\/example\.com\/corrupt\.xml\.gz: \S/);
    expect(result.errors).toHaveLength(6);
    expect(result.sitemaps).toEqual(["https://example.com/sitemap_index.xml", "https://example.com/good.xml"]);
  });

  it("says nothing when the guessed /sitemap.xml is absent", async () => {
    const { fetcher } = fakeFetcher({});
    expect(await discoverSitemapUrls("https://example.com/docs/", { fetcher, robotsSitemaps: [] })).toEqual({
      urls: [],
      errors: [],
      sitemaps: [],
    });
  });

  it("stops after maxSitemaps files", async () => {
    const children = Array.from({ length: 5 }, (_, i) => `https://example.com/part-${i}.xml`);
    const site: FakeSite = { "https://example.com/sitemap.xml": xmlResponse(sitemapIndex(...children)) };
    children.forEach((child, i) => (site[child] = xmlResponse(urlset(`https://example.com/page-${i}`))));
    const { fetcher, calls } = fakeFetcher(site);
    const result = await discoverSitemapUrls("https://example.com/", {
      fetcher,
      robotsSitemaps: [],
      maxSitemaps: 3,
      concurrency: 2,
    });
    expect(calls).toEqual([
      "https://example.com/sitemap.xml",
      "https://example.com/part-0.xml",
      "https://example.com/part-1.xml",
    ]);
    expect(result.urls).toEqual([{ loc: "https://example.com/page-0" }, { loc: "https://example.com/page-1" }]);
    expect(result.errors).toEqual(["Stopped after 3 sitemaps; 3 more not read"]);
  });

  it("stops at maxUrls without reading further sitemaps", async () => {
    const { fetcher, calls } = fakeFetcher({
      "https://example.com/a.xml": xmlResponse(
        urlset(...Array.from({ length: 10 }, (_, i) => `https://example.com/a/${i}`)),
      ),
      "https://example.com/b.xml": xmlResponse(urlset("https://example.com/b/0")),
    });
    const result = await discoverSitemapUrls("https://example.com/", {
      fetcher,
      robotsSitemaps: ["https://example.com/a.xml", "https://example.com/b.xml"],
      maxUrls: 4,
      concurrency: 1,
    });
    expect(result.urls.map((u) => u.loc)).toEqual([0, 1, 2, 3].map((i) => `https://example.com/a/${i}`));
    expect(calls).toEqual(["https://example.com/a.xml"]);
    expect(result.errors).toEqual([]);
  });

  it("keeps queue order whatever order the fetches finish in", async () => {
    const slowFirst: SitemapFetcher = async (url) => {
      await new Promise((resolve) => setTimeout(resolve, url.endsWith("first.xml") ? 30 : 0));
      return xmlResponse(urlset(url.replace(".xml", "-page")));
    };
    const result = await discoverSitemapUrls("https://example.com/", {
      fetcher: slowFirst,
      robotsSitemaps: ["https://example.com/first.xml", "https://example.com/second.xml"],
    });
    expect(result.urls.map((u) => u.loc)).toEqual([
      "https://example.com/first-page",
      "https://example.com/second-page",
      "https://example.com/sitemap-page",
    ]);
  });

  it("returns what it has when aborted", async () => {
    const controller = new AbortController();
    const { fetcher } = fakeFetcher({
      "https://example.com/sitemap.xml": xmlResponse(sitemapIndex("https://example.com/child.xml")),
    });
    const aborting: SitemapFetcher = async (url) => {
      const answer = await fetcher(url);
      controller.abort();
      return answer;
    };
    const result = await discoverSitemapUrls("https://example.com/", {
      fetcher: aborting,
      robotsSitemaps: [],
      signal: controller.signal,
    });
    expect(result.errors).toEqual(["Sitemap discovery aborted after 1 sitemap(s)"]);
    expect(result.sitemaps).toEqual(["https://example.com/sitemap.xml"]);
  });

  it("refuses a start URL that is not http(s)", async () => {
    const { fetcher, calls } = fakeFetcher({});
    const result = await discoverSitemapUrls("mailto:a@example.com", { fetcher, robotsSitemaps: [] });
    expect(result.errors).toEqual(["Start URL mailto:a@example.com is not an http(s) URL; no sitemap read"]);
    expect(calls).toEqual([]);
  });
});
