/**
 * Builds the page tree from the tokenizer's events (parse.ts), adding the HTML5 tree-construction rules that
 * matter for reading a page and that htmlparser2 leaves out:
 *
 * - an `<a>` start tag closes an `<a>` still open further up (an unclosed `<a id=...>` anchor, a card link
 *   around a block that holds another link); the content before the new link keeps the old link, as the
 *   adoption agency gives it (a copy of the anchor around it);
 * - `<li>` closes an open `<li>` (`<dd>`/`<dt>` an open `<dd>`/`<dt>`) through `<p>`, `<div>` and inline elements;
 * - a block start tag closes an open `<p>` in button scope, not only when the `<p>` is the current element;
 * - an HTML element such as `<div>` or `<p>` inside `<svg>`/`<math>` leaves foreign content;
 * - a second `<html>`, `<head>` or `<body>` start tag is ignored; `<body>` ends a `<head>` still open (a page
 *   pasted into another's head), and content that would land outside the body once it was opened goes into it
 *   (the tokenizer closes the body at a stray `</head>` further up, where a browser keeps it open).
 *
 * Character references are decoded here (text, except in raw-text elements, and attribute values, with
 * HTML5's attribute rules for legacy references such as `&copy=`).
 *
 * The tokenizer keeps its own stack of open elements and reports one end event per start event, so elements
 * closed early here stay on `stack` (marked) until their end event arrives; new content goes to the nearest
 * element that is still open, the top of `live`.
 *
 * Nesting stops at MAX_TREE_DEPTH open elements, as browsers stop it (Blink at 512): an element opened deeper is
 * put beside the current one instead of inside it. Every later pass that walks the tree by recursion (the HTML
 * serializer, the main-content steps, the markdown view) is then safe from a page of 40,000 unclosed `<div>`s,
 * which overflowed the call stack (a 500).
 */
import { decodeHTML, decodeHTMLAttribute } from "entities";
import { ElementNode, TextNode } from "./tree";

const FOREIGN_ROOTS = new Set(["svg", "math"]);
/** Where SVG/MathML hold HTML again (HTML5 "HTML integration points"); nothing breaks out from inside them. */
const HTML_INTEGRATION_POINTS = new Set(["foreignobject", "desc", "title", "annotation-xml"]);
/** HTML5's start tags that end foreign content. */
// prettier-ignore
const BREAKOUT_TAGS = new Set([
  "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2", "h3",
  "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s",
  "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
]);
/** Start tags that close an open <p> (HTML5 "close a p element" when one is in button scope). */
// prettier-ignore
const CLOSES_P = new Set([
  "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
  "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section",
  "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "plaintext", "hr", "xmp", "li", "dd",
  "dt",
]);
/** Where the search for an open <p> stops (button scope). */
// prettier-ignore
const BUTTON_SCOPE_BOUNDARIES = new Set([
  "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "button", "svg", "math",
]);
/** Elements a list item's implied end does not cross (HTML5 "special" elements other than address, div and p). */
// prettier-ignore
const LIST_ITEM_BOUNDARIES = new Set([
  "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br", "button", "caption",
  "center", "col", "colgroup", "details", "dir", "dl", "embed", "fieldset", "figcaption", "figure", "footer", "form",
  "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "iframe", "img",
  "input", "keygen", "link", "listing", "main", "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript",
  "object", "ol", "param", "plaintext", "pre", "script", "search", "section", "select", "source", "style", "summary",
  "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp",
]);
/** Elements that end the search for an open <a> (HTML5 puts a marker in its formatting list for them). */
const ANCHOR_SCOPE_MARKERS = new Set(["applet", "object", "marquee", "template", "td", "th", "caption"]);
/** A second one of these is ignored, as HTML5 does (a stray <body> inside the content). */
const DOCUMENT_ROOTS = new Set(["html", "head", "body"]);
/** Elements whose text is not markup: no character references in it. */
const RAW_TEXT = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"]);
/** Names whose open count decides whether a rule needs to look at the stack at all. */
const TRACKED = new Set(["a", "p", "li", "dd", "dt", "svg", "math"]);
/** Open elements nested deeper than this are put beside the deepest one (see above). */
export const MAX_TREE_DEPTH = 512;

export class TreeBuilder {
  readonly document = new ElementNode("#document", {}, null);
  /** Open elements as the tokenizer reports them. */
  private readonly stack: ElementNode[] = [this.document];
  /** Elements closed here before the tokenizer's end event for them. */
  private readonly closedEarly = new Set<ElementNode>();
  /**
   * The elements of `stack` that are still open, in order: new content goes into the last. Kept beside `stack` so
   * that finding it never walks past closed ones (a page of 10,000 repeated `<body>` tags made that quadratic).
   */
  private readonly live: ElementNode[] = [];
  /** Open (not closed early) elements per tracked name. */
  private readonly openCount = new Map<string, number>();
  private current: ElementNode = this.document;
  private readonly seenRoots = new Set<string>();
  /** The document's <body> once opened: later content outside any open element goes into it. */
  private body: ElementNode | null = null;

  /** Opens an element; returns it, or null when the tag is ignored (a repeated <html>, <head> or <body>). */
  open(name: string, attrs: Record<string, string>): ElementNode | null {
    if (DOCUMENT_ROOTS.has(name)) {
      if (this.seenRoots.has(name) || (name === "head" && this.seenRoots.has("body"))) {
        // Not in the tree; kept on the stack (closed) only to absorb the tokenizer's end event.
        const ignored = new ElementNode(name, attrs, null);
        this.stack.push(ignored);
        this.closedEarly.add(ignored);
        return null;
      }
      this.seenRoots.add(name);
      if (name === "body") {
        this.closeNearest(
          (element) => element.name === "head",
          () => false,
        );
        this.current = this.insertionPoint();
      }
    }
    for (const key in attrs) {
      const value = attrs[key];
      if (value.includes("&")) attrs[key] = decodeHTMLAttribute(value);
    }
    if (this.openCount.size > 0) this.applyImpliedCloses(name, attrs);
    const deepest = this.live.length >= MAX_TREE_DEPTH && this.current.parent !== null;
    const parent = deepest ? this.current.parent! : this.current;
    const element = new ElementNode(name, attrs, parent);
    parent.children.push(element);
    this.stack.push(element);
    this.live.push(element);
    this.current = element;
    if (TRACKED.has(name)) this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
    if (name === "body") this.body = element;
    return element;
  }

  close(): void {
    const closed = this.stack.pop();
    if (closed === undefined || this.closedEarly.delete(closed)) return; // closed already: `current` is unchanged
    this.forget(closed);
    this.leave(closed);
    this.current = this.insertionPoint();
  }

  text(raw: string): void {
    const data = raw.includes("&") && !RAW_TEXT.has(this.current.name) ? decodeHTML(raw) : raw;
    const siblings = this.current.children;
    const last = siblings[siblings.length - 1];
    // The tokenizer can report one run of text in several pieces: keep one text node per run.
    if (last !== undefined && last.type === 3) last.data += data;
    else siblings.push(new TextNode(data, this.current));
  }

  private applyImpliedCloses(name: string, attrs: Record<string, string>): void {
    const open = (tracked: string) => (this.openCount.get(tracked) ?? 0) > 0;
    if (name === "a" && open("a")) this.closeAnchor();
    if (
      (open("svg") || open("math")) &&
      (BREAKOUT_TAGS.has(name) || (name === "font" && ("color" in attrs || "face" in attrs || "size" in attrs)))
    ) {
      this.closeNearest(
        (element) => FOREIGN_ROOTS.has(element.name),
        (element) => HTML_INTEGRATION_POINTS.has(element.name.toLowerCase()),
      );
    }
    if (CLOSES_P.has(name) && open("p"))
      this.closeNearest(
        (element) => element.name === "p",
        (element) => BUTTON_SCOPE_BOUNDARIES.has(element.name),
      );
    if (name === "li" && open("li"))
      this.closeNearest(
        (element) => element.name === "li",
        (element) => LIST_ITEM_BOUNDARIES.has(element.name),
      );
    if ((name === "dd" || name === "dt") && (open("dd") || open("dt"))) {
      this.closeNearest(
        (element) => element.name === "dd" || element.name === "dt",
        (element) => LIST_ITEM_BOUNDARIES.has(element.name),
      );
    }
    this.current = this.insertionPoint();
  }

  /**
   * Closes the nearest open element matching `target` (and everything open inside it), unless `boundary` comes first.
   */
  private closeNearest(target: (element: ElementNode) => boolean, boundary: (element: ElementNode) => boolean): number {
    const stack = this.stack;
    for (let i = stack.length - 1; i > 0; i--) {
      const element = stack[i];
      if (this.closedEarly.has(element)) continue;
      if (target(element)) {
        for (let j = stack.length - 1; j >= i; j--) this.closeEarly(stack[j]);
        return i;
      }
      if (boundary(element)) return -1;
    }
    return -1;
  }

  /**
   * Closes the nearest open <a>: the elements open inside it move out to follow it, and the content they
   * already hold (before the next open element) is wrapped in a copy of the anchor, so it keeps its link.
   */
  private closeAnchor(): void {
    const stack = this.stack;
    let index = -1;
    for (let i = stack.length - 1; i > 0; i--) {
      if (this.closedEarly.has(stack[i])) continue;
      if (ANCHOR_SCOPE_MARKERS.has(stack[i].name)) return;
      if (stack[i].name === "a") {
        index = i;
        break;
      }
    }
    if (index < 0) return;
    const anchor = stack[index];
    this.closeEarly(anchor);
    const path = stack.slice(index + 1).filter((element) => !this.closedEarly.has(element));
    const moved = path[0];
    const parent = anchor.parent;
    if (moved === undefined || moved.parent !== anchor || parent === null) return;
    anchor.children.splice(anchor.children.lastIndexOf(moved), 1);
    parent.children.splice(parent.children.lastIndexOf(anchor) + 1, 0, moved);
    moved.parent = parent;
    path.forEach((element, i) => {
      const next = path[i + 1];
      const end =
        next !== undefined && next.parent === element ? element.children.lastIndexOf(next) : element.children.length;
      if (end <= 0) return;
      const copy = new ElementNode("a", { ...anchor.attrs }, element);
      copy.children = element.children.splice(0, end, copy);
      for (const child of copy.children) child.parent = copy;
    });
  }

  private closeEarly(element: ElementNode): void {
    if (this.closedEarly.has(element)) return;
    this.closedEarly.add(element);
    this.forget(element);
    this.leave(element);
  }

  /** Takes a closed element off `live` (it is the last, or close to it: elements close from the top). */
  private leave(element: ElementNode): void {
    const at = this.live.lastIndexOf(element);
    if (at >= 0) this.live.splice(at, 1);
  }

  private forget(element: ElementNode): void {
    const count = this.openCount.get(element.name);
    if (count === undefined) return;
    if (count <= 1) this.openCount.delete(element.name);
    else this.openCount.set(element.name, count - 1);
  }

  private insertionPoint(): ElementNode {
    const element = this.live[this.live.length - 1];
    if (element === undefined) return this.body ?? this.document;
    return element.name === "html" && this.body !== null ? this.body : element;
  }
}
