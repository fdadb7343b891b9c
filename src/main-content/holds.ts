/**
 * What a subtree holds that changes how its text is judged (measure.ts marks it on every element of the page index,
 * `PageIndex.holds`): a title, a section heading, a picture, a form field, code.
 */
import type { ElementNode } from "../dom/tree";
import { HEADING_TAGS } from "./tags";

/** Bits of `PageIndex.holds`: an <h1> (the page or article title). */
export const HOLDS_TITLE = 1;
/** ... a section heading (<h2> to <h6>). */
export const HOLDS_SUBHEADING = 2;
/** ... a picture (<img>, <picture>). */
export const HOLDS_PICTURE = 4;
/** ... a form control a reader fills in (a text box, a choice, a text area). */
export const HOLDS_FIELD = 8;
/** ... a block of code (<pre>). */
export const HOLDS_CODE = 16;

const NOT_FIELDS = new Set(["hidden", "submit", "button", "image", "reset"]);

/** The HOLDS_* bit the element itself gives its subtree, or 0. */
export function ownHolding(element: ElementNode): number {
  const name = element.name;
  if (name === "h1") return HOLDS_TITLE;
  if (HEADING_TAGS.has(name)) return HOLDS_SUBHEADING;
  if (name === "img" || name === "picture") return HOLDS_PICTURE;
  if (name === "textarea" || name === "select") return HOLDS_FIELD;
  if (name === "pre") return HOLDS_CODE;
  return name === "input" && !NOT_FIELDS.has((element.attrs.type ?? "text").toLowerCase()) ? HOLDS_FIELD : 0;
}
