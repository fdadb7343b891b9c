/**
 * Small pages keep their text: every word of a small main region comes back (interface controls aside: buttons and
 * fields are never content), whether the region is declared (`<main>`, `role="main"`, a lone `<article>`) or not, and
 * the site's chrome around it does not.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";
import { smallPages, wrappers } from "./small-pages";

const words = (html: string): string[] =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .toLowerCase()
    .match(/[\p{L}\p{N}_]+/gu) ?? [];

/** The words of `expected` missing from `got`, counted with their repeats. */
function lostWords(expected: string[], got: string[]): string[] {
  const left = new Map<string, number>();
  for (const w of got) left.set(w, (left.get(w) ?? 0) + 1);
  return expected.filter((w) => {
    const n = left.get(w) ?? 0;
    left.set(w, n - 1);
    return n <= 0;
  });
}

/** The region's words a reader sees as text: controls (buttons, fields) are interface, not content. */
const regionWords = (inner: string) => words(inner.replace(/<(button|textarea|select)\b[\s\S]*?<\/\1>/g, " "));

const chromeWords = ["harbour", "weekly", "boats", "lights", "privacy", "imprint", "reserved"];

describe("the small-page corpus", () => {
  for (const [name, inner] of Object.entries(smallPages)) {
    it(`${name}: every word of the region, in each way of holding it, and no chrome`, () => {
      for (const [wrapper, wrap] of Object.entries(wrappers)) {
        const { html } = extract(wrap(inner));
        const got = words(html);
        expect(lostWords(regionWords(inner), got), `${name} in ${wrapper}: ${html}`).toEqual([]);
        expect(
          chromeWords.filter((w) => got.includes(w) && !regionWords(inner).includes(w)),
          `${name} in ${wrapper}`,
        ).toEqual([]);
      }
    });
  }
});

describe("the rule's edges", () => {
  it("returns the issue's page whole: the paragraph beside a lone link is not outweighed by it", () => {
    const page = `<header class="site-header"><nav id="topnav"><a href="/">Home</a> <a href="/docs/">Docs</a> \
NAVTOKEN</nav></header>
      <main><h1>Doc p3</h1><p>TOKEN-docs-p3</p><a href="/docs/">Back</a></main>
      <footer class="site-footer">FOOTERTOKEN &copy; Fixture Inc. <a href="/about">About</a></footer>`;
    const { text } = extract(page);
    expect(text).toContain("TOKEN-docs-p3");
    expect(text).not.toContain("NAVTOKEN");
    expect(text).not.toContain("FOOTERTOKEN");
  });

  it("still cuts the chrome inside a small main region: its breadcrumbs menu and a cookie box", () => {
    const crumbs = `<nav class="breadcrumbs"><a href="/">Home</a> › <a href="/docs/">Docs</a></nav>`;
    const cookies = `<div class="cookie-banner"><p>We use cookies on this site.</p><button>OK</button></div>`;
    const { text } = extract(
      `${siteHeader}<main>${crumbs}<h1>Tide tables</h1><p>Published every Monday.</p>${cookies}</main>${siteFooter}`,
    );
    expect(text).toContain("Published every Monday.");
    expect(text).not.toContain("Docs");
    expect(text).not.toContain("cookies");
  });

  it("leaves a larger main region to the scoring: a menu of links beside an article is cut", () => {
    const menu =
      `<ul ` +
      (`class="toc">` +
        ["Mooring", "Knots", "Tides", "Lamps", "Charts"].map((s) => `<li><a href="/g/${s}">${s}</a></li>`).join("") +
        `</ul>`);
    const { text } = extract(
      `${siteHeader}<main><h1>Tide tables</h1>${menu}<p>${sentence("tide table", 4)}</p></main>${siteFooter}`,
    );
    expect(text).toContain("The tide table was checked");
    expect(text).not.toContain("Mooring");
  });

  it("does not widen a pick outside the declared region into it", () => {
    const { text } = extract(
      `${siteHeader}<main><p>Sponsored: sea kayaks</p></main><div class="story">` +
        `<h1>Storm warning</h1><p>${sentence("storm", 4)}</p></div>${siteFooter}`,
    );
    expect(text).toContain("The storm was checked");
    expect(text).not.toContain("Sponsored");
  });
});
