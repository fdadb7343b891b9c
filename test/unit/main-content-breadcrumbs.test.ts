/**
 * Main-content extraction on small hand-written pages: breadcrumbs over the title that no class names as such,
 * src/main-content/breadcrumbs.ts. The pages are built from main-content-site.ts.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

const page = (overTitle: string, wrap = "article") =>
  extract(
    `${siteHeader}<main><${wrap}><div class="mt-4">${overTitle}</div><h1>The lens comes back</h1>` +
      `<p>${sentence("lens", 4)}</p><p>${sentence("brass frame", 4)}</p></${wrap}></main>${siteFooter}`,
    { url: "https://example.test/guides/lights/the-lens-comes-back" },
  ).text;

describe("breadcrumbs", () => {
  it("drops a list of links each a level up from the page, and a line from the home page with separators", () => {
    const list = page(
      `<ol class="x1"><li><a href="https://example.test/guides/">Guides</a></li>` +
        `<li><a href="https://example.test/guides/lights/">Lights</a></li></ol>`,
    );
    expect(list).toContain("The brass frame was checked");
    for (const gone of ["Guides", "Lights"]) expect(list).not.toContain(gone);
    const line = page(
      `<a href="https://example.test/">Start</a><span> › </span><a href="https://example.test/boats">Boats</a>` +
        `<span> › </span>The lens comes back`,
    );
    expect(line).toContain("The lens was checked");
    for (const gone of ["Start", "Boats", "›"]) expect(line).not.toContain(gone);
  });

  it("drops the section's name linked alone over an article's title (a kicker), not over another page's", () => {
    const kicker = `<a href="https://example.test/guides/">Guides</a>`;
    expect(page(kicker)).toContain("The brass frame was checked");
    expect(page(kicker)).not.toContain("Guides");
    expect(page(kicker, "section")).toContain("Guides");
    expect(page(`<a href="https://example.test/guides/">Guides</a> for keepers`)).toContain("Guides for keepers");
    const inline = extract(
      `${siteHeader}<main><article><div class="hdr"><a href="/guides/">Guides</a> <h1>The lens comes back</h1>` +
        `<span>Nov 30, 2026</span></div><p>${sentence("lens", 4)}</p></article></main>${siteFooter}`,
    ).text;
    expect(inline).toContain("The lens comes back");
    expect(inline).not.toContain("Guides");
  });

  it("keeps links to parts of the page, and links side by side", () => {
    const tabs = page(
      `<a href="https://example.test/guides/lights/the-lens-comes-back#story">Story</a> ` +
        `<a href="https://example.test/guides/lights/the-lens-comes-back#pictures">Pictures</a>`,
    );
    for (const kept of ["Story", "Pictures"]) expect(tabs).toContain(kept);
    const pair = page(
      `<p>Filed in <a href="https://example.test/lights/">Lights</a> and ` +
        `<a href="https://example.test/boats/">Boats</a></p>`,
    );
    expect(pair).toContain("Filed in Lights and Boats");
  });

  it("keeps the title when the trail ends with its words, and drops the trail", () => {
    const title = "The lens comes back to the north pier after ninety years";
    const { html, text } = extract(
      `${siteHeader}<main><section><div class="d-none d-md-block"><label><a href="/guides/">Guides</a>` +
        `<span>/</span></label><label><a href="/guides/lights/">Lights</a><span>/</span></label><label>${title}` +
        `</label></div><h1>${title}</h1><p>${sentence("lens", 4)}</p></section></main>${siteFooter}`,
    );
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(text.split(title).length).toBe(2);
    for (const gone of ["Guides", "Lights"]) expect(text).not.toContain(gone);
  });
});
