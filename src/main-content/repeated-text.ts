/**
 * Prose that the region repeats word for word: a later run of text (REPEATED_TEXT_MIN_CHARS or more, with a sentence
 * in it) that repeats an earlier run of the region is a copy, not new text, and goes — once it is a quote (a forum
 * reply quoting the post above it, which is already there) or a line of its own (a paragraph printed again for another
 * screen size, a note repeated under every section), not when it sits inside a sentence or a card of a list (each
 * event of a series may carry the same description). Whole blocks that repeat are cut earlier (repeats.ts); this
 * catches the runs inside blocks that differ around them (a quote's "… wrote:" line). Code and tables stay as written.
 */
import { ELEMENT, type ElementNode, type PageNode, type TextNode } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";

/** Runs shorter than this repeat legitimately ("Add to cart", a short answer given twice). */
const REPEATED_TEXT_MIN_CHARS = 100;
const SENTENCE = /[.!?]/;
/** Subtrees left as written. */
const VERBATIM = new Set(["pre", "code", "table", "textarea", "script", "style"]);
/** Elements whose text runs on with the text beside them: a run between two of them is inside a sentence. */
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "img", "kbd", "label", "mark", "q",
  "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "del", "ins", "big", "tt", "strike", "nobr",
]);

const blank = (node: PageNode) => node.type !== ELEMENT && node.data.trim() === "";

/** Whether a run of text is a line of its own: a block's edge or a <br> on both sides, nothing inline. */
function standsAlone(node: TextNode): boolean {
  const siblings = node.parent!.children;
  const k = siblings.indexOf(node);
  let before = k - 1;
  while (before >= 0 && blank(siblings[before])) before--;
  let after = k + 1;
  while (after < siblings.length && blank(siblings[after])) after++;
  const edge = (n: PageNode | undefined) => n === undefined || (n.type === ELEMENT && !INLINE.has(n.name));
  return edge(siblings[before]) && edge(siblings[after]);
}

function within(node: PageNode, test: (element: ElementNode) => boolean): boolean {
  for (let e = node.parent; e; e = e.parent) if (test(e)) return true;
  return false;
}

/**
 * Cuts the repeated runs from the region's tree (after cleanRegion); `isItem` marks the repeated items (items.ts),
 * inside which a line may repeat from card to card.
 */
export function cutRepeatedText(index: PageIndex, region: Region, isItem: Uint8Array): void {
  const root = index.nodes[region.root];
  const items = new Set<ElementNode>();
  for (let i = region.root; i < index.end[region.root]; i++) if (isItem[i]) items.add(index.nodes[i]);
  const seen = new Set<string>();
  const doomed: TextNode[] = [];
  // Document order: a run repeats the one before it, which stays.
  const stack: PageNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === ELEMENT) {
      if (node !== root && VERBATIM.has(node.name)) continue;
      for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k]);
      continue;
    }
    if (node.data.length < REPEATED_TEXT_MIN_CHARS) continue;
    const text = node.data.replace(/\s+/g, " ").trim();
    if (text.length < REPEATED_TEXT_MIN_CHARS || !SENTENCE.test(text)) continue;
    if (!seen.has(text)) {
      seen.add(text);
      continue;
    }
    const quoted = within(node, (e) => e.name === "blockquote" || e.name === "q");
    if (quoted || (standsAlone(node) && !within(node, (e) => items.has(e)))) doomed.push(node);
  }
  for (const node of doomed) {
    const siblings = node.parent!.children;
    siblings.splice(siblings.indexOf(node), 1);
    node.parent = null;
  }
}
