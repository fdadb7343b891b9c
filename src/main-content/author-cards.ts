/**
 * Author cards: the small block a post prints about its writer — a name linking to the writer's page on the site
 * ("/author/rebecca-norris/", "/contributors/eduard-kovacs/", rel="author"), then a short biography. Sites give it
 * utility classes or none and no heading, so the link to the author's page is what gives it away. Such a card is about
 * who wrote the page, not what it says, and counts like a section titled "About the author" (named-sections.ts):
 * clutter beside an article, kept where it evidently wraps the content.
 *
 * The card is the largest block around the link that starts with it (nothing but a picture or a label such as
 * "Written by" before it), holds at most a biography's length, holds prose of its own besides links (a byline — a
 * name and a date — is not a card), and holds no page title.
 */
import { ELEMENT, isText, type ElementNode } from "../dom/tree";
import { type PageIndex } from "./measure";
import { HOLDS_TITLE } from "./holds";

/** A card holds a name, a role and a biography: a block larger than this is not one. */
const CARD_MAX_CHARS = 900;
/** ... and at least this much text outside links (a biography), or it is a byline. */
const CARD_MIN_PROSE = 80;
/** Text allowed before the author's link in its card ("Written by", "About"). */
const LEAD_CHARS = 20;
/** A path segment naming the site's page about one of its writers. */
const AUTHOR_PATH = /\/(?:authors?|contributors?|writers?)\/[^/?#]/i;

/** Whether a link leads to the page of one of the site's writers. */
function linksToAuthor(attrs: Record<string, string>): boolean {
  if (attrs.rel !== undefined && /\bauthor\b/i.test(attrs.rel)) return true;
  return attrs.href !== undefined && AUTHOR_PATH.test(attrs.href);
}

/** A page has one writer or a few: more cards than this are a list (books and their authors, posts and theirs). */
const MAX_CARDS = 2;

/** Sets 1 on each author card in `marked` (the named sections' array), outside repeated items (`inItem`). */
export function markAuthorCards(index: PageIndex, marked: Uint8Array, inItem: Uint8Array): void {
  const { nodes, parent, chars, linkChars } = index;
  const count = nodes.length;
  const cards: number[] = [];
  for (let a = 1; a < count; a++) {
    if (nodes[a].name !== "a" || chars[a] === 0 || inItem[a] || !linksToAuthor(nodes[a].attrs)) continue;
    let card = -1;
    let before = 0;
    for (let c = a; parent[c] > 0; c = parent[c]) {
      const p = parent[c];
      // The page title never sits in a card.
      if (chars[p] > CARD_MAX_CHARS || index.holds[p] & HOLDS_TITLE) break;
      before += textBefore(index, p, c);
      if (before > LEAD_CHARS) break;
      if (chars[p] - linkChars[p] >= CARD_MIN_PROSE) card = p;
    }
    if (card > 0 && !cards.includes(card)) cards.push(card);
    if (cards.length > MAX_CARDS) return;
  }
  for (const card of cards) marked[card] = 1;
}

/** Characters other than spaces in `p`'s children before its child element `c` (loose text included). */
function textBefore(index: PageIndex, p: number, c: number): number {
  const child = index.nodes[c];
  let total = 0;
  let element = p + 1;
  for (const node of index.nodes[p].children) {
    if (node === child) break;
    if (node.type === ELEMENT) {
      // Elements are numbered in document order: the next indexed one is this child (unless it was skipped).
      if (index.nodes[element] === (node as ElementNode)) {
        total += index.chars[element];
        element = index.end[element];
      }
    } else if (isText(node)) total += node.data.replace(/\s+/g, "").length;
  }
  return total;
}
