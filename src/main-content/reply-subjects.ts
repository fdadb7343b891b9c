/**
 * Reply subjects: forum software of the mailing-list school (phpBB, FluxBB, newsreader-style boards) titles every reply
 * with the thread's subject behind "Re:" — "Re: Turning off all LEDs", over and over down the thread. Such a heading
 * says nothing its post does not: the thread's title is already there, once. A heading (below <h1>) whose text is
 * "Re:" (or a localised "Aw:", "Sv:", "Antw:", or "Re[2]:") followed by the text of an earlier heading of the page is
 * cut from the region; the heading it echoes stays, and so does a "Re:" heading echoing nothing before it.
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** A reply prefix, as mail and news clients and the boards copying them write it. */
const REPLY_PREFIX = /^(?:re|aw|sv|antw|vs)(?:\s*\[\d+\])?\s*:\s*/i;
/** Headings longer than this are sections of prose, not subject lines: not read. */
const SUBJECT_MAX_CHARS = 300;

const normal = (text: string) => text.toLowerCase();

/** Cuts from the region each heading below <h1> that is "Re:" and an earlier heading's text. */
export function cutReplySubjects(index: PageIndex, region: Region): void {
  const { nodes, end, chars } = index;
  const seen = new Set<string>();
  for (let i = 1; i < nodes.length; i++) {
    if (!HEADINGS.has(nodes[i].name) || chars[i] === 0 || chars[i] > SUBJECT_MAX_CHARS) continue;
    const text = collapsedText(nodes[i]);
    const prefix = REPLY_PREFIX.exec(text);
    if (prefix !== null && nodes[i].name !== "h1" && i > region.root && i < end[region.root] && seen.has(normal(text.slice(prefix[0].length)))) {
      region.cut[i] = 1;
      continue;
    }
    seen.add(normal(text));
  }
}
