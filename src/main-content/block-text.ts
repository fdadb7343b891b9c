/**
 * How each block's own text counts, before any boilerplate is decided: as content (`good`), as clutter (`bad`), or
 * as neither. The rules below are tried in order and the first that recognises a block decides; each names what it
 * recognises. A block with no rule of its own is prose: its text outside links is content, its links clutter.
 *
 * Headings and prose count as content, blocks made mostly of link text (menus, tag clouds, "related" lists) as
 * clutter — a list entry with a note of its own beside its link (a reference and its author) only by its note, as
 * content, and a linked heading over an excerpt (a story's title in a listing) neither. Short unpunctuated snippets
 * (labels, dates, buttons) count as neither, a copyright notice (notices.ts) all as clutter, wherever the footer
 * meant to hold it went. Text in repeated items counts as the page kind asks (all content on a listing, card labels
 * as clutter on a product page), and teasers of other pages as clutter on any other page. Afterwards, a short list of
 * links set among prose (a section's "see also") counts as neither.
 */
import type { JudgeOptions } from "./judge";
import type { PageIndex } from "./measure";
import { HEADING_TAGS, LIST_TAGS } from "./tags";
import { DISCLOSURE_MAX_CHARS, isCopyrightNotice, isDisclosure, NOTICE_MAX_CHARS } from "./notices";
import { isCrossReference } from "./cross-references";
import { sumSubtrees } from "./subtree-sums";

/** Share of a block's text in links above which the block is navigation rather than content. */
const LINK_BLOCK_DENSITY = 0.5;
/** Item text up to this long is a card's name, price or label rather than prose. */
const PRODUCT_CARD_TEXT = 80;
/**
 * A list entry made mostly of a link but with this much text of its own beside it (an author, a note) is a reference
 * in the content — "Performance tuning guide by A. Author" — not a menu entry, which is the link alone.
 */
const ANNOTATION_CHARS = 10;
/** Blocks shorter than this without punctuation are labels, not content. */
const SHORT_BLOCK_CHARS = 25;
/**
 * A linked heading over this much text of the card holding it outside links (an excerpt, a date and a byline) titles a
 * story or an entry of the page rather than standing in a menu.
 */
const EXCERPT_CHARS = 50;
/**
 * A list of at most this many links whose list sits in a block with this much prose around it is part of the text
 * ("see also", a section's references): its entries count as neither content nor clutter. A menu stands apart from
 * prose, or is longer.
 */
const TEXT_LINK_LIST_ENTRIES = 12;
const TEXT_LINK_LIST_PROSE = 500;

/** One block being judged, and the verdict a rule writes into it. */
interface Block {
  readonly index: PageIndex;
  readonly options: JudgeOptions;
  /** Teasers of other pages, when they count as clutter on this page (not a listing, not a thread). */
  readonly teasers: Uint8Array | undefined;
  i: number;
  /** The block's own text, and the part of it in links. */
  own: number;
  links: number;
  good: number;
  bad: number;
  /** On a listing, item text counted as content beyond what it is worth on its own. */
  promoted: number;
  /** A list entry that is a link and little else. */
  linkEntry: boolean;
}

interface BlockRule {
  name: string;
  /** Whether the rule recognises the block. */
  when(b: Block): boolean;
  /** How its text counts (good and bad start at 0). */
  counts(b: Block): void;
}

const mostlyLinks = (b: Block) => b.links > LINK_BLOCK_DENSITY * b.own;
const allClutter = (b: Block) => {
  b.bad = b.own;
};
const proseOutsideLinks = (b: Block) => {
  b.good = b.own - b.links;
};
const isWhole = (b: Block) => b.own === b.index.chars[b.i];

/**
 * Whether a heading titles the smallest block holding more than it (its card) that has an excerpt of its own: a
 * listing's story whose title links to it, not recognised as an item (its cards differ in shape), is then neither
 * content nor clutter by its title, so the title is not cut from above its excerpt. A menu's or a rail's linked
 * headings have only links around them; a thread's posts' linked headings are previews of the pages they link to.
 * Walks up a few ancestors, for linked headings only.
 */
function titlesExcerpt(index: PageIndex, heading: number, own: number): boolean {
  let card = index.parent[heading];
  while (card > 0 && index.chars[card] <= own) card = index.parent[card];
  return card > 0 && index.chars[card] - index.linkChars[card] >= EXCERPT_CHARS;
}

/** The rules, in the order they are tried. */
export const BLOCK_RULES: readonly BlockRule[] = [
  {
    // A listing's items are what it lists: all their text is content.
    name: "listed item",
    when: (b) => b.options.itemText === "content" && !!b.options.inItem?.[b.i],
    counts(b) {
      b.good = b.own;
      // On its own text the block would count its text outside links (a heading, prose) or nothing (links, a label).
      const { index, i } = b;
      const prose =
        HEADING_TAGS.has(index.nodes[i].name) ||
        (!mostlyLinks(b) && (b.own >= SHORT_BLOCK_CHARS || index.ownPunctuation[i] > 0));
      b.promoted = prose ? b.links : b.own;
    },
  },
  { name: "teaser of another page", when: (b) => !!b.teasers?.[b.i], counts: allClutter },
  {
    // A product card's name and price, not a paragraph that happens to sit in a repeated block.
    name: "product card label",
    when: (b) =>
      b.options.itemText === "clutter" &&
      !!b.options.inLinkingItem?.[b.i] &&
      (mostlyLinks(b) || b.own < PRODUCT_CARD_TEXT),
    counts: allClutter,
  },
  {
    // A site's legal line, wherever the footer that should hold it went.
    name: "copyright notice",
    when: (b) => b.own < NOTICE_MAX_CHARS && isWhole(b) && isCopyrightNotice(b.index.nodes[b.i]),
    counts: allClutter,
  },
  {
    // A note on what the site earns from its links (not an entry of a list, which is the content saying that the
    // link in it is an affiliate one).
    name: "disclosure",
    when: (b) =>
      b.own <= DISCLOSURE_MAX_CHARS &&
      isWhole(b) &&
      b.index.nodes[b.i].name !== "li" &&
      isDisclosure(b.index.nodes[b.i]),
    counts: allClutter,
  },
  {
    // Its words are content; its links clutter unless it titles an excerpt (a story of a listing).
    name: "heading",
    when: (b) => HEADING_TAGS.has(b.index.nodes[b.i].name),
    counts(b) {
      b.good = b.own - b.links;
      b.bad = b.links > 0 && !b.options.commentsAreContent && titlesExcerpt(b.index, b.i, b.own) ? 0 : b.links;
    },
  },
  {
    // Its note counts as content and its link as neither: a reading list inside the content stays with it.
    name: "annotated reference",
    when: (b) => mostlyLinks(b) && b.index.nodes[b.i].name === "li" && b.own - b.links >= ANNOTATION_CHARS,
    counts: proseOutsideLinks,
  },
  {
    // A sentence pointing elsewhere: its words count as content and its link as neither (cross-references.ts).
    name: "cross-reference",
    when: (b) => mostlyLinks(b) && isCrossReference(b.index, b.i),
    counts: proseOutsideLinks,
  },
  {
    name: "links",
    when: mostlyLinks,
    counts(b) {
      b.bad = b.own;
      b.linkEntry = b.index.nodes[b.i].name === "li";
    },
  },
  { name: "label", when: (b) => b.own < SHORT_BLOCK_CHARS && b.index.ownPunctuation[b.i] === 0, counts: () => {} },
  {
    name: "prose",
    when: () => true,
    counts(b) {
      b.good = b.own - b.links;
      b.bad = b.links;
    },
  },
];

export interface BlockText {
  /** Content and clutter of each element's own text. */
  good: Float64Array;
  bad: Float64Array;
  /** Subtree sums of `good`. */
  subtreeGood: Float64Array;
  /** On a listing, item text counted as content beyond its own worth (null on other pages). */
  promoted: Float64Array | null;
}

export function judgeBlockText(index: PageIndex, options: JudgeOptions): BlockText {
  const { nodes, parent, ownChars, ownLinkChars } = index;
  const count = nodes.length;
  const good = new Float64Array(count);
  const bad = new Float64Array(count);
  const promoted = options.itemText === "content" ? new Float64Array(count) : null;
  const linkEntries = new Uint8Array(count);
  const teasers = options.itemText === undefined && !options.commentsAreContent ? options.inTeaser : undefined;
  const b: Block = { index, options, teasers, i: 0, own: 0, links: 0, good: 0, bad: 0, promoted: 0, linkEntry: false };
  for (let i = 0; i < count; i++) {
    if (ownChars[i] === 0) continue;
    b.i = i;
    b.own = ownChars[i];
    b.links = ownLinkChars[i];
    b.good = b.bad = b.promoted = 0;
    b.linkEntry = false;
    BLOCK_RULES.find((rule) => rule.when(b))!.counts(b);
    good[i] = b.good;
    bad[i] = b.bad;
    if (promoted !== null) promoted[i] = b.promoted;
    if (b.linkEntry) linkEntries[i] = 1;
  }
  const subtreeGood = sumSubtrees(good, parent);
  // A short list of links set among prose ("see also", a section's references) is part of the text, not a menu.
  for (let i = 1; i < count; i++) {
    const list = parent[i];
    if (!linkEntries[i] || list <= 0 || !LIST_TAGS.has(nodes[list].name)) continue;
    if (index.childCount[list] <= TEXT_LINK_LIST_ENTRIES && subtreeGood[parent[list]] >= TEXT_LINK_LIST_PROSE)
      bad[i] = 0;
  }
  return { good, bad, subtreeGood, promoted };
}
