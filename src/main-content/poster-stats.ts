/**
 * A poster's statistics printed beside each post of a thread, where no card around them was recognised as the
 * poster's: "Join Date: Aug 2008", "Posts: 1,077", "Posts: 116 Threads: 23 Joined: Feb 2019 Reputation: 7",
 * "Registered: 2024-01-27"; the badge "Original Poster" or "Offline"; the note "Last edited by Trilby (2024-08-04
 * 14:26:59)" or "Edited June 19, 2024 by ColdJ"; the board's controls printed as text ("Reply with quote", "Report",
 * "Code: Select all"); and a question's or topic's statistics ("Asked 6 years, 9 months ago", "Viewed 3k times",
 * "6.3K views 23 replies", "2 Answers"). They say who the poster is on the board and what the board does, not what
 * the post says. A line goes when it is made of nothing else.
 */
import { collapsedText, firstCharacter } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { CELL_TAGS } from "./tags";
import { walkRegion } from "./walk";

const STAT =
  "(?:join(?:ed)?(?: date)?|registered|member since|location|(?:total )?posts|post count|threads|topics|messages|" +
  "reputation|rep|reaction score|likes(?: received)?|points|karma|credits|trophies|solutions)\\b";
/** "Posts: 1,077", "Location: SIN", "Joined Feb 2019": a label and a short value. */
const STATS = new RegExp(`^(?:${STAT}\\s*:?\\s*[^:]{1,30}?\\s*)+$`, "i");
/** A label needs its colon unless the value is a number or a date ("Posts 98", "Joined Feb 2019"). */
const STAT_WITH_COLON = new RegExp(`^${STAT}\\s*:`, "i");
/** A poster's badge or presence. */
const BADGE = /^(?:original poster|thread starter|topic starter|op|online|offline)$/i;
/** A board's controls and notices printed as text beside each post: its buttons are links or plain text. */
const CONTROL = new RegExp(
  "^(?:reply with quote|quote|report(?: inappropriate content| post)?|code: select all|" +
    "not open for further replies\\.?)$",
  "i",
);
const EDIT_NOTE = /^(?:last )?edited by\b.{0,80}$|^last edited\b.{0,60}$|^edited\b.{1,40}\bby\b.{1,40}$/i;
/**
 * A question's or a topic's statistics: "Asked 6 years, 9 months ago", "Modified today", "Viewed 3k times", "6.3K
 * views 23 replies 14 participants last post by ggery Sep 26, 2024", "119 views".
 */
const TOPIC_STAT = new RegExp(
  String.raw`^(?:(?:asked|modified|active)\s+(?:today|yesterday|(?:(?:\d+|an?)\s+\w+,?\s*){1,3}ago)|` +
    String.raw`viewed\s+[\d.,]+k?\s+times|(?:[\d.,]+k?\s+(?:views?|replies|reply|participants)\b[\s·•|,]*)+` +
    String.raw`(?:last post by .{1,60})?|(\d+) answers?(?:\s*\1)?)$`,
  "i",
);
/** The letters such a line starts with: a block starting otherwise never has its text joined. */
// prettier-ignore
const LINE_INITIALS = new Set([
  "a", "c", "e", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "v", "0", "1", "2", "3", "4", "5", "6", "7",
  "8", "9",
]);
/** Such a line is shorter than this (non-space characters). */
const LINE_MAX_CHARS = 120;

/** Whether a line of a thread is a poster's statistics, a poster's badge, an edit note, a control or a counter. */
function isPosterStat(text: string): boolean {
  if (BADGE.test(text) || EDIT_NOTE.test(text) || CONTROL.test(text) || TOPIC_STAT.test(text)) return true;
  return STATS.test(text) && (STAT_WITH_COLON.test(text) || /\d/.test(text));
}

/** Statistics only a member of a board has: a page repeating them is a thread, whatever its markup said. */
const MEMBER_STAT = /^(?:join(?:ed)?(?: date)?|registered|member since|(?:total )?posts|post count|reputation)\b/i;
/** A page not read as a thread shows a member's statistics at least this many times to be taken for one. */
const MEMBER_STAT_MIN = 2;

/** A board's control printed this many times or more marks the posts it follows, whatever the page was read as. */
const CONTROL_MIN = 3;

/**
 * Cuts the region's blocks whose whole text is a poster's statistics, a badge or an edit note: on a thread, or on a
 * page printing a member's statistics (posts, join date) beside MEMBER_STAT_MIN posts or more. Elsewhere a "Location:"
 * line is a school's or an event's. A board's control ("Reply with quote") goes too where it follows CONTROL_MIN posts.
 */
export function cutPosterStats(index: PageIndex, region: Region, thread: boolean): void {
  const { nodes, chars, ownChars } = index;
  const lines: number[] = [];
  const controls: number[] = [];
  const topicStats: number[] = [];
  let memberStats = 0;
  walkRegion(index, region, (i) => {
    if (ownChars[i] === 0 || ownChars[i] !== chars[i] || chars[i] >= LINE_MAX_CHARS) return "descend";
    if (CELL_TAGS.has(nodes[i].name)) return "skip";
    if (!LINE_INITIALS.has(firstCharacter(nodes[i]).toLowerCase())) return "descend";
    const text = collapsedText(nodes[i]);
    if (!isPosterStat(text)) return "descend";
    lines.push(i);
    if (MEMBER_STAT.test(text)) memberStats++;
    if (CONTROL.test(text)) controls.push(i);
    if (TOPIC_STAT.test(text)) topicStats.push(i);
    return "skip";
  });
  if (thread || memberStats >= MEMBER_STAT_MIN) for (const i of lines) region.cut[i] = 1;
  else if (controls.length >= CONTROL_MIN) for (const i of controls) region.cut[i] = 1;
  // A question's or a topic's statistics say so in their own words, on a page read as a thread or not (a Q&A page).
  for (const i of topicStats) region.cut[i] = 1;
}
