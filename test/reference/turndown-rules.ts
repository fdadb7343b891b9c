/**
 * REFERENCE ONLY (see turndown.ts). The turndown rules that differ from turndown's defaults: code blocks with their
 * language, GFM tables, links and headings that stay on one line, and compact list markers.
 *
 * Tables are done here rather than with the GFM plugin's table rules because that plugin keeps any table
 * holding a list, heading or code block as raw HTML (wrapped in a Joplin-specific div) and gives tables
 * without a header row an empty one; for scraped pages a Markdown table with the first row as header reads
 * better. Layout tables (nested tables, a single cell) become plain blocks.
 */
import type { DominoElement, DominoNode } from "@mixmark-io/domino";
import type TurndownService from "turndown";
import { asElement, ELEMENT_NODE, TEXT_NODE, closestAncestor } from "./turndown-dom";
import { TABLE_RULES } from "./turndown-tables";

// ---------------------------------------------------------------------------------------------- code blocks

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([\w#+.-]+)/i;
const HIGHLIGHT_CLASS = /(?:^|\s)highlight-(?:source|text)-([\w#+.-]+)/i;
/** SyntaxHighlighter's convention, still used by documentation sites: class="brush: js". */
const BRUSH_CLASS = /(?:^|\s)brush:\s*([\w#+.-]+)/i;

/**
 * The language named on the <pre>, its <code>, or a highlighter wrapper such as GitHub's div.highlight-source-*
 * (SyntaxHighlighter's "brush: js" too).
 */
function codeLanguage(pre: DominoElement): string {
  const code = pre.firstElementChild?.nodeName === "CODE" ? pre.firstElementChild : null;
  const parent = pre.parentNode?.nodeType === ELEMENT_NODE ? (pre.parentNode as DominoElement) : null;
  for (const element of [code, pre, parent]) {
    if (element === null) continue;
    const className = element.getAttribute("class") ?? "";
    const match = LANGUAGE_CLASS.exec(className) ?? HIGHLIGHT_CLASS.exec(className) ?? BRUSH_CLASS.exec(className);
    if (match) return match[1].toLowerCase();
    const declared = element.getAttribute("data-lang") ?? element.getAttribute("data-language");
    if (declared && /^[\w#+.-]+$/.test(declared.trim())) return declared.trim().toLowerCase();
  }
  return "";
}

const LINE_LIKE_ELEMENTS = new Set(["DIV", "P", "LI", "TR"]);

/** The code as displayed: <br> and per-line wrapper elements (used by some highlighters) become newlines. */
function codeText(node: DominoNode): string {
  let text = "";
  const visit = (current: DominoNode): void => {
    for (const child of Array.from(current.childNodes)) {
      if (child.nodeType === TEXT_NODE) text += child.textContent ?? "";
      else if (child.nodeName === "BR") text += "\n";
      else if (child.nodeType === ELEMENT_NODE) {
        visit(child);
        if (LINE_LIKE_ELEMENTS.has(child.nodeName) && !text.endsWith("\n")) text += "\n";
      }
    }
  };
  visit(node);
  return text;
}

/** A backtick fence longer than any backtick run in `content`, so the content cannot close it early. */
export function codeFenceFor(content: string): string {
  let longestRun = 0;
  for (const run of content.match(/`+/g) ?? []) longestRun = Math.max(longestRun, run.length);
  return "`".repeat(Math.max(3, longestRun + 1));
}

const fencedCodeBlock: TurndownService.Rule = {
  filter: (node) => node.nodeName === "PRE",
  replacement(_content, node) {
    const pre = asElement(node);
    const code = codeText(pre)
      .replace(/^(?:[ \t]*\n)+/, "")
      .replace(/\s+$/, "");
    if (code === "") return "";
    const fence = codeFenceFor(code);
    return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
  },
};

// ---------------------------------------------------------------------------------------- links, headings

const SKIP_LINK_TEXT = /^skip (?:to|navigation|nav)\b/i;
/** A heading's link to itself ("§", "¶", "#"): dropped by the serializer on purpose, and so here too. */
const PERMALINK_TEXT = /^(?:[§¶#🔗⚓]|\\#)$/u;

function linkDestination(href: string): string {
  const escaped = href.replace(/([()<>])/g, "\\$1");
  return /\s/.test(escaped) ? `<${escaped}>` : escaped;
}

/** `(url "title")` of a link, or null where the anchor leads nowhere (no href, an empty or a javascript: one). */
function linkTarget(anchor: DominoElement): string | null {
  const href = (anchor.getAttribute("href") ?? "").trim();
  if (href === "" || /^javascript:/i.test(href)) return null;
  const title = (anchor.getAttribute("title") ?? "").replace(/\s+/g, " ").trim();
  const titlePart = title ? ` "${title.replace(/"/g, '\\"')}"` : "";
  return `(${linkDestination(href)}${titlePart})`;
}

/** Links a heading inside them has taken over (a card linked as a whole, as the serializer renders it). */
const linksGivenToHeadings = new WeakSet<DominoElement>();

const inlineLink: TurndownService.Rule = {
  filter: (node) => node.nodeName === "A" && node.getAttribute("href") !== null,
  replacement(content, node) {
    const anchor = asElement(node);
    // A Markdown link cannot span a blank line; a hard break (backslash newline) keeps multi-line text inside it.
    const text = content.trim().replace(/[ \t]*\n\s*/g, "\\\n");
    if (text === "") return "";
    const target = linkTarget(anchor);
    if (target === null) return content;
    const href = (anchor.getAttribute("href") ?? "").trim();
    if (href.includes("#") && SKIP_LINK_TEXT.test(text)) return "";
    if (href.startsWith("#") && PERMALINK_TEXT.test(text)) return "";
    if (linksGivenToHeadings.has(anchor)) return `\n\n${content.trim()}\n\n`;
    return `[${text}]${target}`;
  },
};

const heading: TurndownService.Rule = {
  filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
  replacement(content, node) {
    const text = content.replace(/\s*\n\s*/g, " ").trim();
    if (text === "") return "";
    const marker = "#".repeat(Number(node.nodeName.charAt(1)));
    // A heading inside a link (a card's title) takes the link over.
    const anchor = closestAncestor(asElement(node), "A");
    const target = anchor !== null ? linkTarget(anchor) : null;
    if (target === null) return `\n\n${marker} ${text}\n\n`;
    linksGivenToHeadings.add(anchor!);
    return `\n\n${marker} [${text}]${target}\n\n`;
  },
};

// ---------------------------------------------------------------------------------------------------- lists

const listItem: TurndownService.Rule = {
  filter: "li",
  replacement(content, node) {
    const item = asElement(node);
    const list = item.parentNode as DominoElement | null;
    let marker = "- ";
    if (list?.nodeName === "OL") {
      const start = (list.getAttribute("start") ?? "").trim();
      const first = /^-?\d+$/.test(start) ? Number(start) : 1;
      marker = `${first + Array.prototype.indexOf.call(list.children, item)}. `;
    }
    const endsWithParagraph = /\n$/.test(content);
    const body = content.replace(/^\n+/, "").replace(/\n+$/, "") + (endsWithParagraph ? "\n" : "");
    const indented = body.replace(/\n/g, `\n${" ".repeat(marker.length)}`);
    return marker + indented + (item.nextSibling ? "\n" : "");
  },
};

/** Rules in the order they are added; turndown gives later-added rules precedence. */
export const MARKDOWN_RULES: Record<string, TurndownService.Rule> = {
  ...TABLE_RULES,
  fencedCodeBlock,
  inlineLink,
  heading,
  listItem,
};

// prettier-ignore
const NON_CONTENT_ELEMENTS = new Set([
  "SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "TITLE", "META", "LINK", "SVG", "CANVAS",
]);

/** Elements whose content never belongs in Markdown, in case the HTML was not cleaned first. */
export const REMOVED_ELEMENTS: TurndownService.Filter = (node) => NON_CONTENT_ELEMENTS.has(node.nodeName.toUpperCase());
