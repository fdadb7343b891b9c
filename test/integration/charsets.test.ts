/**
 * Pages in their own encodings (test/fixtures/charset-pages.mjs: windows-1252, ISO-8859-2, Shift_JIS, UTF-16LE/BE,
 * UTF-8 behind a byte-order mark), served with each kind of declaration and with none, scraped on the fetch engine:
 * every page's title and paragraphs come back as written, and no character becomes U+FFFD.
 */
import { describe, expect, it } from "vitest";
import { CHARSET_PAGES } from "../fixtures/charset-pages.mjs";
import { callJson, fixture } from "../helpers";

type PageName = keyof typeof CHARSET_PAGES;
const LEGACY: PageName[] = ["french-1252", "german-1252", "polish-8859-2", "czech-8859-2", "japanese-sjis"];
const DECLARED = ["header", "header-quoted", "meta", "http-equiv", "unknown-header"];

const cases: [PageName, string][] = [
  ...LEGACY.flatMap((page) => [...DECLARED, "none"].map((declaration): [PageName, string] => [page, declaration])),
  ...(["mixed-utf16le", "mixed-utf16be"] as PageName[]).flatMap((page) =>
    ["header", "bom", "bom-over-header", "none"].map((d): [PageName, string] => [page, d]),
  ),
  ["mixed-utf8", "bom"],
  ["mixed-utf8", "bom-over-header"],
  ["mixed-utf8", "none"],
];

describe("pages in their own encodings", () => {
  it.each(cases)("%s declared by %s decodes to its text", async (name, declaration) => {
    const page = CHARSET_PAGES[name];
    const { status, body } = await callJson("POST", "/v2/scrape", {
      url: fixture(`/charset/${name}/${declaration}`),
      formats: ["markdown", "html"],
    });
    expect(status).toBe(200);
    const { markdown, html, metadata } = body.data;
    expect(metadata.title).toBe(page.title);
    expect(markdown).toContain(`# ${page.title}`);
    for (const paragraph of page.paragraphs) expect(markdown).toContain(paragraph);
    expect(markdown).not.toContain("\uFFFD");
    expect(html).not.toContain("\uFFFD");
    // The navigation is still recognised as such: the page was parsed as HTML, not as a run of odd characters.
    expect(markdown).not.toContain("Home");
  });
});
