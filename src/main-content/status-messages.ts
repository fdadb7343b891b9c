/**
 * Status messages of the interface left in the markup: "Loading…", "Loading specifications…" (a block a script fills in
 * later), "Link copied!" (the toast a share button shows), "Show caption" / "Hide caption" / "toggle caption" (a
 * caption's toggle), the placeholder an ad leaves in a story ("Advertisement", "- Advertisement -", "Story continues
 * below advertisement", "Article continues below", "Sponsored Ad", "Ad Feedback", "Supported by" over a story whose
 * sponsor's slot is empty), what a form shows once sent ("Thanks for your feedback!"), a bar of links within the page
 * ("Jump to Recipe · Print Recipe"), a recipe card's buttons and rating summary ("Print Pin", "5 from 3 votes"), a sort
 * control's label ("Sort: Best Match") and a listing's count ("338 products", "loaded 338 results"). A reader never
 * sees them as the page's text — except on a small page, where "Loading…" may be all the page says (a script was to
 * fill it in), so the cut stays off those (rules.ts). Only "Loading" and one word are taken for a status: "Loading the
 * forecast…" may be a sentence.
 */
import { collapsedText, firstCharacter } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/** Such a message is shorter than this (non-space characters): only short blocks have their text built. */
const STATUS_MAX_CHARS = 40;
/** A caption's toggle, the one message also cut when set inline (<b class="toggle-caption">) beside other blocks. */
const CAPTION_TOGGLE_WORDS = "(?:show|hide|toggle) caption";
const CAPTION_TOGGLE = new RegExp(`^${CAPTION_TOGGLE_WORDS}$`, "i");
const CAPTION_TOGGLE_CHARS = "togglecaption".length;
const STATUS_MESSAGE = new RegExp(
  `^(?:loading(?: [a-z]+)?(?:\\.\\.\\.|…)|(?:link |url )?copied(?: to clipboard)?!?|${CAPTION_TOGGLE_WORDS})$`,
  "i",
);
/** What a form shows once it is sent: "Thanks for signing up!", "Thank you for your feedback", "Success!". */
const FORM_RESPONSE = new RegExp(
  "^(?:(?:thanks|thank you)(?: so much)? for (?:signing up|subscribing|your (?:feedback|submission|message))[.!]?|" +
    "success!?)$",
  "i",
);
/** An ad's label, or the line telling the reader the story goes on past the ad. */
const AD_PLACEHOLDER = new RegExp(
  "^[-–—\\s]*(?:advertisement|sponsored (?:ad|content)|paid content|ad feedback|supported by|" +
    "(?:story|article|content) continues (?:below|after)(?: (?:this|the))?" +
    "(?: advertisement| ad)?|continue reading below|scroll to continue(?: with content)?)[-–—\\s]*$",
  "i",
);

/** Links within the page that a recipe card or a long post puts over its text: "Jump to Recipe", "Back to top". */
const JUMP =
  "(?:(?:jump|skip|go|scroll) to (?:the )?(?:recipe|content|main content|comments|video|review|top)|" +
  "(?:print|pin|save|rate) (?:this )?recipe|back to top)";
const JUMP_LINKS = new RegExp(`^${JUMP}(?:[\\s|·•]+${JUMP})*[\\s|·•]*$`, "i");
/** A recipe card's buttons printed as bare words, two or more side by side: "Print Pin", "Print · Pin · Rate". */
const CARD_BUTTON = "(?:print|pin|save|rate)";
const CARD_BUTTONS = new RegExp(`^${CARD_BUTTON}(?:[\\s|·•]+${CARD_BUTTON})+[\\s|·•]*$`, "i");
/**
 * A sort control's label with the order it shows: "Sort: Best Match", "Sort by:", "Sort By: Price, low to high",
 * "Sorted by: Reset to default".
 */
const SORT_CONTROL = /^sort(?:ed)?(?: by)?\s*:\s*(?:[^\s.!?]+(?: [^\s.!?]+){0,3})?$/i;
/** A listing's count of what it shows: "338 products", "(154 products)", "Products (338)", "loaded 338 results". */
const RESULT_COUNT = new RegExp(
  String.raw`^(?:\(?[\d,]+ (?:results?|products?|items?)\)?|(?:products|results|items) \([\d,]+\)|` +
    String.raw`loaded [\d,]+ (?:results|products|items)|showing (?:[\d,]+\s*[-–]\s*)?[\d,]+ of [\d,]+` +
    String.raw`(?: (?:results|products|items))?)$`,
  "i",
);
/** A rating widget's summary line: "5 from 3 votes", "4.86 from 112 votes", or its count: "1,411 Reviews". */
const RATING_SUMMARY = /^[0-5](?:\.\d{1,2})? from \d[\d,]* votes?$|^\(?[\d,]+k?\)?\s*(?:reviews?|ratings)\)?$/i;

/** Whether a block's whole text is such a message. */
function isStatusMessage(text: string): boolean {
  return (
    STATUS_MESSAGE.test(text) ||
    FORM_RESPONSE.test(text) ||
    AD_PLACEHOLDER.test(text) ||
    JUMP_LINKS.test(text) ||
    CARD_BUTTONS.test(text) ||
    SORT_CONTROL.test(text) ||
    RESULT_COUNT.test(text) ||
    RATING_SUMMARY.test(text)
  );
}

/** The letters such a message starts with: a block starting otherwise never has its text joined. */
// prettier-ignore
const STATUS_INITIALS = new Set([
  "l", "L", "c", "C", "u", "U", "s", "S", "h", "H", "a", "A", "-", "–", "—", "j", "J", "g", "G", "p", "P", "r", "R",
  "b", "B", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "(", "i", "I", "t", "T",
]);

/** Cuts the blocks of the region whose whole text is such a message, and inline caption toggles. */
export function cutStatusMessages(index: PageIndex, region: Region): void {
  const { nodes, chars, ownChars } = index;
  const isMessage = (i: number) =>
    STATUS_INITIALS.has(firstCharacter(nodes[i])) && isStatusMessage(collapsedText(nodes[i]));
  const isToggle = (i: number) =>
    ownChars[i] === 0 &&
    chars[i] > 0 &&
    chars[i] <= CAPTION_TOGGLE_CHARS &&
    CAPTION_TOGGLE.test(collapsedText(nodes[i]));
  cutWhere(
    index,
    region,
    (i) =>
      (ownChars[i] > 0 && ownChars[i] === chars[i] && ownChars[i] < STATUS_MAX_CHARS && isMessage(i)) || isToggle(i),
  );
}
