/**
 * Tokenizer events (tokenizer.ts: htmlparser2's tokenizer's events, read faster) → start tag, end tag and text
 * events with HTML's implied-tag rules, for the tree builder (tree-builder.ts). It gives the events htmlparser2's own
 * `Parser` gives with `decodeEntities: false`, lowercase names and no self-closing outside SVG/MathML, except that
 * `</body>` and `</html>` close nothing (HTML5 keeps later content going where it was going; closing every open
 * element there breaks lists and tables around a stray `</body>` in content).
 *
 * Written for the one job the page path has, on one whole string: tag and attribute names are sliced straight
 * from it, the stack of open names has its top at the end, and nothing is kept for events nobody reads (comments,
 * declarations, processing instructions). test/unit/tag-events.test.ts holds its events to `Parser`'s.
 *
 * The rules, as HTML and htmlparser2 apply them: void elements have no end; a start tag closes the open elements
 * it implies the end of (`<p>` an open `<p>`, `<li>` an `<li>`, `<tr>` a `<td>`, ...), as long as they are the
 * current element; an end tag closes everything open above its element, and is ignored when none is open (a
 * stray `</p>` makes an empty `<p>`, a `</br>` a `<br>`); a second `<form>` is ignored; `<image>` is `<img>`
 * outside SVG and MathML, where tag names get SVG's casing and a self-closing tag closes.
 */
import { tokenize } from "./tokenizer";
import type { TokenEvents } from "./tokenizer-states";
import { nameAt } from "./names";

export interface TagHandler {
  open(name: string, attrs: Record<string, string>): void;
  close(): void;
  text(data: string): void;
}

// prettier-ignore
const VOID_ELEMENTS = new Set([
  "area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img", "input", "isindex", "keygen",
  "link", "meta", "param", "source", "track", "wbr",
]);

const P = new Set(["p"]);
const HEADINGS_AND_P = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);
const FORM_CONTROLS = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const DD_DT = new Set(["dd", "dt"]);
const RT_RP = new Set(["rt", "rp"]);
const TABLE_SECTIONS = new Set(["thead", "tbody"]);

/** For a start tag: the names whose open element (when it is the current one) it closes first, repeatedly. */
const IMPLIED_ENDS = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["a", new Set(["a"])],
  ["li", new Set(["li"])],
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", DD_DT],
  ["dt", DD_DT],
  ["rt", RT_RP],
  ["rp", RT_RP],
  ["tbody", TABLE_SECTIONS],
  ["tfoot", TABLE_SECTIONS],
  ...["h1", "h2", "h3", "h4", "h5", "h6"].map((name) => [name, HEADINGS_AND_P] as [string, Set<string>]),
  ...["select", "input", "output", "button", "datalist", "textarea"].map(
    (name) => [name, FORM_CONTROLS] as [string, Set<string>],
  ),
  ...[
    "p",
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((name) => [name, P] as [string, Set<string>]),
]);

const enum Foreign {
  None,
  Svg,
  MathML,
}

/** Elements where SVG or MathML hold HTML again (compared with SVG's casing, as names are read inside SVG). */
// prettier-ignore
const INTEGRATION_POINTS = new Set([
  "mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignObject", "desc", "title",
]);

/** SVG's mixed-case tag names, by their lowercase spelling. */
// prettier-ignore
const SVG_NAMES = new Map(
  [
  "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath", "feBlend",
  "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap",
  "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage",
  "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
  "feTurbulence", "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath",
].map((name) => [name.toLowerCase(), name]),
);

/** Thrown from a tokenizer callback to stop reading a page that must be rewritten first. */
class RewriteNeeded {}

/**
 * Reads `source` into `handler`. With `stopForRewrites`, returns false, having stopped part way, at the first
 * markup that browsers read differently from htmlparser2's tokenizer, which the caller must rewrite before
 * reading the page again (parse.ts): a self-closed `<iframe/>` (HTML has none: its raw text would swallow the rest
 * of the page) or a `<![CDATA[` outside SVG and MathML (a browser ends it at the first `>`, the tokenizer at
 * `]]>`). Finding them while reading spares every other page a search of its whole text for them.
 */
export function tokenizePage(source: string, handler: TagHandler, stopForRewrites = false): boolean {
  const events = new TagEvents(source, handler, stopForRewrites);
  // Character references are decoded by the tree builder, only in text and values that hold an "&": the
  // tokenizer then skips through text and attribute values in tight loops instead of one state step per character.
  try {
    tokenize(source, events);
  } catch (error) {
    if (error instanceof RewriteNeeded) return false;
    throw error;
  }
  return true;
}

class TagEvents implements TokenEvents {
  /** Names of the open elements, the current one last. */
  private readonly open: string[] = [];
  /** Foreign-content state per open SVG/MathML element or integration point, the current one last. */
  private readonly foreign: Foreign[] = [Foreign.None];
  /** The start tag being read ("" when it is ignored), and its attributes (null when ignored). */
  private tagName = "";
  private attrs: Record<string, string> | null = null;
  private attrName = "";
  private attrValue = "";

  constructor(
    private readonly source: string,
    private readonly handler: TagHandler,
    private readonly stopForRewrites: boolean,
  ) {}

  isInForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1] !== Foreign.None;
  }

  ontext(start: number, endIndex: number): void {
    this.handler.text(this.source.slice(start, endIndex));
  }

  onopentagname(start: number, endIndex: number): void {
    this.startTag(this.readName(start, endIndex));
  }

  onattribname(start: number, endIndex: number): void {
    this.attrName = nameAt(this.source, start, endIndex);
  }

  onattribdata(start: number, endIndex: number): void {
    this.attrValue += this.source.slice(start, endIndex);
  }

  onattribend(): void {
    const attrs = this.attrs;
    if (attrs !== null && !Object.hasOwn(attrs, this.attrName)) attrs[this.attrName] = this.attrValue;
    this.attrValue = "";
  }

  onopentagend(): void {
    this.endStartTag();
  }

  onselfclosingtag(): void {
    if (!this.isInForeignContext()) {
      if (this.stopForRewrites && this.tagName === "iframe") throw new RewriteNeeded();
      this.endStartTag();
      return;
    }
    const name = this.tagName;
    this.endStartTag();
    if (this.open[this.open.length - 1] === name) this.pop();
  }

  onclosetag(start: number, endIndex: number): void {
    const name = this.readName(start, endIndex);
    if (name === "body" || name === "html") return;
    if (VOID_ELEMENTS.has(name)) {
      if (name === "br") {
        this.handler.open("br", {});
        this.handler.close();
      }
      return;
    }
    const open = this.open;
    const at = open.lastIndexOf(name);
    if (at >= 0) {
      while (open.length > at) this.pop();
    } else if (name === "p") {
      this.startTag("p");
      this.endStartTag();
      if (open[open.length - 1] === "p") this.pop();
    }
  }

  oncomment(start: number): void {
    // The tokenizer reports a CDATA section left open at the end of the page as a comment starting at its "[".
    if (this.stopForRewrites && this.source.startsWith("<![CDATA[", start - 2)) throw new RewriteNeeded();
  }

  oncdata(start: number, endIndex: number, endOffset: number): void {
    // Outside SVG and MathML a CDATA section is a comment; inside, its content is text.
    if (this.isInForeignContext()) this.ontext(start, endIndex - endOffset);
    else if (this.stopForRewrites) throw new RewriteNeeded();
  }

  ondeclaration(): void {}

  onend(): void {
    for (let i = this.open.length; i > 0; i--) this.handler.close();
  }

  private readName(start: number, endIndex: number): string {
    const name = nameAt(this.source, start, endIndex);
    const foreign = this.foreign;
    if (foreign[foreign.length - 1] === Foreign.Svg) return SVG_NAMES.get(name) ?? name;
    // The end tag of an SVG element that holds HTML (</foreignObject>) is read from inside that HTML.
    if (foreign.length > 1) {
      const svgName = SVG_NAMES.get(name);
      if (svgName !== undefined && this.open.includes(svgName)) return svgName;
    }
    if (foreign[foreign.length - 1] === Foreign.None) return name === "image" ? "img" : name;
    return name;
  }

  private startTag(name: string): void {
    const open = this.open;
    if (name === "form" && open.includes("form")) {
      this.tagName = "";
      return;
    }
    this.tagName = name;
    const closes = IMPLIED_ENDS.get(name);
    if (closes !== undefined) while (open.length > 0 && closes.has(open[open.length - 1])) this.pop();
    if (!VOID_ELEMENTS.has(name)) {
      open.push(name);
      if (name === "svg") this.foreign.push(Foreign.Svg);
      else if (name === "math") this.foreign.push(Foreign.MathML);
      else if (INTEGRATION_POINTS.has(name)) this.foreign.push(Foreign.None);
    }
    this.attrs = {};
  }

  private endStartTag(): void {
    const attrs = this.attrs;
    if (attrs !== null) {
      this.handler.open(this.tagName, attrs);
      this.attrs = null;
      if (VOID_ELEMENTS.has(this.tagName)) this.handler.close();
    }
    this.tagName = "";
  }

  private pop(): void {
    const name = this.open.pop()!;
    if (name === "svg" || name === "math" || INTEGRATION_POINTS.has(name)) this.foreign.pop();
    this.handler.close();
  }
}
