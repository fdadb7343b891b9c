/**
 * Read-more lines: a story's pointer to another story set between its paragraphs, a label and a headline that is all
 * link ("Read more: Garmin Forerunner 970 review", "RELATED: Council approves bike lanes", "See also: Travel
 * Photography Explained"). They belong to the site's navigation, not to the story. A sentence that links somewhere
 * ("Read more about the plan in our explainer.") has text of its own and stays; so does a label alone over a list.
 */
import { collapsedText, firstCharacter } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

const LABEL =
  "(?:read (?:more|next|also)|also (?:read|see)|see also|read|more|related(?: (?:articles?|stor(?:y|ies)|posts?|" +
  "reading|content|coverage))?|recommended(?: reading)?|further reading|don[’']t miss|must read|" +
  "you (?:may|might) also like)";
/** The label and what sets it off from the headline; a <br> between two lines leaves no space before the second. */
const LABELS = new RegExp(`${LABEL}\\s*(?::|\\||»|›|→|>>|[-–—](?=\\s))`, "gi");
const STARTS_WITH_LABEL = new RegExp(`^${LABEL}\\s*(?::|\\||»|›|→|>>|[-–—]\\s)`, "i");
/** Longer blocks are prose; a headline is shorter (non-space characters). */
const READ_MORE_MAX_CHARS = 200;
/** Characters of the headline that may fall outside its link: a full stop, quotation marks. */
const UNLINKED_SLACK = 2;

/** The letters a label starts with: a block starting otherwise never has its text joined. */
const LABEL_INITIALS = new Set(["r", "R", "s", "S", "a", "A", "m", "M", "d", "D", "y", "Y", "f", "F"]);

const nonSpace = (text: string) => text.replace(/\s+/g, "").length;

/** Whether block `i`'s text is read-more labels, each followed by a headline that is a link. */
function isReadMoreLine(index: PageIndex, i: number): boolean {
  const text = collapsedText(index.nodes[i]);
  if (!STARTS_WITH_LABEL.test(text)) return false;
  const headlines = nonSpace(text.replace(LABELS, " "));
  return headlines > 0 && index.ownLinkChars[i] + UNLINKED_SLACK >= headlines;
}

/** Cuts the region's blocks that are read-more lines, except in repeated items (a listing's cards). */
export function cutReadMoreLines(index: PageIndex, region: Region, inItem: Uint8Array): void {
  const { chars, ownChars, ownLinkChars } = index;
  cutWhere(
    index,
    region,
    (i) =>
      !inItem[i] &&
      ownChars[i] > 0 &&
      ownChars[i] === chars[i] &&
      ownChars[i] <= READ_MORE_MAX_CHARS &&
      ownLinkChars[i] > 0 &&
      LABEL_INITIALS.has(firstCharacter(index.nodes[i])) &&
      isReadMoreLine(index, i),
  );
}
