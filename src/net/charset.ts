/**
 * Decoding a fetched document's bytes to text in the encoding it is written in, in the order browsers decide it
 * (the HTML standard's "determining the character encoding"), for pages, sitemaps and feeds alike:
 *
 * 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) — it wins over any declaration;
 * 2. the Content-Type header's `charset`, when it names an encoding (quoted or not; any label of the Encoding
 *    Standard, such as `latin1` or `ANSI_X3.4-1968`); an unknown label is passed over, not trusted;
 * 3. what the document declares in its first bytes: a `<meta charset>` or `<meta http-equiv="Content-Type">` of an
 *    HTML page (comments skipped; a UTF-16 label there means UTF-8, as a page read as ASCII cannot be UTF-16), or an
 *    XML declaration's `encoding` of a sitemap, feed or other XML document;
 * 4. with no declaration: UTF-16 when the bytes show its pattern (every other byte 0 in markup), else UTF-8 when the
 *    bytes are valid UTF-8 (so is ASCII), else the legacy encoding the bytes' statistics point to (`chardet`, ICU's
 *    detector: Shift_JIS, EUC-JP, GB18030, Big5, EUC-KR, the ISO-8859 and windows code pages, KOI8-R), else
 *    windows-1252, the web's default.
 */
import { analyse } from "chardet";

export type CharsetSource = "bom" | "header" | "declaration" | "pattern" | "utf-8" | "detected" | "default";

export interface DecodedDocument {
  text: string;
  /** The encoding's WHATWG name, as TextDecoder reports it ("utf-8", "shift_jis", "windows-1252"). */
  encoding: string;
  /** What decided it. */
  source: CharsetSource;
}

/** How far into the document a declaration is looked for (the standard says 1,024 bytes; pages put more first). */
const PRESCAN_BYTES = 4096;
/** How much of the text outside markup the detector reads. */
const DETECT_BYTES = 64 * 1024;
/** How much of the start is read for UTF-16's pattern of zero bytes. */
const PATTERN_BYTES = 512;

/** The encoding a label names (TextDecoder's name), or null when the label names none this runtime decodes. */
export function encodingFor(label: string | undefined): string | null {
  if (!label) return null;
  try {
    const encoding = new TextDecoder(label.trim()).encoding;
    // "replacement" (ISO-2022-KR and the like) decodes every document to one U+FFFD: not worth trusting.
    if (encoding === "replacement") return null;
    // x-user-defined is a 1990s font hack; the standard reads it as windows-1252 in a declaration.
    return encoding === "x-user-defined" ? "windows-1252" : encoding;
  } catch {
    return null;
  }
}

/** The byte-order mark's encoding, or null. */
function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

/** The `charset` parameter of a Content-Type value, without its quotes. */
export function headerCharset(contentType: string): string | undefined {
  const m = /;\s*charset\s*=\s*("[^"]*"|'[^']*'|[^;\s]*)/i.exec(contentType);
  return m ? m[1].replace(/^["']|["']$/g, "") : undefined;
}

/**
 * The encoding an HTML page's meta elements declare, from its first bytes read as ASCII: `<meta charset=…>`, or
 * `<meta http-equiv="content-type" content="…; charset=…">`. Comments are skipped; the first meta naming a known
 * encoding wins.
 */
function metaEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder("windows-1252")
    .decode(bytes.subarray(0, PRESCAN_BYTES))
    .replace(/<!--[\s\S]*?(-->|$)/g, "");
  for (const tag of head.matchAll(/<meta\b([^>]*)>?/gi)) {
    const attrs = attributes(tag[1]);
    let label = attrs.get("charset");
    if (label === undefined && attrs.get("http-equiv")?.toLowerCase() === "content-type")
      label = contentCharset(attrs.get("content") ?? "");
    const encoding = encodingFor(label);
    if (encoding === null) continue;
    // A page whose meta could be read as ASCII is not UTF-16, whatever it says.
    return encoding.startsWith("utf-16") ? "utf-8" : encoding;
  }
  return null;
}

/** A tag's attributes (lower-cased names, the first of each name), as the standard's prescan reads them. */
function attributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(/([^\s/>"'=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]*))?/g)) {
    const name = m[1].toLowerCase();
    if (!attrs.has(name)) attrs.set(name, (m[2] ?? "").replace(/^["']|["']$/g, ""));
  }
  return attrs;
}

/** The charset a meta element's `content` names ("text/html; charset=iso-8859-2"), as the standard extracts it. */
function contentCharset(content: string): string | undefined {
  const m = /charset\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s;"']+))/i.exec(content);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The `encoding` of an XML declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`) at the document's start. */
function xmlDeclarationEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder("windows-1252").decode(bytes.subarray(0, 256));
  const m = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']+)["']/.exec(head);
  const encoding = encodingFor(m?.[1]);
  return encoding?.startsWith("utf-16") ? "utf-8" : encoding;
}

/**
 * UTF-16 without a mark or declaration, by its pattern: markup is ASCII, so in UTF-16LE nearly every odd byte is 0
 * and no even one (the reverse in UTF-16BE), a pattern no 8-bit encoding makes.
 */
function utf16Pattern(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, PATTERN_BYTES) & ~1;
  if (n < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > 0.4 * pairs && evenZeros < 0.05 * pairs) return "utf-16le";
  if (evenZeros > 0.4 * pairs && oddZeros < 0.05 * pairs) return "utf-16be";
  return null;
}

/** The text when the bytes are valid UTF-8 (a sequence cut off at the very end, as by a size limit, is allowed). */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

/**
 * The legacy encoding the bytes of the text outside markup point to, by ICU's detector; null when none decodes here.
 */
function detectedEncoding(bytes: Uint8Array, markup: boolean): string | null {
  let sample = bytes.subarray(0, markup ? 4 * DETECT_BYTES : DETECT_BYTES);
  if (markup) sample = outsideTags(sample).subarray(0, DETECT_BYTES);
  for (const match of analyse(sample)) {
    const encoding = encodingFor(match.name);
    if (encoding !== null && encoding !== "utf-8" && !encoding.startsWith("utf-16")) return encoding;
  }
  return null;
}

/** The bytes outside `<…>` tags (a tag's ASCII names and attributes would only dilute the statistics). */
function outsideTags(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  let inTag = false;
  for (const b of bytes) {
    if (b === 0x3c) inTag = true;
    else if (b === 0x3e && inTag) inTag = false;
    else if (!inTag) out[n++] = b;
  }
  return out.subarray(0, n);
}

/**
 * Decodes a document. `kind` says which declaration it may carry: an HTML page's meta elements, or an XML
 * document's declaration; other text (JSON, plain text) has none.
 */
export function decodeDocument(bytes: Uint8Array, contentType: string, kind: "html" | "xml" | "text"): DecodedDocument {
  const decoded = (encoding: string, source: CharsetSource): DecodedDocument => ({
    text: new TextDecoder(encoding).decode(bytes),
    encoding,
    source,
  });
  const bom = bomEncoding(bytes);
  if (bom !== null) return decoded(bom, "bom");
  const header = encodingFor(headerCharset(contentType));
  if (header !== null) return decoded(header, "header");
  const declared = kind === "html" ? metaEncoding(bytes) : kind === "xml" ? xmlDeclarationEncoding(bytes) : null;
  if (declared !== null) return decoded(declared, "declaration");
  const pattern = utf16Pattern(bytes);
  if (pattern !== null) return decoded(pattern, "pattern");
  const utf8 = strictUtf8(bytes);
  if (utf8 !== null) return { text: utf8, encoding: "utf-8", source: "utf-8" };
  const detected = detectedEncoding(bytes, kind !== "text");
  return detected !== null ? decoded(detected, "detected") : decoded("windows-1252", "default");
}

/** The first bytes of a body as text, for sniffing what it is: by its byte-order mark, else as UTF-8. */
export function sniffText(bytes: Uint8Array, length: number): string {
  return new TextDecoder(bomEncoding(bytes) ?? utf16Pattern(bytes) ?? "utf-8").decode(bytes.subarray(0, length));
}
