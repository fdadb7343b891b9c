/**
 * Feedback polls: "Was this page helpful?" with a Yes and a No button, closing a documentation page or a help
 * article. The buttons go with every interface widget; the question left behind is a stray line of the page's
 * chrome. A poll is recognised by its shape — a question of a few words in a box that holds two or more buttons
 * with a word or an icon each, and little else — not by its wording, so it is found in any language.
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/**
 * A poll's text (the buttons' labels not counted): its question and perhaps a link beside it. A quoted post or a
 * caption with a question and controls around it says more.
 */
const POLL_MAX_CHARS = 50;
/** Yes and No at least; a box with one button and a question is a search box or a form, judged elsewhere. */
const POLL_MIN_BUTTONS = 2;
/** A poll's buttons say a word ("Yes", "No", "Not really") or show an icon; an accordion's say its questions. */
const POLL_BUTTON_CHARS = 12;

/** Cuts from the region each outermost box of at most POLL_MAX_CHARS of text that asks a question and holds buttons. */
export function cutPolls(index: PageIndex, region: Region): void {
  const { nodes, parent, end, chars, textChars } = index;
  const root = region.root;
  // Per subtree of the region (offset by root): its buttons, and whether it holds something a poll does not — a
  // button that says more than a word, or a picture (a captioned image with zoom controls).
  const buttons = new Uint16Array(end[root] - root);
  const other = new Uint8Array(end[root] - root);
  for (let i = end[root] - 1; i > root; i--) {
    const k = i - root;
    if (nodes[i].name === "button") {
      buttons[k]++;
      if (textChars[i] > POLL_BUTTON_CHARS) other[k] = 1;
    } else if (nodes[i].name === "img") other[k] = 1;
    const p = parent[i] - root;
    if (buttons[p] < 0xffff) buttons[p] += buttons[k];
    other[p] |= other[k];
  }
  cutWhere(index, region, (i) => {
    const k = i - root;
    return (
      buttons[k] >= POLL_MIN_BUTTONS &&
      !other[k] &&
      chars[i] > 0 &&
      chars[i] <= POLL_MAX_CHARS &&
      collapsedText(nodes[i]).includes("?")
    );
  });
}
