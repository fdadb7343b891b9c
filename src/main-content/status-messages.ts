/**
 * Status messages of the interface left in the markup: "Loading…", "Loading specifications…" (a block a script
 * fills in later), "Link copied!" (the toast a share button shows), "Show caption" / "Hide caption" (a caption's
 * toggle). A reader never sees them as the page's text. A longer status ("Loading the forecast…") may be all a small
 * page says, so only "Loading" and one word are taken for a status.
 */
import { collapsedText, firstCharacter } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/** Such a message is shorter than this (non-space characters): only short blocks have their text built. */
const STATUS_MAX_CHARS = 40;
const STATUS_MESSAGE =
  /^(?:loading(?: [a-z]+)?(?:\.\.\.|…)|(?:link |url )?copied(?: to clipboard)?!?|(?:show|hide) caption)$/i;

/** Whether a block's whole text is such a message. */
export function isStatusMessage(text: string): boolean {
  return STATUS_MESSAGE.test(text);
}

/** The letters such a message starts with: a block starting otherwise never has its text joined. */
const STATUS_INITIALS = new Set(["l", "L", "c", "C", "u", "U", "s", "S", "h", "H"]);

/** Cuts the blocks of the region whose whole text is such a message. */
export function cutStatusMessages(index: PageIndex, region: Region): void {
  const { nodes, chars, ownChars } = index;
  const isMessage = (i: number) =>
    STATUS_INITIALS.has(firstCharacter(nodes[i])) && isStatusMessage(collapsedText(nodes[i]));
  cutWhere(
    index,
    region,
    (i) => ownChars[i] > 0 && ownChars[i] === chars[i] && ownChars[i] < STATUS_MAX_CHARS && isMessage(i),
  );
}
