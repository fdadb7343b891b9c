/**
 * The official SDK's parse() against `npm start` with the file types added to HTML, PDF and DOCX (hand-written
 * files from test/parse-files.ts; HTML, PDF and DOCX are in sdk-surface.test.ts).
 */
import Firecrawl from "@mendable/firecrawl-js";
import { expect, inject, it } from "vitest";
import { csv, epub, odt, pptx, rtf, xlsx } from "../parse-files";

const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl: inject("e2eApiUrl") });

it("parse() reads XLSX, EPUB, ODT, PPTX, RTF and CSV files into markdown", async () => {
  const sheet = await client.parse({ data: xlsx(), filename: "lights.xlsx" }, { formats: ["markdown"] });
  expect(sheet.markdown).toContain("| Cap Fréhel | 29 | TRUE |");
  const book = await client.parse({ data: epub(), filename: "lamp.epub" }, { formats: ["markdown", "summary"] });
  expect(book.markdown).toContain("# Chapter one");
  expect(book.metadata?.title).toBe("The Lamp Room");
  expect(book.summary).toBe("Summary: Chapter one"); // the fixture site's fake model: its first heading
  const texts: [Uint8Array | string, string, string][] = [
    [odt(), "log.odt", "| 灯台 | 24 nmi |"],
    [pptx(), "signals.pptx", "## Fog signals"],
    [rtf, "keepers.rtf", "Lighthouse **keepers** of Le Créac'h."],
    [csv, "lights.csv", "| Smalls | 25 |"],
  ];
  for (const [data, filename, text] of texts) {
    const doc = await client.parse({ data, filename });
    expect(doc.markdown, filename).toContain(text);
  }
});
