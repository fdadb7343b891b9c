/**
 * Data islands: a block whose whole text is a JSON object or array — the settings or the state a page's script reads
 * from the markup (a product widget's layout, a store's price table), often in a hidden element among the paragraphs.
 * No reader sees it as text; the region drops it. So does a block whose whole text is a timestamp in the form
 * machines write ("2019-01-21T21:40:59.62Z+00:00"): a date a script formats, printed raw in a hidden <time>. Code
 * shown to readers sits in <pre> or <code> and stays.
 */
import { ELEMENT, TEXT, collapsedText, firstCharacter, type ElementNode } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/** Shorter JSON-like text ("{a}", "[1]") may be prose or a placeholder; data islands run long. */
const ISLAND_MIN_CHARS = 40;
/** An object or an array of objects with a quoted key, closed: the text as a script would parse it. */
const JSON_TEXT = /^(?:\{\s*"[^"]*"\s*:[\s\S]*\}|\[\s*\{\s*"[^"]*"\s*:[\s\S]*\}\s*\])$/;
const CODE_TAGS = new Set(["pre", "code"]);
/** An ISO 8601 date and time, to the minute at least, with "T" between them. */
const MACHINE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})*$/;
/** Such a timestamp is this long at most (non-space characters). */
const MACHINE_TIME_MAX_CHARS = 40;

/** Whether the element's first child holding text (not whitespace) is a text node opening with "{" or "[". */
function opensLikeJson(element: ElementNode): boolean {
  for (const child of element.children) {
    if (child.type === TEXT) {
      const text = child.data.trimStart();
      if (text !== "") return text[0] === "{" || text[0] === "[";
    } else if (child.type === ELEMENT) return false;
  }
  return false;
}

const isDigit = (c: string) => c >= "0" && c <= "9";

/** Whether `text` is a timestamp as machines write it. */
export const isMachineTime = (text: string) => text.length <= MACHINE_TIME_MAX_CHARS && MACHINE_TIME.test(text);

/**
 * Whether element `i`'s whole text is JSON (its text opening the element), or it is a <time> or a block whose whole
 * text is a machine's timestamp (not a word of prose: "for example `2005-04-07T22:13:13`").
 */
function isData(index: PageIndex, i: number, small: boolean): boolean {
  const { nodes, chars, ownChars } = index;
  if (chars[i] >= ISLAND_MIN_CHARS && opensLikeJson(nodes[i]) && JSON_TEXT.test(collapsedText(nodes[i]))) return true;
  if (small || (nodes[i].name !== "time" && !(ownChars[i] > 0 && ownChars[i] === chars[i]))) return false;
  if (chars[i] === 0 || chars[i] > MACHINE_TIME_MAX_CHARS || !isDigit(firstCharacter(nodes[i]))) return false;
  return isMachineTime(collapsedText(nodes[i]));
}

/**
 * Cuts from the region each element whose whole text is data, outside code; timestamps not on a `small` page, where
 * one may be all the page says.
 */
export function cutDataIslands(index: PageIndex, region: Region, small = false): void {
  cutWhere(
    index,
    region,
    (i) => isData(index, i, small),
    (i) => CODE_TAGS.has(index.nodes[i].name),
  );
}
