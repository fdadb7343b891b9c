/**
 * What an element's microdata or names say it is about, beyond chrome or content (signals.ts): customer reviews of a
 * product, the author of the page, a picture's caption or a disclosure. All are real text that belongs beside the
 * content rather than in it on some pages only, so judge.ts decides what to do with them from the page's kind; here
 * they are only recognised, in one pass over the element's attributes.
 */
import { collapsedText, type ElementNode } from "../dom/tree";
import { attributeWords } from "./class-words";

/** What `entityFlags` finds an element to be (bits). */
export const REVIEWS = 1;
export const AUTHOR = 2;
export const BESIDE_PROSE = 4;

const REVIEW_WORDS = new Set(["review", "reviews"]);
const REVIEW_ITEMPROP = /\breviews?\b/;
const REVIEW_ITEMTYPE = /schema\.org\/(Review|Rating|AggregateRating)\b/;
export const AUTHOR_ITEMPROP = /\bauthor\b/;
const AUTHOR_WORDS = new Set(["author", "authors"]);
/** Words that, right after "author" in one class or id, name the box about the author ("author-box", "author_bio"). */
const AUTHOR_BOX_WORDS = new Set(["box", "bio", "info", "card", "profile", "details", "description"]);
const CAPTION_WORDS = new Set(["caption", "captions", "figcaption"]);
const DISCLOSURE_WORDS = new Set(["disclaimer", "disclaimers", "disclosure", "disclosures"]);
/** A biography in an article is its author's (on a team or speaker page, people's bios are the content). */
const BIO_WORDS = new Set(["bio", "bios", "biography"]);
/** Letters every name above holds: most class and id values hold none and are settled by this test alone. */
const ANY_ENTITY_NAME = /review|author|caption|discl|bio/i;

/**
 * What the element's markup says it is, as REVIEWS | AUTHOR | BESIDE_PROSE bits (`nameBits`: those its class and id
 * values give, nameEntityFlags of each, as signals.ts elementSignals reads them from its cache):
 *
 * - REVIEWS: customer reviews (a class or id word "review", itemprop="review", a schema.org Review): what buyers
 *   wrote about a product, judged apart from the product's own description.
 * - AUTHOR: the page's author: itemprop="author" (a byline, an author box), or a class or id naming an author box
 *   ("author-box", "ly-author-box", "author_bio", "about-the-author") — about who wrote the page, not what it says.
 *   On a thread it is each poster's card, and on a listing each entry's byline: the judge keeps those. A bare
 *   "author" names too much (a quote's or a testimonial's author, a paper's list of authors), and so does "author"
 *   before a layout word ("author-container", "customers_author-wrapper").
 * - BESIDE_PROSE: something an article prints beside its prose rather than as part of it: a picture's caption or
 *   credit (a <figcaption>, a class or id naming a caption: "wp-caption-text", "image__caption"), an editorial or
 *   affiliate disclosure ("disclaimer", "affiliate-disclosure"), or its author's biography ("bio"). A wrapper of a
 *   picture and its caption ("wp-caption") is named so too: the judge only takes those without a picture inside.
 */
export function entityFlags(element: ElementNode, nameBits: number): number {
  const { itemprop, itemtype } = element.attrs;
  let flags = nameBits | (element.name === "figcaption" ? BESIDE_PROSE : 0);
  if (itemprop !== undefined && REVIEW_ITEMPROP.test(itemprop)) flags |= REVIEWS;
  if (itemprop !== undefined && AUTHOR_ITEMPROP.test(itemprop)) flags |= AUTHOR;
  if (itemtype !== undefined && REVIEW_ITEMTYPE.test(itemtype)) flags |= REVIEWS;
  return flags;
}

/**
 * The flags a class or id value gives by its words. Not cached here: signals.ts keeps them with each value's hint, in
 * the one cache every class and id value of the page is looked up in anyway.
 */
export function nameEntityFlags(value: string): number {
  // Most values say nothing of any of these: the words are only split when the letters are there.
  if (!ANY_ENTITY_NAME.test(value)) return 0;
  let flags = 0;
  for (const token of value.split(/\s+/)) {
    const words = attributeWords(token);
    for (let k = 0; k < words.length; k++) {
      const word = words[k];
      if (REVIEW_WORDS.has(word)) flags |= REVIEWS;
      if (CAPTION_WORDS.has(word) || DISCLOSURE_WORDS.has(word) || BIO_WORDS.has(word)) flags |= BESIDE_PROSE;
      if (!AUTHOR_WORDS.has(word)) continue;
      if (k + 1 < words.length && AUTHOR_BOX_WORDS.has(words[k + 1])) flags |= AUTHOR;
      if (words[k - 1] === "about" || (words[k - 1] === "the" && words[k - 2] === "about")) flags |= AUTHOR;
    }
  }
  return flags;
}

/** "Figure 3.", "Fig. 2:", "Table 1 —": a numbered figure that the text refers to. */
const NUMBERED_FIGURE = /^\W*(?:fig(?:ure)?|table)\.?\s*\d/i;

/** Whether a caption numbers its figure: then it is part of a technical text, which refers to it by that number. */
export function numbersFigure(caption: ElementNode): boolean {
  return NUMBERED_FIGURE.test(collapsedText(caption).slice(0, 20));
}
