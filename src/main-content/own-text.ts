/**
 * Text of part of a subtree, as later rules compare it: a block's own text (what `PageIndex.ownChars` counts), or the
 * text under an element without some of its parts (a quote without its attribution).
 */
import { ELEMENT, type ElementNode } from "../dom/tree";
import { INLINE_TAGS } from "./tags";

const NOTHING = new Set<string>();

/** Appends the text of `node`'s subtree, each subtree left out (by `keep`) standing as a space. */
function appendText(node: ElementNode, parts: string[], keep: (element: ElementNode) => boolean): void {
  for (const child of node.children) {
    if (child.type !== ELEMENT) parts.push(child.data);
    else if (keep(child)) appendText(child, parts, keep);
    else parts.push(" ");
  }
}

const collapse = (parts: string[]) => parts.join("").replace(/\s+/g, " ").trim();

/** The element's own block text: its text and its inline descendants', not the blocks nested in it; collapsed. */
export function ownBlockText(element: ElementNode): string {
  const parts: string[] = [];
  appendText(element, parts, (child) => INLINE_TAGS.has(child.name));
  return collapse(parts);
}

/** The text under the element without the subtrees of the tags in `leaveOut`; collapsed. */
export function textWithout(element: ElementNode, leaveOut: Set<string> = NOTHING): string {
  const parts: string[] = [];
  appendText(element, parts, (child) => !leaveOut.has(child.name));
  return collapse(parts);
}
