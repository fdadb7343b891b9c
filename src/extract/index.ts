/**
 * Main-content extraction over the page tree (onlyMainContent). Design notes: docs in README "Main-content
 * quality"; the steps:
 *
 * 1. noscript.ts — a <noscript> crawler view becomes the page when the rest of the body has next to no text.
 * 2. measure.ts — one index of the elements with text statistics per subtree and per block.
 * 3. judge.ts — boilerplate subtrees (markup signals, guarded against mis-named wrappers), and per element the
 *    content text (`good`) and clutter (`bad`) it holds.
 * 4. region.ts — the main region is the element with the most content net of clutter; its clutter is removed.
 * 5. Never empty: a tiny pick falls back to the whole cleaned body, and a body without text to the page's own
 *    description; `warnings` says so.
 *
 * The body is modified in place (the region is a subtree of it); callers that need the whole page must not
 * reuse it afterwards.
 */
import type { ElementNode } from "../dom/tree";
import { judge } from "./judge";
import { indexPage } from "./measure";
import { findItemLists } from "./items";
import { declaredKind, metadataSummary, readStructuredData } from "./page";
import { resolveNoscript } from "./noscript";
import { cleanRegion, keptChars, pickRegion, wholePage } from "./region";

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
 * comment section.
 */
const DISCUSSION_MAX_OWN_CHARS = 2000;
/** Picked content below this share of the page's non-boilerplate text means the page is a list of items. */
const LISTING_PROSE_SHARE = 0.5;

export function extractMainContent(body: ElementNode, signals: PageSignals): MainContent {
  const warnings: string[] = [];
  resolveNoscript(body);
  const index = indexPage(body);
  const items = findItemLists(index);
  const kind = declaredKind(readStructuredData(signals.jsonLd), index);
  let commentsAreContent = kind === "discussion";
  // A product page's lists of further products are recommendations, not its content.
  const itemText = kind === "product" ? "clutter" : undefined;
  let judgement = judge(index, { commentsAreContent, inItem: items.inItem, isItem: items.isItem, itemText });
  let region = pickRegion(index, judgement);
  if ((kind === null || kind === "qa") && judgement.commentGood > judgement.good[region.root] && judgement.good[region.root] < DISCUSSION_MAX_OWN_CHARS) {
    commentsAreContent = true;
    judgement = judge(index, { commentsAreContent, inItem: items.inItem, isItem: items.isItem, itemText });
    region = pickRegion(index, judgement);
  }
  if ((kind === null || kind === "discussion") && judgement.good[region.root] < LISTING_PROSE_SHARE * judgement.keptChars) {
    judgement = judge(index, { commentsAreContent, inItem: items.inItem, isItem: items.isItem, itemText: "content" });
    region = pickRegion(index, judgement);
  }
  if (keptChars(index, region) < MIN_REGION_CHARS && index.chars[0] > 4 * MIN_REGION_CHARS) {
    warnings.push("Main-content detection found no clear main region; the whole page body is returned.");
    region = wholePage(index);
  }
  cleanRegion(index, region);
  const root = index.nodes[region.root];
  if (keptChars(index, region) === 0) {
    const summary = metadataSummary(signals.metadata);
    if (summary !== null) {
      warnings.push("The page body has no text (it is rendered by scripts); its description is returned instead.");
      return { root: summary, warnings };
    }
  }
  return { root, warnings };
}
