/**
 * What readers do not see as the page: elements hidden by their own markup, panels opened in place (tabs, folds,
 * slides) and dialogs laid over the page.
 */
import type { ElementNode } from "../dom/tree";
import { attributeWords } from "./class-words";

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Whether the element is hidden from readers by its own markup (hidden attribute, aria-hidden, display:none). */
export function isHidden(element: ElementNode): boolean {
  const attrs = element.attrs;
  return (
    "hidden" in attrs ||
    attrs["aria-hidden"] === "true" ||
    (attrs.style !== undefined && HIDDEN_STYLE.test(attrs.style))
  );
}

/** Words of a class or id naming a panel a reader opens in place: a tab, an accordion's fold, a carousel's slide. */
// prettier-ignore
const DISCLOSURE_WORDS = new Set([
  "tab", "tabs", "tabpanel", "pane", "panel", "collapse", "collapsible", "collapsed", "accordion", "fold", "slide",
  "slides", "carousel", "swiper", "expand", "expandable", "expander", "toggle", "details", "detail", "description",
  "content",
]);

/**
 * Whether a hidden element is a panel the reader opens in place (a tab panel, an accordion's fold, a carousel's slide:
 * by its role, or a word of its class or id), rather than a layer shown over the page on demand (a quick view, a size
 * guide, a "notify me" form).
 */
export function isDisclosurePanel(element: ElementNode): boolean {
  if (element.name === "details" || element.attrs.role === "tabpanel") return true;
  for (const value of [element.attrs.class, element.attrs.id]) {
    if (value === undefined) continue;
    for (const word of attributeWords(value)) if (DISCLOSURE_WORDS.has(word)) return true;
  }
  return false;
}

/**
 * Whether the element declares itself a dialog (<dialog>, role="dialog", aria-modal, a popover attribute): a layer
 * over the page — a policy, a sign-in box, a size guide, "install the app" — never the page itself, whatever prose
 * it holds.
 */
export function isDialog(element: ElementNode): boolean {
  const { role } = element.attrs;
  return (
    element.name === "dialog" ||
    role === "dialog" ||
    role === "alertdialog" ||
    element.attrs["aria-modal"] === "true" ||
    element.attrs.popover !== undefined
  );
}
