/**
 * The markdown serializer's private copy of a subtree, prepared the way turndown prepares its DOM (turndown's
 * output is the reference): whitespace collapsed in document order as turndown's collapse-whitespace step does,
 * then per-element text summaries (leading/trailing whitespace, blankness) computed bottom-up once, where
 * turndown reads `textContent` again for every element (quadratic on deep pages).
 *
 * A copy, not the page tree itself, so serializing never edits the tree the `html` format and the other passes
 * read. Nesting deeper than MAX_DEPTH is flattened into the element at that depth, which keeps every recursive
 * step below bounded on hostile pages.
 */
import { isWhitespace, type ElementNode } from "../dom/tree";

/** turndown's block elements (they start a new paragraph and carry no flanking whitespace). */
// prettier-ignore
const BLOCK = new Set([
  "address", "article", "aside", "audio", "blockquote", "body", "canvas", "center", "dd", "dir", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "header",
  "hgroup", "hr", "html", "isindex", "li", "main", "menu", "nav", "noframes", "noscript", "ol", "output", "p", "pre",
  "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
]);
/** turndown's void elements: never blank, and whitespace around them is kept. */
// prettier-ignore
export const VOID = new Set([
  "area", "base", "br", "col", "command", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source",
  "track", "wbr",
]);
/** Elements turndown keeps even when they hold no text. */
// prettier-ignore
const MEANINGFUL_WHEN_BLANK = new Set([
  "a", "table", "thead", "tbody", "tfoot", "th", "td", "iframe", "script", "audio", "video",
]);

const MAX_DEPTH = 400;

export class MdElement {
  readonly kind = 1;
  children: MdNode[] = [];
  /** Position among the parent's children. */
  index = 0;
  readonly block: boolean;
  /** The element's text (all of it, as `textContent`) is whitespace only. */
  allWhitespace = true;
  /** Leading whitespace of the text (`\s`); all of it when allWhitespace. */
  leading = "";
  /** Trailing whitespace of the text; all of it when allWhitespace. */
  trailing = "";
  /** A void or meaningful-when-blank element among the descendants. */
  holdsKeptElement = false;
  /** turndown's isBlank: rendered as nothing (or a paragraph break for blocks). */
  blank = false;
  /** Set while serializing, on a link a heading inside it has taken over (serialize.ts: a card linked as a whole). */
  linkGivenToHeading = false;
  constructor(
    readonly name: string,
    readonly attrs: Record<string, string>,
    readonly parent: MdElement | null,
  ) {
    this.block = BLOCK.has(name);
  }
}

export class MdText {
  readonly kind = 3;
  index = 0;
  constructor(
    public data: string,
    readonly parent: MdElement,
  ) {}
}

export type MdNode = MdElement | MdText;

/** Copies `root`'s subtree, collapses whitespace and computes the summaries. */
export function buildView(root: ElementNode): MdElement {
  const view = new MdElement(root.name, root.attrs, null);
  copyChildren(root, view, view, 0);
  if (view.children.length > 0 && view.name !== "pre") collapseWhitespace(view);
  summarize(view);
  return view;
}

function copyChildren(source: ElementNode, target: MdElement, flattenInto: MdElement, depth: number): void {
  for (const child of source.children) {
    const siblings = target.children;
    if (child.type === 3) {
      // Adjacent text (left behind by removed elements) is one text node, as a re-parse would make it.
      const last = siblings[siblings.length - 1];
      const data = ordinarySpaces(child.data);
      if (last !== undefined && last.kind === 3) last.data += data;
      else siblings.push(new MdText(data, target));
    } else if (depth >= MAX_DEPTH) {
      copyChildren(child, flattenInto, flattenInto, depth);
    } else {
      const element = new MdElement(child.name, child.attrs, target);
      siblings.push(element);
      copyChildren(child, element, element, depth + 1);
    }
  }
}

const NO_BREAK_SPACES = /[\u00a0\u202f]/g;

/**
 * No-break spaces (U+00A0 `&nbsp;`, U+202F the narrow one) written as ordinary spaces, in code blocks too: in
 * Markdown they only tell a renderer where not to wrap a line, while for what reads the Markdown — a prompt, a
 * search index, a `grep` for a phrase — they are a different character than the space the words are separated by
 * (a phrase search misses them, tokenizers spend extra tokens on them, Python refuses code that holds them). Outside
 * code they then collapse like any space: `&nbsp;&nbsp;` between words is one space, a paragraph holding only
 * `&nbsp;` is blank. Here the Markdown's text departs from turndown's on purpose.
 */
function ordinarySpaces(text: string): string {
  return text.indexOf("\u00a0") < 0 && text.indexOf("\u202f") < 0 ? text : text.replace(NO_BREAK_SPACES, " ");
}

/**
 * turndown's collapse-whitespace walk, recursively: runs of ASCII whitespace become one space, a space after a
 * space or at the start of a block is dropped, the space before a block or <br> is trimmed. Its iterative walk
 * visits an element again when climbing out of it, so the element step runs on entry and on exit.
 */
function collapseWhitespace(root: MdElement): void {
  let previousText: MdText | null = null;
  let keepLeadingSpace = false;

  const elementStep = (element: MdElement): void => {
    if (element.block || element.name === "br") {
      if (previousText !== null && previousText.data.endsWith(" ")) previousText.data = previousText.data.slice(0, -1);
      previousText = null;
      keepLeadingSpace = false;
    } else if (VOID.has(element.name)) {
      previousText = null;
      keepLeadingSpace = true;
    } else if (previousText !== null) {
      keepLeadingSpace = false;
    }
  };

  const visit = (parent: MdElement): void => {
    const children = parent.children;
    /** Only built once a text node drops out: most elements keep all their children. */
    let kept: MdNode[] | null = null;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      let stays = true;
      if (child.kind === 3) {
        let text = collapseSpaces(child.data);
        if (
          (previousText === null || previousText.data.endsWith(" ")) &&
          !keepLeadingSpace &&
          text.charCodeAt(0) === 32
        ) {
          text = text.slice(1);
        }
        if (text === "") stays = false;
        else {
          child.data = text;
          previousText = child;
        }
      } else {
        elementStep(child);
        if (child.children.length > 0 && child.name !== "pre") {
          visit(child);
          elementStep(child);
        }
      }
      if (!stays && kept === null) kept = children.slice(0, i);
      else if (stays && kept !== null) kept.push(child);
    }
    if (kept !== null) parent.children = kept;
  };

  visit(root);
  const last = previousText as MdText | null;
  if (last !== null) {
    if (last.data.endsWith(" ")) last.data = last.data.slice(0, -1);
    if (last.data === "") last.parent.children = last.parent.children.filter((node) => node !== last);
  }
}

const SPACE_RUNS = /[ \r\n\t]+/g;

/** Runs of ASCII whitespace (space, tab, CR, LF) → one space; the string itself when there is nothing to do. */
function collapseSpaces(text: string): string {
  let needed = false;
  let allSpace = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || code === 10 || code === 13 || code === 9;
    if (!space) allSpace = false;
    else if (code !== 32 || (i > 0 && text.charCodeAt(i - 1) === 32)) needed = true;
    else if (i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next === 10 || next === 13 || next === 9) needed = true;
    }
  }
  if (allSpace) return text.length > 0 ? " " : "";
  return needed ? text.replace(SPACE_RUNS, " ") : text;
}

/** Length of the leading whitespace of `text`. */
function leadingWhitespace(text: string): number {
  let i = 0;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** Length of the trailing whitespace of `text` (not counting into the first `floor` characters). */
function trailingWhitespace(text: string, floor: number): number {
  let i = text.length;
  while (i > floor && isWhitespace(text.charCodeAt(i - 1))) i--;
  return text.length - i;
}

function summarize(element: MdElement): void {
  const children = element.children;
  let allWhitespace = true;
  let holdsKept = false;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    child.index = i;
    if (child.kind === 1) {
      summarize(child);
      if (!child.allWhitespace) allWhitespace = false;
      if (child.holdsKeptElement || VOID.has(child.name) || MEANINGFUL_WHEN_BLANK.has(child.name)) holdsKept = true;
    } else if (leadingWhitespace(child.data) < child.data.length) {
      allWhitespace = false;
    }
  }
  let leading = "";
  for (const child of children) {
    if (child.kind === 1) {
      leading += child.leading;
      if (!child.allWhitespace) break;
    } else {
      const length = leadingWhitespace(child.data);
      leading += length === child.data.length ? child.data : child.data.slice(0, length);
      if (length < child.data.length) break;
    }
  }
  let trailing = "";
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (child.kind === 1) {
      trailing = child.trailing + trailing;
      if (!child.allWhitespace) break;
    } else {
      const length = trailingWhitespace(child.data, 0);
      trailing = (length === child.data.length ? child.data : child.data.slice(child.data.length - length)) + trailing;
      if (length < child.data.length) break;
    }
  }
  element.allWhitespace = allWhitespace;
  element.leading = leading;
  element.trailing = trailing;
  element.holdsKeptElement = holdsKept;
  element.blank = allWhitespace && !holdsKept && !VOID.has(element.name) && !MEANINGFUL_WHEN_BLANK.has(element.name);
}

/** All text under `node`, as `textContent`. */
export function textContent(node: MdNode): string {
  if (node.kind === 3) return node.data;
  let text = "";
  for (const child of node.children) text += textContent(child);
  return text;
}

/** The nearest ancestor named `name`, or null. */
export function closest(node: MdNode, name: string): MdElement | null {
  for (let ancestor = node.parent; ancestor !== null; ancestor = ancestor.parent)
    if (ancestor.name === name) return ancestor;
  return null;
}

/** The element children of `element`. */
export function elementsOf(element: MdElement): MdElement[] {
  const out: MdElement[] = [];
  for (const child of element.children) if (child.kind === 1) out.push(child);
  return out;
}
