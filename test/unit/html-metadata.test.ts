/**
 * extractMetadata: named fields, raw meta keys, fallbacks and URL resolution, and the JSON-LD blocks, read from
 * the page tree in workerd.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { extractMetadata as extractFromTree } from "../../src/html/metadata";

const extractMetadata = async (html: string, url: string) => extractFromTree(parseHtml(html), url).metadata;

const PAGE_URL = "https://news.example.com/world/story-1?ref=home";

const HEAD = `<!DOCTYPE html>
<html lang="en-GB">
<head>
  <title>
    Rivers &amp; Lakes &mdash; A Story
  </title>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="Where water goes &hellip; and why">
  <meta name="keywords" content="rivers, lakes">
  <meta name="robots" content="index, follow">
  <meta property="og:title" content="Rivers and Lakes">
  <meta property="og:description" content="OG description">
  <meta property="og:url" content="https://news.example.com/world/story-1">
  <meta property="og:image" content="https://cdn.example.com/og.jpg">
  <meta property="og:image" content="https://cdn.example.com/second.jpg">
  <meta property="og:site_name" content="Example News">
  <meta property="og:type" content="article">
  <meta property="og:locale" content="en_GB">
  <meta property="og:locale:alternate" content="fr_FR">
  <meta property="og:locale:alternate" content="de_DE">
  <meta property="article:published_time" content="2024-03-01T10:00:00Z">
  <meta property="article:modified_time" content="2024-03-02T08:30:00Z">
  <meta property="article:section" content="World">
  <meta property="article:tag" content="water">
  <meta name="dcterms.created" content="2024-03-01">
  <meta name="twitter:card" content="summary_large_image">
  <meta name="twitter:site" content="@example">
  <meta name="author" content="Jane Doe">
  <meta name="author" content="Someone Else">
  <meta itemprop="url" content="https://evil.example/">
  <meta name="statusCode" content="999">
  <meta name="empty" content="">
  <link rel="canonical" href="/world/story-1">
  <link rel="apple-touch-icon" href="/apple-touch.png">
  <link rel="shortcut icon" href="/static/favicon.ico?v=2&amp;x=1">
</head>
<body><svg><title>Icon title</title></svg><p>Body</p></body>
</html>`;

describe("extractMetadata", () => {
  it("reads named fields, keeps raw meta keys, and never lets a meta shadow an API key", async () => {
    const metadata = await extractMetadata(HEAD, PAGE_URL);
    expect(metadata).toEqual({
      title: "Rivers & Lakes — A Story",
      description: "Where water goes … and why",
      language: "en-GB",
      keywords: "rivers, lakes",
      robots: "index, follow",
      favicon: "https://news.example.com/static/favicon.ico?v=2&x=1",
      canonical: "https://news.example.com/world/story-1",
      ogTitle: "Rivers and Lakes",
      ogDescription: "OG description",
      ogUrl: "https://news.example.com/world/story-1",
      ogImage: "https://cdn.example.com/og.jpg",
      ogSiteName: "Example News",
      ogType: "article",
      ogLocale: "en_GB",
      ogLocaleAlternate: ["fr_FR", "de_DE"],
      publishedTime: "2024-03-01T10:00:00Z",
      modifiedTime: "2024-03-02T08:30:00Z",
      articleSection: "World",
      articleTag: "water",
      dcTermsCreated: "2024-03-01",
      viewport: "width=device-width, initial-scale=1",
      "og:title": "Rivers and Lakes",
      "og:description": "OG description",
      "og:url": "https://news.example.com/world/story-1",
      "og:image": "https://cdn.example.com/og.jpg",
      "og:site_name": "Example News",
      "og:type": "article",
      "og:locale": "en_GB",
      "article:published_time": "2024-03-01T10:00:00Z",
      "article:modified_time": "2024-03-02T08:30:00Z",
      "article:section": "World",
      "article:tag": "water",
      "dcterms.created": "2024-03-01",
      "twitter:card": "summary_large_image",
      "twitter:site": "@example",
      author: "Jane Doe",
    });
  });

  it("falls back to og:title and og:description, and reports no favicon unless one is declared", async () => {
    const metadata = await extractMetadata(
      `<html><head><title>  </title><meta property="og:title" content="OG Title">` +
        `<meta property="og:description" content="OG Desc"></head></html>`,
      PAGE_URL,
    );
    expect(metadata.title).toBe("OG Title");
    expect(metadata.description).toBe("OG Desc");
    expect(metadata.favicon).toBeUndefined();
    expect("favicon" in metadata).toBe(false);
    expect(metadata.language).toBeUndefined();
  });

  it("uses an apple-touch-icon when there is no plain icon, resolved against <base href>", async () => {
    const metadata = await extractMetadata(
      `<head><base href="https://static.example.org/assets/"><link ` +
        `rel="apple-touch-icon-precomposed" href="touch.png"></head>`,
      PAGE_URL,
    );
    expect(metadata.favicon).toBe("https://static.example.org/assets/touch.png");
  });

  it("takes og:image:secure_url when og:image is missing", async () => {
    const metadata = await extractMetadata(
      `<head><meta property="og:image:secure_url" content="https://cdn.example.com/secure.jpg"></head>`,
      PAGE_URL,
    );
    expect(metadata.ogImage).toBe("https://cdn.example.com/secure.jpg");
    expect(metadata["og:image:secure_url"]).toBe("https://cdn.example.com/secure.jpg");
  });

  it("decodes rare named and numeric character references", async () => {
    const metadata = await extractMetadata(
      `<head><meta name="description" content="&bigstar; &#x2605; &#9733; &amp;amp &notanentity; a=1&copy=2"></head>`,
      PAGE_URL,
    );
    expect(metadata.description).toBe("★ ★ ★ &amp &notanentity; a=1&copy=2");
  });

  it("returns an empty object for a page without metadata", async () => {
    expect(await extractMetadata("<p>just text</p>", PAGE_URL)).toEqual({});
  });

  it("parses the page's JSON-LD blocks, skipping broken ones and unwrapping comment/CDATA wrappers", () => {
    const page = `<head><script type="application/ld+json">{"@type":"Article","headline":"A &amp; B"}</script>
      <script type="application/ld+json">{ not json }</script>
      <script type=" Application/LD+JSON ">//<![CDATA[
        [{"@type":"BreadcrumbList"}]
      //]]></script><script>{"@type":"Ignored"}</script></head>
      <body><svg><title>Icon</title></svg><script type="application/ld+json"><!-- {"@type":"Product"} --></script>\
</body>`;
    const { jsonLd, metadata } = extractFromTree(parseHtml(page), PAGE_URL);
    expect(jsonLd).toEqual([
      { "@type": "Article", headline: "A &amp; B" },
      [{ "@type": "BreadcrumbList" }],
      { "@type": "Product" },
    ]);
    expect(metadata.title).toBeUndefined();
  });
});
