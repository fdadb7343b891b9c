/**
 * Badges on the cards of a list of products: "New", "Top Rated", "Sale", "Sponsored", and the "Compare" box's label.
 * A shop prints them over a card's picture; they sort the card, they are not what it says (its name, price,
 * description and whether it is in stock stay). Only inside repeated items, and only a block whose whole text is one
 * badge (doubled too: "NEWNEW", the same badge drawn twice for two screen sizes).
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

const BADGE =
  "(?:new|new arrivals?|just in|top rated|best ?sellers?|sale|on sale|" +
  "sponsored|ad|compare|add to compare|online only|exclusive|limited edition|quick (?:view|shop)|trending)";
/** One badge, or the same badge twice. */
const BADGES = new RegExp(`^(${BADGE})(?:\\s*\\1)?$`, "i");
/** A badge is shorter than this (non-space characters). */
const BADGE_MAX_CHARS = 30;

/** Whether a card's line is a badge alone. */
const isBadge = (text: string) => BADGES.test(text);

/** Cuts the blocks of the region's repeated items whose whole text is a badge. */
export function cutCardBadges(index: PageIndex, region: Region, inItem: Uint8Array): void {
  const { nodes, chars, ownChars } = index;
  cutWhere(
    index,
    region,
    (i) =>
      inItem[i] === 1 &&
      ownChars[i] > 0 &&
      ownChars[i] === chars[i] &&
      chars[i] <= BADGE_MAX_CHARS &&
      isBadge(collapsedText(nodes[i])),
  );
}
