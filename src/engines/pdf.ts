/**
 * The PDF engine (docs/api.md, "Scrape"): text extraction with unpdf (pdf.js built for serverless runtimes), turned
 * into markdown — lines rebuilt from text positions, paragraphs from vertical gaps, headings from larger fonts.
 *
 * OCR needs an external provider, which this deployment does not have: `mode: "ocr"` is refused with a clear
 * error, `auto` keeps the text layer and warns about pages that have none, `fast` skips them silently.
 */
import type { PDFDocumentProxy } from "unpdf/pdfjs";
import { ApiError, describeError } from "../errors";
import type { ParserInput } from "../schemas/scrape";

export interface PdfParserOptions {
  mode: "fast" | "auto" | "ocr";
  maxPages?: number;
}

export interface PdfResult {
  markdown: string;
  /** Pages in the file. */
  numPages: number;
  /** Pages actually parsed (≤ maxPages). */
  pagesParsed: number;
  title?: string;
  warnings: string[];
}

/** The PDF parser settings from `parsers`, or null when PDFs are to be returned as base64 (`parsers: []`). */
export function pdfParserOptions(parsers: ParserInput[]): PdfParserOptions | null {
  const entry = parsers.find((p) => p === "pdf" || p.type === "pdf");
  if (entry === undefined) return null;
  if (entry === "pdf") return { mode: "auto" };
  return { mode: entry.mode ?? "auto", maxPages: entry.maxPages };
}

/** The fields of pdf.js text items this module reads. */
interface PositionedText {
  str: string;
  transform: number[];
  height: number;
  hasEOL?: boolean;
}

interface Line {
  text: string;
  y: number;
  size: number;
}

export async function parsePdf(bytes: Uint8Array, options: PdfParserOptions): Promise<PdfResult> {
  if (options.mode === "ocr") {
    throw new ApiError(
      "SCRAPE_PDF_OCR_REQUIRED",
      'OCR was requested (parsers: [{type: "pdf", mode: "ocr"}]) but no OCR ' +
        'provider is configured; use mode "auto" or "fast" for the text layer',
    );
  }
  // pdf.js (2.3 MB) is loaded by the first PDF, not when an isolate starts.
  const { getDocumentProxy, getMeta } = await import("unpdf");
  let pdf: PDFDocumentProxy;
  try {
    // pdf.js may detach the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (e) {
    throw new ApiError("SCRAPE_PDF_PARSE_ERROR", `The PDF could not be read: ${describeError(e)}`);
  }
  try {
    const numPages = pdf.numPages;
    const pagesParsed = Math.min(numPages, options.maxPages ?? numPages);
    const pages: Line[][] = [];
    for (let n = 1; n <= pagesParsed; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(toLines(content.items.filter((i) => "str" in i) as PositionedText[]));
      page.cleanup();
    }
    const warnings: string[] = [];
    const empty = pages.filter((lines) => lines.length === 0).length;
    if (empty > 0 && options.mode === "auto") {
      warnings.push(
        `${empty} of ${pagesParsed} PDF pages have no text layer (scanned ` +
          `images?) and OCR is not configured; they are empty.`,
      );
    }
    if (pagesParsed < numPages)
      warnings.push(`Only the first ${pagesParsed} of ${numPages} PDF pages were parsed (maxPages).`);
    let title: string | undefined;
    try {
      const meta = await getMeta(pdf);
      const info = meta.info as { Title?: unknown };
      if (typeof info.Title === "string" && info.Title.trim()) title = info.Title.trim();
    } catch {
      // metadata is optional
    }
    return { markdown: linesToMarkdown(pages), numPages, pagesParsed, title, warnings };
  } finally {
    await pdf.destroy();
  }
}

/** Groups positioned text items into lines (same baseline), top to bottom. */
function toLines(items: PositionedText[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const y = item.transform[5];
    const size = Math.abs(item.transform[3]) || item.height || 0;
    if (current && Math.abs(current.y - y) > Math.max(2, size * 0.5)) {
      lines.push(current);
      current = null;
    }
    if (!current) current = { text: "", y, size };
    current.text += item.str;
    current.size = Math.max(current.size, size);
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current) lines.push(current);
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, " ").trim() })).filter((l) => l.text.length > 0);
}

/** Paragraphs where the vertical gap is wider than a line; headings where the font is clearly larger than body text. */
function linesToMarkdown(pages: Line[][]): string {
  const sizes = pages
    .flat()
    .map((l) => l.size)
    .sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const blocks: string[] = [];
  for (const lines of pages) {
    let paragraph: string[] = [];
    let previous: Line | null = null;
    const flush = () => {
      if (paragraph.length) blocks.push(paragraph.join(" "));
      paragraph = [];
    };
    for (const line of lines) {
      const heading = body > 0 && line.size >= body * 1.3 && line.text.length < 200;
      const gap = previous ? previous.y - line.y : 0;
      if (heading) {
        flush();
        blocks.push(`${line.size >= body * 1.8 ? "#" : "##"} ${line.text}`);
        previous = line;
        continue;
      }
      if (previous && (gap > previous.size * 1.8 || gap < 0)) flush();
      paragraph.push(line.text);
      previous = line;
    }
    flush();
  }
  return blocks.join("\n\n");
}

/** Base64 of the raw file, for `parsers: []`. */
export function pdfToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
