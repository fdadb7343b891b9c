/**
 * Sitemap parsing (XML flavours, text, feeds) and discovery across robots.txt sitemaps, the guessed
 * /sitemap.xml, sitemap indexes and gzip, with a fake fetcher standing in for the site.
 */
import { describe, expect, it } from "vitest";
import { discoverSitemapUrls, gunzip, isGzip, type SitemapFetcher, type SitemapResponse } from "../../src/net/sitemap";
import { parseSitemap } from "../../src/net/sitemap-parse";

const encoder = new TextEncoder();

async function gzip(data: string | Uint8Array): Promise<Uint8Array> {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const urlset = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((loc) => `  <url><loc>${loc}</loc></url>`)
    .join("\n")}\n</urlset>`;

const sitemapIndex = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((loc) => `  <sitemap><loc>${loc}</loc><lastmod>2024-05-01</lastmod></sitemap>`)
    .join("\n")}\n</sitemapindex>`;

describe("parseSitemap: XML sitemaps", () => {
  it("reads a urlset with extensions, CDATA, entities and whitespace", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"
        xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>
      https://example.com/
    </loc>
    <lastmod>2024-06-01T10:00:00+00:00</lastmod>
    <changefreq>daily</changefreq>
    <priority>1.0</priority>
    <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
  </url>
  <url>
    <loc>https://example.com/search?q=shoes&amp;page=2&#38;sort=asc</loc>
  </url>
  <url>
    <loc><![CDATA[https://example.com/news/launch?ref=a&b=1]]></loc>
    <news:news>
      <news:publication><news:name>Example Times</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2024-06-02</news:publication_date>
      <news:title>We &amp; you: the launch</news:title>
    </news:news>
    <image:image><image:loc>https://example.com/img/launch.png</image:loc><image:title>Logo</image:title></image:image>
  </url>
  <url>
    <loc>https://example.com/videos/tour#player</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>
      <video:title>Office tour</video:title>
      <video:description>A walk through &lt;b&gt;the office&lt;/b&gt;.</video:description>
    </video:video>
  </url>
  <url><loc>/relative/page</loc></url>
  <url><loc>javascript:alert(1)</loc></url>
  <url><lastmod>2024-01-01</lastmod></url>
</urlset>`;
    expect(parseSitemap(xml, "https://example.com/sitemap.xml")).toEqual({
      kind: "urlset",
      urls: [
        { loc: "https://example.com/", lastmod: "2024-06-01T10:00:00+00:00" },
        { loc: "https://example.com/search?q=shoes&page=2&sort=asc" },
        { loc: "https://example.com/news/launch?ref=a&b=1", title: "We & you: the launch" },
        { loc: "https://example.com/videos/tour", title: "Office tour", description: "A walk through the office." },
        { loc: "https://example.com/relative/page" },
      ],
      sitemaps: [],
    });
  });

  it("reads prefixed sitemap elements", () => {
    const xml =
      `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url>` +
      `<sm:loc>https://example.com/a</sm:loc><sm:lastmod>2023-12-31</sm:lastmod></sm:url>` +
      `</sm:urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: "urlset",
      urls: [{ loc: "https://example.com/a", lastmod: "2023-12-31" }],
      sitemaps: [],
    });
  });

  it("reads a sitemap index", () => {
    const xml = sitemapIndex(
      "https://example.com/sitemap-posts.xml.gz",
      "https://example.com/sitemap-pages.xml",
      "not a url",
    );
    expect(parseSitemap(xml)).toEqual({
      kind: "sitemapindex",
      urls: [],
      sitemaps: ["https://example.com/sitemap-posts.xml.gz", "https://example.com/sitemap-pages.xml"],
    });
  });

  it("keeps numbers as text and accepts a bare ampersand and a byte-order mark", () => {
    expect(parseSitemap(`\uFEFF  ${urlset("https://example.com/2024", "https://example.com/p?a=1&b=2")}`).urls).toEqual(
      [{ loc: "https://example.com/2024" }, { loc: "https://example.com/p?a=1&b=2" }],
    );
  });

  it("an empty urlset is a sitemap without URLs", () => {
    expect(parseSitemap(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>`)).toEqual({
      kind: "urlset",
      urls: [],
      sitemaps: [],
    });
  });

  it("salvages the <loc> elements of a file cut off mid-way", () => {
    const truncated =
      `${urlset("https://example.com/a", "https://example.com/b").slice(0, -"\n</urlset>".length)}<url>` +
      `<loc><![CDATA[https://exam`;
    expect(parseSitemap(truncated)).toEqual({
      kind: "urlset",
      urls: [{ loc: "https://example.com/a" }, { loc: "https://example.com/b" }],
      sitemaps: [],
    });
    const truncatedIndex =
      `<sitemapindex><sitemap>` + `<loc>https://example.com/s1.xml</loc></sitemap><sitemap>` + `<loc>https://exa`;
    expect(parseSitemap(truncatedIndex)).toEqual({
      kind: "sitemapindex",
      urls: [],
      sitemaps: ["https://example.com/s1.xml"],
    });
  });

  it("does not expand external entities", () => {
    const xml =
      `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY secret SYSTEM ` +
      `"file:///etc/passwd">]><urlset><url><loc>https://example.com/&secret;</loc></url>` +
      `</urlset>`;
    expect(parseSitemap(xml).urls).toEqual([{ loc: "https://example.com/&secret;" }]);
  });

  it("calls an HTML page unknown", () => {
    expect(
      parseSitemap("<!doctype html><html><head><title>Home</title></head><body><a href='/a'>a</a></body></html>"),
    ).toEqual({
      kind: "unknown",
      urls: [],
      sitemaps: [],
    });
  });
});

describe("parseSitemap: text and feeds", () => {
  it("reads a plain-text sitemap, ignoring lines that are not absolute URLs", () => {
    const text =
      "https://example.com/one\r\n\r\n  https://example.com/two#x  \n# " +
      "comment\n/relative\nftp://example.com/f\nhttps://example.com/three";
    expect(parseSitemap(text)).toEqual({
      kind: "text",
      urls: [
        { loc: "https://example.com/one" },
        { loc: "https://example.com/two" },
        { loc: "https://example.com/three" },
      ],
      sitemaps: [],
    });
    expect(parseSitemap('{"not": "a sitemap"}').kind).toBe("unknown");
  });

  it("reads an RSS 2.0 feed", () => {
    const rss = `<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
  <title>Example blog</title><link>https://example.com/</link>
  <item>
    <title>First &amp; foremost</title>
    <link>https://example.com/posts/first</link>
    <description><![CDATA[<p>Hello <b>world</b> &amp; friends</p>]]></description>
    <pubDate>Tue, 04 Jun 2024 08:30:00 GMT</pubDate>
  </item>
  <item><title>No link</title></item>
  <item><link>/posts/second</link></item>
</channel></rss>`;
    expect(parseSitemap(rss, "https://example.com/feed.xml")).toEqual({
      kind: "rss",
      urls: [
        {
          loc: "https://example.com/posts/first",
          lastmod: "2024-06-04T08:30:00.000Z",
          title: "First & foremost",
          description: "Hello world & friends",
        },
        { loc: "https://example.com/posts/second" },
      ],
      sitemaps: [],
    });
  });

  it("reads an RSS 1.0 (RDF) feed", () => {
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" \
xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://example.com/"><title>Example</title></channel>
  <item rdf:about="https://example.com/a"><title>A</title><link>https://example.com/a</link>\
<dc:date>2024-02-03T04:05:06Z</dc:date></item>
</rdf:RDF>`;
    expect(parseSitemap(rdf).urls).toEqual([
      { loc: "https://example.com/a", title: "A", lastmod: "2024-02-03T04:05:06.000Z" },
    ]);
  });

  it("reads an Atom feed, taking the alternate link", () => {
    const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Example</title>
  <link rel="self" href="https://example.com/atom.xml"/>
  <entry>
    <title type="html">Tips &amp;amp; tricks</title>
    <link rel="edit" href="https://example.com/edit/1"/>
    <link rel="alternate" type="text/html" href="https://example.com/tips"/>
    <updated>2024-03-01T12:00:00Z</updated>
    <summary>Short   summary</summary>
  </entry>
  <entry><title>Bare link</title><link href="/bare"/></entry>
</feed>`;
    expect(parseSitemap(atom, "https://example.com/atom.xml")).toEqual({
      kind: "atom",
      urls: [
        {
          loc: "https://example.com/tips",
          lastmod: "2024-03-01T12:00:00.000Z",
          title: "Tips & tricks",
          description: "Short summary",
        },
        { loc: "https://example.com/bare", title: "Bare link" },
      ],
      sitemaps: [],
    });
  });
});

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
