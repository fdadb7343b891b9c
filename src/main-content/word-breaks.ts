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
// prettier-ignore
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "data", "dfn", "em", "font", "i", "label", "mark", "q", "s", "small", "span",
  "strong", "sub", "sup", "time", "u", "del", "ins", "big", "strike", "nobr",
]);
/** Subtrees whose text is not prose: left as they are. */
const VERBATIM = new Set(["pre", "code", "kbd", "samp", "tt", "var", "script", "style", "svg", "textarea", "math"]);

/** How deep inline elements are read for the character at their edge. */
const MAX_DEPTH = 32;
/** Character classes, as bits, of each UTF-16 code unit, each read once by a regular expression and then kept. */
const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const KNOWN = 8;
const CLASS = new Uint8Array(0x10000);
function characterClass(code: number): number {
  let bits = CLASS[code];
  if (bits === 0) {
    const character = String.fromCharCode(code);
    bits =
      KNOWN |
      (/\p{Ll}/u.test(character) ? LOWER : 0) |
      (/\p{Lu}/u.test(character) ? UPPER : 0) |
      (/\p{N}/u.test(character) ? DIGIT : 0);
    CLASS[code] = bits;
  }
  return bits;
}
/** Text set above or below the line belongs to the word beside it: an exponent, an index ("m²", "H₂O"), a footnote. */
const ATTACHED = new Set(["sup", "sub"]);

/**
 * The code unit a node ends (or starts) with, read through its inline descendants; -1 at a block or verbatim element
 * or an empty one. (Code units, not code points: a letter outside the Basic Multilingual Plane is not tested, as if
 * it were a symbol.)
 */
function edgeCharacter(node: PageNode, last: boolean): number {
  let current: PageNode = node;
  // Bounded: a hostile page nesting inline elements thousands deep costs no more than a few dozen steps per pair.
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (current.type === TEXT) {
      const data = current.data;
      return data.length === 0 ? -1 : data.charCodeAt(last ? data.length - 1 : 0);
    }
    if (!INLINE.has(current.name) || current.children.length === 0) return -1;
    current = current.children[last ? current.children.length - 1 : 0];
  }
  return -1;
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
      if ((left.type === ELEMENT && ATTACHED.has(left.name)) || (child.type === ELEMENT && ATTACHED.has(child.name)))
        continue;
      const end = edgeCharacter(left, true);
      if (end < 0) continue;
      const before = characterClass(end);
      if ((before & (LOWER | DIGIT)) === 0) continue;
      const start = edgeCharacter(child, false);
      if (start < 0) continue;
      const after = characterClass(start);
      // A capital after a word or a number ("PartLifetime", "$108MSRP"), or a number after a word ("Markers31").
      if ((after & UPPER) === 0 && !((after & DIGIT) !== 0 && (before & LOWER) !== 0)) continue;
      const space = new TextNode(" ", element);
      children.splice(k, 0, space);
    }
  }
}
