/**
 * The main-content index's text counts (src/main-content/measure.ts): `textChars` must agree with `collapsedText`,
 * which cutting repeats relies on to compare only blocks that can be equal.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { collapsedText, findElement } from "../../src/dom/tree";
import { indexPage } from "../../src/main-content/measure";

function indexBody(bodyHtml: string) {
  const body = findElement(parseHtml(`<html><body>${bodyHtml}</body></html>`), "body")!;
  return indexPage(body);
}

describe("indexPage textChars", () => {
  it("counts every character that \\s does not match, and none that it does", () => {
    const spaces: string[] = [];
    const others: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      (/\s/.test(character) ? spaces : others).push(character);
    }
    // Characters the HTML parser changes (NUL, CR, markup) are left out of the page; the rest go in as text.
    const kept = others.filter((character) => !"\u0000\r<&".includes(character));
    const index = indexBody(`<p>${spaces.join("")}${kept.join("")}</p>`);
    const p = index.nodes.findIndex((node) => node.name === "p");
    expect(collapsedText(index.nodes[p]).length).toBe(kept.length);
    expect(index.textChars[p]).toBe(kept.length);
  });

  it("counts the text of silent elements (buttons, iframes) that the other counts skip", () => {
    const index = indexBody(`<div><p>Harbour news</p><button>Subscribe now</button></div>`);
    const div = index.nodes.findIndex((node) => node.name === "div");
    expect(index.chars[div]).toBe("Harbournews".length);
    expect(index.textChars[div]).toBe(collapsedText(index.nodes[div]).replace(/ /g, "").length);
  });
});

describe("indexPage blocks", () => {
  it(
    "counts inline text named as chrome (a screen-reader-only label) " +
      "as a block of its own, not as the block around it",
    () => {
      const index = indexBody(
        `<div class="facet"><label><span class="sr-only">Filter by style:</span> A-Line</label></div>`,
      );
      const div = index.nodes.findIndex((node) => node.name === "div");
      const span = index.nodes.findIndex((node) => node.name === "span");
      expect(index.ownChars[div]).toBe("A-Line".length);
      expect(index.ownPunctuation[div]).toBe(0);
      expect(index.ownChars[span]).toBe("Filterbystyle:".length);
      expect(index.chars[div]).toBe("Filterbystyle:A-Line".length);
    },
  );
});
