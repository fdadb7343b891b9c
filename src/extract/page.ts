/**
 * Page-level signals: what the page declares about itself in structured data (JSON-LD types, microdata), and
 * the fallback content it offers when its body has no text (an app shell whose crawler view is missing).
 */
import { ElementNode, TextNode } from "../dom/tree";
import type { PageIndex } from "./measure";

/** How often each schema.org @type is named in the page's JSON-LD blocks, @graph and nested objects included. */
export function schemaTypes(jsonLd: unknown[]): Map<string, number> {
  const types = new Map<string, number>();
  const stack: unknown[] = [...jsonLd];
  let budget = 5000;
  while (stack.length && budget-- > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (key === "@type") for (const type of Array.isArray(inner) ? inner : [inner]) if (typeof type === "string") types.set(type, (types.get(type) ?? 0) + 1);
        else if (typeof inner === "object") stack.push(inner);
      }
    }
  }
  return types;
}

/**
 * Types of pages whose comments are the content: forum threads and social posts. (On Q&A pages the answers are
 * the content and the comments under them are not.)
 */
const DISCUSSION_TYPES = /^(DiscussionForumPosting|SocialMediaPosting)$/;
const DISCUSSION_MICRODATA = /schema\.org\/(DiscussionForumPosting|SocialMediaPosting|Comment|UserComments)\b/;

const LIST_TYPES = /^(ItemList|CollectionPage|SearchResultsPage|OfferCatalog)$/;
const PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct|ProductModel)$/;
const PRODUCT_MICRODATA = /schema\.org\/(Product|IndividualProduct)\b/;

/** What the page declares itself to be, in JSON-LD or microdata: a discussion, one product, or neither. */
export type DeclaredKind = "discussion" | "product" | null;

export function declaredKind(types: Map<string, number>, index: PageIndex): DeclaredKind {
  let products = 0;
  for (const [type, count] of types) {
    if (DISCUSSION_TYPES.test(type)) return "discussion";
    if (LIST_TYPES.test(type)) return null;
    if (PRODUCT_TYPES.test(type)) products += count;
  }
  let productMicrodata = false;
  for (const element of index.nodes) {
    const itemtype = element.attrs.itemtype;
    if (itemtype === undefined) continue;
    if (DISCUSSION_MICRODATA.test(itemtype)) return "discussion";
    if (PRODUCT_MICRODATA.test(itemtype)) productMicrodata = true;
  }
  return products > 0 || productMicrodata ? "product" : null;
}

/** The page's own summary (description metas), as a paragraph; null when it has none. */
export function metadataSummary(metadata: Record<string, unknown>): ElementNode | null {
  const candidates = [metadata.ogDescription, metadata.description, metadata["og:description"], metadata["twitter:description"]];
  let best = "";
  for (const value of candidates) if (typeof value === "string" && value.trim().length > best.length) best = value.trim();
  if (best === "") return null;
  const paragraph = new ElementNode("p", {}, null);
  paragraph.children.push(new TextNode(best, paragraph));
  const root = new ElementNode("div", {}, null);
  paragraph.parent = root;
  root.children.push(paragraph);
  return root;
}
