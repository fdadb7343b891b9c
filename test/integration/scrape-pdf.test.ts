/**
 * POST /v2/scrape of PDF documents through the HTTP API: text to markdown, pages billed, maxPages, base64 and OCR.
 */
import { describe, expect, it } from "vitest";
import { callJson, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);

describe("PDF documents", () => {
  it("parses the text into markdown and bills per page", async () => {
    const { status, body } = await scrape({ url: unique("/doc.pdf") });
    expect(status).toBe(200);
    const { markdown, metadata } = body.data;
    expect(markdown).toContain("Quarterly Report");
    expect(markdown).toContain("revenue grew by twelve percent");
    expect(markdown).toContain("lighthouse keeper who counted ships");
    expect(markdown).toContain("zephyr");
    expect(markdown.indexOf("Quarterly Report")).toBeLessThan(markdown.indexOf("zephyr"));
    expect(metadata).toMatchObject({
      numPages: 3,
      engine: "pdf",
      creditsUsed: 3,
      contentType: "application/pdf",
      title: "Edgecrawl PDF Fixture",
    });
  });

  it("honours maxPages", async () => {
    const { body } = await scrape({ url: unique("/doc.pdf"), parsers: [{ type: "pdf", maxPages: 1 }] });
    expect(body.data.markdown).toContain("Quarterly Report");
    expect(body.data.markdown).not.toContain("zephyr");
    expect(body.data.metadata).toMatchObject({ numPages: 3, creditsUsed: 1 });
    expect(body.data.warning).toContain("first 1 of 3");
  });

  it("returns base64 for parsers: [] at a flat 1 credit", async () => {
    const { body } = await scrape({ url: unique("/doc.pdf"), parsers: [] });
    expect(body.data.markdown).toMatch(/^data:application\/pdf;base64,JVBERi0/);
    expect(body.data.metadata.creditsUsed).toBe(1);
  });

  it("refuses OCR without an OCR provider, and warns about image-only pages in auto mode", async () => {
    const ocr = await scrape({ url: unique("/doc.pdf"), parsers: [{ type: "pdf", mode: "ocr" }] });
    expect(ocr.status).toBe(500);
    expect(ocr.body.code).toBe("SCRAPE_PDF_OCR_REQUIRED");
    const scan = await scrape({ url: unique("/scan.pdf") });
    expect(scan.status).toBe(200);
    expect(scan.body.data.warning).toMatch(/no text layer/);
  });

  it("refuses actions on a PDF with 400 SCRAPE_ACTIONS_NOT_SUPPORTED", async () => {
    const { status, body } = await scrape({ url: unique("/doc.pdf"), actions: [{ type: "wait", milliseconds: 10 }] });
    expect(status).toBe(400);
    expect(body.code).toBe("SCRAPE_ACTIONS_NOT_SUPPORTED");
  });
});
