/**
 * An uploaded file as the scrape pipeline's input (a FetchedPage), so parse reuses the document→formats stage:
 * HTML as it is, PDF through the pipeline's PDF path (unpdf), DOCX turned into HTML by mammoth first, plain text
 * and markdown as text. The type comes from the part's Content-Type, else the file name's extension, else the
 * bytes' signature; anything else is 415 naming the accepted types.
 */
import { Buffer } from "node:buffer";
import { ApiError, describeError } from "../errors";
import type { FetchedPage } from "../engines/types";
import { decodeDocument } from "../net/charset";

export const ACCEPTED_TYPES = "HTML (.html, .htm), PDF (.pdf), Word (.docx), text (.txt) and markdown (.md)";

type FileKind = "html" | "pdf" | "docx" | "text";

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const BY_MIME: Record<string, FileKind> = {
  "text/html": "html",
  "application/xhtml+xml": "html",
  "application/pdf": "pdf",
  [DOCX_MIME]: "docx",
  "text/plain": "text",
  "text/markdown": "text",
};
const BY_EXTENSION: Record<string, FileKind> = {
  html: "html",
  htm: "html",
  xhtml: "html",
  pdf: "pdf",
  docx: "docx",
  txt: "text",
  md: "text",
  markdown: "text",
};

function kindOf(filename: string, contentType: string, bytes: Uint8Array): FileKind | null {
  const mime = contentType.split(";")[0].trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? "";
  // A generic or text/plain type (what the SDK sends for strings and untyped buffers) yields to the extension.
  if (BY_MIME[mime] && mime !== "text/plain") return BY_MIME[mime];
  if (BY_EXTENSION[extension]) return BY_EXTENSION[extension];
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return "pdf";
  return BY_MIME[mime] ?? null;
}

/** The file as the page the pipeline converts; `url` is `file:///<file name>`. */
export async function fileAsPage(filename: string, contentType: string, bytes: Uint8Array): Promise<FetchedPage> {
  const kind = kindOf(filename, contentType, bytes);
  if (!kind) {
    throw new ApiError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Unsupported file type${contentType ? ` "${contentType}"` : ""} ` +
        `for "${filename}": parse accepts ${ACCEPTED_TYPES}`,
    );
  }
  const page = (type: string, text?: string): FetchedPage => ({
    url: `file:///${encodeURIComponent(filename)}`,
    statusCode: 200,
    contentType: type,
    headers: {},
    body: bytes,
    text,
    engine: "fetch",
    proxyUsed: "basic",
  });
  if (kind === "pdf") return page("application/pdf");
  if (kind === "docx") return page("text/html; charset=utf-8", await docxToHtml(filename, bytes));
  const text = decodeDocument(bytes, contentType, kind === "html" ? "html" : "text").text;
  return kind === "html" ? page("text/html; charset=utf-8", text) : page("text/plain; charset=utf-8", text);
}

async function docxToHtml(filename: string, bytes: Uint8Array): Promise<string> {
  try {
    // mammoth's Node build reads `buffer`, its browser build (chosen by bundlers that prefer "browser") `arrayBuffer`.
    const input = { arrayBuffer: bytes.slice().buffer as ArrayBuffer, buffer: Buffer.from(bytes) };
    // mammoth is loaded by the first Word document, not when an isolate starts.
    const { default: mammoth } = await import("mammoth");
    const { value } = await mammoth.convertToHtml(input);
    return `<!doctype html><html><head><meta charset="utf-8"></head><body><main>${value}</main></body></html>`;
  } catch (e) {
    throw new ApiError(
      "BAD_REQUEST",
      `"${filename}" could not be read as a Word document (.docx): ${describeError(e)}`,
      [{ path: ["file"], message: "not a readable .docx file", code: "custom" }],
    );
  }
}
