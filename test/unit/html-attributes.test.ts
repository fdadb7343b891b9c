/**
 * extractAttributes: the `attributes` format over the cleaned page tree, in workerd.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { extractAttributes as extractFromTree, type AttributeSelector } from "../../src/html/attributes";

const extractAttributes = async (html: string, selectors: AttributeSelector[]) =>
  extractFromTree(parseHtml(html), selectors);

const HTML = `<main>
  <a class="product" href="https://shop.example.com/p/1?a=1&amp;b=2" data-sku="A-1">One</a>
  <a class="product" href="https://shop.example.com/p/2" data-sku="B-2">Two</a>
  <div class="product" data-href="https://shop.example.com/p/3">Three (data- fallback)</div>
  <span class="product">No value</span>
  <img id="hero" src="https://shop.example.com/hero.jpg" alt="Hero">
</main>`;

describe("extractAttributes", () => {
  it("returns one entry per selector, in order, with data- fallbacks and decoded values", async () => {
    const result = await extractAttributes(HTML, [
      { selector: ".product", attribute: "href" },
      { selector: "a.product", attribute: "sku" },
      { selector: "#hero", attribute: "ALT" },
      { selector: ".missing", attribute: "href" },
    ]);
    expect(result).toEqual([
      {
        selector: ".product",
        attribute: "href",
        values: [
          "https://shop.example.com/p/1?a=1&b=2",
          "https://shop.example.com/p/2",
          "https://shop.example.com/p/3",
        ],
      },
      { selector: "a.product", attribute: "sku", values: ["A-1", "B-2"] },
      { selector: "#hero", attribute: "ALT", values: ["Hero"] },
      { selector: ".missing", attribute: "href", values: [] },
    ]);
  });

  // Changed with the page tree: css-select handles combinators, so "a + a" now matches (HTMLRewriter had to
  // reject it); only unparseable selectors give no values.
  it("gives an invalid selector no values without failing the others", async () => {
    const result = await extractAttributes(HTML, [
      { selector: "a + a", attribute: "href" },
      { selector: "[[[", attribute: "href" },
      { selector: "", attribute: "href" },
      { selector: "img", attribute: "src" },
    ]);
    expect(result).toEqual([
      { selector: "a + a", attribute: "href", values: ["https://shop.example.com/p/2"] },
      { selector: "[[[", attribute: "href", values: [] },
      { selector: "", attribute: "href", values: [] },
      { selector: "img", attribute: "src", values: ["https://shop.example.com/hero.jpg"] },
    ]);
  });

  it("returns an empty list for no selectors", async () => {
    expect(await extractAttributes(HTML, [])).toEqual([]);
  });
});
