/**
 * Cross-references: a paragraph that is a sentence pointing to another page ("For more information, see Overview of
 * BigQuery storage.", "Visit the Standard Page for information on the final rule."). Most of its text is the link, so
 * on link density alone it reads as navigation and was cut from between the paragraphs it belongs to. A menu or a
 * call to action set in a <p> is links and separators, or a short label ("Learn more about Telehealth"), and does not
 * end as a sentence does.
 */
import { edgeTextRun } from "../dom/tree";
import type { PageIndex } from "./measure";

/** Non-space characters outside the links ("For more information, see", "See ... for more details"). */
const CROSS_REFERENCE_OWN_CHARS = 12;
/** A sentence ends so; a label, a menu or a price does not. */
const SENTENCE_END = /[.!?:;]["'”’)]*\s*$/;
/** The last text of a paragraph is found this many elements deep at most. */
const LAST_TEXT_DEPTH = 4;

/** Whether block `i`, mostly link text, is a paragraph referring the reader elsewhere in a sentence of its own. */
export function isCrossReference(index: PageIndex, i: number): boolean {
  const element = index.nodes[i];
  if (element.name !== "p" || index.ownChars[i] - index.ownLinkChars[i] < CROSS_REFERENCE_OWN_CHARS) return false;
  return SENTENCE_END.test(edgeTextRun(element, true, LAST_TEXT_DEPTH));
}
