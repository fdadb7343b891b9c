/**
 * Words that only the page's styles keep apart (src/main-content/word-breaks.ts): badges, a byline's name and its
 * date, a price and its label — adjacent inline elements without a space between them.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { collapsedText, findElement } from "../../src/dom/tree";
import { extractMainContent } from "../../src/main-content";
import { separateGluedWords } from "../../src/main-content/word-breaks";

function separated(bodyHtml: string): string {
  const body = findElement(parseHtml(`<html><body>${bodyHtml}</body></html>`), "body")!;
  separateGluedWords(body);
  return collapsedText(body);
}

describe("glued words", () => {
  it("puts a space where one element's word ends and the next one's capitalised word starts", () => {
    expect(
      separated(
        `<p><span class="badge">Genuine Steam Deck Part</span><span class="badge">Lifetime Guarantee</span></p>`,
      ),
    ).toBe("Genuine Steam Deck Part Lifetime Guarantee");
    expect(separated(`<p>by<a href="/u/ann">Ann Keeper</a><time>Mar 6</time></p>`)).toBe("by Ann Keeper Mar 6");
    expect(separated(`<p><span><b>$108</b></span><span>MSRP $120</span></p>`)).toBe("$108 MSRP $120");
    expect(separated(`<p><a href="/c/markers">Garden markers<span class="count">31</span></a></p>`)).toBe(
      "Garden markers 31",
    );
  });

  it("leaves words alone that the page writes together, and code as written", () => {
    expect(separated(`<p>The iPhone and JavaScript, <b>T</b>he drop cap, <span>re</span><span>use</span>.</p>`)).toBe(
      "The iPhone and JavaScript, The drop cap, reuse.",
    );
    expect(
      separated(
        `<pre><code><span>get</span><span>Value</span>()</code></pre><p>` +
          `<code><span>set</span><span>Value</span></code></p>`,
      ),
    ).toBe("getValue()setValue");
    expect(separated(`<p>Price: <span>20</span> <span>USD</span></p>`)).toBe("Price: 20 USD");
    expect(separated(`<p>An area of 40 m<sup>2</sup>, and H<sub>2</sub>O.</p>`)).toBe("An area of 40 m2, and H2O.");
    // Blocks start their own lines in the markdown: nothing goes between them.
    const blocks = findElement(parseHtml(`<html><body><div>end</div><div>Start</div></body></html>`), "body")!;
    separateGluedWords(blocks);
    expect(blocks.children.length).toBe(2);
  });

  it("separates a listing's badges in the main content", () => {
    const card = (i: number) => `<li class="card"><a href="/p/${i}"><h3>Replacement battery number ${i}</h3></a>
      <div class="marks"><span>Genuine Part</span><span>Lifetime Guarantee</span></div><span>$${i}9.99</span></li>`;
    const body = findElement(
      parseHtml(
        `<html><body><main><h1>Batteries</h1><ul>${[1, 2, 3, 4, 5].map(card).join("")}</ul></main></body></html>`,
      ),
      "body",
    )!;
    const text = collapsedText(
      extractMainContent(body, { url: "https://shop.example.test/batteries", jsonLd: [], metadata: {} }).root,
    );
    expect(text).toContain("Genuine Part Lifetime Guarantee");
  });
});

describe("glued words on hostile markup", () => {
  it(
    "reads an edge through a few dozen nested inline elements, no " + "deeper (a page nesting thousands costs no more)",
    () => {
      const nested = (depth: number, text: string) => `${"<span>".repeat(depth)}${text}${"</span>".repeat(depth)}`;
      expect(separated(`<p><span>end</span>${nested(10, "Start")}</p>`)).toBe("end Start");
      expect(separated(`<p><span>end</span>${nested(40, "Start")}</p>`)).toBe("endStart");
      expect(separated(`<p>${nested(5000, "word").repeat(20)}</p>`)).toBe("word".repeat(20));
    },
  );
});
