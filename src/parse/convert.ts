/**
 * An uploaded file as the scrape pipeline's input (a FetchedPage), so parse reuses the document→formats stage:
 * HTML as it is, PDF through the pipeline's PDF path (unpdf), DOCX turned into HTML by mammoth first; ODT, RTF,
 * XLSX, CSV, PPTX and EPUB turned into HTML by ./formats/ (fflate for the zip containers); plain text and
 * markdown as text. Each converter is loaded by the first file that needs it. The type comes from the part's
 * Content-Type, else the file name's extension, else the bytes' signature; anything else is 415 naming the
 * accepted types.
 */
import { Buffer } from "node:buffer";
import { ApiError, describeError } from "../errors";
import type { FetchedPage } from "../engines/types";
import { decodeDocument } from "../net/charset";
import { htmlPage } from "./formats/xml";

export const ACCEPTED_TYPES =
  "HTML (.html, .htm), PDF (.pdf), Word (.docx), OpenDocument text (.odt), RTF (.rtf), Excel (.xlsx), CSV (.csv), " +
  "PowerPoint (.pptx), EPUB (.epub), text (.txt) and markdown (.md)";

type FileKind = "html" | "pdf" | "docx" | "text" | "odt" | "rtf" | "xlsx" | "csv" | "pptx" | "epub";

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const BY_MIME: Record<string, FileKind> = {
  "text/html": "html",
  "application/xhtml+xml": "html",
  "application/pdf": "pdf",
  [DOCX_MIME]: "docx",
  "text/plain": "text",
  "text/markdown": "text",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/rtf": "rtf",
  "text/rtf": "rtf",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/csv": "csv",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/epub+zip": "epub",
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
  odt: "odt",
  rtf: "rtf",
  xlsx: "xlsx",
  csv: "csv",
  pptx: "pptx",
  epub: "epub",
};

function kindOf(filename: string, contentType: string, bytes: Uint8Array): FileKind | null {
  const mime = contentType.split(";")[0].trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? "";
  // A generic or text/plain type (what the SDK sends for strings and untyped buffers) yields to the extension.
  if (BY_MIME[mime] && mime !== "text/plain") return BY_MIME[mime];
  if (BY_EXTENSION[extension]) return BY_EXTENSION[extension];
  return BY_MIME[mime] ?? sniff(bytes);
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** A type told by the bytes: PDF, RTF, and OpenDocument or EPUB zips (their first entry, `mimetype`, names it). */
function sniff(bytes: Uint8Array): FileKind | null {
  if (ascii(bytes, 0, 4) === "%PDF") return "pdf";
  if (ascii(bytes, 0, 5) === "{\\rtf") return "rtf";
  if (ascii(bytes, 0, 4) === "PK\x03\x04" && ascii(bytes, 30, 38) === "mimetype") {
    const declared = ascii(bytes, 38, 38 + 60);
    if (declared.startsWith("application/epub+zip")) return "epub";
    if (declared.startsWith("application/vnd.oasis.opendocument.text")) return "odt";
  }
  return null;
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
  if (kind !== "html" && kind !== "text")
    return page("text/html; charset=utf-8", await convert(kind, filename, contentType, bytes));
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
    return htmlPage(value);
  } catch (e) {
    throw new ApiError(
      "BAD_REQUEST",
      `"${filename}" could not be read as a Word document (.docx): ${describeError(e)}`,
      [{ path: ["file"], message: "not a readable .docx file", code: "custom" }],
    );
  }
}

/** The converters of ./formats/, each loaded by the first file of its kind. */
async function convert(
  kind: Exclude<FileKind, "html" | "text" | "pdf" | "docx">,
  filename: string,
  contentType: string,
  bytes: Uint8Array,
): Promise<string> {
  try {
    return await converted(kind, filename, contentType, bytes);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    // What a converter did not foresee in a malformed file is still the file's fault: a 400 naming it.
    throw new ApiError("BAD_REQUEST", `"${filename}" could not be read: ${describeError(e)}`, [
      { path: ["file"], message: "not a readable file of its type", code: "custom" },
    ]);
  }
}

async function converted(
  kind: Exclude<FileKind, "html" | "text" | "pdf" | "docx">,
  filename: string,
  contentType: string,
  bytes: Uint8Array,
): Promise<string> {
  const decoded = () => decodeDocument(bytes, contentType, "text").text;
  switch (kind) {
    case "odt":
      return (await import("./formats/odt")).odtToHtml(filename, bytes);
    case "xlsx":
      return (await import("./formats/xlsx")).xlsxToHtml(filename, bytes);
    case "pptx":
      return (await import("./formats/pptx")).pptxToHtml(filename, bytes);
    case "epub":
      return (await import("./formats/epub")).epubToHtml(filename, bytes);
    case "csv":
      return (await import("./formats/csv")).csvToHtml(decoded());
    case "rtf":
      // RTF is 7-bit text; its own escapes carry every other character.
      return (await import("./formats/rtf")).rtfToHtml(new TextDecoder("latin1").decode(bytes));
  }
}
