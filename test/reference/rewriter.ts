/**
 * Small helpers around workerd's streaming HTMLRewriter that every HTML pass needs: running a configured
 * rewriter over a string, noticing where an element ends, and checking user-supplied selectors.
 */

/** Elements that never have an end tag; asking HTMLRewriter for their end tag throws. */
// prettier-ignore
const VOID_ELEMENTS = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param", "source", "track",
  "wbr", "frame", "basefont", "bgsound",
]);

/**
 * Calls `onEnd` when the element's end tag is reached (HTMLRewriter also reports the end of elements that
 * were closed implicitly by an ancestor's end tag). Returns false when the element has no end tag (void or
 * a self-closing SVG/MathML element), in which case the caller must treat it as already ended.
 */
export function onElementEnd(element: Element, onEnd: () => void): boolean {
  if (VOID_ELEMENTS.has(element.tagName)) return false;
  try {
    element.onEndTag(onEnd);
    return true;
  } catch {
    return false;
  }
}

/** Runs the rewriter over `html` and returns the rewritten document. */
export async function rewriteHtml(html: string, rewriter: HTMLRewriter): Promise<string> {
  return rewriter.transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })).text();
}

/** Runs the rewriter only for its handlers' side effects, discarding the output. */
export async function scanHtml(html: string, rewriter: HTMLRewriter): Promise<void> {
  await rewriter
    .transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }))
    .arrayBuffer();
}

/**
 * Whether HTMLRewriter accepts the selector. It rejects what it cannot stream (sibling combinators, :has,
 * most pseudo-classes) by throwing from `on()`, which would otherwise fail the whole page.
 */
export function isSupportedSelector(selector: string): boolean {
  if (selector.trim() === "") return false;
  try {
    new HTMLRewriter().on(selector, {});
    return true;
  } catch {
    return false;
  }
}

/** Trims user selectors and drops the empty and unsupported ones, keeping their order. */
export function usableSelectors(selectors: readonly string[] | undefined): string[] {
  return (selectors ?? []).map((selector) => selector.trim()).filter(isSupportedSelector);
}
