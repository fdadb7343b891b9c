/**
 * Markdown for the `markdown` format: cleaned HTML through turndown (with GFM strikethrough and task lists
 * and the rules in rules.ts), plus Markdown for non-HTML bodies and the removeBase64Images step.
 *
 * In workerd turndown resolves to its browser build, which has no HTML parser of its own, so the HTML is
 * parsed with domino and turndown is handed the <body> node. This is the slowest step of a scrape (about
 * 2 MB/s of HTML in workerd, parsing included), which is why callers hand it the cleaned HTML, never the raw
 * page.
 */
import { strikethrough, taskListItems } from "@joplin/turndown-plugin-gfm";
import { createDocument } from "@mixmark-io/domino";
import TurndownService from "turndown";
import { tidyMarkdown } from "./postprocess";
import { codeFenceFor, MARKDOWN_RULES, REMOVED_ELEMENTS } from "./rules";

let sharedService: TurndownService | null = null;

/** Built on first use and reused for the life of the isolate: building one registers every rule again. */
function markdownService(): TurndownService {
  if (sharedService === null) {
    const service = new TurndownService({
      headingStyle: "atx",
      bulletListMarker: "-",
      codeBlockStyle: "fenced",
      fence: "```",
      emDelimiter: "*",
      strongDelimiter: "**",
      hr: "---",
      linkStyle: "inlined",
      // A plain newline: the usual two-space hard break would be stripped with the other trailing spaces.
      br: "",
    });
    service.escape = escapeMarkdownText;
    service.use([strikethrough, taskListItems]);
    for (const [name, rule] of Object.entries(MARKDOWN_RULES)) service.addRule(name, rule);
    service.remove(REMOVED_ELEMENTS);
    sharedService = service;
  }
  return sharedService;
}

const ESCAPED_ANYWHERE = /[\\*`[\]_]/g;
const ESCAPED_AT_START = /^(?:-|\+ |=+|#{1,6} |~~~|>)/;
const ORDERED_MARKER_AT_START = /^(\d+)\. /;

/**
 * turndown's own escaping (so text is not read back as Markdown syntax) in three regular expressions
 * instead of its thirteen passes over every text node; about 5% of the conversion time.
 */
function escapeMarkdownText(text: string): string {
  return text
    .replace(ESCAPED_ANYWHERE, "\\$&")
    .replace(ESCAPED_AT_START, "\\$&")
    .replace(ORDERED_MARKER_AT_START, "$1\\. ");
}

/** Converts (preferably already cleaned) HTML to Markdown. */
export function htmlToMarkdown(html: string): string {
  if (html.trim() === "") return "";
  const document = createDocument(html);
  const root = document.body ?? document.documentElement;
  // turndown deep-copies its input so as not to modify the caller's DOM; this document exists only for
  // this call, so the copy (about a tenth of the conversion time) is skipped.
  Object.defineProperty(root, "cloneNode", { value: () => root });
  const markdown = markdownService().turndown(root as unknown as TurndownService.Node);
  return tidyMarkdown(markdown);
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
