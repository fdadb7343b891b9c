/**
 * Copyright notices ("© 2025 Example Inc. All rights reserved."): the legal line closing a site's footer, often
 * printed outside any <footer> (a page builder's "copyright" row, an app's bottom bar). Recognised by how the block
 * begins — the copyright sign or the word, then a year or "all rights reserved" — not by where it sits; a photo
 * credit ("© Jane Doe") names no year and stays.
 */
import { ELEMENT, TEXT, type ElementNode } from "../dom/tree";

/** A notice is a line or two; a longer block starting with "©" is prose about copyright. */
export const NOTICE_MAX_CHARS = 300;

const NOTICE_START = /^\s*(?:©|\(c\)\s*\d|copyright\b)/i;
const NOTICE_BODY = /(?:^|\D)(?:19|20)\d\d(?:\D|$)|rights reserved/i;
/** The first text of a block is found this many elements deep at most (a notice starts with its text). */
const FIRST_TEXT_DEPTH = 4;

/** The first text run of the element, looking no deeper than FIRST_TEXT_DEPTH elements (empty when none). */
function firstText(element: ElementNode, depth = 0): string {
  for (const child of element.children) {
    if (child.type === TEXT) {
      if (child.data.trim() !== "") return child.data;
    } else if (child.type === ELEMENT && depth < FIRST_TEXT_DEPTH) {
      const text = firstText(child, depth + 1);
      if (text !== "") return text;
    }
  }
  return "";
}

/**
 * Whether the block's text begins as a copyright notice does. Preformatted text is not a page's legal line but a
 * document's own (a manual's COPYRIGHT section, a licence header in code).
 */
export function isCopyrightNotice(element: ElementNode): boolean {
  if (element.name === "pre" || element.name === "code") return false;
  const text = firstText(element);
  return NOTICE_START.test(text) && NOTICE_BODY.test(text.slice(0, 120));
}
