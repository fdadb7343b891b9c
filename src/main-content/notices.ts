/**
 * Legal notes beside the content, recognised by their text rather than by where they sit:
 * - copyright notices ("© 2025 Example Inc. All rights reserved."): the legal line closing a site's footer, often
 *   printed outside any <footer> (a page builder's "copyright" row, an app's bottom bar), known by how the block
 *   begins — the copyright sign or the word, then a year or "all rights reserved"; a photo credit ("© Jane Doe") names
 *   no year and stays;
 * - affiliate disclosures ("This post contains affiliate links; we may earn a commission at no extra cost to you."),
 *   which publishers print above or below a post, in no markup of their own on most sites (page.ts already drops the
 *   ones a declared article names as such).
 */
import { collapsedText, edgeTextRun, ELEMENT, TEXT, type ElementNode, type PageNode } from "../dom/tree";

/** A notice is a line or two; a longer block starting with "©" is prose about copyright. */
export const NOTICE_MAX_CHARS = 300;

const NOTICE_START = /^\s*(?:©|\(c\)\s*\d|copyright\b)/i;
const NOTICE_BODY = /(?:^|\D)(?:19|20)\d\d(?:\D|$)|rights reserved/i;
/** The first text of a block is found this many elements deep at most (a notice starts with its text). */
const FIRST_TEXT_DEPTH = 4;

/**
 * Whether the block's text begins as a copyright notice does. Preformatted text is not a page's legal line but a
 * document's own (a manual's COPYRIGHT section, a licence header in code).
 */
export function isCopyrightNotice(element: ElementNode): boolean {
  if (element.name === "pre" || element.name === "code") return false;
  const text = edgeTextRun(element, false, FIRST_TEXT_DEPTH);
  return NOTICE_START.test(text) && NOTICE_BODY.test(text.slice(0, 120));
}

/** An affiliate disclosure is a note of a few sentences; a longer block is the page's own prose about the subject. */
export const DISCLOSURE_MAX_CHARS = 400;

/** What a disclosure is about: being paid for links or recommendations. */
const DISCLOSURE_MONEY =
  /\b(?:affiliate|commissions?|commissionable|compensat(?:ed|ion)|qualifying purchases|reader-supported)\b/i;
/**
 * How a disclosure speaks: the site or the writer about itself and its links, to the reader about what a purchase
 * costs.
 */
const DISCLOSURE_FRAME = new RegExp(
  String.raw`\b(?:we|i|us|our|this (?:post|article|page|site|website|blog|story|` +
    String.raw`guide|review))\b[^.]{0,60}?\b(?:earn|earns|receive|receives|get|` +
    String.raw`gets|contains?|includes?|uses?)\b|\bat no (?:extra|additional) (?:cost|` +
    String.raw`charge)\b|\bdisclos(?:ure|ed)\b|\bdisclaimer\b|\bamazon associate\b|` +
    String.raw`\breader-supported\b`,
  "i",
);

/**
 * Whether a text run of the element names being paid, looked for run by run (most blocks have no such word, and their
 * text is then never joined), without recursion (inline elements may nest deeper than the call stack goes).
 */
function mentionsPayment(element: ElementNode): boolean {
  const stack: PageNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === TEXT) {
      if (DISCLOSURE_MONEY.test(node.data)) return true;
    } else if (node.type === ELEMENT) for (const child of node.children) stack.push(child);
  }
  return false;
}

/**
 * Whether the block's text is an affiliate disclosure ("This post contains affiliate links: we may earn a commission
 * at no extra cost to you."): the legal note a publisher must print, beside the content rather than part of it.
 */
export function isDisclosure(element: ElementNode): boolean {
  return mentionsPayment(element) && DISCLOSURE_FRAME.test(collapsedText(element));
}
