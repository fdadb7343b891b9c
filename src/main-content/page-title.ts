/**
 * Which heading titles the page: the one the document's <title> names, joined to the region by region.ts joinTitle
 * (and, on a product page, the anchor the region must hold).
 */
import { collapsedText } from "../dom/tree";
import type { Judgement } from "./judge";
import type { PageIndex } from "./measure";
import type { Region } from "./region";

/** Headings that may title the page when the document's <title> names them. */
const TITLE_TAGS = new Set(["h1", "h2", "h3"]);
/** A heading this short says too little to be matched against the document's title. */
const TITLE_MATCH_MIN_CHARS = 12;

/**
 * The page's main heading, or -1: a heading (<h1> to <h3>) outside boilerplate that the document's title names
 * ("Building a birdhouse" in "Building a birdhouse - Workbench Notes"), where a blog prints its own name as the <h1>
 * and the post's title as an <h3>; failing that, the first <h1> outside boilerplate. When the title names several
 * (Blogger's "Notes from the allotment: Low river, late beans" names the blog's <h1> and the post's <h3>), the one
 * nearest before the content wins (or, with none before, the first inside or after it). Without a region (a
 * product's anchor, looked for before the region is picked), the first.
 */
export function pageTitle(index: PageIndex, judgement: Judgement, documentTitle = "", region?: Region): number {
  const { nodes, chars } = index;
  const named = documentTitle.replace(/\s+/g, " ").trim().toLowerCase();
  let firstH1 = -1;
  let lastBefore = -1;
  let lastText = "";
  for (let i = 1; i < nodes.length; i++) {
    if (!TITLE_TAGS.has(nodes[i].name) || judgement.boilerplate[i] || chars[i] === 0) continue;
    const text = chars[i] >= TITLE_MATCH_MIN_CHARS ? collapsedText(nodes[i]).toLowerCase() : "";
    if (text !== "" && named.includes(text)) {
      if (region === undefined || (i >= region.root && lastBefore < 0)) return i;
      if (i >= region.root) return lastBefore;
      // A second copy of the same heading (a theme's second one, in a link to the page) does not move the pick.
      if (text !== lastText) lastBefore = i;
      lastText = text;
    }
    if (firstH1 < 0 && nodes[i].name === "h1") firstH1 = i;
  }
  return lastBefore >= 0 ? lastBefore : firstH1;
}
