/**
 * Main-content extraction on small hand-written pages made of cards (a service page's features, a listing's
 * entries): what in a repeated card is its content and what is its button.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { collapsedText, findElement } from "../../src/dom/tree";
import { extractMainContent } from "../../src/main-content";

function extract(bodyHtml: string) {
  const body = findElement(parseHtml(`<html><head><title>t</title></head><body>${bodyHtml}</body></html>`), "body")!;
  const result = extractMainContent(body, { url: "https://cloud.example.test/products", jsonLd: [], metadata: {} });
  return collapsedText(result.root);
}

const footer = `<footer><p>© 2025 Example Cloud.</p><a href="/privacy">Privacy</a></footer>`;

describe("cards", () => {
  it(
    'cuts the call to action every card repeats ("Learn more"), and ' +
      "keeps a lone link that differs from card to card",
    () => {
      const services = ["Container hosting", "Managed databases", "Object storage", "Message queues"];
      const feature = (name: string) =>
        `<div class="card"><h3>${name}</h3><p>Run ${name.toLowerCase()} without managing servers, with backups and \
monitoring included.</p>
      <div class="card-actions"><a href="/products/${name.toLowerCase().replace(/ /g, "-")}">Learn more</a></div>\
</div>`;
      const guide = (name: string) =>
        `<div class="guide"><p>A step-by-step walkthrough for teams moving ${name.toLowerCase()} from their own racks \
to \
the cloud.</p>
      <div class="guide-link"><a href="/guides/${name.toLowerCase().replace(/ /g, "-")}">${name} guide</a></div></div>`;
      const page = `<main><h1>Cloud products</h1><p>Everything a team needs to build, run and grow its applications, \
billed by the second.</p>
      <section><h2>Products</h2><div class="cards">${services.map(feature).join("")}</div></section>
      <section><h2>Migration guides</h2><div class="guides">${services.map(guide).join("")}</div></section>\
</main>${footer}`;
      const text = extract(page);
      expect(text).toContain("Run managed databases without managing servers");
      expect(text).not.toContain("Learn more");
      for (const name of services) expect(text).toContain(`${name} guide`);
    },
  );

  it("cuts a repeated call to action whose link wraps the button's label (<a><div><p>Learn more</p></div></a>)", () => {
    const services = ["Container hosting", "Managed databases", "Object storage", "Message queues"];
    const feature = (name: string) =>
      `<div class="card"><h3>${name}</h3><p>Run ${name.toLowerCase()} without managing servers, with backups and \
monitoring included.</p>
      <div class="card-end"><a href="/products/${name.toLowerCase().replace(/ /g, "-")}"><div class="label"><p>Learn \
more</p></div></a></div></div>`;
    const page = `<main><h1>Cloud products</h1><p>Everything a team needs to build, run and grow its applications, \
billed by the second.</p>
      <div class="cards">${services.map(feature).join("")}</div></main>${footer}`;
    const text = extract(page);
    expect(text).toContain("Run object storage without managing servers");
    expect(text).not.toContain("Learn more");
  });
});
