/**
 * What an element's own markup says about it, before any text is measured: its tag, ARIA role, microdata and
 * the words of its class and id. Each element gets one `Hint`; the measuring pass (measure.ts) combines hints
 * with text statistics.
 *
 * Class and id values are split into words (camelCase, kebab-case, snake_case: "relatedPosts", "related-posts"
 * and "related_posts" all give "related" + "posts") and matched by whole word, so "nav" never matches "canvas"
 * nor "ad" "header". Results are cached per distinct attribute string: pages repeat the same classes thousands
 * of times.
 */
import type { ElementNode } from "../dom/tree";

export const enum Hint {
  None = 0,
  /** Site chrome or clutter whatever the page: navigation, footers, cookie banners, share bars, ads. */
  Boilerplate = 1,
  /** Comment threads and comment forms: boilerplate on an article, the content itself on a forum. */
  Comments = 2,
  /** Says "this is the content": article body, post text, product description, <main>. */
  Content = 3,
  /** Hidden from readers (hidden attribute, display:none, screen-reader-only text). */
  Hidden = 4,
}

/** Words that name chrome or clutter when they make up a class or id. */
const BOILERPLATE_WORDS = new Set([
  "nav", "navbar", "navigation", "menu", "menubar", "megamenu", "submenu", "breadcrumb", "breadcrumbs", "crumbs",
  "footer", "sidebar", "share", "sharing", "sharebar", "social", "socials", "related",
  "recommended", "recommendations", "newsletter", "subscribe", "subscription", "signup", "optin", "cookie",
  "cookies", "consent", "gdpr", "popup", "modal", "overlay", "ad", "ads", "advert", "adverts", "advertisement",
  "advertising", "sponsor", "sponsored", "promo", "pagination", "pager", "masthead", "toolbar", "skip", "skiplink",
  "sronly", "tags", "tagcloud", "taglist", "drawer", "offcanvas", "dropdown", "flyout", "paywall",
  "outbrain", "taboola", "trending", "popular", "upsell", "crosssell", "announcement", "topbar", "signature",
  "userinfo", "postbit", "usercard", "avatar",
]);
/** Word pairs that name chrome when they appear together in one class or id ("more-stories", "read-next"). */
const BOILERPLATE_PAIRS: [string, string][] = [
  ["more", "stories"], ["more", "articles"], ["read", "next"], ["you", "like"], ["also", "like"], ["site", "header"],
  ["page", "header"], ["global", "header"], ["main", "header"], ["author", "bio"], ["about", "author"], ["sr", "only"],
  ["screen", "reader"], ["visually", "hidden"], ["print", "only"], ["follow", "us"], ["back", "top"], ["table", "contents"],
  ["on", "this"], ["in", "this"], ["related", "posts"], ["post", "navigation"], ["skip", "link"], ["jump", "to"],
  // Forum chrome around each post: the poster's card and signature.
  ["user", "extras"], ["user", "details"], ["user", "info"], ["user", "stats"], ["user", "title"], ["author", "info"],
  ["member", "info"], ["poster", "info"],
];
const COMMENT_WORDS = new Set(["comment", "comments", "respond", "disqus", "replies", "commentlist", "discussion"]);
const CONTENT_WORDS = new Set([
  "article", "content", "entry", "post", "body", "main", "text", "story", "blog", "prose", "markdown", "rte",
  "richtext", "description", "documentation", "docs", "thread", "message", "topic", "product",
]);
/** Content words that only count with a qualifier ("post-body", "entry-content", "article-text"). */
const CONTENT_PAIRS: [string, string][] = [
  ["post", "body"], ["entry", "content"], ["article", "body"], ["article", "content"], ["post", "content"],
  ["main", "content"], ["page", "content"], ["story", "body"], ["product", "description"], ["rich", "text"],
];

const BOILERPLATE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "dialog", "alertdialog", "menu", "menubar", "toolbar"]);
const BOILERPLATE_TAGS = new Set(["nav", "footer", "aside", "dialog", "menu"]);
/** Elements that are never content in a text extract. */
export const UI_TAGS = new Set(["button", "select", "option", "input", "textarea", "iframe", "object", "embed", "canvas", "svg", "map", "audio", "video", "progress", "meter"]);
const CONTENT_ITEMPROPS = /\b(articleBody|text|reviewBody|description|mainEntity|acceptedAnswer|suggestedAnswer)\b/;

const wordCache = new Map<string, Hint>();

/** The words of a class or id value: "relatedPosts__item is-open" → ["related", "posts", "item", "is", "open"]. */
export function attributeWords(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

function hasPair(words: string[], pairs: [string, string][]): boolean {
  for (const [a, b] of pairs) if (words.includes(a) && words.includes(b)) return true;
  return false;
}

/** The hint given by one class or id value, each class token on its own so "post nav-links" is judged per token. */
function attributeHint(value: string): Hint {
  const cached = wordCache.get(value);
  if (cached !== undefined) return cached;
  let hint = Hint.None;
  for (const token of value.split(/\s+/)) {
    if (token === "") continue;
    const words = attributeWords(token);
    if (words.some((w) => COMMENT_WORDS.has(w))) {
      hint = Hint.Comments;
      break;
    }
    if (words.some((w) => BOILERPLATE_WORDS.has(w)) || hasPair(words, BOILERPLATE_PAIRS)) {
      hint = Hint.Boilerplate;
      break;
    }
    if (hint === Hint.None && (hasPair(words, CONTENT_PAIRS) || (words.length <= 2 && words.some((w) => CONTENT_WORDS.has(w))))) {
      hint = Hint.Content;
    }
  }
  if (wordCache.size > 20_000) wordCache.clear();
  wordCache.set(value, hint);
  return hint;
}

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** What the element's own markup says about it (not its descendants). */
export function elementHint(element: ElementNode): Hint {
  const attrs = element.attrs;
  if ("hidden" in attrs || attrs["aria-hidden"] === "true" || (attrs.style !== undefined && HIDDEN_STYLE.test(attrs.style))) return Hint.Hidden;
  const name = element.name;
  if (name === "main" || name === "article") return Hint.Content;
  if (BOILERPLATE_TAGS.has(name)) return Hint.Boilerplate;
  const role = attrs.role;
  if (role !== undefined) {
    if (role === "main" || role === "article") return Hint.Content;
    if (BOILERPLATE_ROLES.has(role)) return Hint.Boilerplate;
  }
  if (attrs.itemprop !== undefined && CONTENT_ITEMPROPS.test(attrs.itemprop)) return Hint.Content;
  const idHint = attrs.id !== undefined ? attributeHint(attrs.id) : Hint.None;
  if (idHint === Hint.Boilerplate || idHint === Hint.Comments) return idHint;
  const classHint = attrs.class !== undefined ? attributeHint(attrs.class) : Hint.None;
  if (classHint !== Hint.None) return classHint;
  return idHint;
}
