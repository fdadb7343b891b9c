/**
 * <noscript> is kept in the tree by cleaning; here it is settled. Most hold a tracking pixel or a "please enable
 * JavaScript" line and are dropped. But app shells rendered by a framework (Discourse, many SPAs with
 * server-side crawler views) put the whole page inside <noscript> and leave the rest of the body empty: then
 * the noscript content is the page, and it is unwrapped.
 */
import { collapsedText, unwrap, removeNode, walkElements, type ElementNode } from "../dom/tree";

/** Noscript text must outweigh the rest of the body this many times to be taken as the page. */
const CRAWLER_VIEW_RATIO = 1;

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
  for (const element of noscripts) inside += collapsedText(element).length;
  const outside = collapsedText(body).length - inside;
  const crawlerView = inside > 200 && inside > outside * CRAWLER_VIEW_RATIO;
  for (const element of noscripts) {
    if (crawlerView) unwrap(element);
    else removeNode(element);
  }
}
