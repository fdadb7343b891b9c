/**
 * REFERENCE ONLY: the previous HTML → Markdown converter, cleaned HTML through turndown (with GFM strikethrough
 * and task lists and the rules in turndown-rules.ts). The parity tests hold src/markdown's serializer to its
 * output, and `npm run bench` prints it as "before". Not part of the Worker.
 *
 * In workerd turndown resolves to its browser build, which has no HTML parser of its own, so the HTML is
 * parsed with domino and turndown is handed the <body> node. This is the slowest step of a scrape (about
 * 2 MB/s of HTML in workerd, parsing included), which is why callers hand it the cleaned HTML, never the raw
 * page.
 */
import { strikethrough, taskListItems } from "@joplin/turndown-plugin-gfm";
import { createDocument } from "@mixmark-io/domino";
import TurndownService from "turndown";
import { tidyMarkdown } from "../../src/markdown/postprocess";
import { MARKDOWN_RULES, REMOVED_ELEMENTS } from "./turndown-rules";

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
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/**
 * An underscore between two letters or digits: left unescaped by the serializer on purpose (escape.ts), and so here.
 */
const intraword = (character: string, offset: number, text: string) =>
  character === "_" &&
  offset > 0 &&
  WORD_CHARACTER.test(text[offset - 1]) &&
  WORD_CHARACTER.test(text[offset + 1] ?? "");
const ESCAPED_AT_START = /^(?:-|\+ |=+|#{1,6} |~~~|>)/;
const ORDERED_MARKER_AT_START = /^(\d+)\. /;

/**
 * turndown's own escaping (so text is not read back as Markdown syntax) in three regular expressions
 * instead of its thirteen passes over every text node; about 5% of the conversion time.
 */
function escapeMarkdownText(text: string): string {
  return text
    .replace(ESCAPED_ANYWHERE, (character: string, offset: number, all: string) =>
      intraword(character, offset, all) ? character : `\\${character}`,
    )
    .replace(ESCAPED_AT_START, "\\$&")
    .replace(ORDERED_MARKER_AT_START, "$1\\. ");
}

interface TextLike {
  nodeType: number;
  data?: string;
  childNodes?: ArrayLike<TextLike>;
}

/**
 * The serializer's one departure from turndown in text, made here too so that everything else is still compared:
 * no-break spaces are ordinary spaces (src/markdown/view.ts says why).
 */
function writeNoBreakSpacesAsSpaces(node: TextLike): void {
  if (node.nodeType === 3 && node.data !== undefined) node.data = node.data.replace(/[\u00a0\u202f]/g, " ");
  const children = node.childNodes;
  if (children) for (let i = 0; i < children.length; i++) writeNoBreakSpacesAsSpaces(children[i]);
}

/** Converts (preferably already cleaned) HTML to Markdown. */
export function htmlToMarkdown(html: string): string {
  if (html.trim() === "") return "";
  const document = createDocument(html);
  const root = document.body ?? document.documentElement;
  // turndown deep-copies its input so as not to modify the caller's DOM; this document exists only for
  // this call, so the copy (about a tenth of the conversion time) is skipped.
  Object.defineProperty(root, "cloneNode", { value: () => root });
  writeNoBreakSpacesAsSpaces(root);
  const markdown = markdownService().turndown(root as unknown as TurndownService.Node);
  return tidyMarkdown(markdown);
}
