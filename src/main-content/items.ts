/**
 * Repeated items: the cards of a product grid, the rows of a results table, the entries of a news list, the posts
 * of a thread. They are found by shape, not by name: a container whose element children mostly share one
 * signature (tag and first class word, digits ignored), at least MIN_ITEMS of them, each holding text.
 *
 * A menu has that shape too; what tells them apart is what each item holds. Menu entries are one short link
 * ("Home", "Pricing"); items carry more — a title and a price, a headline and a summary, a picture and a name —
 * or, for plain lists (an index of languages, a table of results), there are many of them.
 *
 * A list is a list of teasers when most of its items are titled by a link to another page and carry a note of their
 * own beside it (an excerpt, a date, a price): related posts, "latest news", product cards — entries that point
 * elsewhere. Beside an article they are clutter; on a page made of them they are its content (judge.ts decides).
 */
import { isWhitespace, type ElementNode } from "../dom/tree";
import { type PageIndex } from "./measure";
import { HOLDS_PICTURE, HOLDS_SUBHEADING } from "./holds";
import { HEADING_TAGS } from "./tags";

const MIN_ITEMS = 3;
/** Elements that can be an item; paragraphs and headings repeat in any article and are not items. */
const ITEM_TAGS = new Set(["li", "tr", "article", "div", "section", "dd", "a", "figure", "tbody"]);
/** Plain one-link entries are content only in lists at least this long. */
const MIN_PLAIN_ITEMS = 12;
/** Average text of an item that is more than a menu label. */
const RICH_ITEM_CHARS = 40;
/** Text beside an item's link that makes it an entry with a description rather than a menu label. */
const ITEM_NOTE_CHARS = 8;
/** Average text of an item beyond which the "items" are sections of a page, not entries of a list. */
const MAX_ITEM_CHARS = 600;
/**
 * ... except for story cards (isStoryCard: a picture and a linked title), which may carry this much (a photo's caption
 * and credit, an excerpt, an audio player's links) when most items of the list are such cards.
 */
const MAX_STORY_CARD_CHARS = 2000;
const STORY_CARD_SHARE = 0.8;
/** Share of a heading's text in links for it to be a linked title. */
const STORY_TITLE_LINK_SHARE = 0.8;
/**
 * Share of a list's text above which one item is not an entry among alike ones but the page's own block in a layout
 * grid (a product page's picture, title and a buy box holding the whole description): one item holding more than
 * all the others together.
 */
const DOMINANT_ITEM_SHARE = 0.5;
/** A teaser's title is at least this long (a headline, not a poster's name or a "Read more"). */
const TEASER_TITLE_CHARS = 20;
/** ... and the teaser carries at least this much text outside links (an excerpt, a date and author, a price). */
const TEASER_NOTE_CHARS = 20;
/** Share of a list's items that must be teasers for the list to be one. */
const TEASER_SHARE = 0.6;

export interface ItemLists {
  /** 1 for every element inside (or being) an item of a repeated-item list. */
  inItem: Uint8Array;
  /** 1 for each container of a repeated-item list. */
  isList: Uint8Array;
  /** 1 for each item (the repeated element itself). */
  isItem: Uint8Array;
  /** 1 for every element inside (or being) an item of a list of teasers. */
  inTeaser: Uint8Array;
  /**
   * 1 for every element inside (or being) an item that links somewhere by its text (a card naming another product),
   * unlike the sections of a product's own details laid out as repeated blocks.
   */
  inLinkingItem: Uint8Array;
}

/**
 * What makes siblings items of one list: their tag and the first word of their class without its digits ("li.post"
 * for "post-12 hentry" and "post-345 hentry"). Read with one scan: it runs for most children of most elements.
 */
export function signature(index: PageIndex, i: number): string {
  const element = index.nodes[i];
  const className = element.attrs.class;
  if (className === undefined) return element.name;
  let start = 0;
  while (start < className.length && isWhitespace(className.charCodeAt(start))) start++;
  let stop = start;
  let digits = false;
  for (; stop < className.length; stop++) {
    const code = className.charCodeAt(stop);
    if (isWhitespace(code)) break;
    if (code >= 48 && code <= 57) digits = true;
  }
  const first = className.slice(start, stop);
  return element.name + "." + (digits ? first.replace(/\d+/g, "") : first);
}

/** Whether a link leads to another page (not to a place on this one, nor to a script: a tab, an accordion). */
function leadsAway(link: ElementNode): boolean {
  const href = link.attrs.href;
  return (
    href !== undefined &&
    href !== "" &&
    !href.startsWith("#") &&
    !/^javascript:/i.test(href) &&
    link.attrs.role !== "button"
  );
}

/**
 * Whether an item holds a link to another page, even one without text: a card made clickable by an empty link laid
 * over it points elsewhere as surely as a linked title does.
 */
function linksAway(index: PageIndex, item: number): boolean {
  for (let i = item; i < index.end[item]; i++)
    if (index.nodes[i].name === "a" && leadsAway(index.nodes[i])) return true;
  return false;
}

/**
 * Whether an item is a story's card: a picture, and a heading made of a link (the story's title). A news section's
 * cards carry long captions, credits and player controls besides the title and excerpt, and are lists of items however
 * heavy; a thread's posts (titled by their poster's name) are not cards, and findItemLists is told so.
 */
function isStoryCard(index: PageIndex, item: number): boolean {
  if ((index.holds[item] & (HOLDS_SUBHEADING | HOLDS_PICTURE)) !== (HOLDS_SUBHEADING | HOLDS_PICTURE)) return false;
  for (let h = item + 1; h < index.end[item]; h++) {
    if (HEADING_TAGS.has(index.nodes[h].name))
      return index.chars[h] > 0 && index.linkChars[h] >= STORY_TITLE_LINK_SHARE * index.chars[h];
  }
  return false;
}

/**
 * Whether an item is titled by a link to another page (its first heading long enough for a headline, made of that link)
 * and has a note beside it.
 */
function isTeaser(index: PageIndex, item: number): boolean {
  const { nodes, end, chars, linkChars } = index;
  if (chars[item] - linkChars[item] < TEASER_NOTE_CHARS) return false;
  for (let h = item + 1; h < end[item]; h++) {
    if (!HEADING_TAGS.has(nodes[h].name)) continue;
    // A short heading before the title is its kicker (the section or category: "Daily", "Sponsored Content").
    if (chars[h] < TEASER_TITLE_CHARS) continue;
    if (linkChars[h] < 0.8 * chars[h]) return false;
    for (let a = h + 1; a < end[h]; a++) if (nodes[a].name === "a") return leadsAway(nodes[a]);
    // A card linked as a whole: the link wraps the title.
    for (let a = index.parent[h]; a >= item; a = index.parent[a]) if (nodes[a].name === "a") return leadsAway(nodes[a]);
    return false;
  }
  return false;
}

/**
 * Text of each subtree outside hidden elements: a card's size as its reader sees it, not counting the "why am I seeing
 * this ad" dialog or the quick-view panel that every card of a carousel carries hidden.
 */
function visibleChars(index: PageIndex): Float64Array {
  const { parent, chars, hidden } = index;
  const hiddenChars = new Float64Array(chars.length);
  // Reverse document order visits children before their parents.
  for (let i = chars.length - 1; i > 0; i--) {
    if (hidden[i]) hiddenChars[i] = chars[i];
    hiddenChars[parent[i]] += hiddenChars[i];
  }
  const visible = new Float64Array(chars.length);
  for (let i = 0; i < chars.length; i++) visible[i] = chars[i] - hiddenChars[i];
  return visible;
}

/** `heavyCards`: story cards may be heavy (isStoryCard) — not on a declared discussion, whose posts are not cards. */
export function findItemLists(index: PageIndex, heavyCards = false): ItemLists {
  const { nodes, parent, end, childCount } = index;
  const chars = visibleChars(index);
  const count = nodes.length;
  const inItem = new Uint8Array(count);
  const isList = new Uint8Array(count);
  const isItem = new Uint8Array(count);
  const inTeaser = new Uint8Array(count);
  const inLinkingItem = new Uint8Array(count);
  // Children of each element, from the parent array (document order keeps them in order).
  const firstChild = new Int32Array(count).fill(-1);
  const nextSibling = new Int32Array(count).fill(-1);
  const lastChild = new Int32Array(count).fill(-1);
  for (let i = 1; i < count; i++) {
    const p = parent[i];
    if (lastChild[p] < 0) firstChild[p] = i;
    else nextSibling[lastChild[p]] = i;
    lastChild[p] = i;
  }
  const groups = new Map<string, number[]>();
  for (let p = 0; p < count; p++) {
    if (childCount[p] < MIN_ITEMS || chars[p] === 0) continue;
    groups.clear();
    let withText = 0;
    for (let c = firstChild[p]; c >= 0; c = nextSibling[c]) {
      if (chars[c] === 0) continue;
      // A definition list's terms head its entries (a paper's number over its title and authors): the <dd>s are the
      // items, and the <dt>s do not outnumber them.
      if (nodes[c].name === "dt" && nodes[p].name === "dl") continue;
      withText++;
      // An item links somewhere (the product, the story, the thread) or is titled or pictured.
      if (
        !ITEM_TAGS.has(nodes[c].name) ||
        (index.linkChars[c] === 0 && !(index.holds[c] & (HOLDS_SUBHEADING | HOLDS_PICTURE)))
      )
        continue;
      const key = signature(index, c);
      const group = groups.get(key);
      if (group) group.push(c);
      else groups.set(key, [c]);
    }
    let items: number[] | null = null;
    for (const group of groups.values()) if (!items || group.length > items.length) items = group;
    if (!items || items.length < MIN_ITEMS || items.length < 0.6 * withText) continue;
    let itemChars = 0;
    let richItems = 0;
    let largest = 0;
    for (const c of items) {
      itemChars += chars[c];
      if (chars[c] > largest) largest = chars[c];
      // More than one block of text (title + price, headline + summary), a long one, or a link with a note of its
      // own beside it ("Fresnel lens — the largest"): a menu entry is its link and nothing else.
      const note = chars[c] - index.linkChars[c];
      if (chars[c] >= RICH_ITEM_CHARS || end[c] - c > 3 || (index.linkChars[c] > 0 && note >= ITEM_NOTE_CHARS))
        richItems++;
    }
    let stories = 0;
    if (heavyCards) for (const c of items) if (isStoryCard(index, c)) stories++;
    const maxChars = stories >= STORY_CARD_SHARE * items.length ? MAX_STORY_CARD_CHARS : MAX_ITEM_CHARS;
    if (itemChars / items.length > maxChars || largest > DOMINANT_ITEM_SHARE * itemChars) continue;
    const rich = richItems >= 0.6 * items.length && itemChars / items.length >= 15;
    if (!rich && items.length < MIN_PLAIN_ITEMS) continue;
    isList[p] = 1;
    let teasers = 0;
    for (const c of items) {
      inItem.fill(1, c, end[c]);
      isItem[c] = 1;
      if (index.linkChars[c] > 0 || linksAway(index, c)) inLinkingItem.fill(1, c, end[c]);
      if (isTeaser(index, c)) teasers++;
    }
    if (teasers >= TEASER_SHARE * items.length) for (const c of items) inTeaser.fill(1, c, end[c]);
    // A carousel's slides out of view (hidden until scrolled to) are items of the list like the ones shown.
    const tag = nodes[items[0]].name;
    for (let c = firstChild[p]; c >= 0; c = nextSibling[c]) {
      if (chars[c] > 0 || index.chars[c] === 0 || nodes[c].name !== tag) continue;
      inItem.fill(1, c, end[c]);
      isItem[c] = 1;
      if (index.linkChars[c] > 0 || linksAway(index, c)) inLinkingItem.fill(1, c, end[c]);
      if (teasers >= TEASER_SHARE * items.length) inTeaser.fill(1, c, end[c]);
    }
  }
  return { inItem, isList, isItem, inTeaser, inLinkingItem };
}
