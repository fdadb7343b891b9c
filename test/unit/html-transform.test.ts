/**
 * The cleaning part of the page path (cleanTree, the selector main content, the noscript rule, the `html`,
 * `links` and `images` formats through convertHtml): onlyMainContent on and off, and what removed subtrees leave
 * behind (docs/api.md, "Scrape"); URLs and images are in html-urls.test.ts, includeTags and excludeTags in
 * html-include-exclude.test.ts. These expectations were written for the previous HTMLRewriter passes and hold
 * unchanged for the page tree, except where a test says otherwise. Without includeTags, onlyMainContent is the
 * extractor (src/main-content): it returns the main region (not the whole <body>) and judges text, so pages meant to
 * test cleaning carry real sentences rather than one-word stand-ins.
 */
import { describe, expect, it } from "vitest";
import { PAGE_URL, transformHtml } from "../html-transform-helpers";

/** A typical article page: site chrome around an <article>, plus a cookie banner, ads and a sidebar. */
const ARTICLE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Building a crawler</title>
  <meta property="og:image" content="/media/og.png">
  <meta name="twitter:image" content="https://cdn.example.net/tw.png">
  <link rel="icon" href="/favicon.ico">
  <link rel="apple-touch-icon" href="/apple.png">
  <link rel="stylesheet" href="/site.css">
  <style>body { font-family: serif }</style>
  <script>window.dataLayer = [];</script>
</head>
<body>
  <a class="skip-link" href="#content">Skip to content</a>
  <header class="site-header">
    <a href="/"><img src="/logo.png" alt="Example Blog"></a>
    <nav><ul><li><a href="/topics">Topics</a></li><li><a href="/about">About</a></li></ul></nav>
  </header>
  <div id="cookie-consent-banner">We use cookies. <a href="/privacy">Learn more</a></div>
  <main id="content">
    <article>
      <header><h1>Building a crawler</h1><p class="byline">By <a href="/authors/ada">Ada</a></p></header>
      <p>Start with the <a href="../../docs/start?lang=en&amp;v=2">docs</a> and the
        <a href="https://example.org/spec#fetch">spec</a>.</p>
      <div class="ad"><a href="https://ads.example.net/click?id=1"><img src="https://ads.example.net/banner.gif" \
alt="Ad"></a></div>
      <p>Mail <a href="mailto:ada@example.com">Ada</a>, <a href="javascript:void(0)">toggle</a>,
        jump to <a href="#setup">setup</a>, or read the <a href="../../docs/start?lang=en&amp;v=2">docs</a> again.</p>
      <!-- editor note: remove before publishing -->
      <noscript><img src="/pixel.gif" alt=""></noscript>
      <template><p>template content</p></template>
      <svg style="display: none"><symbol id="icon-star"><title>Star icon</title></symbol></svg>
      <aside class="share"><a href="https://social.example/share?u=1">Share</a></aside>
    </article>
  </main>
  <aside class="sidebar"><h3>Related</h3><a href="/posts/2023/old">Old post</a><img src="/thumb.png" alt=""></aside>
  <footer><a href="/terms">Terms</a> <a href="/about">About</a></footer>
</body>
</html>`;

describe("transformHtml with onlyMainContent", () => {
  it("removes site chrome, banners, ads and junk but keeps the article's title", async () => {
    const result = await transformHtml(ARTICLE_PAGE, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.html).toContain("<h1>Building a crawler</h1>");
    // A byline with no prose is clutter to the extractor (judge.ts), like a share bar.
    expect(result.html).not.toContain("byline");
    for (const gone of [
      "site-header",
      "Topics",
      "cookie",
      "ads.example.net",
      "Share",
      "Related",
      "Terms",
      "<script",
      "<style",
      "<title",
      "<meta",
      "<link",
      "editor note",
      "pixel.gif",
      "template content",
      "Star icon",
    ]) {
      expect(result.html, gone).not.toContain(gone);
    }
  });

  it("reports only links that survive cleaning (no leaks from removed nav, ads or footer)", async () => {
    const result = await transformHtml(ARTICLE_PAGE, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.links).toEqual(["https://blog.example.com/docs/start?lang=en&v=2", "https://example.org/spec#fetch"]);
  });

  it("reports page-level images from the head and only images that survive cleaning", async () => {
    const result = await transformHtml(ARTICLE_PAGE, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.images).toEqual([
      "https://blog.example.com/media/og.png",
      "https://cdn.example.net/tw.png",
      "https://blog.example.com/favicon.ico",
      "https://blog.example.com/apple.png",
    ]);
  });

  it("keeps in-page anchors relative and escapes rewritten URLs in the HTML", async () => {
    const result = await transformHtml(ARTICLE_PAGE, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.html).toContain('<a href="#setup">setup</a>');
    expect(result.html).toContain('<a href="mailto:ada@example.com">Ada</a>');
    expect(result.html).toContain('<a href="https://blog.example.com/docs/start?lang=en&amp;v=2">docs</a>');
  });

  // One page per wrapper: the extractor picks one main region, so three separate one-line "mains" on one page
  // (the selector rules kept them all) would test its choice between them rather than the wrappers.
  it.each([
    ["a <main> inside a .top", (content: string) => `<div class="top"><main>${content}</main></div>`],
    ["a #main inside a .side", (content: string) => `<div class="side"><div id="main">${content}</div></div>`],
    ["an <article> inside a .sidebar", (content: string) => `<div class="sidebar"><article>${content}</article></div>`],
  ])("never removes a boilerplate-looking wrapper that holds the main content: %s", async (_, wrap) => {
    const main = "<p>The main text of the page, a sentence long enough to be read as prose.</p>";
    const page =
      `<body><nav><p>Nav text</p></nav>${wrap(main)}<aside><article>` +
      `<p>Article in an aside</p></article></aside></body>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.html).toContain("The main text of the page");
    expect(result.html).not.toContain("Article in an aside");
    expect(result.html).not.toContain("Nav text");
  });

  it("removes a <header> outside an article but keeps one inside <main>", async () => {
    const page =
      `<body><header><p>Site banner</p></header><main><header><h1>Title</h1></header><p>The ` +
      `body of the page, long enough to read as a sentence.</p></main></body>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.html).toBe(
      "<main><header><h1>Title</h1></header><p>The body of the page, long enough to read as a sentence.</p></main>",
    );
  });

  it("removes cookie-consent platforms and modal dialogs", async () => {
    const page = `<body><div id="onetrust-consent-sdk"><p>Consent</p></div><div class="Cookie-Banner"><p>Cookies</p>\
</div>
      <div role="dialog" aria-label="Newsletter"><p>Subscribe</p></div><p>Content</p></body>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.html.replace(/\s+/g, " ")).toBe("<p>Content</p>");
  });

  it("falls back to the whole page when main-content detection leaves nothing", async () => {
    const page = `<html><body><div class="menu"><p>Only text on the page</p><a href="/x">X</a></div></body></html>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.html).toContain("Only text on the page");
    expect(result.links).toEqual(["https://blog.example.com/x"]);
  });

  it("does not fall back when an image is the only main content", async () => {
    const page = `<body><nav><p>Menu</p></nav><main><img src="/photo.jpg" alt=""></main></body>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.html).not.toContain("Menu");
    expect(result.images).toEqual(["https://blog.example.com/photo.jpg"]);
  });
});

describe("transformHtml without onlyMainContent", () => {
  it("keeps chrome, still drops junk, and lists every http(s) link once in document order", async () => {
    const result = await transformHtml(ARTICLE_PAGE, { baseUrl: PAGE_URL, onlyMainContent: false });
    expect(result.html).toContain("Topics");
    expect(result.html).not.toContain("<script");
    expect(result.html).not.toContain("editor note");
    // prettier-ignore
    expect(result.links).toEqual([
      "https://blog.example.com/", "https://blog.example.com/topics", "https://blog.example.com/about",
      "https://blog.example.com/privacy", "https://blog.example.com/authors/ada",
      "https://blog.example.com/docs/start?lang=en&v=2", "https://example.org/spec#fetch",
      "https://ads.example.net/click?id=1", "https://social.example/share?u=1",
      "https://blog.example.com/posts/2023/old", "https://blog.example.com/terms",
    ]);
  });

  it("drops what a site builder never renders (Webflow's w-condition-invisible), main content or not", async () => {
    const page = `<body><main><h1>Pricing a yoga class</h1><div class="toc w-condition-invisible"><p>Table of \
contents:</p>
      <div class="toc-content"></div></div><p>Most studios price a class by what the room and the teacher cost them \
each hour, then add a margin.</p><p class="w-richtext">A drop-in class costs more than one in a pack of ten.</p>\
</main></body>`;
    for (const onlyMainContent of [false, true]) {
      const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent });
      expect(result.html).not.toContain("Table of");
      expect(result.html).toContain("A drop-in class costs more");
    }
  });

  it("collects body images in document order after the head's", async () => {
    const result = await transformHtml(ARTICLE_PAGE, { baseUrl: PAGE_URL, onlyMainContent: false });
    expect(result.images.slice(4)).toEqual([
      "https://blog.example.com/logo.png",
      "https://ads.example.net/banner.gif",
      "https://blog.example.com/thumb.png",
    ]);
  });
});

describe("removed subtrees", () => {
  it("collects nothing from inside removed elements, including implicitly closed ones", async () => {
    const page = `<body><ul class="menu"><li><a href="/m1">M1</a><li><a href="/m2">M2</a><img src="/m.png"></ul>
      <img class="ad" src="/ad.png"><p>Text worth reading, with a link to <a href="/keep">keep</a> in it.</p>
      <div class="sidebar"><div><div><a href="/deep">deep</a></div></div></div>
      <p>More text after the sidebar, and a link <a href="/after">after</a> it.</p></body>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.links).toEqual(["https://blog.example.com/keep", "https://blog.example.com/after"]);
    expect(result.images).toEqual([]);
    expect(result.html).not.toContain("ad.png");
  });

  it("keeps collecting after a removed self-closing SVG", async () => {
    const page = `<body><p><svg aria-hidden="true" />Read the <a href="/a">first guide</a> before anything else, then \
the second.</p>
      <p>The second guide, <a href="/b">on crawling</a>, covers the rest of the setup.</p></body>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true });
    expect(result.links).toEqual(["https://blog.example.com/a", "https://blog.example.com/b"]);
  });
});
