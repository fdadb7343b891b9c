/**
 * Main-content extraction and the site's legal lines: a copyright notice printed outside any <footer> and an affiliate
 * disclosure are cut; a photo credit, a document's own copyright text and prose about affiliate programmes stay.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { collapsedText, findElement } from "../../src/dom/tree";
import { extractMainContent } from "../../src/main-content";

function extract(bodyHtml: string) {
  const body = findElement(parseHtml(`<html><head><title>t</title></head><body>${bodyHtml}</body></html>`), "body")!;
  const result = extractMainContent(body, { url: "https://studio.example.test/services", jsonLd: [], metadata: {} });
  return collapsedText(result.root);
}

const sentence = (topic: string, n = 3) =>
  Array.from(
    { length: n },
    (_, i) => `The ${topic} is planned for the ${i + 1}. time, and the studio writes down what it learned.`,
  ).join(" ");

describe("copyright notices", () => {
  it("cuts a copyright line outside any footer and keeps a photo credit and a manual's copyright text", () => {
    const page = `<div class="page"><section><h1>Packaging design</h1><p>${sentence("packaging", 3)}</p>
      <figure><img src="https://studio.example.test/box.jpg" alt="box"><figcaption>© Jane Doe</figcaption></figure>
      <h2>Licence</h2><pre>Copyright 1998-2025 The Example Project.
This is free software; see the source for copying conditions.</pre>
      <p>${sentence("label", 3)}</p></section>
      <div class="bottom-bar"><p>© 2025 Example Studio | All Rights Reserved | <a href="/terms">Terms of Use</a> | <a \
href="/privacy">Privacy Policy</a></p></div></div>`;
    const text = extract(page);
    expect(text).toContain("The label is planned for the 3. time");
    expect(text).toContain("© Jane Doe");
    expect(text).toContain("Copyright 1998-2025 The Example Project");
    expect(text).not.toContain("All Rights Reserved");
  });
});

describe("affiliate disclosures", () => {
  it("cuts a note on what the site earns from its links and keeps prose about affiliate programmes", () => {
    const page = `<div class="page"><article><h1>Choosing a tent</h1>
      <p><em>This post contains affiliate links: if you buy through them, we may earn a small commission at no extra \
cost to you.</em></p>
      <p>${sentence("tent", 3)}</p><p>Affiliate programmes pay a publisher a commission for each sale a link brings, \
and shops set the rates.</p>
      <p>${sentence("pole", 2)}</p><p>Disclaimer: as an Amazon Associate I earn from qualifying purchases.</p>\
</article></div>`;
    const text = extract(page);
    expect(text).toContain("The pole is planned for the 2. time");
    expect(text).toContain("Affiliate programmes pay a publisher a commission for each sale");
    expect(text).not.toContain("This post contains affiliate links");
    expect(text).not.toContain("Amazon Associate");
  });
});
