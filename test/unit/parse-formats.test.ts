/**
 * The parse converters of src/parse/formats/ on hand-written files (test/parse-files.ts): every paragraph, cell,
 * slide and chapter of the file is in the HTML, in order, with its non-ASCII characters; what is not text (font
 * tables, document info) is not.
 */
import { describe, expect, it } from "vitest";
import { odtToHtml } from "../../src/parse/formats/odt";
import { xlsxToHtml } from "../../src/parse/formats/xlsx";
import { pptxToHtml } from "../../src/parse/formats/pptx";
import { epubToHtml } from "../../src/parse/formats/epub";
import { rtfToHtml } from "../../src/parse/formats/rtf";
import { csvToHtml, parseCsv } from "../../src/parse/formats/csv";
import { csv, epub, odt, pptx, rtf, xlsx } from "../parse-files";

const inOrder = (html: string, parts: string[]) => {
  let at = 0;
  for (const part of parts) {
    const found = html.indexOf(part, at);
    expect(found, `"${part}" after position ${at}`).toBeGreaterThanOrEqual(0);
    at = found + part.length;
  }
};

describe("parse converters", () => {
  it("ODT: headings with their level, paragraphs, lists, tables, links, the title", () => {
    const html = odtToHtml("log.odt", odt());
    expect(html).toContain("<title>Keeper's log</title>");
    inOrder(html, [
      "<h1>Harbour lights</h1>",
      "<p>The lamp at Søndre Å burns paraffin.  Überprüft.</p>",
      "<ul><li><p>Trim the wick</p></li><li><p>Wind the clock</p></li></ul>",
      "<table><tr><td><p>Light</p></td>",
      "<td><p>灯台</p></td><td><p>24 nmi</p></td>",
      `<a href="https://example.org/keepers">Keepers' guild</a>`,
    ]);
  });

  it("XLSX: each sheet in order with its name; shared, inline, rich and boolean cells in their columns", () => {
    const html = xlsxToHtml("lights.xlsx", xlsx());
    inOrder(html, [
      "<h2>Lights</h2><table><tr><th>Name</th><th>Range</th><th>Lit</th></tr>",
      "<tr><td>Cap Fréhel</td><td>29</td><td>TRUE</td></tr>",
      "<tr><td>Bishop Rock</td><td></td><td>FALSE</td></tr>",
      "<h2>Crew</h2><table><tr><th></th><th>Grace Darling</th></tr>",
    ]);
  });

  it("PPTX: slides in the presentation's order, headed by their title or number", () => {
    const html = pptxToHtml("signals.pptx", pptx());
    inOrder(html, [
      "<h2>Fog signals</h2><p>Horns sound every 30 s.</p><p>Bells in calm weather.</p>",
      "<h2>Slide 2</h2><p>Questions? Fragen?</p>",
    ]);
  });

  it("EPUB: chapters in spine order, the book's title", () => {
    const html = epubToHtml("lamp.epub", epub());
    expect(html).toContain("<title>The Lamp Room</title>");
    inOrder(html, [
      "<h1>Chapter one</h1><p>Night fell on the île d'Ouessant.</p>",
      "<p>The keeper climbed 117 steps.</p>",
    ]);
  });

  it("RTF: paragraphs, bold and italic, code-page and Unicode characters, tables; no font table or info", () => {
    const html = rtfToHtml(rtf);
    inOrder(html, [
      "<p>Lighthouse <strong>keepers</strong> of Le Créac'h.</p>",
      "<p>The <em>Fresnel</em> lens — a marvel.<br>Second line.</p>",
      "<table><tr><td>Light</td><td>Range</td></tr><tr><td>Ar-Men</td><td>23 nmi</td></tr></table>",
      "<p>After the table.</p>",
    ]);
    for (const hidden of ["Times", "Secret title", "Hand 1.0", "red0"]) expect(html).not.toContain(hidden);
  });

  it("CSV: RFC 4180 quoting, the separator the first line uses, the first row as header", () => {
    expect(parseCsv(csv, ";")).toEqual([
      ["Name", "Range", "Note"],
      ["Skerryvore", "23", 'Built 1844; "tallest" in Scotland'],
      ["Smalls", "25", "Two\nlines"],
    ]);
    inOrder(csvToHtml(csv), [
      "<th>Name</th><th>Range</th><th>Note</th>",
      "<td>Built 1844; &quot;tallest&quot; in Scotland</td>",
    ]);
  });
});
