/**
 * Cutting blocks that repeat an earlier block of the region word for word: the same description rendered once for
 * phones and once for desktops (one of them hidden by a style sheet the extractor cannot see), a carousel's
 * cloned slides.
 *
 * Code is not compared: a program may repeat a line, and some highlighters print each line as a block of its own.
 *
 * Blocks are compared on their text with whitespace collapsed (`collapsedText`). Collecting and collapsing that
 * text is the costly part, and most blocks repeat nothing, so a block's text is only built once an earlier
 * compared block has the same count of characters (`textChars`, known from the index): equal texts have equal
 * counts.
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { walkRegion } from "./walk";

/** Blocks at least this long are compared for repeats; shorter ones ("Yes", "Add") repeat legitimately. */
const REPEAT_MIN_CHARS = 40;
/** Groups of blocks up to this long are compared too (a product's header block printed for phones and desktops). */
const REPEAT_MAX_GROUP_CHARS = 2000;

/**
 * Leaf blocks (no block inside) are compared on their collapsed text, and so are groups of blocks up to
 * REPEAT_MAX_GROUP_CHARS (a title, a label and a price printed twice) outside lists of items (where two cards may
 * well read alike); an element holding no more text than its compared parent is the same content. The page's `title`
 * element is never cut as a repeat: the earlier copy of its words is.
 */
export function cutRepeats(index: PageIndex, region: Region, inItem: Uint8Array, title = -1): void {
  const { nodes, parent, end, chars, ownChars, textChars } = index;
  // Each compared text, with the first block that printed it.
  const seen = new Map<string, number>();
  // Per character count, the first compared block with that count while its text is not yet built (-1 after).
  const firstWithCount = new Map<number, number>();
  const compared = new Uint8Array(index.nodes.length);
  walkRegion(index, region, (i) => {
    // Code is compared with nothing: a program may repeat a line (a highlighter's per-line elements are blocks).
    if (nodes[i].name === "pre") return "skip";
    if (chars[i] === chars[parent[i]] && compared[parent[i]]) {
      compared[i] = 1;
      return "descend";
    }
    if (chars[i] < REPEAT_MIN_CHARS || (ownChars[i] !== chars[i] && (chars[i] > REPEAT_MAX_GROUP_CHARS || inItem[i])))
      return "descend";
    const first = firstWithCount.get(textChars[i]);
    compared[i] = 1;
    if (first === undefined) {
      firstWithCount.set(textChars[i], i);
      return "descend";
    }
    if (first >= 0) {
      seen.set(collapsedText(nodes[first]), first);
      firstWithCount.set(textChars[i], -1);
    }
    const text = collapsedText(nodes[i]);
    const earlier = seen.get(text);
    if (earlier === undefined) seen.set(text, i);
    else if (title < i || title >= end[i]) return "cut";
    else {
      // The page's title stays; what printed its words before it goes (a product's name over its picture).
      region.cut[earlier] = 1;
      return "descend";
    }
  });
}
