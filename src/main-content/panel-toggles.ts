/**
 * Buttons that title the panel they open (an accordion's or an FAQ's toggles): their labels are the page's text, not
 * an interface widget's, so the page index (measure.ts) counts them.
 */
import { collapsedText, ELEMENT, TEXT, type ElementNode, type PageNode } from "../dom/tree";
import { HEADING_TAGS, INLINE_TAGS } from "./tags";

/**
 * Whether a <button> titles the panel after it: an accordion's toggle wrapping a heading or asking a question (an
 * FAQ's), followed by the answer it opens, or the toggle a heading wraps. Its label is then the page's text, not an
 * interface widget's.
 */
export function titlesPanel(button: ElementNode): boolean {
  // The accordion pattern of WAI-ARIA: a heading wrapping the toggle of the panel after it (the heading, not the
  // button, has the panel as its sibling; the panel may be left out of the markup until opened).
  if ((button.attrs["aria-expanded"] !== undefined || button.attrs["aria-controls"] !== undefined) && inHeading(button))
    return true;
  const siblings = button.parent?.children ?? [];
  let next: ElementNode | null = null;
  for (let k = siblings.indexOf(button) + 1; k < siblings.length && next === null; k++) {
    const sibling = siblings[k];
    if (sibling.type === ELEMENT) next = sibling;
  }
  if (next === null || next.name === "button" || !hasText(next)) return false;
  if (collapsedText(button).endsWith("?")) return true;
  const stack: ElementNode[] = [button];
  while (stack.length) {
    const element = stack.pop()!;
    for (const child of element.children) {
      if (child.type !== ELEMENT) continue;
      if (HEADING_TAGS.has(child.name)) return true;
      stack.push(child);
    }
  }
  return false;
}

/** Whether the element is inside a heading, with only inline elements between them. */
function inHeading(element: ElementNode): boolean {
  for (let e = element.parent; e !== null; e = e.parent) {
    if (HEADING_TAGS.has(e.name)) return true;
    if (!INLINE_TAGS.has(e.name)) return false;
  }
  return false;
}

/** Whether the element holds any text (stops at the first). */
function hasText(root: ElementNode): boolean {
  const stack: PageNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === ELEMENT) for (const child of node.children) stack.push(child);
    else if (node.type === TEXT && node.data.trim() !== "") return true;
  }
  return false;
}
