/**
 * The vocabulary signals.ts reads markup with: which words and word pairs of a class or id, which ARIA roles and
 * which tags name chrome, clutter, comment threads or the content itself. Lists, not logic: signals.ts says how a
 * name's words are matched against them and which wins.
 */

/** Words that name chrome when they make up a class or id: such an element goes, unless it wraps the content. */
export const BOILERPLATE_WORDS = new Set([
  "nav",
  "navbar",
  "navigation",
  "menu",
  "menubar",
  "megamenu",
  "submenu",
  "breadcrumb",
  "breadcrumbs",
  "crumbs",
  "footer",
  "sidebar",
  "share",
  "sharing",
  "sharebar",
  "social",
  "socials",
  "related",
  // Written as one word by some plugins (Jetpack's "jp-relatedposts").
  "relatedposts",
  "relatedarticles",
  "relatedstories",
  "recommended",
  "recommendations",
  "newsletter",
  "subscribe",
  "signup",
  "optin",
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "popup",
  "modal",
  "ad",
  "ads",
  "advert",
  "adverts",
  "advertisement",
  "advertising",
  "sponsor",
  "sponsored",
  "pagination",
  "pager",
  "masthead",
  "skiplink",
  "sronly",
  "offcanvas",
  "paywall",
  "outbrain",
  "taboola",
  "upsell",
  "crosssell",
  "topbar",
  "signature",
  "similar",
  "nocontent",
  "disclaimer",
  "disclaimers",
  "legal",
  "notice",
  "notices",
  "affiliate",
  // DocBook's generated manuals (PostgreSQL's, many GNU and Linux guides): the Prev / Up / Home / Next tables.
  "navheader",
  "navfooter",
]);
/** Of those, the words that name navigation: said of a block of prose, they name what a menu points at. */
export const NAVIGATION_WORDS = new Set(["nav", "navbar", "navigation", "menu", "menubar", "megamenu", "submenu"]);
/**
 * Of those, the words that name chrome wherever they appear (unlike "sidebar" in "has-sidebar"): only an element
 * holding most of the page's text, and much of it, escapes them (judge.ts).
 */
// prettier-ignore
export const CHROME_WORDS = new Set([
  "footer", "modal", "popup", "cookie", "cookies", "consent", "gdpr", "newsletter", "subscribe", "signup", "optin",
  "paywall", "outbrain", "taboola", "breadcrumb", "breadcrumbs", "pagination", "pager", "skiplink", "sronly",
]);
/** Word pairs that name chrome when they appear together in one class or id ("more-stories", "read-next"). */
export const BOILERPLATE_PAIRS: [string, string][] = [
  ["more", "stories"],
  ["more", "articles"],
  ["read", "next"],
  ["you", "like"],
  ["also", "like"],
  ["site", "header"],
  ["page", "header"],
  ["global", "header"],
  ["main", "header"],
  ["author", "bio"],
  ["about", "author"],
  ["sr", "only"],
  ["screen", "reader"],
  ["visually", "hidden"],
  ["print", "only"],
  ["follow", "us"],
  ["back", "top"],
  ["table", "contents"],
  ["on", "this"],
  ["in", "this"],
  ["related", "posts"],
  ["post", "navigation"],
  ["skip", "link"],
  ["jump", "to"],
  // Form status messages (shown only after a submit).
  ["form", "done"],
  ["form", "fail"],
  ["form", "success"],
  ["form", "error"],
];
/** Pairs naming a layout around a sidebar or menu rather than the sidebar itself. */
export const LAYOUT_PAIRS: [string, string][] = [
  ["sidebar", "content"],
  ["sidebar", "main"],
  ["has", "sidebar"],
  ["with", "sidebar"],
  ["sidebar", "layout"],
  // What a skip link leads to ("skip-link-target", "skip-target"): the content itself, not the link.
  ["skip", "target"],
];
/**
 * Words that usually name clutter but also turn up in the class names page builders give to content blocks
 * ("elementor-cta", "post-meta-wrapper"): such an element goes only when it holds little prose.
 */
export const CLUTTER_WORDS = new Set([
  "promo",
  "toolbar",
  "tags",
  "tagcloud",
  "taglist",
  "drawer",
  "dropdown",
  "flyout",
  "trending",
  "popular",
  "announcement",
  "overlay",
  "userinfo",
  "postbit",
  "usercard",
  "avatar",
  "btn",
  "button",
  "buttons",
  "cta",
  "byline",
  "meta",
  "dateline",
  "timestamp",
  "readtime",
  "attribution",
  "postprofile",
  // A skip link ("skip", "skip-to-content"), but also the sections a jump menu skips to ("skip-item").
  "skip",
  // A subscription box, but also a product sold by subscription ("subscription-eligible", "subscription-options").
  "subscription",
  // A shop's marks on a product ("Bestseller", "New", "Top rated") and its cart controls.
  "badge",
  "badges",
  "cart",
  // A collection's filter panel (its facets: long lists of links a listing page would keep as items).
  "filter",
  "filters",
  // The reactions under a post or a comment (who liked it, how many of each emoji): counts and names, not what was
  // said.
  "reaction",
  "reactions",
]);
export const CLUTTER_PAIRS: [string, string][] = [
  // Forum chrome around each post: the poster's card.
  ["user", "extras"],
  ["user", "details"],
  ["user", "info"],
  ["user", "stats"],
  ["user", "title"],
  ["author", "info"],
  ["member", "info"],
  ["poster", "info"],
  // The control that unfolds a collapsed quote or code block ("Click to expand...").
  ["expand", "link"],
  // A post's byline details.
  ["read", "time"],
  ["reading", "time"],
  ["min", "read"],
  ["post", "date"],
  ["publish", "date"],
  ["published", "date"],
];
/**
 * Words that negate a chrome word in the same name ("no-sidebar", "hide-read-more-ad": where an ad is hidden, not an
 * ad).
 */
export const NEGATIONS = new Set(["no", "not", "non", "without", "hide"]);
export const COMMENT_WORDS = new Set([
  "comment",
  "comments",
  "respond",
  "disqus",
  "replies",
  "commentlist",
  "discussion",
]);
// prettier-ignore
export const CONTENT_WORDS = new Set([
  "article", "content", "entry", "post", "body", "main", "text", "story", "blog", "prose", "markdown", "rte",
  "richtext", "description", "documentation", "docs", "thread", "message", "topic", "product",
]);
/** Content words that only count with a qualifier ("post-body", "entry-content", "article-text"). */
export const CONTENT_PAIRS: [string, string][] = [
  ["post", "body"],
  ["entry", "content"],
  ["article", "body"],
  ["article", "content"],
  ["post", "content"],
  ["main", "content"],
  ["page", "content"],
  ["story", "body"],
  ["product", "description"],
  ["rich", "text"],
];

export const BOILERPLATE_ROLES = new Set([
  "navigation",
  "banner",
  "complementary",
  "search",
  "menu",
  "menubar",
  "toolbar",
]);
export const CHROME_ROLES = new Set(["contentinfo", "dialog", "alertdialog"]);
export const BOILERPLATE_TAGS = new Set(["nav", "aside", "menu"]);
export const CHROME_TAGS = new Set(["footer", "dialog"]);
/** Forms are search boxes, sign-ups and comment forms, but some sites wrap each post in one. */
export const CLUTTER_TAGS = new Set(["form"]);
export const CONTENT_ITEMPROPS =
  /\b(articleBody|text|reviewBody|description|mainEntity|acceptedAnswer|suggestedAnswer)\b/;
