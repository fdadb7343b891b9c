/**
 * Pages made to hurt the page path: nesting far deeper than browsers allow, thousands of repeated document roots,
 * openings that never close. Each is read whole through every format, in workerd (whose call stack a page of
 * 40,000 nested elements used to overflow: a 500). How long they take is measured outside the tests
 * (`npm run bench hostile`, bench/PERFORMANCE.md); here, what they come out as.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { MAX_TREE_DEPTH } from "../../src/dom/tree-builder";
import { collapsedText, findElement, type ElementNode } from "../../src/dom/tree";
import { convertHtml } from "../../src/scrape/html-content";
import { needsJavaScript, visibleText } from "../../src/engines/app-shell";
import { parseSitemap } from "../../src/net/sitemap-parse";
import { isDateline } from "../../src/main-content/datelines";

const URL = "https://hostile.example/page";

function depth(element: ElementNode): number {
  let deepest = 0;
  const stack: [ElementNode, number][] = [[element, 0]];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    deepest = Math.max(deepest, level);
    for (const child of node.children) if (child.type === 1) stack.push([child, level + 1]);
  }
  return deepest;
}

function everyFormat(html: string, onlyMainContent: boolean) {
  return convertHtml(html, {
    url: URL,
    onlyMainContent,
    markdown: true,
    html: true,
    discoverLinks: true,
    structuredData: true,
  });
}

describe("nesting deeper than browsers nest", () => {
  it("stops at MAX_TREE_DEPTH: deeper elements go beside the deepest, with their text", () => {
    const document = parseHtml(`<html><body>${"<div>".repeat(2_000)}bottom</body></html>`);
    expect(depth(document)).toBe(MAX_TREE_DEPTH); // <html>, <body> and 510 <div>s under the document node
    expect(collapsedText(findElement(document, "body")!)).toBe("bottom");
  });

  it("leaves pages nested less deeply as they are", () => {
    const html = `<html><body>${"<div>".repeat(100)}bottom${"</div>".repeat(100)}<p>after</p></body></html>`;
    const body = findElement(parseHtml(html), "body")!;
    expect(depth(body)).toBe(100);
    expect(body.children.map((child) => (child.type === 1 ? child.name : "#text"))).toEqual(["div", "p"]);
  });

  for (const opening of [
    "<div>",
    "<q>",
    "<span>",
    "<ul><li>",
    "<table><tr><td>",
    "<blockquote>",
    "<b><i>",
    "<dl><dd>",
  ]) {
    it(`reads 40,000 unclosed ${opening} through every format`, () => {
      const page = `<html><body>${opening.repeat(40_000)}<a href="/end">The words at the bottom</a></body></html>`;
      for (const onlyMainContent of [true, false]) {
        const result = everyFormat(page, onlyMainContent);
        expect(result.markdown).toContain("The words at the bottom");
        expect(result.html).toContain("The words at the bottom");
        expect(result.discoveredLinks).toEqual(["https://hostile.example/end"]);
      }
    });
  }
});

describe("repeated document roots", () => {
  for (const root of ["<html>", "<head>", "<body>"]) {
    it(`ignores 20,000 repeated ${root} tags and keeps the content after them in the body`, () => {
      const page = `<html><head><title>Roots</title></head><body>${root.repeat(20_000)}<p>Kept after the roots</p>`;
      const document = parseHtml(page);
      expect(collapsedText(findElement(document, "body")!)).toBe("Kept after the roots");
      expect(everyFormat(page, true).markdown).toBe("Kept after the roots");
    });
  }
});

describe("openings that never close", () => {
  for (const opening of ["<!--", "<svg>", "<noscript>", "<script>", "<", "<script src=x.js>"]) {
    it(`reads 20,000 of ${JSON.stringify(opening)} with nothing to close them`, () => {
      const page = opening.repeat(20_000);
      // Without a ">" anywhere after it, a "<" (or "<!--") opens nothing and is text; an element is hidden whole.
      expect(visibleText(page)).toBe(["<", "<!--"].includes(opening) ? page : "");
      expect(typeof needsJavaScript(page)).toBe("boolean");
      expect(everyFormat(`<html><body><p>Before</p>${page}</body></html>`, false).markdown).toContain("Before");
    });
  }
});

describe("a broken sitemap", () => {
  it("gives up the <loc>s it can read, prefixed or in CDATA, and reads 40,000 unclosed <loc>s to the end once", () => {
    const broken =
      `<x:urlset><x:loc> <![CDATA[https://example.com/a?b=1&c=2]]> </x:loc>` + `<loc>https://example.com/b</LOC>`;
    const locs = [{ loc: "https://example.com/a?b=1&c=2" }, { loc: "https://example.com/b" }];
    expect(parseSitemap(`${broken}<oops`).urls).toEqual(locs);
    // Each opening used to rescan the rest of the file for a closing tag (5.7 s for this one, now milliseconds).
    expect(parseSitemap(`${broken}${"<loc>".repeat(40_000)}`).urls).toEqual(locs);
  });
});

describe("long runs of one character", () => {
  // Patterns like /\s+$/ or /\s*\n\s*/g read a run from each of its positions: 12-52 s for these pages before.
  const run = " \t\n".repeat(40_000);

  it("keeps a <pre> of 120,000 whitespace characters as one code block", () => {
    const markdown = everyFormat(`<html><body><pre>start${run}end</pre></body></html>`, false).markdown!;
    expect(markdown.startsWith("```\nstart")).toBe(true);
    expect(markdown.endsWith("end\n```")).toBe(true);
  });

  it("reads JSON-LD wrapped in a comment with a long run of whitespace before its end", () => {
    const script = `<script type="application/ld+json"><!--{"@type":"Article","headline":"Kept"}${run}--></script>`;
    const result = everyFormat(`<html><head>${script}</head><body><p>Text</p></body></html>`, true);
    expect(result.jsonLd).toEqual([{ "@type": "Article", headline: "Kept" }]);
  });

  it("reads a srcset descriptor of 100,000 digits as no density", () => {
    const page = `<html><body><p>Text</p><img src="/a.png" srcset="/b.png ${"1".repeat(100_000)}"></body></html>`;
    expect(everyFormat(page, false).images).toContain("https://hostile.example/a.png");
  });

  it("tells a byline of 80 capitals from a line that only looks like one", () => {
    expect(isDateline(`By ${"A".repeat(78)}`)).toBe(true);
    expect(isDateline(`By ${"A".repeat(78)}!`)).toBe(false);
    expect(isDateline(`October 11, 2023 by ${"A".repeat(60)}!`)).toBe(false);
  });
});
