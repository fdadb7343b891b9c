/**
 * Words that only the page's styles keep apart. Badges, a byline's name and its date, a price and its "MSRP" label
 * are often adjacent inline elements with no space between them (`<span>Genuine part</span><span>Lifetime
 * guarantee</span>`): a flex or grid layout sets them apart on screen, but their text runs together ("partLifetime",
 * "UlrichMar 6", "$108MSRP") and the words are lost to a reader or a search of the markdown. Where two neighbours'
 * text meets as a lower-case letter or a digit against a capital, or a lower-case letter against a digit (but not at
 * an exponent or an index), a space goes between them: a new word starts there in any prose, and one text node
 * never splits that way (camel-case names, "iPhone", stay whole). Code is left as written.
 */
import { ELEMENT, TEXT, TextNode, type ElementNode, type PageNode } from "../dom/tree";

/** Inline elements: their text runs on with their neighbours' (block elements start a line in the markdown). */
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "data", "dfn", "em", "font", "i", "label", "mark", "q", "s", "small", "span",
  "strong", "sub", "sup", "time", "u", "del", "ins", "big", "strike", "nobr",
]);
/** Subtrees whose text is not prose: left as they are. */
const VERBATIM = new Set(["pre", "code", "kbd", "samp", "tt", "var", "script", "style", "svg", "textarea", "math"]);

/** How deep inline elements are read for the character at their edge. */
const MAX_DEPTH = 32;
const ENDS_WORD = /[\p{Ll}\p{N}]/u;
const STARTS_WORD = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{N}/u;
/** Text set above or below the line belongs to the word beside it: an exponent, an index ("m²", "H₂O"), a footnote. */
const ATTACHED = new Set(["sup", "sub"]);

/**
 * The character a node ends (or starts) with, read through its inline descendants; "" at a block or verbatim element.
 * (Code units, not code points: a letter outside the Basic Multilingual Plane is not tested, as if it were a symbol.)
 */
function edgeCharacter(node: PageNode, last: boolean): string {
  let current: PageNode = node;
  // Bounded: a hostile page nesting inline elements thousands deep costs no more than a few dozen steps per pair.
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (current.type === TEXT) return last ? current.data.charAt(current.data.length - 1) : current.data.charAt(0);
    if (!INLINE.has(current.name) || current.children.length === 0) return "";
    current = current.children[last ? current.children.length - 1 : 0];
  }
  return "";
}

/** Puts a space between neighbouring inline runs whose words would otherwise merge (see above). */
export function separateGluedWords(root: ElementNode): void {
  const stack: ElementNode[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    const children = element.children;
    for (let k = children.length - 1; k >= 0; k--) {
      const child = children[k];
      if (child.type === ELEMENT && !VERBATIM.has(child.name)) stack.push(child);
      if (k === 0) continue;
      const left = children[k - 1];
      if (left.type === TEXT && child.type === TEXT) continue;
      if ((left.type === ELEMENT && ATTACHED.has(left.name)) || (child.type === ELEMENT && ATTACHED.has(child.name))) continue;
      const end = edgeCharacter(left, true);
      if (end === "" || !ENDS_WORD.test(end)) continue;
      const start = edgeCharacter(child, false);
      if (start === "") continue;
      // A capital after a word or a number ("PartLifetime", "$108MSRP"), or a number after a word ("Markers31").
      const glued = STARTS_WORD.test(start) || (DIGIT.test(start) && LOWER.test(end));
      if (!glued) continue;
      const space = new TextNode(" ", element);
      children.splice(k, 0, space);
    }
  }
}
