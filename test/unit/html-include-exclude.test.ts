/**
 * includeTags and excludeTags on the cleaned page (convertHtml): matching elements kept outermost first, excluded
 * ones removed by tag, class, id and combinators, and an empty document when nothing matches (docs/api.md, "Scrape").
 */
import { describe, expect, it } from "vitest";
import { PAGE_URL, transformHtml } from "../html-transform-helpers";

describe("includeTags and excludeTags", () => {
  const page = `<body>
    <nav><a href="/n">Nav</a><span class="price">$1</span></nav>
    <div id="intro"><p>Intro <a href="/i">link</a></p><div class="price">$2</div></div>
    <section class="price"><p>$3</p><p class="price">nested</p><div class="ad">Ad text</div></section>
    <p>Loose text</p>
  </body>`;

  it("keeps only the matching elements, outermost first, in document order", async () => {
    const result = await transformHtml(page, {
      baseUrl: PAGE_URL,
      onlyMainContent: false,
      includeTags: [".price", "#intro"],
    });
    expect(result.html).toBe(
      '<span class="price">$1</span><div id="intro"><p>Intro <a href="https://blog.example.com/i">link</a></p>' +
        '<div class="price">$2</div></div><section class="price"><p>$3</p><p class="price">nested</p>' +
        '<div class="ad">Ad text</div></section>',
    );
    expect(result.links).toEqual(["https://blog.example.com/i"]);
  });

  it(
    "selects on the original page (a match inside nav survives " + "onlyMainContent) and still cleans inside matches",
    async () => {
      const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true, includeTags: [".price"] });
      expect(result.html).toBe(
        '<span class="price">$1</span><div class="price">$2</div><section ' +
          'class="price"><p>$3</p><p class="price">nested</p></section>',
      );
    },
  );

  it("an explicitly included boilerplate element is kept", async () => {
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: true, includeTags: ["nav"] });
    expect(result.html).toBe('<nav><a href="https://blog.example.com/n">Nav</a><span class="price">$1</span></nav>');
  });

  it("removes excludeTags by tag, class and id, and ignores empty or unparseable selectors", async () => {
    const result = await transformHtml(page, {
      baseUrl: PAGE_URL,
      onlyMainContent: false,
      excludeTags: ["nav", " .ad ", "#intro", "", "div[[", "p:unknown-pseudo"],
    });
    expect(result.html.replace(/\s+/g, " ")).toBe(
      '<body> <section class="price"><p>$3</p><p class="price">nested</p></section> <p>Loose text</p> </body>',
    );
    expect(result.links).toEqual([]);
  });

  // Changed with the page tree: selectors go through css-select, so combinators and :has() now work where the
  // streaming HTMLRewriter passes had to ignore them.
  it("supports sibling combinators and :has() in excludeTags", async () => {
    const result = await transformHtml(page, {
      baseUrl: PAGE_URL,
      onlyMainContent: false,
      excludeTags: ["p + p", "div:has(> p)", "nav"],
    });
    expect(result.html.replace(/\s+/g, " ")).toBe(
      '<body> <section class="price"><p>$3</p><div class="ad">Ad text</div></section> <p>Loose text</p> </body>',
    );
  });

  it("applies excludeTags inside included elements", async () => {
    const result = await transformHtml(page, {
      baseUrl: PAGE_URL,
      onlyMainContent: false,
      includeTags: ["section"],
      excludeTags: [".ad"],
    });
    expect(result.html).toBe('<section class="price"><p>$3</p><p class="price">nested</p></section>');
  });

  it("returns an empty document when nothing matches", async () => {
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: false, includeTags: ["table"] });
    expect(result.html.trim()).toBe("");
    expect(result.links).toEqual([]);
  });
});
