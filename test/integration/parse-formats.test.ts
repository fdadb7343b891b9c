/**
 * POST /v2/parse with ODT, RTF, XLSX, CSV, PPTX and EPUB uploads (hand-written files, test/parse-files.ts): each
 * becomes markdown holding every paragraph, cell, slide and chapter, by Content-Type, by extension, or by its
 * bytes; a broken container is a 400 naming the file, a zip bomb a 413 before anything is inflated.
 */
import { describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { API, API_KEY } from "../helpers";
import { badEpub, csv, epub, odt, pptx, rtf, xlsx, zipBomb } from "../parse-files";

async function parse(data: string | Uint8Array, name: string, type = ""): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append("options", JSON.stringify({ formats: ["markdown"] }));
  form.append("file", new Blob([data], { type }), name);
  const headers = { authorization: `Bearer ${API_KEY}` };
  const response = await exports.default.fetch(new Request(`${API}/v2/parse`, { method: "POST", headers, body: form }));
  return { status: response.status, body: await response.json() };
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("POST /v2/parse: office, spreadsheet and e-book files", () => {
  it("turns each into markdown with all of its text", async () => {
    const cases: [string | Uint8Array, string, string, string[]][] = [
      [odt(), "log.odt", "", ["# Harbour lights", "Søndre Å burns paraffin", "- Trim the wick", "| 灯台 | 24 nmi |"]],
      [
        rtf,
        "keepers.rtf",
        "application/rtf",
        ["Lighthouse **keepers** of Le Créac'h.", "*Fresnel* lens — a marvel", "| Ar-Men | 23 nmi |"],
      ],
      [
        xlsx(),
        "lights.xlsx",
        XLSX_TYPE,
        ["## Lights", "| Name | Range | Lit |", "| Cap Fréhel | 29 | TRUE |", "## Crew"],
      ],
      [
        csv,
        "lights.csv",
        "text/csv",
        ["| Name | Range | Note |", '| Skerryvore | 23 | Built 1844; "tallest" in Scotland |'],
      ],
      [pptx(), "signals.pptx", "", ["## Fog signals", "Horns sound every 30 s.", "## Slide 2"]],
      [
        epub(),
        "lamp.epub",
        "application/epub+zip",
        ["# Chapter one", "île d'Ouessant", "The keeper climbed 117 steps."],
      ],
    ];
    for (const [data, name, type, texts] of cases) {
      const { status, body } = await parse(data, name, type);
      expect(status, `${name}: ${JSON.stringify(body)}`).toBe(200);
      for (const text of texts) expect(body.data.markdown, name).toContain(text);
      expect(body.data.markdown, name).not.toContain("\ufffd");
      expect(body.data.metadata.creditsUsed).toBe(1);
    }
  });

  it("knows an ODT or EPUB by its bytes when neither type nor extension tells", async () => {
    const { status, body } = await parse(epub(), "upload", "application/octet-stream");
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.metadata.title).toBe("The Lamp Room");
    expect((await parse(odt(), "upload")).body.data.markdown).toContain("# Harbour lights");
  });

  it("refuses a broken container naming the file, and a zip bomb before inflating it", async () => {
    const broken = await parse(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "torn.xlsx", XLSX_TYPE);
    expect(broken).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(broken.body.error).toMatch(/^"torn\.xlsx" could not be read: it is not a readable zip container/);
    const escape = await parse(badEpub(), "odd.epub");
    expect(escape).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(escape.body.error).toMatch(/^"odd\.epub" could not be read: /);
    const bomb = await parse(zipBomb(), "bomb.epub", "application/epub+zip");
    expect(bomb).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    expect(bomb.body.error).toMatch(/unpacks to more than 50 MB/);
  });
});
