/**
 * Reading one sitemap document (src/net/sitemap-parse.ts): XML sitemaps and indexes in their flavours, plain-text
 * sitemaps, RSS and Atom feeds, and what is no sitemap.
 */
import { describe, expect, it } from "vitest";
import { parseSitemap } from "../../src/net/sitemap-parse";
import { sitemapIndex, urlset } from "../sitemap-helpers";

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
