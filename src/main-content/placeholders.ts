/**
 * Placeholders and interface messages left in the markup: "Loading…", "Loading specifications…" (a block a script
 * fills in later), "Link copied!" (the toast a share button shows), "Show caption" / "Hide caption" (a caption's
 * toggle). A reader never sees them as the page's text. A longer status ("Loading the forecast…") may be all a small
 * page says, so only "Loading" and one word are taken for a placeholder.
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";

/** Such a message is shorter than this (non-space characters): only short blocks have their text built. */
const PLACEHOLDER_MAX_CHARS = 40;
const PLACEHOLDER = /^(?:loading(?: [a-z]+)?(?:\.\.\.|…)|(?:link |url )?copied(?: to clipboard)?!?|(?:show|hide) caption)$/i;

/** Whether a block's whole text is a placeholder or an interface message. */
export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text);
}

/** Cuts the blocks of the region whose whole text is a placeholder or an interface message. */
export function cutPlaceholders(index: PageIndex, region: Region): void {
  const { nodes, end, chars, ownChars } = index;
  for (let i = region.root + 1; i < end[region.root]; ) {
    const own = ownChars[i];
    if (region.cut[i] || (own > 0 && own === chars[i] && own < PLACEHOLDER_MAX_CHARS && isPlaceholder(collapsedText(nodes[i]).trim()))) {
      region.cut[i] = 1;
      i = end[i];
    } else i++;
  }
}
