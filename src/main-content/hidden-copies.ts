/**
 * Hidden copies of the page: an element its own markup hides (visibility.ts isHidden) whose words are the words the
 * region shows — the article again as raw Markdown in a hidden <pre> for a "Copy page" button or an AI assistant, a
 * phone layout's copy of the description. A reader sees the page once; the copy goes. A panel the reader opens in
 * place (a closed tab, a fold: visibility.ts isDisclosurePanel) is not a copy even when it reads almost the same (the
 * same steps for another programming language), and a hidden element that says what nothing in view says (two hidden
 * layouts of one text) stays: only the shown text is compared with.
 */
import { TEXT, type ElementNode } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { isDisclosurePanel } from "./visibility";
import { cutWhere } from "./walk";

/** Shorter hidden text (a label, a tooltip, a price for another variant) repeats shown words legitimately. */
const COPY_MIN_CHARS = 200;
/** Share of a hidden element's words that must appear in the region's shown text for it to be a copy. */
const COPY_WORD_SHARE = 0.9;

const WORD = /[\p{L}\p{N}]+/gu;

/** The lowercase words of the element's own text nodes (not its children's), each passed to `use`. */
function ownWords(element: ElementNode, use: (word: string) => void): void {
  for (const child of element.children)
    if (child.type === TEXT) for (const word of child.data.toLowerCase().match(WORD) ?? []) use(word);
}

/** The words the region shows: its text outside the subtrees cut from it and those hidden. */
function shownWords(index: PageIndex, region: Region): Set<string> {
  const { nodes, hidden, end } = index;
  const shown = new Set<string>();
  const add = (word: string) => shown.add(word);
  ownWords(nodes[region.root], add);
  for (let i = region.root + 1; i < end[region.root];) {
    if (region.cut[i] || hidden[i]) {
      i = end[i];
      continue;
    }
    ownWords(nodes[i], add);
    i++;
  }
  return shown;
}

/** The share of the words of i's subtree (counted with repeats) that the region shows. */
function shareShown(index: PageIndex, i: number, shown: Set<string>): number {
  let total = 0;
  let found = 0;
  const count = (word: string) => {
    total++;
    if (shown.has(word)) found++;
  };
  for (let j = i; j < index.end[i]; j++) ownWords(index.nodes[j], count);
  return total === 0 ? 0 : found / total;
}

/** Cuts the region's hidden elements whose words are (COPY_WORD_SHARE) the words it shows. */
export function cutHiddenCopies(index: PageIndex, region: Region): void {
  const { nodes, hidden, textChars, end } = index;
  const candidates: number[] = [];
  for (let i = region.root + 1; i < end[region.root]; i++)
    if (hidden[i] && textChars[i] >= COPY_MIN_CHARS && !region.cut[i] && !isDisclosurePanel(nodes[i]))
      candidates.push(i);
  if (candidates.length === 0) return;
  const shown = shownWords(index, region);
  const copies = new Set(candidates.filter((i) => shareShown(index, i, shown) >= COPY_WORD_SHARE));
  if (copies.size > 0) cutWhere(index, region, (i) => copies.has(i));
}
