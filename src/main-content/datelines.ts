/**
 * Datelines and bylines over an article's body: "March 15, 2022 · 3 min read · By ASU Online", "Updated on July 9,
 * 2025", "By Nina Pineda", "11 min read", "Updated 3 hours ago". They say when and by whom the text was written, not
 * what it says; sites that mark them up as a byline or a date are cut by their class names (signals.ts), the others
 * print them as plain lines between the title and the first paragraph. A line goes when it is made of nothing but such
 * phrases (or is a bar of them with the writer's name or title: "Jane Doe | March 3, 2025 | 5 min read", or a byline
 * and its date: "Posted by Jane Doe on March 3, 2025"), and only there: before the region's first paragraph of prose
 * (or its second, when the first stands alone in its wrapper: a standfirst over the byline), outside repeated items
 * (a listing's entries carry their own dates), and not a heading or a cell of a structure (a list of a date and a
 * reading time is a dateline too).
 *
 * A line naming the author the page declares (JSON-LD, `<meta name="author">`) goes there too, with a role or a
 * place beside the name ("Priya Shah · Rail correspondent", "Maria Costa in Madrid"), however its parts are split
 * into blocks.
 *
 * English only; a line with any other word in it ("Published by Penguin in 1998 as a paperback") stays.
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import { HOLDS_SUBHEADING, HOLDS_TITLE } from "./holds";
import { keptChars, type Region } from "./region";
import { ownBlockText } from "./own-text";
import { walkRegion } from "./walk";

/** A paragraph of prose at least this long ends the head of the body: datelines come before it. */
const PROSE_CHARS = 120;
/** A dateline is shorter than this (non-space characters). */
const DATELINE_MAX_CHARS = 80;
/** A block holding a date beside a byline's own block holds less than this in all. */
const BYLINE_BLOCK_MAX_CHARS = 4 * DATELINE_MAX_CHARS;
/** A dateline split into blocks holds no heading. */
const HEADINGS = HOLDS_TITLE | HOLDS_SUBHEADING;
/** Blocks that are headings, cells or entries of a structure, not lines of their own. */
// prettier-ignore
const STRUCTURAL = new Set([
  "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "dt", "dd", "caption", "figcaption", "pre", "code",
]);

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
const PHRASES = [
  // "Last updated on", "Latest updated", "Published:", "Posted by", "Reviewed by", "Written By"
  "(?:(?:last|latest)\\s+)?(?:published|posted|updated|modified|reviewed|edited|written|date)" +
    "(?:\\s+(?:on|by|at))?\\s*:?",
  // "Friday,", "Mon"
  "(?:mon|tues|wednes|thurs|fri|satur|sun)day,?",
  "(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\\b\\.?,?",
  // "September 16th, 2023", "Dec 04, 2025", "12 March 2024", "2025-01-03", "12.12.2025", "3/4/25"
  `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`,
  `\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH},?\\s+\\d{4}`,
  // "Jan 23" (this year's)
  `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
  "\\d{4}-\\d{2}-\\d{2}",
  "\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}",
  // "at 09:27 am", "10:45 AM", "3:45 p.m. EST", "14.02 GMT"
  "(?:at\\s+)?\\d{1,2}[:.]\\d{2}\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)?",
  "\\b(?:[ecmp][sd]t|utc|gmt|bst|cet|cest|ist|aest|aedt)\\b,?",
  // "3 hours ago", "an hour ago" (before the reading time, which would take "3 mins" of "3 mins ago")
  "(?:about\\s+|an?\\s+|\\d+\\s*)(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\\s+ago",
  // "11 min read", "3 MIN. READ", "5 minutes read", "Reading time: 4 minutes"
  "(?:reading\\s+time\\s*:?\\s*)?\\d+\\s*(?:minutes?|mins?)\\.?(?:\\s+read)?",
];
const PHRASE = new RegExp(`(?:${PHRASES.join("|")})`, "gi");
/** The dots that separate a byline's parts: a middle dot, a bullet, a dot operator, a bullet operator. */
const DOTS = "·•⋅∙";
/** What may stand between the phrases: spaces, separators and the punctuation around them. */
const REST = new RegExp(String.raw`^[\s${DOTS}|,–—\-/:]*$`);
/** A capitalised word of a name, in any alphabet: "Pineda", "Sönke", "O’Malley", "K.". */
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}\w.'’-]*`;
/**
 * A capitalised name of one to four words: "Nina Pineda", "Staff Writer", "The Associated Press". The words are
 * split by spaces only: with the space optional, a run of capitals could be split into words in every way before
 * the pattern failed (seconds for a line of 80 capitals, and a page can hold thousands of such lines).
 */
const NAME = String.raw`${NAME_WORD}(?:\s+${NAME_WORD}){0,3}\s*`;
/**
 * A byline of its own: "By Nina Pineda", "By: Saru Yeknom", "Written by Camila Karalyte", "by Autumn Huerter", and with
 * more names or the writer's title after a comma or "and": "By Jane Doe, Staff Writer", "By Ann Lee and Tom Berg",
 * "By Ann Lee, Tom Berg, and Kai Moss".
 */
const MORE_NAMES = String.raw`(?:(?:,(?:\s*(?:and|&))?|\s(?:and|&))\s*${NAME})*`;
const BYLINE = new RegExp(
  String.raw`^(?:(?:[Ww]ritten|[Pp]osted|[Rr]eported)\s+)?[Bb]y:?\s+${NAME}${MORE_NAMES}$`,
  "u",
);
/** A byline after a date: "October 11, 2023 by Autumn Huerter". */
const BYLINE_AFTER = new RegExp(String.raw`(?!(?<=\s)\s)\s+[Bb]y:?\s+${NAME}$`, "u");
/** A byline with the date after it: "Posted by Jane Doe on March 3, 2025", "by: Ziyi Xu, Dec 17, 2025". */
const BEFORE_DATE = /,\s*|\s+on\s+/g;
/**
 * A name or a title alone: beside a date in a bar of parts ("Jane Doe | March 3, 2025 | 5 min read", "By Jane Doe ⋅
 * Founder and Editor-in-Chief ⋅ Updated May 6, 2025"), the writer's, the writer's title or the section's.
 */
const BARE_NAME = new RegExp(String.raw`^${NAME_WORD}(?:\s+(?:(?:and|of|for|&)\s+)?${NAME_WORD}){0,5}\s*$`, "u");
/** What separates the parts of a byline bar: a bar, one of the dots, a dash between spaces. */
const PARTS = new RegExp(String.raw`(?!(?<=\s)\s)(?:\s*[|${DOTS}]\s*|\s+[–—-]\s+)`);
/**
 * A byline's or dateline's label on a line of its own, the name or date on the next: "Written by", "Last updated on:".
 */
const LABEL =
  /^(?:(?:last|latest)\s+)?(?:published|posted|updated|modified|reviewed|edited|written)(?:\s+(?:on|by))?\s*:?$/i;
/** A line that must hold a date, a time ago or a reading time, not just "Posted by" or separators. */
const DATE_OR_TIME = new RegExp(`${MONTH}\\s+\\d|\\d{4}|\\d\\s*(?:min|mins|minutes?)\\b|\\bago$`, "i");

/**
 * What may follow the page's declared author's name on a byline of its own: separators, and a role or a place ("Priya
 * Shah · Business correspondent", "Maria Costa in Madrid").
 */
const AUTHOR_TAIL = new RegExp(
  String.raw`^[\s${DOTS}|,–—\-:]*(?:(?:in|from)\s+${NAME}|\p{Lu}[\p{L}\s&'’-]{0,40})?[\s${DOTS}|]*$`,
  "u",
);

/** Whether a short line is the page's declared author's name, alone or with a role or a place. */
function namesAuthor(text: string, authors: ReadonlySet<string>): boolean {
  for (const name of authors) if (text.startsWith(name) && AUTHOR_TAIL.test(text.slice(name.length))) return true;
  return false;
}

/** Whether a line is made of date phrases, with a date or a reading time among them. */
const onlyDate = (text: string) => DATE_OR_TIME.test(text) && REST.test(text.replace(PHRASE, " "));

/** Whether a short line is a dateline or a byline and nothing else. */
export function isDateline(text: string): boolean {
  if (BYLINE.test(text) || LABEL.test(text)) return true;
  // "October 11, 2023 by Autumn Huerter": a date with the byline after it.
  const byline = BYLINE_AFTER.exec(text);
  if (onlyDate(byline === null ? text : text.slice(0, byline.index))) return true;
  // "Posted by Jane Doe on March 3, 2025": the byline first.
  for (const separator of text.matchAll(BEFORE_DATE)) {
    const at = separator.index;
    if (BYLINE.test(text.slice(0, at)) && onlyDate(text.slice(at + separator[0].length))) return true;
  }
  // A bar of parts, one of them a date: "Jane Doe | March 3, 2025 | 5 min read", "By Ann Lee · Updated Mon 3:45 PM".
  const parts = text.split(PARTS).filter((part) => part.trim() !== "");
  return (
    parts.length > 1 &&
    parts.some(onlyDate) &&
    parts.every((part) => onlyDate(part) || BYLINE.test(part) || LABEL.test(part) || BARE_NAME.test(part))
  );
}

/** Whether prose block `i` has no sibling that is prose too: a standfirst in the article's header, not the body. */
function standsAlone(index: PageIndex, i: number): boolean {
  const { parent, end, ownChars, ownLinkChars } = index;
  const p = parent[i];
  for (let c = p + 1; c < end[p]; c = end[c])
    if (c !== i && ownChars[c] >= PROSE_CHARS && ownLinkChars[c] < ownChars[c] / 2) return false;
  return true;
}

/**
 * Cuts the datelines and bylines in the head of the region (before its first paragraph of prose, a standfirst aside),
 * and lines naming the page's declared `authors` there. Twice: a date printed inline beside a byline's own block
 * ("<div><p>By Anna Kowalski</p><time>Dec. 3, 2026</time></div>") is a line of its own once the byline is cut.
 */
export function cutDatelines(
  index: PageIndex,
  region: Region,
  inItem: Uint8Array,
  authors: ReadonlySet<string> = new Set(),
): void {
  const { nodes, chars, ownChars, ownLinkChars, holds } = index;
  for (let pass = 0; pass < 2; pass++) {
    let prose = 0;
    walkRegion(index, region, (i) => {
      if (inItem[i]) return "skip";
      const own = ownChars[i];
      if (own >= PROSE_CHARS && ownLinkChars[i] < own / 2) {
        if (++prose > 1 || !standsAlone(index, i)) return "stop";
        return "skip";
      }
      if (STRUCTURAL.has(nodes[i].name) || chars[i] >= BYLINE_BLOCK_MAX_CHARS) return "descend";
      // A byline of the declared author, however its name and role are split into blocks.
      if (authors.size > 0 && chars[i] < DATELINE_MAX_CHARS && namesAuthor(collapsedText(nodes[i]), authors))
        return "cut";
      // On the second pass, a block whose own text is all that is left of it.
      const alone = own === chars[i] || (pass === 1 && own === keptChars(index, region, i));
      const dateline =
        own > 0 &&
        own < DATELINE_MAX_CHARS &&
        alone &&
        isDateline(own === chars[i] ? collapsedText(nodes[i]) : ownBlockText(nodes[i]));
      // A short line whose parts are blocks of their own ("6 min read" and a separator set as a <div>), no heading.
      const split =
        !dateline &&
        own > 0 &&
        own < chars[i] &&
        chars[i] < DATELINE_MAX_CHARS &&
        (holds[i] & HEADINGS) === 0 &&
        isDateline(collapsedText(nodes[i]));
      return dateline || split ? "cut" : "descend";
    });
  }
}
