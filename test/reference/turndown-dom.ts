/**
 * REFERENCE ONLY (see turndown.ts). What the turndown rules need of domino's DOM, which turndown's types call
 * DOM elements.
 */
import type { DominoElement, DominoNode } from "@mixmark-io/domino";
import type TurndownService from "turndown";

export type ReplacementNode = Parameters<TurndownService.ReplacementFunction>[1];
/** turndown's types speak of DOM elements; at run time they are domino's. */
export const asElement = (node: ReplacementNode): DominoElement => node as unknown as DominoElement;

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export function closestAncestor(node: DominoNode, nodeName: string): DominoElement | null {
  for (let ancestor = node.parentNode; ancestor !== null; ancestor = ancestor.parentNode) {
    if (ancestor.nodeName === nodeName) return ancestor as DominoElement;
  }
  return null;
}

export function elementChildren(element: DominoElement): DominoElement[] {
  return Array.from(element.children);
}
