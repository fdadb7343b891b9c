/**
 * Prose that the region repeats word for word: a later run of text (REPEATED_TEXT_MIN_CHARS characters or more other
 * than spaces, with a sentence in it) that repeats an earlier run of the region is a copy, not new text, and goes —
 * once it is a quote (a forum reply quoting the post above it, which is already there) or a line of its own (a
 * paragraph printed again for another screen size, a note repeated under every section), not when it sits inside a
 * sentence or a card of a list (each event of a series may carry the same description). Whole blocks that repeat are
 * cut earlier (repeats.ts); this catches the runs inside blocks that differ around them (a quote's "… wrote:" line).
 * Code and tables stay as written.
 */
import { ELEMENT, isWhitespace, type ElementNode, type PageNode, type TextNode } from "../dom/tree";
import { type PageIndex } from "./measure";
import { INLINE_TAGS } from "./tags";
import type { Region } from "./region";

/** Runs shorter than this repeat legitimately ("Add to cart", a short answer given twice). */
const REPEATED_TEXT_MIN_CHARS = 100;
const SENTENCE = /[.!?]/;
/** Subtrees left as written. */
const VERBATIM = new Set(["pre", "code", "table", "textarea", "script", "style"]);

const blank = (node: PageNode) => node.type !== ELEMENT && node.data.trim() === "";

/**
 * Whether a run of text is a line of its own: a block's edge or a <br> on both sides, nothing inline (an image
 * neither).
 */
function standsAlone(node: TextNode): boolean {
  const siblings = node.parent!.children;
  const k = siblings.indexOf(node);
  let before = k - 1;
  while (before >= 0 && blank(siblings[before])) before--;
  let after = k + 1;
  while (after < siblings.length && blank(siblings[after])) after++;
  const edge = (n: PageNode | undefined) =>
    n === undefined || (n.type === ELEMENT && !INLINE_TAGS.has(n.name) && n.name !== "img");
  return edge(siblings[before]) && edge(siblings[after]);
}

function within(node: PageNode, test: (element: ElementNode) => boolean): boolean {
  for (let e = node.parent; e; e = e.parent) if (test(e)) return true;
  return false;
}

/**
 * A run's first REPEATED_TEXT_MIN_CHARS characters other than whitespace, as a 32-bit FNV-1a hash, or -1 when the run
 * has fewer or holds no sentence: a few dozen steps per run and no string built (most of a page's text passes here);
 * runs with the same fingerprint are then compared whole.
 */
function fingerprint(data: string): number {
  let hash = 0x811c9dc5;
  let count = 0;
  for (let k = 0; k < data.length && count < REPEATED_TEXT_MIN_CHARS; k++) {
    const code = data.charCodeAt(k);
    if (isWhitespace(code)) continue;
    count++;
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  if (count < REPEATED_TEXT_MIN_CHARS || !SENTENCE.test(data)) return -1;
  return hash >>> 0;
}

const words = (node: TextNode) => node.data.replace(/\s+/g, "");

/**
 * Cuts the repeated runs from the region's tree (after cleanRegion); `isItem` marks the repeated items (items.ts),
 * inside which a line may repeat from card to card. Elements are visited in the index's document order and a block's
 * runs only when the block holds enough text of its own (`ownChars`): most blocks of a page are skipped unread.
 */
export function cutRepeatedText(index: PageIndex, region: Region, isItem: Uint8Array): void {
  const { nodes, parent, end, ownChars } = index;
  const items = new Set<ElementNode>();
  // Per element: its block holds a run long enough to compare (inline elements share their block's), or it is code.
  const long = new Uint8Array(nodes.length);
  const verbatim = new Uint8Array(nodes.length);
  // Earlier runs by fingerprint.
  const seen = new Map<number, TextNode[]>();
  const doomed: TextNode[] = [];
  for (let i = region.root; i < end[region.root];) {
    if (i > region.root && region.cut[i]) {
      i = end[i];
      continue;
    }
    const p = i > region.root ? parent[i] : -1;
    verbatim[i] = (p >= 0 && verbatim[p]) || VERBATIM.has(nodes[i].name) ? 1 : 0;
    long[i] = ownChars[i] > 0 ? (ownChars[i] >= REPEATED_TEXT_MIN_CHARS ? 1 : 0) : p >= 0 ? long[p] : 0;
    if (isItem[i]) items.add(nodes[i]);
    if (long[i] && !verbatim[i]) {
      for (const child of nodes[i].children) {
        if (child.type === ELEMENT || child.data.length < REPEATED_TEXT_MIN_CHARS) continue;
        const key = fingerprint(child.data);
        if (key < 0) continue;
        const earlier = seen.get(key);
        if (earlier === undefined) {
          seen.set(key, [child]);
          continue;
        }
        const text = words(child);
        if (!earlier.some((run) => words(run) === text)) {
          earlier.push(child);
          continue;
        }
        const quoted = within(child, (e) => e.name === "blockquote" || e.name === "q");
        if (quoted || (standsAlone(child) && !within(child, (e) => items.has(e)))) doomed.push(child);
      }
    }
    i++;
  }
  for (const node of doomed) {
    const siblings = node.parent!.children;
    siblings.splice(siblings.indexOf(node), 1);
    node.parent = null;
  }
}
