/**
 * What an engine hands to the rest of the pipeline: the page as the target served it (or as the browser
 * rendered it), plus whatever the engine captured on the way (screenshots, action results).
 */
import type { RawBranding } from "../branding/raw";
import type { ActionResults } from "../schemas/document";
import { sniffText } from "../net/charset";

export type EngineName = "fetch" | "browser";

export interface FetchedPage {
  /** Final URL after redirects. */
  url: string;
  statusCode: number;
  /** The Content-Type header as served (may be empty). */
  contentType: string;
  /** Response headers, lower-cased names. */
  headers: Record<string, string>;
  /** The body as bytes (PDFs and other binary bodies are read from here). */
  body: Uint8Array;
  /** The body decoded as text when it is textual (HTML, JSON, text); for the browser engine, the rendered HTML. */
  text?: string;
  engine: EngineName;
  proxyUsed: "basic" | "enhanced";
  /**
   * Set by the browser engine: the stored screenshot as `artifact:<r2 key>` (or a data URL when nothing may be stored).
   */
  screenshot?: string;
  actions?: ActionResults;
  /** Set by the browser engine for the `branding` format: what the in-page script read. */
  branding?: RawBranding;
  /** Anything worth telling the caller that did not stop the scrape. */
  warnings?: string[];
}

export type PageKind = "html" | "pdf" | "json" | "text" | "xml" | "binary";

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Decides how to treat a body, by Content-Type first and by signature for the common mislabelled cases. */
export function pageKind(contentType: string, body: Uint8Array): PageKind {
  const mime = contentType.split(";")[0].trim().toLowerCase();
  const startsWithPdf = PDF_MAGIC.every((b, i) => body[i] === b);
  if (mime === "application/pdf" || startsWithPdf) return "pdf";
  if (mime === "text/html" || mime === "application/xhtml+xml") return "html";
  if (mime === "application/json" || mime.endsWith("+json")) return "json";
  if (mime === "text/xml" || mime === "application/xml" || mime.endsWith("+xml")) return "xml";
  if (mime.startsWith("text/")) return "text";
  if (!mime || mime === "application/octet-stream") {
    const head = sniffText(body, 512).trimStart().toLowerCase();
    if (head.startsWith("<!doctype html") || head.startsWith("<html") || head.includes("<body")) return "html";
    if (head.startsWith("{") || head.startsWith("[")) return "json";
  }
  return "binary";
}
