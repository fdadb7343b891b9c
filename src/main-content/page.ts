/**
 * Page-level signals: what the page declares about itself in structured data (JSON-LD types, microdata), and
 * the fallback content it offers when its body has no text (an app shell whose crawler view is missing).
 */
import { ElementNode, TextNode } from "../dom/tree";
import { type PageIndex } from "./measure";
import { HOLDS_CODE } from "./holds";

export interface StructuredData {
  /** How often each schema.org @type is named. */
  types: Map<string, number>;
  /** The distinct names of the Product objects: one product (or its variants) on a product page, many on a list. */
  productNames: Set<string>;
  /** The names of the people and organisations declared as an object's author ("author": {"name": "Priya Shah"}). */
  authorNames: Set<string>;
}

const PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct|ProductModel)$/;

/** What the page's JSON-LD blocks declare, @graph and nested objects included. */
export function readStructuredData(jsonLd: unknown[]): StructuredData {
  const types = new Map<string, number>();
  const productNames = new Set<string>();
  const authorNames = new Set<string>();
  const stack: unknown[] = [...jsonLd];
  // Values that are variants of a product group (its colours and sizes, each a Product with a name of its own): one
  // product, not a list of them.
  const variants = new Set<unknown>();
  let budget = 5000;
  while (stack.length && budget-- > 0) {
    const value = stack.pop();
    const variant = variants.has(value);
    if (Array.isArray(value)) {
      if (variant) for (const inner of value) variants.add(inner);
      stack.push(...value);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const object = value as Record<string, unknown>;
    const declared = object["@type"];
    for (const type of Array.isArray(declared) ? declared : [declared]) {
      if (typeof type !== "string") continue;
      types.set(type, (types.get(type) ?? 0) + 1);
      if (PRODUCT_TYPES.test(type) && typeof object.name === "string" && !variant)
        productNames.add(object.name.trim().toLowerCase());
    }
    if (object.hasVariant !== null && typeof object.hasVariant === "object") variants.add(object.hasVariant);
    for (const author of Array.isArray(object.author) ? object.author : [object.author]) {
      const name = typeof author === "string" ? author : (author as Record<string, unknown> | null)?.name;
      if (typeof name === "string" && name.trim() !== "") authorNames.add(name.trim());
    }
    for (const [key, inner] of Object.entries(object))
      if (key !== "@type" && inner !== null && typeof inner === "object") stack.push(inner);
  }
  return { types, productNames, authorNames };
}

/** The names the page declares as its author's: in its JSON-LD, and in `<meta name="author">`. */
export function declaredAuthors({ authorNames }: StructuredData, metadata: Record<string, unknown>): Set<string> {
  const authors = new Set(authorNames);
  if (typeof metadata.author === "string" && metadata.author.trim() !== "") authors.add(metadata.author.trim());
  return authors;
}

/**
 * Types of pages whose comments are the content: forum threads and social posts. (On Q&A pages the answers are
 * the content and the comments under them are not.)
 */
const DISCUSSION_TYPES = /^(DiscussionForumPosting|SocialMediaPosting)$/;
const DISCUSSION_MICRODATA = /schema\.org\/(DiscussionForumPosting|SocialMediaPosting|Comment|UserComments)\b/;

const LIST_TYPES = /^(ItemList|CollectionPage|SearchResultsPage|OfferCatalog)$/;
/**
 * More distinct product names than this (in JSON-LD), or more microdata products not nested in one another: the page
 * lists products rather than sells one (in its variants).
 */
const MAX_PRODUCT_NAMES = 2;
const PRODUCT_MICRODATA = /schema\.org\/(Product|IndividualProduct)\b/;

/**
 * What the page declares itself to be, in JSON-LD or microdata: a discussion (its comments are the content), a
 * Q&A page (the answers are; the comments under them are not), one product, an article (its comments are not the
 * content, however short the article), or none of these.
 */
export type DeclaredKind = "discussion" | "qa" | "product" | "article" | null;

const ARTICLE_TYPES = /^(Article|BlogPosting|NewsArticle|TechArticle|Report|ScholarlyArticle)$/;
const ARTICLE_MICRODATA = /schema\.org\/(Article|BlogPosting|NewsArticle|TechArticle|Report|ScholarlyArticle)\b/;

const QA_TYPE = /^QAPage$/;
const QA_MICRODATA = /schema\.org\/QAPage\b/;

export function declaredKind({ types, productNames }: StructuredData, index: PageIndex): DeclaredKind {
  let products = 0;
  let discussion = false;
  let list = false;
  let article = false;
  for (const [type, count] of types) {
    if (QA_TYPE.test(type)) return "qa";
    if (ARTICLE_TYPES.test(type)) article = true;
    if (DISCUSSION_TYPES.test(type)) discussion = true;
    if (LIST_TYPES.test(type)) list = true;
    if (PRODUCT_TYPES.test(type)) products += count;
  }
  let productMicrodata = false;
  let microdataProducts = 0;
  // The body's ancestors too (pages declare their type on <html> as often as on <body>), then the index's elements.
  const ancestors: ElementNode[] = [];
  for (let e = index.nodes[0].parent; e; e = e.parent) ancestors.push(e);
  for (let k = -ancestors.length; k < index.nodes.length; k++) {
    const element = k < 0 ? ancestors[ancestors.length + k] : index.nodes[k];
    const itemtype = element.attrs.itemtype;
    if (itemtype === undefined) continue;
    if (QA_MICRODATA.test(itemtype)) return "qa";
    if (DISCUSSION_MICRODATA.test(itemtype)) discussion = true;
    if (PRODUCT_MICRODATA.test(itemtype)) {
      productMicrodata = true;
      if (!insideProduct(element)) microdataProducts++;
    }
    if (ARTICLE_MICRODATA.test(itemtype)) article = true;
  }
  if (discussion) return "discussion";
  if (list || productNames.size > MAX_PRODUCT_NAMES || microdataProducts > MAX_PRODUCT_NAMES)
    return article ? "article" : null;
  if (products > 0 || productMicrodata) return "product";
  return article ? "article" : null;
}

/**
 * Whether a microdata Product sits inside another (a variant of the product, an accessory in its bundle): the page
 * still sells one product. Products side by side, each its own card, make a list.
 */
function insideProduct(element: ElementNode): boolean {
  for (let e = element.parent; e; e = e.parent) {
    const itemtype = e.attrs.itemtype;
    if (itemtype !== undefined && PRODUCT_MICRODATA.test(itemtype)) return true;
  }
  return false;
}

const QUESTION_MICRODATA = /schema\.org\/Question\b/;

/** The question a Q&A page declares in microdata (the element typed schema.org/Question), or -1. */
export function declaredQuestion(index: PageIndex): number {
  for (let i = 1; i < index.nodes.length; i++) {
    const itemtype = index.nodes[i].attrs.itemtype;
    if (itemtype !== undefined && QUESTION_MICRODATA.test(itemtype)) return i;
  }
  return -1;
}

const ENTRY_CLASS = /(?:^|\s)hentry(?:\s|$)/;

/**
 * Whether element `i` lies in an entry the page declares in the hAtom microformat (class "hentry": the blog post
 * and article markup of WordPress, Blogger and most blog themes): a post with its own comments, not a forum
 * thread, however short the post and long the comments.
 */
export function inDeclaredEntry(index: PageIndex, i: number): boolean {
  for (let e = i; e >= 0; e = index.parent[e]) {
    const className = index.nodes[e].attrs.class;
    if (className !== undefined && ENTRY_CLASS.test(className)) return true;
  }
  return false;
}

const OFFER_TYPES = ["Offer", "AggregateOffer"];
const OFFER_MICRODATA = /schema\.org\/(Offer|AggregateOffer)\b/;

/**
 * Whether the page offers something for sale (an Offer in JSON-LD or microdata), unlike a service or company page
 * that declares a Product only to show a star rating: there the reviews are testimonials the page is built around.
 */
export function offersForSale({ types }: StructuredData, index: PageIndex): boolean {
  if (OFFER_TYPES.some((type) => types.has(type))) return true;
  for (const element of index.nodes) {
    const itemtype = element.attrs.itemtype;
    if (itemtype !== undefined && OFFER_MICRODATA.test(itemtype)) return true;
  }
  return false;
}

/** The page's own summary (its description metas, else its title), as a paragraph; null when it has neither. */
export function metadataSummary(metadata: Record<string, unknown>, title?: string): ElementNode | null {
  const candidates = [
    metadata.ogDescription,
    metadata.description,
    metadata["og:description"],
    metadata["twitter:description"],
  ];
  let best = "";
  for (const value of candidates)
    if (typeof value === "string" && value.trim().length > best.length) best = value.trim();
  if (best === "")
    for (const value of [title, metadata.title, metadata.ogTitle])
      if (typeof value === "string" && value.trim() && !best) best = value.trim();
  if (best === "") return null;
  const paragraph = new ElementNode("p", {}, null);
  paragraph.children.push(new TextNode(best, paragraph));
  const root = new ElementNode("div", {}, null);
  paragraph.parent = root;
  root.children.push(paragraph);
  return root;
}

/** Share of the page's text an `<article>` element must hold for the page to be read as that article. */
const ARTICLE_ELEMENT_SHARE = 0.5;

/**
 * Whether the page's markup says it is one article, without structured data: a single `<article>` element holding most
 * of its text, and no code (a documentation page's diagrams are explained by their captions; its generator wraps every
 * page in an `<article>`).
 */
export function marksOneArticle(index: PageIndex): boolean {
  let article = -1;
  for (let i = 1; i < index.nodes.length; i++) {
    if (index.nodes[i].name !== "article") continue;
    if (article >= 0) return false;
    article = i;
  }
  return (
    article >= 0 &&
    index.chars[article] >= ARTICLE_ELEMENT_SHARE * index.chars[0] &&
    (index.holds[article] & HOLDS_CODE) === 0
  );
}
