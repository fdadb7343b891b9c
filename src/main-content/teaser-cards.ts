/**
 * Teaser cards inside an article: one link holding another story's headline (a heading) and more beside it (a
 * "Read more" label, a line of its summary, a picture) — "Wildfires force thousands to flee" set between two
 * paragraphs. A list of such cards is found as repeated items (items.ts); a card standing alone is not, and its
 * headline alone may be cut as a link while its summary stays. The whole link goes. A heading that is only wrapped in
 * a link (a roundup's "Sony WH-1000XM5" linking to the shop, its review below) is the article's own, and stays.
 */
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { HOLDS_PICTURE, HOLDS_SUBHEADING } from "./holds";
import { HEADING_TAGS } from "./tags";
import { cutWhere } from "./walk";

/** A card is small: a headline and a line or two. */
const CARD_MAX_CHARS = 300;

/** Whether link `i` holds a heading and something besides it. */
function isCard(index: PageIndex, i: number): boolean {
  const { nodes, chars, holds, end } = index;
  if (nodes[i].name !== "a" || (holds[i] & HOLDS_SUBHEADING) === 0 || chars[i] > CARD_MAX_CHARS) return false;
  const href = nodes[i].attrs.href ?? "";
  if (href === "" || href.startsWith("#")) return false;
  let headingChars = 0;
  for (let k = i + 1; k < end[i]; k = HEADING_TAGS.has(nodes[k].name) ? end[k] : k + 1)
    if (HEADING_TAGS.has(nodes[k].name)) headingChars += chars[k];
  return chars[i] > headingChars || (holds[i] & HOLDS_PICTURE) !== 0;
}

/** Cuts the teaser cards of an article's region. */
export function cutTeaserCards(index: PageIndex, region: Region, inItem: Uint8Array): void {
  cutWhere(index, region, (i) => !inItem[i] && isCard(index, i));
}
