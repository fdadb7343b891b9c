/**
 * Page-level signals: what the page declares about itself in structured data (JSON-LD types, microdata), and
 * the fallback content it offers when its body has no text (an app shell whose crawler view is missing).
 */
import { ElementNode, TextNode } from "../dom/tree";
import type { PageIndex } from "./measure";

/** Every schema.org @type named in the page's JSON-LD blocks, @graph and nested objects included. */
export function schemaTypes(jsonLd: unknown[]): Set<string> {
  const types = new Set<string>();
  const stack: unknown[] = [...jsonLd];
  let budget = 5000;
  while (stack.length && budget-- > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (key === "@type") for (const type of Array.isArray(inner) ? inner : [inner]) if (typeof type === "string") types.add(type);
        else if (typeof inner === "object") stack.push(inner);
      }
    }
  }
  return types;
}

/** Types of pages whose comments are the content: forum threads, Q&A pages, social posts. */
const DISCUSSION_TYPES = /^(DiscussionForumPosting|QAPage|SocialMediaPosting)$/;
const DISCUSSION_MICRODATA = /schema\.org\/(DiscussionForumPosting|QAPage|SocialMediaPosting|Comment|UserComments)\b/;

/** Whether the page declares itself a discussion, in JSON-LD or microdata. */
export function declaresDiscussion(types: Set<string>, index: PageIndex): boolean {
  for (const type of types) if (DISCUSSION_TYPES.test(type)) return true;
  for (const element of index.nodes) {
    const itemtype = element.attrs.itemtype;
    if (itemtype !== undefined && DISCUSSION_MICRODATA.test(itemtype)) return true;
  }
  return false;
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
