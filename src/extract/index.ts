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
import { resolveNoscript } from "./noscript";
import { cleanRegion, pickRegion } from "./region";

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

export function extractMainContent(body: ElementNode, signals: PageSignals): MainContent {
  const warnings: string[] = [];
  resolveNoscript(body);
  const index = indexPage(body);
  const judgement = judge(index, { commentsAreContent: false });
  const region = pickRegion(index, judgement);
  cleanRegion(index, judgement, region);
  return { root: index.nodes[region], warnings };
}
