/**
 * Main-content extraction on hand-written documentation pages: code and tables kept, and the lists set among the
 * prose (arguments, further reading, references) told from menus. Service and marketing pages' sections are in
 * main-content-sections.test.ts, the fallbacks and special markup in main-content-fallbacks.test.ts.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("documentation pages", () => {
  it("keeps a document's code and tables, and drops its navigation sidebar", () => {
    const sidebar =
      `<nav class="sidebar">` +
      (`<ul>` +
        ["Install", "Configure", "Lenses", "Lamps", "Rotation", "API"]
          .map((s) => `<li><a href="/docs/${s}">${s}</a></li>`)
          .join("") +
        `</ul>`) +
      `</nav>`;
    const page = `${siteHeader}${sidebar}<div role="main" class="document"><h1>rotate()</h1><p>${sentence("call")}</p>
      <pre><code class="language-python">rotate(lens, speed=2)\nstop(lens)</code></pre>
      <table><tr><th>Parameter</th><th>Meaning</th></tr><tr><td>speed</td><td>Turns per minute</td></tr></table>\
<p>${sentence("return value")}</p></div>${siteFooter}`;
    const { text, html } = extract(page);
    expect(html).toContain('<code class="language-python">rotate(lens, speed=2)\nstop(lens)</code>');
    expect(text).toContain("Turns per minute");
    expect(text).not.toContain("Configure");
  });

  it("reads a custom element's tag name like a class name: a content footer element goes", () => {
    const page = `${siteHeader}<main><article><h1>Lens maintenance</h1><p>${sentence("lens")}</p>\
<p>${sentence("frame")}</p></article>
      <docs-content-footer><p>Except as otherwise noted, the content of this page is licensed under an open licence, \
and code samples
      under another one. For details, see the site policies of the harbour authority and its partners.</p><p>Last \
updated 2025-12-18.</p></docs-content-footer></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Except as otherwise noted");
  });

  it(
    "keeps a list of arguments whose names link to their reference " +
      "(a link around code names, it does not lead away)",
    () => {
      const args = ["private_key", "certificate", "script_path", "target_platform", "agent_identity", "bastion_host"]
        .map((a) => `<li><a href="#arg-${a}"><code>${a}</code></a> string</li>`)
        .join("");
      const page =
        `${siteHeader}<main><h1>connect()</h1><p>${sentence("connection")}</p>` +
        `<h2>Arguments</h2><ul>${args}</ul><p>${sentence("reply")}</p></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("script_path string");
      expect(text).not.toContain("About us");
    },
  );

  it(
    "keeps a list of further reading whose entries name their " +
      "author beside a longer linked title, and drops a menu",
    () => {
      const entry = (i: number) =>
        `<li><a href="https://papers.example/${i}">Measuring the range of a ` +
        `harbour light, part ${i}</a> by Ann Keeper-Lund</li>`;
      const page = `${siteHeader}<main><h1>Lens tuning</h1><p>${sentence("lens")}</p><h2>Further reading</h2>
      <ul>${Array.from({ length: 6 }, (_, i) => entry(i + 1)).join("")}</ul><h2>Tools</h2><p>${sentence("tool")}</p>\
</main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("Measuring the range of a harbour light, part 1 by Ann Keeper-Lund");
      expect(text).toContain("part 6 by Ann Keeper-Lund");
      expect(text).not.toContain("About us");
    },
  );

  it(
    "keeps a short list of bare links set among the prose (a section's " +
      "references), and drops a long menu standing apart",
    () => {
      const menu =
        `<div class="toc-tree">` +
        (`<ul>` +
          `${Array.from({ length: 20 }, (_, i) => `<li><a href="/docs/${i}">Chapter number ${i}</a></li>`).join("")}` +
          `</ul>`) +
        `</div>`;
      const section = (type: string) => `<h2>${type}</h2><p>${sentence(type.toLowerCase(), 2)}</p>
      <ul><li><a href="/docs/${type}">Overview of ${type} lights</a></li><li><a href="/ref/${type}">${type} command \
reference</a></li></ul>`;
      const page =
        `${siteHeader}${menu}<div class="doc"><h1>Light ` +
        `types</h1>${["Sector", "Flashing", "Leading"].map(section).join("")}</div>${siteFooter}`;
      const { text } = extract(page);
      for (const type of ["Sector", "Flashing", "Leading"])
        expect(text).toContain(`Overview of ${type} lights${type} command reference`);
      expect(text).not.toContain("Chapter number 7");
    },
  );
});
