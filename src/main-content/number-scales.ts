/**
 * Number scales: a list whose entries are only the numbers 1, 2, 3 … in order, with no links — the labels of a star
 * rating drawn by its styles ("<ul class="rating"><li>1</li>…<li>5</li></ul>") or the steps of a form's progress bar.
 * A reader sees stars or dots, not the numbers; pagination, whose numbers are links, stays.
 */
import { collapsedText, elementChildren } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { LIST_TAGS } from "./tags";
import { cutWhere } from "./walk";

/** A scale has at least three steps and at most ten. */
const MIN_STEPS = 3;
const MAX_STEPS = 10;

/** Whether list `i` holds nothing but the numbers 1 to N, one per entry, without links. */
function isNumberScale(index: PageIndex, i: number): boolean {
  const { nodes, chars, linkChars } = index;
  if (!LIST_TAGS.has(nodes[i].name) || linkChars[i] > 0 || chars[i] > 2 * MAX_STEPS) return false;
  const entries = elementChildren(nodes[i]);
  if (entries.length < MIN_STEPS || entries.length > MAX_STEPS) return false;
  return entries.every((entry, k) => entry.name === "li" && collapsedText(entry) === String(k + 1));
}

/** Cuts the number scales of the region. */
export function cutNumberScales(index: PageIndex, region: Region): void {
  cutWhere(index, region, (i) => isNumberScale(index, i));
}
