/**
 * One flat index of the page's elements and the text statistics every later step reads, computed in linear passes
 * over typed arrays: elements are numbered in document order (pre-order), so walking the numbers backwards visits
 * children before their parents and sums subtree figures with one addition per element, without recursion.
 *
 * Text is counted in non-space characters. Each text node counts for its element's subtree and for its *block*:
 * the nearest ancestor that is not inline formatting (a <p>, <li>, <td>, <h2>, or a <div> holding text directly),
 * which is the unit later judged as content or clutter. Inline elements named as chrome (a screen-reader-only label, a
 * skip link) are blocks of their own, so that their words do not turn the label beside them into prose.
 */
import { ELEMENT, isWhitespace, rawText, type ElementNode, type PageNode } from "../dom/tree";
import { elementSignals, Hint, signalEntities, signalHint } from "./signals";
import { HEADING_TAGS, INLINE_TAGS, SILENT_TAGS, UI_TAGS } from "./tags";
import { isHidden } from "./visibility";
import { HOLDS_SUBHEADING, HOLDS_TITLE, ownHolding } from "./holds";
import { titlesPanel } from "./panel-toggles";
import { AUTHOR, BESIDE_PROSE, entityFlags, REVIEWS } from "./entities";

export interface PageIndex {
  /** Elements in document order; index 0 is the root given to `indexPage`. */
  nodes: ElementNode[];
  /** Index of each element's parent (-1 for the root). */
  parent: Int32Array;
  /** Index just past each element's last descendant: the subtree of i is [i, end[i]). */
  end: Int32Array;
  hint: Uint8Array;
  /** 1 where the element itself is hidden (visibility.ts isHidden); its descendants are not marked. */
  hidden: Uint8Array;
  /** 1 where the element itself names customer reviews (entities.ts REVIEWS). */
  reviews: Uint8Array;
  /** 1 on interface widgets (tags.ts UI_TAGS), removed from any region: all but the buttons titling a panel. */
  widget: Uint8Array;
  /** 1 where the element itself declares the page's author (entities.ts AUTHOR). */
  author: Uint8Array;
  /**
   * 1 where the element itself is a caption, credit or disclosure printed beside an article (entities.ts BESIDE_PROSE).
   */
  besideProse: Uint8Array;
  /** What each subtree holds, as HOLDS_* bits (a title, a section heading, a picture, a form field, code). */
  holds: Uint8Array;
  /** Non-space characters of visible text in the subtree. */
  chars: Float64Array;
  /**
   * Characters other than whitespace (as `\s` matches it) of all text in the subtree, silent elements' included:
   * the same count for two elements with the same `collapsedText`, whatever their markup.
   */
  textChars: Float64Array;
  /** ... of which inside links (code inside a link is not counted: it names an identifier). */
  linkChars: Float64Array;
  /**
   * Non-space characters of the element's own block (its text and its inline children's, except inline elements named
   * as chrome, which are blocks of their own: a screen-reader-only label), 0 for inline elements.
   */
  ownChars: Float64Array;
  ownLinkChars: Float64Array;
  /** Sentence punctuation (.,;:!?) in the element's own block: prose has it, menus and cards rarely do. */
  ownPunctuation: Float64Array;
  /** Element children that are not interface widgets. */
  childCount: Int32Array;
}

/**
 * What each UTF-16 code unit counts as, looked up once per character (the page's every text character passes
 * here), as bits: SPACE is whitespace for the text statistics (including no-break and zero-width spaces and the
 * BOM), PUNCTUATION is sentence punctuation (.,;:!? and the CJK full stop and comma), REGEX_SPACE is what a
 * regular expression's `\s` matches (what `collapsedText` collapses).
 */
const SPACE = 1;
const PUNCTUATION_SHIFT = 1;
const PUNCTUATION = 1 << PUNCTUATION_SHIFT;
const REGEX_SPACE_SHIFT = 2;
const REGEX_SPACE = 1 << REGEX_SPACE_SHIFT;
const CHARACTER_CLASS = (() => {
  const table = new Uint8Array(0x10000);
  for (const code of [9, 10, 11, 12, 13, 32, 160, 0x200b, 0xfeff]) table[code] |= SPACE;
  for (const code of [46, 44, 59, 58, 33, 63, 0x3002, 0xff0c]) table[code] |= PUNCTUATION;
  for (let code = 0; code < 0x10000; code++) if (isWhitespace(code)) table[code] |= REGEX_SPACE;
  return table;
})();

/** Characters of `data` that `\s` does not match. */
function nonSpaceCount(data: string): number {
  let count = 0;
  for (let k = 0; k < data.length; k++) if ((CHARACTER_CLASS[data.charCodeAt(k)] & REGEX_SPACE) === 0) count++;
  return count;
}

/**
 * Builds the index of `root`'s subtree. Interface widgets (buttons, form fields) and embeds count no text, but for an
 * accordion's buttons, which title the answers they open (`titlesPanel`). Hidden elements
 * do count: whether they are clutter (a collapsed menu) or content waiting for a script (streamed server
 * rendering parks the page in a hidden element) is judged later, by how much of the page they hold.
 */
export function indexPage(root: ElementNode): PageIndex {
  // Counted first, so that every figure goes straight into a typed array of the right size; the buttons that title
  // an accordion's panel are found on the way (once: finding them looks at their siblings).
  const titling = new Set<ElementNode>();
  const count = countElements(root, titling);
  const nodes: ElementNode[] = [];
  const parent = new Int32Array(count);
  const end = new Int32Array(count);
  const hint = new Uint8Array(count);
  const hidden = new Uint8Array(count);
  const reviews = new Uint8Array(count);
  const widget = new Uint8Array(count);
  const author = new Uint8Array(count);
  const besideProse = new Uint8Array(count);
  const holds = new Uint8Array(count);
  const blockOf = new Int32Array(count);
  const inLink = new Uint8Array(count);
  const inCode = new Uint8Array(count);
  const chars = new Float64Array(count);
  const textChars = new Float64Array(count);
  const linkChars = new Float64Array(count);
  const ownChars = new Float64Array(count);
  const ownLinkChars = new Float64Array(count);
  const ownPunctuation = new Float64Array(count);
  const childCount = new Int32Array(count);

  // Iterative pre-order walk (pages can nest deeper than the call stack allows).
  const stack: PageNode[] = [root];
  const parentStack: number[] = [-1];
  while (stack.length) {
    const item = stack.pop()!;
    const parentIndex = parentStack.pop()!;
    if (item.type !== ELEMENT) {
      if (parentIndex < 0) continue;
      const data = item.data;
      const length = data.length;
      // Counted without branches (whitespace and letters alternate too irregularly for the branch predictor):
      // punctuation is never a space.
      let spaces = 0;
      let punctuation = 0;
      let regexSpaces = 0;
      for (let k = 0; k < length; k++) {
        const kind = CHARACTER_CLASS[data.charCodeAt(k)];
        spaces += kind & SPACE;
        punctuation += (kind >> PUNCTUATION_SHIFT) & 1;
        regexSpaces += (kind >> REGEX_SPACE_SHIFT) & 1;
      }
      const count = length - spaces;
      textChars[parentIndex] += length - regexSpaces;
      if (count === 0) continue;
      chars[parentIndex] += count;
      const block = blockOf[parentIndex];
      ownChars[block] += count;
      ownPunctuation[block] += punctuation;
      if (inLink[parentIndex]) {
        linkChars[parentIndex] += count;
        ownLinkChars[block] += count;
      }
      continue;
    }
    const index = nodes.length;
    const silent = SILENT_TAGS.has(item.name) && !titling.has(item);
    if (UI_TAGS.has(item.name) && !titling.has(item)) widget[index] = 1;
    nodes.push(item);
    parent[index] = parentIndex;
    end[index] = index + 1;
    holds[index] = ownHolding(item);
    // Inside code, class names are a highlighter's token kinds ("hljs-comment", "token tag", "hljs-meta"), not the
    // page's layout: they give no hint, or a code sample's comments and tags would be cut as comment threads and
    // clutter.
    if (parentIndex >= 0 && (inCode[parentIndex] === 1 || CODE_TAGS.has(nodes[parentIndex].name))) inCode[index] = 1;
    if (index > 0 && isHidden(item)) hidden[index] = 1;
    if (index > 0 && inCode[index] === 0) {
      const signals = elementSignals(item);
      hint[index] = signalHint(signals);
      const entity = entityFlags(item, signalEntities(signals));
      if (entity & REVIEWS) reviews[index] = 1;
      if (entity & AUTHOR) author[index] = 1;
      if (entity & BESIDE_PROSE) besideProse[index] = 1;
    }
    // A link whose text is code names an identifier (an API reference in documentation), not a place to go.
    if (item.name !== "code" && (item.name === "a" || (parentIndex >= 0 && inLink[parentIndex] === 1)))
      inLink[index] = 1;
    // Inline text named as chrome (a screen-reader-only "Filter by style:", a skip link) is a block of its own, judged
    // as chrome, not part of the block around it: a facet's "A-Line" stays a short label, not prose.
    const h = hint[index];
    const chromeInline = h === Hint.Boilerplate || h === Hint.Chrome || h === Hint.Navigation;
    blockOf[index] = parentIndex >= 0 && INLINE_TAGS.has(item.name) && !chromeInline ? blockOf[parentIndex] : index;
    if (parentIndex >= 0 && !silent) childCount[parentIndex]++;
    if (silent) {
      textChars[index] = nonSpaceCount(rawText(item));
      continue;
    }
    const children = item.children;
    for (let k = children.length - 1; k >= 0; k--) {
      stack.push(children[k]);
      parentStack.push(index);
    }
  }
  // Children before parents: each subtree's end (one past its last descendant) and what it holds.
  for (let i = count - 1; i > 0; i--) {
    const p = parent[i];
    holds[p] |= holds[i];
    if (end[i] > end[p]) end[p] = end[i];
  }
  unlinkCardProse(nodes, end, holds, blockOf, ownChars, ownPunctuation, linkChars, ownLinkChars);
  // ... and the subtree sums.
  for (let i = count - 1; i > 0; i--) {
    const p = parent[i];
    chars[p] += chars[i];
    textChars[p] += textChars[i];
    linkChars[p] += linkChars[i];
  }
  return {
    nodes,
    parent,
    end,
    hint,
    hidden,
    reviews,
    widget,
    author,
    besideProse,
    holds,
    chars,
    textChars,
    linkChars,
    ownChars,
    ownLinkChars,
    ownPunctuation,
    childCount,
  };
}

/** Elements whose descendants are code: their class names are a highlighter's, not the page's. */
const CODE_TAGS = new Set(["pre", "code"]);

/** A block in a card link counts as text from this long, with punctuation: a description, not a price or a label. */
const CARD_PROSE_CHARS = 40;

/**
 * A card made clickable as a whole — one link wrapping its title and the prose under it (a description, an excerpt)
 * — is titled by its link; the prose under the title is text, not link text, as it would be with the title alone
 * linked. Otherwise a marketing page's grid of service cards reads like a menu (and a related post's excerpt is not
 * the note that makes it a teaser, items.ts). Runs before the subtree sums, while `linkChars` holds each element's own
 * text in links.
 */
function unlinkCardProse(
  nodes: ElementNode[],
  end: Int32Array,
  holds: Uint8Array,
  blockOf: Int32Array,
  ownChars: Float64Array,
  ownPunctuation: Float64Array,
  linkChars: Float64Array,
  ownLinkChars: Float64Array,
): void {
  for (let a = 1; a < nodes.length; a++) {
    if (nodes[a].name !== "a" || (holds[a] & (HOLDS_TITLE | HOLDS_SUBHEADING)) === 0) continue;
    for (let j = a + 1; j < end[a]; j++) {
      const block = blockOf[j];
      if (
        block <= a ||
        HEADING_TAGS.has(nodes[block].name) ||
        ownPunctuation[block] === 0 ||
        ownChars[block] < CARD_PROSE_CHARS
      )
        continue;
      linkChars[j] = 0;
      ownLinkChars[block] = 0;
    }
    a = end[a] - 1;
  }
}

/**
 * The elements `indexPage` numbers: all of them but those inside silent elements. Buttons that title a panel are not
 * silent; they are added to `titling`.
 */
function countElements(root: ElementNode, titling: Set<ElementNode>): number {
  let count = 0;
  const stack: ElementNode[] = [root];
  while (stack.length) {
    const element = stack.pop()!;
    count++;
    if (element.name === "button" && titlesPanel(element)) titling.add(element);
    else if (SILENT_TAGS.has(element.name)) continue;
    const children = element.children;
    for (let k = 0; k < children.length; k++) {
      const child = children[k];
      if (child.type === ELEMENT) stack.push(child);
    }
  }
  return count;
}
