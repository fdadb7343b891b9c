/**
 * What an element's microdata or names say it is about, beyond chrome or content (signals.ts): customer reviews of a
 * product, the author of the page, a picture's caption or a disclosure. All are real text that belongs beside the
 * content rather than in it on some pages only, so judge.ts decides what to do with them from the page's kind; here
 * they are only recognised.
 */
import { collapsedText, type ElementNode } from "../dom/tree";
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
const AUTHOR_WORDS = new Set(["author", "authors"]);
/** Words that, right after "author" in one class or id, name the box about the author ("author-box", "author_bio"). */
const AUTHOR_BOX_WORDS = new Set(["box", "bio", "info", "card", "profile", "details", "description"]);

/**
 * Whether the element declares itself the page's author: itemprop="author" (a byline, an author box), or a class or
 * id naming an author box ("author-box", "ly-author-box", "author_bio", "about-the-author") — about who wrote the
 * page, not what it says. On a thread it is each poster's card, and on a listing each entry's byline: the judge
 * keeps those. A bare "author" names too much (a quote's or a testimonial's author, a paper's list of authors), and
 * so does "author" before a layout word ("author-container", "customers_author-wrapper").
 */
export function namesAuthor(element: ElementNode): boolean {
  const { itemprop, class: className, id } = element.attrs;
  if (itemprop !== undefined && AUTHOR_ITEMPROP.test(itemprop)) return true;
  for (const value of [className, id]) {
    // Most elements say nothing of authors: the words are only split when the letters are there.
    if (value === undefined || !/author/i.test(value)) continue;
    for (const token of value.split(/\s+/)) {
      const words = attributeWords(token);
      for (let k = 0; k < words.length; k++) {
        if (!AUTHOR_WORDS.has(words[k])) continue;
        if (k + 1 < words.length && AUTHOR_BOX_WORDS.has(words[k + 1])) return true;
        if (words[k - 1] === "about" || (words[k - 1] === "the" && words[k - 2] === "about")) return true;
      }
    }
  }
  return false;
}

const CAPTION_WORDS = new Set(["caption", "captions", "figcaption"]);
const DISCLOSURE_WORDS = new Set(["disclaimer", "disclaimers", "disclosure", "disclosures"]);
/** A biography in an article is its author's (on a team or speaker page, people's bios are the content). */
const BIO_WORDS = new Set(["bio", "bios", "biography"]);

/**
 * Whether the element is something an article prints beside its prose rather than as part of it: a picture's
 * caption or credit (a <figcaption>, a class or id naming a caption: "wp-caption-text", "image__caption"), or an
 * editorial or affiliate disclosure ("disclaimer", "affiliate-disclosure"), or its author's biography ("bio"). A wrapper of a picture and its caption
 * ("wp-caption") is named so too: the judge only takes those without a picture inside.
 */
export function besideProse(element: ElementNode): boolean {
  if (element.name === "figcaption") return true;
  for (const value of [element.attrs.class, element.attrs.id]) {
    // Most elements say nothing of either: the words are only split when the letters are there.
    if (value === undefined || !/caption|discl|bio/i.test(value)) continue;
    if (attributeWords(value).some((word) => CAPTION_WORDS.has(word) || DISCLOSURE_WORDS.has(word) || BIO_WORDS.has(word))) return true;
  }
  return false;
}

/** "Figure 3.", "Fig. 2:", "Table 1 —": a numbered figure that the text refers to. */
const NUMBERED_FIGURE = /^\W*(?:fig(?:ure)?|table)\.?\s*\d/i;

/** Whether a caption numbers its figure: then it is part of a technical text, which refers to it by that number. */
export function numbersFigure(caption: ElementNode): boolean {
  return NUMBERED_FIGURE.test(collapsedText(caption).slice(0, 20));
}
