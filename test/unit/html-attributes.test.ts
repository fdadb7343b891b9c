/**
 * extractAttributes: the `attributes` format over cleaned HTML, in workerd.
 */
import { describe, expect, it } from "vitest";
import { extractAttributes } from "../../src/html/attributes";

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
        values: ["https://shop.example.com/p/1?a=1&b=2", "https://shop.example.com/p/2", "https://shop.example.com/p/3"],
      },
      { selector: "a.product", attribute: "sku", values: ["A-1", "B-2"] },
      { selector: "#hero", attribute: "ALT", values: ["Hero"] },
      { selector: ".missing", attribute: "href", values: [] },
    ]);
  });

  it("gives an unsupported or invalid selector no values without failing the others", async () => {
    const result = await extractAttributes(HTML, [
      { selector: "a + a", attribute: "href" },
      { selector: "[[[", attribute: "href" },
      { selector: "", attribute: "href" },
      { selector: "img", attribute: "src" },
    ]);
    expect(result).toEqual([
      { selector: "a + a", attribute: "href", values: [] },
      { selector: "[[[", attribute: "href", values: [] },
      { selector: "", attribute: "href", values: [] },
      { selector: "img", attribute: "src", values: ["https://shop.example.com/hero.jpg"] },
    ]);
  });

  it("returns an empty list for no selectors", async () => {
    expect(await extractAttributes(HTML, [])).toEqual([]);
  });
});
