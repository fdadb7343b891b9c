/**
 * <noscript> is kept in the tree by cleaning; here it is settled. Most hold a tracking pixel or a "please enable
 * JavaScript" line and are dropped. But app shells rendered by a framework (Discourse, many SPAs with
 * server-side crawler views) put the whole page inside <noscript> and leave the rest of the body empty: then
 * the noscript content is the page, and it is unwrapped.
 */
import { ELEMENT, removeNode, unwrap, walkElements, type ElementNode, type PageNode } from "../dom/tree";

/** Noscript text needed to be a crawler view at all (a "JavaScript required" notice is shorter). */
const CRAWLER_VIEW_MIN_CHARS = 200;

/** Non-space characters of text under `node`, without building the text. */
export function textLength(node: PageNode): number {
  if (node.type !== ELEMENT) {
    let count = 0;
    const data = node.data;
    for (let k = 0; k < data.length; k++) if (data.charCodeAt(k) > 32 && data.charCodeAt(k) !== 160) count++;
    return count;
  }
  let total = 0;
  for (const child of node.children) total += textLength(child);
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
  const outside = textLength(body) - inside;
  const crawlerView = inside >= CRAWLER_VIEW_MIN_CHARS && inside > outside;
  for (const element of noscripts) {
    if (crawlerView) unwrap(element);
    else removeNode(element);
  }
}
