/**
 * Reply subjects: forum software of the mailing-list school (phpBB, FluxBB, newsreader-style boards) titles every reply
 * with the thread's subject behind "Re:" — "Re: Turning off all LEDs", over and over down the thread. Such a heading
 * says nothing its post does not: the thread's title is already there, once. A heading (below <h1>) whose text is
 * "Re:" (or a localised "Aw:", "Sv:", "Antw:", or "Re[2]:") followed by the text of an earlier heading of the page is
 * cut from the region; the heading it echoes stays, and so does a "Re:" heading echoing nothing before it. On such a
 * board the opening post's subject (the title again, without "Re:", under the thread's own title) goes as well;
 * elsewhere a heading repeating an earlier one ("Example" in every section of a manual) is left alone.
 */
import { collapsedText, firstCharacter } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { HEADING_TAGS } from "./tags";

/** A reply prefix, as mail and news clients and the boards copying them write it. */
const REPLY_PREFIX = /^(?:re|aw|sv|antw|vs)(?:\s*\[\d+\])?\s*:\s*/i;
/** Headings longer than this are sections of prose, not subject lines: not read. */
const SUBJECT_MAX_CHARS = 300;

const normal = (text: string) => text.toLowerCase();

/** The letters a reply prefix starts with. */
const REPLY_INITIALS = new Set(["r", "R", "a", "A", "s", "S", "v", "V"]);

/**
 * Whether a heading of the region may start with a reply prefix (its first letter is one a prefix starts with): on
 * most pages none does, and the page's headings are never joined into text.
 */
function mayHoldReply(index: PageIndex, region: Region): boolean {
  const { nodes, end, chars } = index;
  for (let i = region.root + 1; i < end[region.root]; i++) {
    if (
      HEADING_TAGS.has(nodes[i].name) &&
      nodes[i].name !== "h1" &&
      chars[i] > 0 &&
      REPLY_INITIALS.has(firstCharacter(nodes[i]))
    )
      return true;
  }
  return false;
}

/**
 * Cuts from the region each heading below <h1> that is "Re:" and an earlier heading's text — and, on a board whose
 * replies so echo a title, the opening post's subject too when it repeats the thread's title printed above it.
 */
export function cutReplySubjects(index: PageIndex, region: Region): void {
  const { nodes, end, chars } = index;
  if (!mayHoldReply(index, region)) return;
  const seen = new Set<string>();
  const echoed = new Set<string>();
  // Headings below <h1> in the region that repeat an earlier heading word for word, with the text they repeat.
  const repeats: [number, string][] = [];
  for (let i = 1; i < nodes.length; i++) {
    if (!HEADING_TAGS.has(nodes[i].name) || chars[i] === 0 || chars[i] > SUBJECT_MAX_CHARS) continue;
    const text = collapsedText(nodes[i]);
    const inRegion = nodes[i].name !== "h1" && i > region.root && i < end[region.root];
    const prefix = REPLY_PREFIX.exec(text);
    const subject = prefix === null ? "" : normal(text.slice(prefix[0].length));
    if (prefix !== null && inRegion && seen.has(subject)) {
      region.cut[i] = 1;
      echoed.add(subject);
      continue;
    }
    if (inRegion && seen.has(normal(text))) repeats.push([i, normal(text)]);
    seen.add(normal(text));
  }
  for (const [i, text] of repeats) if (echoed.has(text)) region.cut[i] = 1;
}
