/**
 * What an element's microdata or names say it is about, beyond chrome or content (signals.ts): customer reviews of a
 * product, or the author of the page. Both are real text that belongs beside the content rather than in it on some
 * pages only, so judge.ts decides what to do with them from the page's kind; here they are only recognised.
 */
import type { ElementNode } from "../dom/tree";
import { attributeWords } from "./signals";

const REVIEW_WORDS = new Set(["review", "reviews"]);
const REVIEW_ITEMPROP = /\breviews?\b/;
const REVIEW_ITEMTYPE = /schema\.org\/(Review|Rating|AggregateRating)\b/;

/**
 * Whether the element's markup names customer reviews (a class or id word "review", itemprop="review", a
 * schema.org Review): what buyers wrote about a product, judged apart from the product's own description.
 */
export function namesReviews(element: ElementNode): boolean {
  const { class: className, id, itemprop, itemtype } = element.attrs;
  if (itemprop !== undefined && REVIEW_ITEMPROP.test(itemprop)) return true;
  if (itemtype !== undefined && REVIEW_ITEMTYPE.test(itemtype)) return true;
  for (const value of [className, id]) {
    // Most elements say nothing of reviews: the words are only split when the letters are there.
    if (value === undefined || !/review/i.test(value)) continue;
    if (attributeWords(value).some((word) => REVIEW_WORDS.has(word))) return true;
  }
  return false;
}

const AUTHOR_ITEMPROP = /\bauthor\b/;

/**
 * Whether the element declares itself the page's author (itemprop="author"): a byline or an author box with a
 * biography and links to the author's profiles — about who wrote the page, not what it says. On a thread it is each
 * poster's card, and on a listing each entry's byline: the judge keeps those.
 */
export function namesAuthor(element: ElementNode): boolean {
  const { itemprop } = element.attrs;
  return itemprop !== undefined && AUTHOR_ITEMPROP.test(itemprop);
}
