/**
 * Data islands: a block whose whole text is a JSON object or array — the settings or the state a page's script reads
 * from the markup (a product widget's layout, a store's price table), often in a hidden element among the paragraphs.
 * No reader sees it as text; the region drops it. Code shown to readers sits in <pre> or <code> and stays.
 */
import { ELEMENT, TEXT, collapsedText, type ElementNode } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/** Shorter JSON-like text ("{a}", "[1]") may be prose or a placeholder; data islands run long. */
const ISLAND_MIN_CHARS = 40;
/** An object or an array of objects with a quoted key, closed: the text as a script would parse it. */
const JSON_TEXT = /^(?:\{\s*"[^"]*"\s*:[\s\S]*\}|\[\s*\{\s*"[^"]*"\s*:[\s\S]*\}\s*\])$/;
const CODE_TAGS = new Set(["pre", "code"]);

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

/** Cuts from the region each element whose whole text is JSON (its text opening the element), outside code. */
export function cutDataIslands(index: PageIndex, region: Region): void {
  const { nodes, chars } = index;
  cutWhere(
    index,
    region,
    (i) => chars[i] >= ISLAND_MIN_CHARS && opensLikeJson(nodes[i]) && JSON_TEXT.test(collapsedText(nodes[i])),
    (i) => CODE_TAGS.has(nodes[i].name),
  );
}
