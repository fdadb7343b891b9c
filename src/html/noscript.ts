/**
 * <noscript> is kept in the tree by cleaning; here it is settled, on both the main-content and the whole-page
 * path. Most hold a tracking pixel or a "please enable
 * JavaScript" line and are dropped. But app shells rendered by a framework (Discourse, many SPAs with
 * server-side crawler views) put the whole page inside <noscript> and leave the rest of the body empty: then
 * the noscript content is the page, and it is unwrapped.
 */
import { ELEMENT, removeNode, unwrap, walkElements, type ElementNode, type PageNode } from "../dom/tree";

/** Noscript text needed to be a crawler view at all (a "JavaScript required" notice is shorter). */
const CRAWLER_VIEW_MIN_CHARS = 200;

/**
 * Non-space characters of text under `node`, without building the text; counting stops once past `limit`
 * (the callers only compare against a bound).
 */
export function textLength(node: PageNode, limit = Infinity): number {
  let total = 0;
  const stack: PageNode[] = [node];
  while (stack.length && total <= limit) {
    const current = stack.pop()!;
    if (current.type === ELEMENT) {
      for (let k = current.children.length - 1; k >= 0; k--) stack.push(current.children[k]);
      continue;
    }
    const data = current.data;
    for (let k = 0; k < data.length; k++) {
      const code = data.charCodeAt(k);
      if (code > 32 && code !== 160) total++;
    }
  }
  return total;
}

export function resolveNoscript(body: ElementNode): void {
  const noscripts: ElementNode[] = [];
  walkElements(body, (element) => {
    if (element.name === "noscript") {
      noscripts.push(element);
      return false;
    }
  });
  if (noscripts.length === 0) return;
  let inside = 0;
  for (const element of noscripts) inside += textLength(element);
  // Most noscripts are a tracking pixel: no need to measure the page then.
  const crawlerView = inside >= CRAWLER_VIEW_MIN_CHARS && textLength(body, 2 * inside) - inside < inside;
  for (const element of noscripts) {
    if (crawlerView) unwrap(element);
    else removeNode(element);
  }
}
