/**
 * Page tree → Markdown: our own serializer over the shared page tree (src/dom), producing what turndown with
 * our rules produced (turndown stays the reference in the parity tests), at a fraction of its cost: no DOM,
 * no textContent re-reads, one pass over a prepared copy (view.ts).
 *
 * The walk is turndown's: each element's children are rendered and joined (the join keeps at most two
 * newlines between blocks), the element's rule wraps that content, and inline elements give back the
 * whitespace at their edges that the rule trimmed away. Rules are chosen in turndown's order of precedence:
 * blank elements first, then our rules (lists, headings, links, code blocks, tables), then task-list
 * checkboxes, strikethrough and the CommonMark rules, then elements that never render.
 */
import { trimEndOf } from "../text/trim";
import type { ElementNode } from "../dom/tree";
import { fencedCodeBlock, inlineCode } from "./code";
import { escapeMarkdownText } from "./escape";
import { image, link, linkTarget } from "./link-syntax";
import { tidyMarkdown } from "./postprocess";
import { table, tableCell, tableRow } from "./tables";
import { buildView, closest, elementsOf, type MdElement } from "./view";

/** Converts the subtree under `root` (its children; the root's own tag is not rendered) to Markdown. */
export function treeToMarkdown(root: ElementNode): string {
  const view = buildView(root);
  const markdown = renderChildren(view, false);
  return tidyMarkdown(trimStartNewlines(markdown).trimEnd());
}

function trimStartNewlines(text: string): string {
  let start = 0;
  while (start < text.length && (text[start] === "\n" || text[start] === "\r" || text[start] === "\t")) start++;
  return text.slice(start);
}

/**
 * turndown's join: the output keeps the larger of the newline runs on either side of the seam, at most two.
 * The parts array holds the trailing newlines in its last entry, so no step rescans the whole output.
 */
function join(parts: string[], replacement: string): void {
  const tail = parts.pop() ?? "";
  let tailEnd = tail.length;
  while (tailEnd > 0 && tail.charCodeAt(tailEnd - 1) === 10) tailEnd--;
  let headStart = 0;
  while (headStart < replacement.length && replacement.charCodeAt(headStart) === 10) headStart++;
  const newlines = Math.min(2, Math.max(tail.length - tailEnd, headStart));
  if (tailEnd > 0) parts.push(tailEnd === tail.length ? tail : tail.slice(0, tailEnd));
  if (newlines > 0) parts.push(newlines === 1 ? "\n" : "\n\n");
  if (headStart < replacement.length) parts.push(headStart === 0 ? replacement : replacement.slice(headStart));
}

function renderChildren(element: MdElement, inCode: boolean): string {
  const parts: string[] = [];
  renderChildrenInto(parts, element, inCode);
  return parts.join("");
}

function renderChildrenInto(parts: string[], element: MdElement, inCode: boolean): void {
  for (const child of element.children) {
    if (child.kind === 3) join(parts, inCode ? child.data : escapeMarkdownText(child.data));
    else if (child.block && BLANK_LINE_RULES.has(ruleFor(child)))
      spliceBlock(parts, child, inCode || child.name === "code");
    else join(parts, renderElement(child, inCode || child.name === "code"));
  }
}

/**
 * What `join(parts, "\n\n" + content + "\n\n")` leaves in `parts` for a block whose rule only sets its content
 * between blank lines (a <div>, a <p>), without first building that content as a string of its own: nested
 * wrappers would otherwise copy the same text once per level. The children are joined straight after the opening
 * blank line (join keeps it at two newlines, as it would the content's own leading ones), and the closing blank
 * line goes onto the last part, where the original's trailing newlines would be.
 */
function spliceBlock(parts: string[], element: MdElement, inCode: boolean): void {
  join(parts, "\n\n");
  const opened = parts.length;
  renderChildrenInto(parts, element, inCode);
  if (parts.length > opened) parts[parts.length - 1] += "\n\n";
}

type Rule = (content: string, element: MdElement) => string;

function renderElement(element: MdElement, inCode: boolean): string {
  const rule = ruleFor(element);
  let content = CONTENT_FREE_RULES.has(rule) ? "" : renderChildren(element, inCode);
  if (element.block) return rule(content, element);
  const [leading, trailing] = flankingWhitespace(element);
  if (leading || trailing) content = content.trim();
  return leading + rule(content, element) + trailing;
}

const ASCII_WHITESPACE_PREFIX = /^[ \t\r\n]*/;

/**
 * Whitespace at the edges of an inline element's text moves outside its Markdown (`**bold** text`, not
 * `**bold **text`), unless the neighbouring text already has a space there.
 */
function flankingWhitespace(element: MdElement): [string, string] {
  let leading = element.leading;
  let trailing = element.allWhitespace ? "" : element.trailing;
  if (leading !== "") {
    const ascii = ASCII_WHITESPACE_PREFIX.exec(leading)![0];
    if (ascii !== "" && flankedBySpace(element, -1)) leading = leading.slice(ascii.length);
  }
  if (trailing !== "") {
    const kept = trimEndOf(trailing, " \t\r\n");
    if (kept !== trailing && flankedBySpace(element, 1)) trailing = kept;
  }
  return [leading, trailing];
}

function flankedBySpace(element: MdElement, side: -1 | 1): boolean {
  const sibling = element.parent?.children[element.index + side];
  if (sibling === undefined) return false;
  if (sibling.kind === 3) return side < 0 ? sibling.data.endsWith(" ") : sibling.data.startsWith(" ");
  if (sibling.block) return false;
  return side < 0 ? sibling.trailing.endsWith(" ") : sibling.leading.startsWith(" ");
}

// ------------------------------------------------------------------------------------------------ the rules

const blank: Rule = (_content, element) => (element.block ? "\n\n" : "");
const nothing: Rule = () => "";
const paragraph: Rule = (content) => `\n\n${content}\n\n`;
const byDefault: Rule = (content, element) => (element.block ? `\n\n${content}\n\n` : content);
const lineBreak: Rule = () => "\n";
const horizontalRule: Rule = () => "\n\n---\n\n";
const passThrough: Rule = (content) => content;
const codeBlock: Rule = (_content, element) => fencedCodeBlock(element);
/**
 * Emphasis around the content, with a line break at its edges (`<strong>Title<br></strong>`) moved outside the
 * delimiters: `**Title\n**` is no emphasis in Markdown (a closing `**` cannot follow whitespace) and shows its
 * asterisks, `**Title**\n` is bold. turndown leaves it inside. Blank lines at the edges (blocks inside the element,
 * which no emphasis spans) stay where turndown puts them, so that a rule or a fence is not joined by a delimiter.
 */
function emphasized(content: string, delimiter: string): string {
  let start = content.search(/\S/);
  if (start < 0) return "";
  let end = content.trimEnd().length;
  if (content.lastIndexOf("\n\n", start) >= 0) start = 0;
  if (content.includes("\n\n", end)) end = content.length;
  return `${content.slice(0, start)}${delimiter}${content.slice(start, end)}${delimiter}${content.slice(end)}`;
}

const emphasis: Rule = (content) => emphasized(content, "*");
const strong: Rule = (content) => emphasized(content, "**");
const strikethrough: Rule = (content) => `~~${content}~~`;
const code: Rule = (content) => inlineCode(content);

const heading: Rule = (content, element) => {
  const text = content.replace(/(?!(?<=\s)\s)\s*\n\s*/g, " ").trim();
  if (text === "") return "";
  const marker = "#".repeat(Number(element.name.charAt(1)));
  // A heading inside a link (a card's title) takes the link over: a Markdown link cannot hold a heading.
  const anchor = closest(element, "a");
  const target = anchor !== null ? linkTarget(anchor) : null;
  if (target === null) return `\n\n${marker} ${text}\n\n`;
  anchor!.linkGivenToHeading = true;
  return `\n\n${marker} [${text}]${target}\n\n`;
};

const blockquote: Rule = (content) => {
  const inner = trimEndOf(content.replace(/^\n+/, ""), "\n").replace(/^/gm, "> ");
  return `\n\n${inner}\n\n`;
};

const list: Rule = (content, element) => {
  const parent = element.parent;
  if (parent?.name === "li") {
    const siblings = elementsOf(parent);
    if (siblings[siblings.length - 1] === element) return `\n${content}`;
  }
  return `\n\n${content}\n\n`;
};

const listItem: Rule = (content, item) => {
  const parent = item.parent;
  let marker = "- ";
  if (parent?.name === "ol") {
    const start = (parent.attrs.start ?? "").trim();
    const first = /^-?\d+$/.test(start) ? Number(start) : 1;
    marker = `${first + elementsOf(parent).indexOf(item)}. `;
  }
  const endsWithParagraph = content.endsWith("\n");
  const body = trimEndOf(content.replace(/^\n+/, ""), "\n") + (endsWithParagraph ? "\n" : "");
  const indented = body.replace(/\n/g, `\n${" ".repeat(marker.length)}`);
  const hasNextSibling = parent !== null && item.index < parent.children.length - 1;
  return marker + indented + (hasNextSibling ? "\n" : "");
};

const taskListCheckbox: Rule = (_content, element) => {
  const checked = element.name === "input" ? "checked" in element.attrs : element.attrs["aria-checked"] === "true";
  return checked ? "[x] " : "[ ] ";
};

/** Rules that set a block's content between blank lines and do nothing else with it (see spliceBlock). */
const BLANK_LINE_RULES = new Set<Rule>([byDefault, paragraph]);
/** Rules whose output does not depend on the rendered children (skipped: it would be thrown away). */
const CONTENT_FREE_RULES = new Set<Rule>([
  blank,
  nothing,
  lineBreak,
  horizontalRule,
  codeBlock,
  image,
  taskListCheckbox,
]);

/** Elements that never render, in case the tree was not cleaned first. */
// prettier-ignore
const NON_CONTENT_ELEMENTS = new Set([
  "script", "style", "noscript", "template", "head", "title", "meta", "link", "svg", "canvas",
]);

/** Our rules, which take precedence over turndown's (added rules come first in turndown). */
const OWN_RULES: Record<string, Rule> = {
  li: listItem,
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  pre: codeBlock,
  table,
  tr: tableRow,
  th: tableCell,
  td: tableCell,
  thead: passThrough,
  tbody: passThrough,
  tfoot: passThrough,
  caption: nothing,
  colgroup: nothing,
  col: nothing,
};

/** turndown's CommonMark rules and the GFM strikethrough (links, headings, list items and code blocks are ours). */
const COMMONMARK_RULES: Record<string, Rule> = {
  del: strikethrough,
  s: strikethrough,
  strike: strikethrough,
  p: paragraph,
  br: lineBreak,
  blockquote,
  ul: list,
  ol: list,
  hr: horizontalRule,
  em: emphasis,
  i: emphasis,
  strong,
  b: strong,
  img: image,
};

function ruleFor(element: MdElement): Rule {
  if (element.blank) return blank;
  const name = element.name;
  const own = OWN_RULES[name];
  if (own !== undefined) return own;
  if (name === "a" && element.attrs.href !== undefined) return link;
  if (isTaskListCheckbox(element)) return taskListCheckbox;
  const commonMark = COMMONMARK_RULES[name];
  if (commonMark !== undefined) return commonMark;
  if (name === "code" && !isCodeBlockBody(element)) return code;
  if (NON_CONTENT_ELEMENTS.has(name)) return nothing;
  return byDefault;
}

/** A <code> that is the only child of a <pre> is the block itself, not inline code. */
function isCodeBlockBody(element: MdElement): boolean {
  const parent = element.parent;
  return parent !== null && parent.name === "pre" && parent.children.length === 1;
}

/** The GFM plugin's task-list rule: a checkbox at the start of a list item (directly, or in a label/span). */
function isTaskListCheckbox(element: MdElement): boolean {
  const isCheckbox =
    (element.name === "input" && (element.attrs.type ?? "").toLowerCase() === "checkbox") ||
    element.attrs.role === "checkbox";
  if (!isCheckbox || element.parent === null) return false;
  const parent = element.parent;
  return parent.name === "li" || ((parent.name === "label" || parent.name === "span") && parent.parent?.name === "li");
}
