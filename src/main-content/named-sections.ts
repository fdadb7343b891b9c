/**
 * Sections a page titles as being about something else than itself: "Related articles", "You may also like",
 * "People who viewed this item also viewed", "More like this", "Recently viewed", "About the author", "Written by …",
 * "Share this post", "Like this:" — the label over an ad ("Advertisement", "Sponsored"), and the title of a sign-up
 * box whose form a script loads ("Join our newsletter", "Get our stories delivered to your inbox"), and a board's box
 * asking a guest to sign in ("Create an account or sign in to comment", "Join the conversation"). Sites mark them
 * up like any other section (utility classes, no "related" in any name), so their heading is what gives them away, as
 * it does to a reader. Such a section is clutter beside an article or a product; judge.ts weighs it like a block named
 * "related" (it stays when it evidently wraps the page's content), and a listing page, which is made of such lists,
 * does not use this at all.
 *
 * The section a heading titles is the element that starts with it (the heading and its own wrappers, then what
 * follows) when that element is not most of the page; in a flat body (headings between paragraphs) it is the
 * heading and its following siblings up to the next heading of the same or a higher level.
 *
 * A block of text that stands as such a title without heading markup (a bold "Related posts:" paragraph, an "About
 * the author" div) counts too, for the block it opens only — or, in a flat body, for itself alone (and a list of
 * links right after it).
 *
 * The headings are matched as a whole, in English only: a word anywhere in a heading ("Related work", "More on
 * fields") says nothing.
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import { CELL_TAGS, HEADING_TAGS, LIST_TAGS } from "./tags";

const ELSEWHERE_HEADING = new RegExp(
  "^(?:" +
    [
      "(?:other )?related (?:\\w+ )?(?:posts|articles|stories|content|reading|reads|products|items|links|topics|" +
        "guides|videos|news|discussions|threads|questions|case studies|insights)" +
        "(?: (?:about|and|from|that|you|for) .{1,40})?",
      "(?:check out )?(?:other|more) related \\w+",
      "similar (?:threads|discussions|questions|topics)",
      "suggested (?:topics|threads)",
      "more topics from .{1,40}",
      "hot network questions",
      "(?:explore )?related (?:items|products)(?: to explore)?",
      "more like this",
      "recently viewed(?: items| products)?",
      "(?:compare with )?similar (?:items|products)(?: .{1,40})?",
      "(?:complete|shop) the look",
      "(?:buy a )?bundle (?:and|&) save",
      "frequently compared(?: \\w+)?",
      "(?:choose|add) your add-ons",
      "(?:you )?(?:may|might|will) also (?:like|enjoy|love)",
      "you (?:may|might) like",
      "(?:you )?(?:may|might) (?:also )?be interested in",
      "more from .{1,40}",
      "more (?:stories|articles|posts|news|videos)",
      "recommended (?:for you|posts|articles|stories|reading|products)",
      "(?:read|up) next",
      "what to read next",
      "keep reading",
      "(?:recent|latest|popular|trending) (?:posts|articles|stories|blogs?|blog posts|news)" +
        "(?: (?:at|on|from|in) .{1,40})?",
      "trending(?: now| topics| products)?",
      "most (?:read|popular|viewed)",
      "editor['’]?s['’]? (?:picks|choice)",
      "top stories",
      "in case you missed it",
      "about the (?:authors?|writers?|reviewers?|contributors?|experts?)",
      "people (?:who viewed this item )?also (?:viewed|bought|searched|liked)",
      "customers (?:who (?:bought|viewed) this item )?also (?:bought|viewed)",
      "similar (?:items|products|articles|posts)",
      "frequently bought together",
      "share this(?: (?:article|post|story|page))?",
      "share(?: it| with your community| the \\w+ on)?",
      "like this",
      "written by [^.!?]{1,40}",
      "authors?",
      "follow us",
      "create an account or (?:sign|log) in to (?:comment|reply|post)",
      "join the (?:conversation|discussion)",
      "(?:join|subscribe to|sign up (?:for|to)) (?:our|the) (?:[\\w'’-]+ ){0,3}(?:newsletters?|mailing list|blog)",
      "(?:get|receive) .{1,60} (?:(?:delivered|sent) )?(?:straight |directly )?(?:to|in) your inbox",
      "advertisement",
      "\\W*sponsored\\W*",
    ].join("|") +
    ")$",
  "i",
);
/**
 * Titles of a rail of other posts when set as a heading ("Popular", "Latest", "Recent"); as a plain label they badge a
 * card instead (a pricing plan's "Popular").
 */
const RAIL_HEADING = /^(?:popular|latest|recent)(?: now| this week)?$/i;
/**
 * On an article, a section titled as its disclaimer ("Disclaimer", "Medical disclaimer") is the site's fine print, not
 * the article's prose, as its disclosures are (judge.ts); on other pages it may be the page's own terms.
 */
const DISCLAIMER_HEADING = /^(?:\w+ )?disclaimers?$/i;
/**
 * Titles that name a side section only when what they title is a card or links: a bare "Related" titles Jetpack's
 * related posts or an inline card to another story, but also a paper's section of related work in prose; "Contents"
 * titles a table of contents, but a README's "Table of Contents" may run on over its sections.
 */
const WEAK_HEADING = /^(?:related|(?:table of )?contents(?: hide| show)?)$/i;
/** A label's weak title marks the block it opens only when the block is no bigger than a card. */
const WEAK_CARD_CHARS = 300;
/** Under a weak heading, at most this share of the rest of the section may be text outside links. */
const WEAK_PROSE_SHARE = 0.5;
/** Heading levels by tag. */
const LEVEL = new Map<string, number>([
  ["h2", 2],
  ["h3", 3],
  ["h4", 4],
  ["h5", 5],
  ["h6", 6],
]);
/** A section holding more than this share of the page's text is not a side section, whatever its heading says. */
const MAX_SECTION_SHARE = 0.5;

/** A title's closing punctuation ("Related posts:", "Share this…"), left out when it is read. */
const CLOSING_PUNCTUATION = /[\s:.!?¶§#…]+$/;

/** 1 on each element that is (or starts) such a section; their descendants are not marked. */
export function namedSections(index: PageIndex, options: { article?: boolean } = {}): Uint8Array {
  const { nodes, parent, end, chars } = index;
  const count = nodes.length;
  const marked = new Uint8Array(count);
  const limit = MAX_SECTION_SHARE * chars[0];
  for (let h = 1; h < count; h++) {
    if (chars[h] === 0 || chars[h] > 60) continue;
    const level = LEVEL.get(nodes[h].name);
    if (level === undefined && !isLabel(index, h)) continue;
    const title = collapsedText(nodes[h]).replace(CLOSING_PUNCTUATION, "");
    const strong =
      ELSEWHERE_HEADING.test(title) ||
      (level !== undefined && RAIL_HEADING.test(title)) ||
      (options.article === true && DISCLAIMER_HEADING.test(title));
    const weak = !strong && WEAK_HEADING.test(title);
    if (!strong && !weak) continue;
    // The heading with the wrappers around it that hold nothing else.
    let top = h;
    while (parent[top] > 0 && chars[parent[top]] === chars[top]) top = parent[top];
    const section = parent[top];
    if (section > 0 && chars[section] <= limit && startsWith(index, section, top)) {
      if (weak && !weakSectionFits(index, childrenAfter(index, section, top), chars[section], level)) continue;
      marked[section] = 1;
      continue;
    }
    // A label has no level to end a flat run at: in a flat body, a strong one ("Share this article" over icons that
    // are gone, "Advertisement") is cut alone — not a table's cell, which would shift the row — or with the list of
    // links right after it ("Trending stories at …" over a list of headlines).
    if (level === undefined) {
      if (!strong || CELL_TAGS.has(nodes[top].name)) continue;
      marked[top] = 1;
      const next = end[top];
      if (next < count && parent[next] === parent[top] && isLinkList(index, next)) marked[next] = 1;
      continue;
    }
    // A flat body: the heading and what follows it, up to the next heading of its level or above.
    let taken = 0;
    const run: number[] = [];
    for (let s = top; s >= 0 && s < end[section]; s = end[s]) {
      if (s !== top && opensSection(index, s, level)) break;
      run.push(s);
      taken += chars[s];
    }
    if (taken > limit) continue;
    if (weak && !weakSectionFits(index, run.slice(1), taken, level)) continue;
    for (const s of run) marked[s] = 1;
  }
  return marked;
}

/** A list whose text is all in links (headlines pointing elsewhere). */
function isLinkList(index: PageIndex, i: number): boolean {
  const { nodes, chars, linkChars } = index;
  return LIST_TAGS.has(nodes[i].name) && chars[i] > 0 && linkChars[i] === chars[i];
}

/**
 * A block of text standing as a section's title without heading markup ("<p><strong>Related posts</strong></p>",
 * "<div class="label">About the author</div>"): a block whose text is all its own and not a link (a link so named
 * leads to such a page rather than titling a section here).
 */
function isLabel(index: PageIndex, i: number): boolean {
  return (
    index.ownChars[i] > 0 &&
    index.ownChars[i] === index.chars[i] &&
    index.ownLinkChars[i] === 0 &&
    index.nodes[i].name !== "li"
  );
}

/**
 * Whether what a weak title opens (`blocks`, the elements after the title's own block) is what such a title names:
 * under a label, a card-sized block (`cardChars`); under a heading, links with no subsection and little text
 * outside them.
 */
function weakSectionFits(index: PageIndex, blocks: number[], cardChars: number, level: number | undefined): boolean {
  const { chars, linkChars, end, nodes } = index;
  if (level === undefined) return cardChars <= WEAK_CARD_CHARS;
  let rest = 0;
  let restLinks = 0;
  for (const s of blocks) {
    for (let k = s; k < end[s]; k++) if (HEADING_TAGS.has(nodes[k].name)) return false;
    rest += chars[s];
    restLinks += linkChars[s];
  }
  return rest - restLinks <= WEAK_PROSE_SHARE * rest;
}

/** The children of `section` after `child`. */
function childrenAfter(index: PageIndex, section: number, child: number): number[] {
  const after: number[] = [];
  for (let c = index.end[child]; c < index.end[section]; c = index.end[c]) after.push(c);
  return after;
}

/** Whether `child` is the first of `section`'s children with any text. */
function startsWith(index: PageIndex, section: number, child: number): boolean {
  for (let c = section + 1; c < child; c = index.end[c]) if (index.chars[c] > 0) return false;
  return true;
}

/** Whether element `s` is or holds a heading of `level` or above. */
function opensSection(index: PageIndex, s: number, level: number): boolean {
  for (let i = s; i < index.end[s]; i++) {
    const name = index.nodes[i].name;
    const other = LEVEL.get(name);
    if (name === "h1" || (other !== undefined && other <= level)) return true;
  }
  return false;
}
