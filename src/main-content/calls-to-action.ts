/**
 * Calls to action inside the picked region ("Get started", "Book a demo", each card's "Learn more"): buttons that
 * close a section or repeat on every card, cut once the region is chosen.
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/** A call to action is a link of fewer characters than this: "Get started", "Book a demo", "Learn more". */
const CALL_TO_ACTION_CHARS = 25;
/** Blocks whose lone link is a cell, an entry or a title of the structure around it, not a button. */
// prettier-ignore
const STRUCTURAL_BLOCKS = new Set([
  "li", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "figcaption",
]);
/** A button-shaped link repeated with the same text in this many items is each card's call to action. */
const REPEATED_BUTTON_ITEMS = 3;

/**
 * Cuts calls to action from the region: a block that is one short link and nothing else ("Get started", "Learn
 * more"), outside repeated items, with no content after it in its parent — a button closing a section or a hero.
 * A lone link followed by prose titles what follows (an entry of a roundup) and stays, unless its words repeat
 * through the region (REPEATED_BUTTON_ITEMS times): "Back to top" after every section titles nothing.
 */
export function cutCallsToAction(index: PageIndex, region: Region, inItem: Uint8Array, good: Float64Array): void {
  const { nodes, parent, end, chars, ownChars, ownLinkChars, ownPunctuation } = index;
  const followedByContent = (i: number) => {
    for (let k = end[i]; k < end[parent[i]]; k = end[k]) if (good[k] > 0) return true;
    return false;
  };
  const shapedLikeButton = (i: number) => {
    const own = ownChars[i];
    return (
      own > 0 &&
      own === chars[i] &&
      ownLinkChars[i] === own &&
      own < CALL_TO_ACTION_CHARS &&
      ownPunctuation[i] === 0 &&
      !STRUCTURAL_BLOCKS.has(nodes[i].name)
    );
  };
  // The link is the block's own — inside it, or around it and nothing else — not a whole card's link around it,
  // whose labels are the card's text.
  const holdsLink = (i: number) => {
    for (let k = i; k < end[i]; k++) if (nodes[k].name === "a") return true;
    for (let k = parent[i]; k > region.root && chars[k] === chars[i]; k = parent[k])
      if (nodes[k].name === "a") return true;
    return false;
  };
  // In repeated items a lone link may be the card's title; one whose words every card repeats ("Learn more") is its
  // button. The button-shaped links with their texts, and each text counted.
  const labelOf = new Map<number, string>();
  const labels = new Map<string, number>();
  for (let i = region.root + 1; i < end[region.root]; i++) {
    if (!shapedLikeButton(i) || !holdsLink(i)) continue;
    const label = collapsedText(nodes[i]).toLowerCase();
    labelOf.set(i, label);
    labels.set(label, (labels.get(label) ?? 0) + 1);
  }
  const repeatedButton = (i: number) => {
    const label = labelOf.get(i);
    return label !== undefined && (labels.get(label) ?? 0) >= REPEATED_BUTTON_ITEMS;
  };
  cutWhere(index, region, (i) =>
    inItem[i]
      ? repeatedButton(i) && !followedByContent(i)
      : shapedLikeButton(i) && (repeatedButton(i) || !followedByContent(i)),
  );
}
