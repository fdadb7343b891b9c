/**
 * Markdown for the `markdown` format: the page tree through our serializer (serialize.ts), Markdown for
 * non-HTML bodies, and the removeBase64Images step.
 */
import { parseHtml } from "../dom/parse";
import { findElement } from "../dom/tree";
import { codeFenceFor } from "./code";
import { treeToMarkdown } from "./serialize";

export { treeToMarkdown };

/** Parses `html` and converts its body (or the whole fragment); for callers that hold markup, not a tree. */
export function htmlToMarkdown(html: string): string {
  const document = parseHtml(html);
  return treeToMarkdown(findElement(document, "body") ?? document);
}

const BASE64_IMAGE = /!\[((?:\\.|[^\]\\])*)\]\(\s*<?data:image\/[^)]*?;base64,[^)]*\)/gi;

/** `![alt](data:image/...;base64,...)` → `![alt](<Base64-Image-Removed>)`, keeping the alt text. */
export function removeBase64Images(markdown: string): string {
  return markdown.replace(BASE64_IMAGE, (_match, alt: string) => `![${alt}](<Base64-Image-Removed>)`);
}

/**
 * A JSON body as a fenced block. The body is kept as served (not re-formatted), as Firecrawl does, so
 * the Markdown shows exactly what the server sent.
 */
export function jsonToMarkdown(raw: string): string {
  const body = raw.replace(/^\uFEFF/, "").trim();
  const fence = codeFenceFor(body);
  return `${fence}json\n${body}\n${fence}`;
}

/**
 * A plain-text body as Markdown. The text is kept verbatim — escaping Markdown characters would corrupt
 * code, CSV or robots.txt for anyone reading it — with line endings normalised, trailing spaces dropped and
 * runs of blank lines reduced to one, so paragraphs stay paragraphs.
 */
export function textToMarkdown(raw: string): string {
  const text = raw
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    // Control characters other than tab and newline only garble the output.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "");
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+|\n+$/g, "");
}
