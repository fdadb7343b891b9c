/**
 * Main-content extraction (onlyMainContent) over the page tree: `extractMainContent(body, signals)` returns the
 * subtree (or subtrees, under their common root) that is the page's content, with clutter removed from it and
 * its structure — headings, lists, tables, code — untouched.
 *
 * Design. Like readability and trafilatura it scores blocks of text and picks a region; unlike them it has no list
 * of page layouts or sites, and one rule covers articles, threads, shops, listings, docs and marketing pages:
 *
 * 1. html/noscript.ts — a <noscript> crawler view (Discourse and other app shells) becomes the page when the rest of
 *    the body has next to no text; other noscripts go.
 * 2. measure.ts — one flat index of the elements (document order, typed arrays; linear passes, no recursion):
 *    text per subtree and per block (the nearest non-inline ancestor of a text run; inline chrome, such as a
 *    screen-reader-only label, is a block of its own), link text, punctuation.
 * 3. signals.ts + judge.ts — markup hints (tag, ARIA role, microdata, the words of class and id) mark chrome:
 *    footers, modals, cookie and newsletter boxes are always dropped; navigation, sidebars, share bars, related
 *    rails are dropped unless they evidently wrap the content; buttons, bylines and forms only when they hold
 *    little prose (judge.ts names each classifier). Every block is judged on its own text by the ordered rules of
 *    block-text.ts (BLOCK_RULES: prose and headings are content, link-dense blocks clutter, short labels neutral, legal
 *    notes clutter wherever they sit, and the exceptions, each named); hidden text (closed
 *    tabs) does not draw the region and is kept inside it, where its prose keeps the container holding it (an
 *    accordion of linked questions) from being cut.
 *    named-sections.ts — a section whose heading says it is about something else ("Related articles", "About the
 *    author", "People who viewed this item also viewed") counts like one named so in its class; so does an author card
 *    (author-cards.ts: a small block opening with a link to the writer's page, then a biography).
 * 4. items.ts — repeated siblings of one shape (cards, rows, entries; a news section's heavy story cards, pictured and
 *    titled by a link, but not a declared thread's posts) are lists of items: on a page with little
 *    prose they are its content (a listing, a collection), on a product page those that link elsewhere by their text
 *    are recommendations (other products' cards), those that do not are the product's own details; teasers
 *    (items titled by a link to another page, with an excerpt) are clutter beside an article, unless it is a thread.
 *    A carousel's slides out of view (hidden siblings of shown items) are items too, and their clutter weighs.
 * 5. page.ts — what the page declares (JSON-LD, microdata): a discussion keeps its comment threads (every post of
 *    a forum), a Q&A page keeps its question (the region must hold it) and answers but not the comments under them,
 * a product page is read as one (its hidden layers — a quick view, a size guide — go, its closed tabs and folds stay;
 *    when it sells the product, its customer reviews are cut without weighing against the product's block), an
 *    article (a schema.org type, or an hAtom "hentry" around the pick) keeps its comments out however short it is,
 * and so does an Open Graph article (og:type) with prose of its own. The page's author (itemprop="author", or a class
 *    naming an author box: a byline, a biography) goes, except on threads, Q&A pages and listings, where it signs
 *    each post or entry. A declared article (or an Open Graph one, or a page that is one <article> element without
 *    code: marksOneArticle) loses its pictures' captions and credits (not the pictures, nor a numbered figure's
 *    caption) and its disclosures.
 * 6. region.ts — the core is the subtree with the most content net of clutter; it widens into its ancestors' other
 *    children when they hold substantial content of their own (the other sections of a marketing page, a long
 *    article split by a layout wrapper), keeping the short titled sections beside them and cutting untitled
 *    snippets; strongly negative subtrees inside are cut. small-pages.ts — a small page (a declared main region, or a
 *    body, of a few hundred characters that the pick shrank to its heading) is all content: the region is widened
 *    back to it, and only boilerplate is cut there. The page's title joins the region (region.ts joinTitle): the
 *    heading (<h1> to <h3>) the document's <title> names, else the first <h1> (page-title.ts). Then rules.ts's
 *    REGION_CUTS, in order, cut what the region holds that is not content (repeats, orphan headings, calls to
 *    action, datelines, pull quotes, sign-up boxes…: one file each, all on walk.ts's walk), and clean-region.ts the
 *    fallback text of its videos and audio. On a thread, posters-and-dates.ts gives each post whose poster's card or
 *    attribution bar was cut its poster and date back.
 * 7. word-breaks.ts — neighbouring inline elements whose words only the page's styles keep apart ("Lifetime" badge
 *    after "Genuine part", a date after a byline's name) get a space between them; repeated-text.ts — a run of prose
 *    the region repeats word for word goes when it is a quote (a reply quoting the post above it) or a line of its own.
 * 8. Never empty: a region with almost no text is first re-read as a listing's (its items' text counted as content);
 *    if it still has almost none (or none, and no image), it falls back to the whole cleaned body (without
 *    its chrome, menus and footers, when enough text is left), and a body without any text (or with only a bar of
 *    links) to the page's own description; `warnings` says so.
 *
 * Cost: a handful of linear passes over the tree (measured by bench/quality/offline.mjs, in ms per MB of HTML).
 * The body is modified in place (the region is a subtree of it): callers that need the whole page must not reuse
 * it afterwards.
 */
import type { ElementNode } from "../dom/tree";
import { judge, type JudgeOptions, type Judgement } from "./judge";
import { indexPage, type PageIndex } from "./measure";
import { findItemLists, type ItemLists } from "./items";
import {
  declaredAuthors,
  declaredKind,
  declaredQuestion,
  inDeclaredEntry,
  marksOneArticle,
  metadataSummary,
  readStructuredData,
  offersForSale,
} from "./page";
import { resolveNoscript } from "../html/noscript";
import { cleanRegion } from "./clean-region";
import { cutOrphanHeadings } from "./orphan-headings";
import { joinTitle, keptChars, keptImage, pickRegion, type Region, wholePage } from "./region";
import { cutRepeats } from "./repeats";
import { namedSections } from "./named-sections";
import { markAuthorCards } from "./author-cards";
import { separateGluedWords } from "./word-breaks";
import { cutRepeatedText } from "./repeated-text";
import { smallPageRegion } from "./small-pages";
import { cutInRegion } from "./rules";
import { pageTitle } from "./page-title";
import { keepPostersAndDates } from "./posters-and-dates";

export interface PageSignals {
  url: string;
  title?: string;
  jsonLd: unknown[];
  metadata: Record<string, unknown>;
}

export interface MainContent {
  root: ElementNode;
  warnings: string[];
}

/** Below this much text the pick is implausible when the page has far more: the whole body is returned instead. */
const MIN_REGION_CHARS = 100;
/**
 * A page that does not declare itself a discussion is read as one when its comment threads hold more prose than
 * the rest of it and that rest is short (a forum thread's opening post), not when a long article has a longer
 * comment section, nor when the page declares an article (a short blog post with many comments).
 */
const DISCUSSION_MAX_OWN_CHARS = 2000;
/** Picked content below this share of the page's non-boilerplate text means the page is a list of items. */
const LISTING_PROSE_SHARE = 0.5;
/**
 * A pick that is a list of items with clutter above this share of its content is a listing too: an index of papers
 * or posts whose entries have a linked title, a line of linked authors and a line of links to formats is mostly
 * prose by its titles and abstracts, but its link lines, judged as menus, would be cut from every entry.
 */
const LISTING_CLUTTER_SHARE = 0.4;

/**
 * Share of the pick's text a list of items must hold for the pick to be that list: a wrapper around the list (with the
 * list's heading and a line of sorting options) is read as the list itself.
 */
const LISTING_SPAN_SHARE = 0.7;

/**
 * Whether the pick is a list of items carrying much clutter by its text (LISTING_CLUTTER_SHARE), or wraps one holding
 * most of its text. Lists are looked for only among the elements holding that much text: the others' subtrees are
 * skipped.
 */
function holdsClutteredList(index: PageIndex, items: ItemLists, judgement: Judgement, region: Region): boolean {
  const { end, chars } = index;
  const least = LISTING_SPAN_SHARE * chars[region.root];
  for (let p = region.root; p < end[region.root];) {
    if ((p > region.root && region.cut[p]) || chars[p] < least) {
      p = end[p];
      continue;
    }
    if (items.isList[p] === 1 && judgement.bad[p] > LISTING_CLUTTER_SHARE * judgement.good[p]) return true;
    p++;
  }
  return false;
}

/** Share of the page's text in links above which a page whose text is all chrome is just its navigation. */
const NAVIGATION_LINK_SHARE = 0.5;

/**
 * Whether the pick is implausible and the whole body must stand in: far smaller than the page, or nothing at all
 * where the page has text (all of it in chrome-like markup: a one-menu page) — unless the region holds an image (a
 * photo page), or the page's text is only a bar of links and it has a description to say more (an app shell).
 */
function needsWholePage(index: PageIndex, region: Region, hasSummary: boolean): boolean {
  const kept = keptChars(index, region);
  const total = index.chars[0];
  if (kept < MIN_REGION_CHARS && total > 4 * MIN_REGION_CHARS) return true;
  if (kept > 0 || total === 0 || keptImage(index, region)) return false;
  return !(hasSummary && index.linkChars[0] > NAVIGATION_LINK_SHARE * total);
}

export function extractMainContent(body: ElementNode, signals: PageSignals): MainContent {
  const warnings: string[] = [];
  resolveNoscript(body);
  const index = indexPage(body);
  const structured = readStructuredData(signals.jsonLd);
  const kind = declaredKind(structured, index);
  const items = findItemLists(index, kind !== "discussion");
  let commentsAreContent = kind === "discussion";
  // A product page's lists of further products are recommendations, not its content.
  const itemText = kind === "product" ? "clutter" : undefined;
  // ... and what buyers wrote about a product on sale is not its description.
  const reviewsAreClutter = kind === "product" && offersForSale(structured, index);
  // An article's text is its prose: the captions and credits of its pictures and its disclosures are not part of it.
  const onlyProse = kind === "article" || signals.metadata.ogType === "article" || marksOneArticle(index);
  // Sections titled as being about other pages, the author or sharing, and an article's disclaimer (a listing, made of
  // such lists, keeps them).
  const elsewhere = namedSections(index, { article: onlyProse });
  markAuthorCards(index, elsewhere, items.inItem);
  // What the page's kind and markup say, for judging it as declared (not as a listing: see below).
  const asDeclared: Omit<JudgeOptions, "commentsAreContent"> = {
    signedPosts: kind === "qa",
    onlyProse,
    inItem: items.inItem,
    isItem: items.isItem,
    inTeaser: items.inTeaser,
    inLinkingItem: items.inLinkingItem,
    itemText,
    reviewsAreClutter,
    hiddenLayersAreClutter: kind === "product",
    namedSections: elsewhere,
  };
  let judgement = judge(index, { ...asDeclared, commentsAreContent });
  // A product page's region holds the product's title; a Q&A page's holds the question (not only the answers).
  const anchor =
    kind === "product" ? pageTitle(index, judgement, signals.title) : kind === "qa" ? declaredQuestion(index) : -1;
  let region = pickRegion(index, judgement, anchor);
  // A product's title standing apart from its description (a buy box beside the details) anchors an implausibly small
  // pick: the region is then chosen as on any page.
  if (kind === "product" && keptChars(index, region) < MIN_REGION_CHARS) region = pickRegion(index, judgement);
  if (
    (kind === null || kind === "qa") &&
    judgement.commentGood > judgement.good[region.root] &&
    judgement.good[region.root] < DISCUSSION_MAX_OWN_CHARS &&
    !inDeclaredEntry(index, region.root) &&
    // An Open Graph article with prose of its own is a post with comments; with none, its comments are all it has.
    !(signals.metadata.ogType === "article" && judgement.good[region.root] > 0)
  ) {
    commentsAreContent = true;
    judgement = judge(index, { ...asDeclared, commentsAreContent });
    region = pickRegion(index, judgement);
  }
  // A page made of items is read as a listing before the whole body is made to stand in — and so is a pick that is
  // implausibly small (a listing in a box named like a related-items rail) or is itself (or mostly) a list of items
  // carrying much clutter by its text (each entry's links to its authors, its formats), whose entries would lose those
  // lines as prose.
  const implausible = keptChars(index, region) < MIN_REGION_CHARS;
  const clutteredList = holdsClutteredList(index, items, judgement, region);
  if (
    kind !== "product" &&
    kind !== "qa" &&
    (judgement.good[region.root] < LISTING_PROSE_SHARE * judgement.keptChars || implausible || clutteredList)
  ) {
    judgement = judge(index, {
      commentsAreContent,
      inItem: items.inItem,
      isItem: items.isItem,
      inTeaser: items.inTeaser,
      itemText: "content",
    });
    region = pickRegion(index, judgement);
  }
  // A small page's main region is all content: its one link or short label does not outweigh its paragraph.
  const small = smallPageRegion(index, judgement, region);
  if (small !== null) region = small;
  // On pages other than articles and threads, the sections between a title and the content stay with both. Only an
  // article declared in structured data counts: site builders give every page og:type "article", a service page's too.
  const title = pageTitle(index, judgement, signals.title, region);
  joinTitle(index, region, title, kind === "article" || commentsAreContent ? undefined : judgement);
  cutInRegion({
    index,
    region,
    items,
    judgement,
    commentsAreContent,
    itemText,
    small: small !== null,
    article: onlyProse,
    authors: declaredAuthors(structured, signals.metadata),
    title,
  });
  const summary = metadataSummary(signals.metadata, signals.title);
  if (!small?.declared && needsWholePage(index, region, summary !== null)) {
    warnings.push("Main-content detection found no clear main region; the whole page body is returned.");
    region = wholePage(index, judgement);
    cutRepeats(index, region, items.inItem);
    cutOrphanHeadings(index, region, items.inItem);
  }
  if (commentsAreContent) keepPostersAndDates(index, region);
  cleanRegion(index, region);
  const root = index.nodes[region.root];
  separateGluedWords(root);
  cutRepeatedText(index, region, items.isItem);
  if (keptChars(index, region) === 0 && summary !== null) {
    warnings.push(
      "The page body has no text beyond navigation (it is rendered by " +
        "scripts); its description (or title) is returned instead.",
    );
    return { root: summary, warnings };
  }
  return { root, warnings };
}
