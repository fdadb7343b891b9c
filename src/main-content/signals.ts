/**
 * What an element's own markup says about it, before any text is measured: its tag (a custom element's name read
 * like a class name), ARIA role, microdata and the words of its class and id. Each element gets one `Hint`; the
 * measuring pass (measure.ts) combines hints with text statistics.
 *
 * Class and id values are split into words by class-words.ts (camelCase, kebab-case, snake_case: "relatedPosts",
 * "related-posts" and "related_posts" all give "related" + "posts") and matched by whole word, so "nav" never matches
 * "canvas" nor "ad" "header". Results are cached per distinct attribute string: pages repeat the same classes thousands
 * of times. The word lists themselves are in signal-words.ts.
 */
import { collapsedText, ELEMENT, type ElementNode } from "../dom/tree";
import {
  BOILERPLATE_PAIRS,
  BOILERPLATE_ROLES,
  BOILERPLATE_TAGS,
  BOILERPLATE_WORDS,
  CHROME_ROLES,
  CHROME_TAGS,
  CHROME_WORDS,
  CLUTTER_PAIRS,
  CLUTTER_TAGS,
  CLUTTER_WORDS,
  COMMENT_WORDS,
  CONTENT_ITEMPROPS,
  CONTENT_PAIRS,
  CONTENT_WORDS,
  LAYOUT_PAIRS,
  NAVIGATION_WORDS,
  NEGATIONS,
} from "./signal-words";
import { attributeWords, ownPart } from "./class-words";
import { nameEntityFlags } from "./entities";
import { HEADING_TAGS } from "./tags";

export const enum Hint {
  None = 0,
  /** Site chrome or clutter whatever the page: navigation, footers, cookie banners, share bars, ads. */
  Boilerplate = 1,
  /** Comment threads and comment forms: boilerplate on an article, the content itself on a forum. */
  Comments = 2,
  /** Says "this is the content": article body, post text, product description, <main>. */
  Content = 3,
  /** Probably clutter (a button, a byline, a form): goes when it holds little prose. */
  Clutter = 5,
  /**
   * Chrome that never holds the page's content however much text it has: a footer (with its legal texts), a
   * modal, a cookie or newsletter box. Only a <main>/<article> inside saves it — or, when only its class or id names
   * it so, holding most of the page's text (judge.ts: a layout wrapper named "page-footer").
   */
  Chrome = 6,
  /**
   * Named as navigation by its class or id only ("nav", "menu"): boilerplate like the rest unless it holds sections
   * of prose — navigation is links, and "nav" also names the sections a scrolling menu points at ("navSource").
   */
  Navigation = 4,
}

/** Per list of pairs, each first word's partners: a name's few words are looked up instead of every pair tried. */
const pairPartners = new Map<[string, string][], Map<string, string[]>>();

function hasPair(words: string[], pairs: [string, string][]): boolean {
  let partners = pairPartners.get(pairs);
  if (partners === undefined) {
    partners = new Map();
    for (const [a, b] of pairs) partners.set(a, [...(partners.get(a) ?? []), b]);
    pairPartners.set(pairs, partners);
  }
  for (const word of words) {
    const others = partners.get(word);
    if (others !== undefined) for (const other of others) if (words.includes(other)) return true;
  }
  return false;
}

/** What one class token says, as bits (a token may name several things: "comment-meta"). */
const COMMENTS_BIT = 1;
const BOILERPLATE_BIT = 2;
const CHROME_BIT = 16;
const CLUTTER_BIT = 4;
const CONTENT_BIT = 8;
/** Every boilerplate word of the token names navigation. */
const NAVIGATION_BIT = 32;

const tokenCache = new Map<string, number>();

/**
 * Fragments of every word above: a token containing none of them says nothing, which settles most of the
 * generated, hash-like class names ("css-1x7f2a") without splitting them into words. A word added to the
 * vocabulary needs a fragment here (test/unit/signal-words.test.ts checks every one).
 */
export const ANY_WORD_FRAGMENT = new RegExp(
  String.raw`nav|leg|bio|notic|affil|men|crumb|foot|side|shar|soci|relat|recomm|` +
    String.raw`news|subscri|sign|opt|cook|consen|gdpr|pop|modal|ad|spons|pag|` +
    String.raw`mast|skip|sr|canvas|wall|outbr|tabo|sell|top|more|next|like|head|` +
    String.raw`auth|about|screen|visual|print|follow|back|cont|this|jump|form|` +
    String.raw`promo|tool|tag|draw|drop|fly|trend|announ|over|user|bit|avat|btn|` +
    String.raw`butt|cta|line|meta|date|stamp|time|read|min|publi|memb|post|comm|` +
    String.raw`resp|disq|repl|disc|arti|entr|body|main|text|stor|blog|pros|mark|` +
    String.raw`rte|rich|desc|doc|thre|mess|topi|prod|info|stat|titl|extra|det|` +
    String.raw`done|fail|succ|err|hidd|attrib|expa|simil|badg|cart|filt|reac`,
  "i",
);

function tokenBits(token: string): number {
  const cached = tokenCache.get(token);
  if (cached !== undefined) return cached;
  if (!ANY_WORD_FRAGMENT.test(token)) {
    if (tokenCache.size > 50_000) tokenCache.clear();
    tokenCache.set(ownCopy(token), 0);
    return 0;
  }
  const words = attributeWords(ownPart(token));
  let bits = 0;
  if (words.some((w) => COMMENT_WORDS.has(w))) bits |= COMMENTS_BIT;
  if (words.some((w) => BOILERPLATE_WORDS.has(w)) || hasPair(words, BOILERPLATE_PAIRS)) {
    bits |= BOILERPLATE_BIT;
    if (!hasPair(words, BOILERPLATE_PAIRS) && words.every((w) => !BOILERPLATE_WORDS.has(w) || NAVIGATION_WORDS.has(w)))
      bits |= NAVIGATION_BIT;
  }
  const namesContent = hasPair(words, CONTENT_PAIRS) || words.some((w) => CONTENT_WORDS.has(w));
  // "topicBodyAndFooter", "rich-text-newsletter": a content word in the same name makes it a layout name.
  if (!namesContent && words.some((w) => CHROME_WORDS.has(w))) bits |= CHROME_BIT;
  if (words.some((w) => CLUTTER_WORDS.has(w)) || hasPair(words, CLUTTER_PAIRS)) {
    bits |= CLUTTER_BIT;
    // "comment-meta", "ipsComment_badges", "comment-byline": a part of a comment that is clutter (its byline, its
    // badges), not a comment thread, which would be the content of a discussion.
    bits &= ~COMMENTS_BIT;
  } else if (hasPair(words, CONTENT_PAIRS) || (words.length <= 2 && words.some((w) => CONTENT_WORDS.has(w))))
    bits |= CONTENT_BIT;
  // "sidebar-content", "has-sidebar": the content beside a sidebar, or a layout holding one — not the sidebar.
  if (hasPair(words, LAYOUT_PAIRS)) bits &= ~(BOILERPLATE_BIT | CONTENT_BIT);
  // "no-sidebar", "not-footer", "without-ads": a name stating that the chrome is absent.
  if (words.some((w) => NEGATIONS.has(w))) bits &= ~(BOILERPLATE_BIT | CHROME_BIT);
  // Pages repeat the same class tokens thousands of times; unique ids (with numbers) are what fills the cache.
  if (tokenCache.size > 50_000) tokenCache.clear();
  tokenCache.set(ownCopy(token), bits);
  return bits;
}

/** Per class or id value: its hint (low bits) and the entity flags its words give (entities.ts), shifted. */
const valueCache = new Map<string, number>();
const HINT_MASK = 15;
const ENTITY_SHIFT = 4;

/**
 * A copy of `text` that holds only its own characters. A class value read from a page is a slice of the page's
 * whole source, and a cache key kept as such a slice would keep every page it came from alive.
 */
function ownCopy(text: string): string {
  return (" " + text).slice(1);
}

/** The hint given by one class or id value, each class token on its own so "post nav-links" is judged per token. */
function attributeHint(value: string): Hint {
  return (valueBits(value) & HINT_MASK) as Hint;
}

/** Hint and entity flags of one class or id value, cached: pages repeat the same values thousands of times. */
function valueBits(value: string): number {
  const cached = valueCache.get(value);
  if (cached !== undefined) return cached;
  const bits = tokensHint(value) | (nameEntityFlags(value) << ENTITY_SHIFT);
  if (valueCache.size > 20_000) valueCache.clear();
  valueCache.set(ownCopy(value), bits);
  return bits;
}

function tokensHint(value: string): Hint {
  let bits = 0;
  // Whether every token naming boilerplate names navigation.
  let navigation = true;
  let start = -1;
  for (let k = 0; k <= value.length; k++) {
    const code = k < value.length ? value.charCodeAt(k) : 32;
    if (code <= 32) {
      if (start >= 0) {
        const said = tokenBits(value.slice(start, k));
        if (said & BOILERPLATE_BIT && !(said & NAVIGATION_BIT)) navigation = false;
        bits |= said;
      }
      start = -1;
    } else if (start < 0) start = k;
  }
  if (bits & COMMENTS_BIT) return Hint.Comments;
  if (bits & CHROME_BIT) return Hint.Chrome;
  if (bits & BOILERPLATE_BIT) return navigation ? Hint.Navigation : Hint.Boilerplate;
  // A content word outweighs a clutter word ("post-body btn-group" is a post body).
  if (bits & CONTENT_BIT) return Hint.Content;
  return bits & CLUTTER_BIT ? Hint.Clutter : Hint.None;
}

/**
 * Words an id needs to be read as a heading's slug: "comments" over a heading "Comments" may well be the comment
 * section, "respond-to-review-comments" is a title — and so is any id of a <section> that repeats its heading (the
 * "cookies" chapter of a manual: documentation generators give every section its title's slug).
 */
const SLUG_MIN_WORDS = 3;

/**
 * Longest word a documentation generator puts before a section's slug ("s-" in "s-rendering-form-error-messages"):
 * a longer first word is part of the name ("related-links" over a heading "Links" names a list of related links).
 */
const SLUG_PREFIX_CHARS = 2;

/**
 * Whether `id` is the slug of the element's heading — the element itself or its first child element being a heading
 * with the same words — as documentation generators and editors derive section anchors from their titles. Empty
 * elements before the heading (the anchors generators keep for older links: `<span id="old-name"></span>`) do not
 * count as its first child, and the slug may carry a generator's short prefix.
 */
function idFromHeading(element: ElementNode, id: string): boolean {
  let heading: ElementNode | null = HEADING_TAGS.has(element.name) ? element : null;
  for (let k = 0; heading === null && k < element.children.length; k++) {
    const child = element.children[k];
    if (child.type !== ELEMENT) continue;
    if (HEADING_TAGS.has(child.name)) heading = child;
    // An element holding anything ends the search; an empty one is an anchor kept for older links.
    else if (child.children.length > 0) break;
  }
  if (heading === null) return false;
  let idWords = attributeWords(id.toLowerCase());
  const titleWords = attributeWords(collapsedText(heading).toLowerCase());
  if (idWords.length === titleWords.length + 1 && idWords[0].length <= SLUG_PREFIX_CHARS) idWords = idWords.slice(1);
  const enough = idWords.length >= SLUG_MIN_WORDS || (element.name === "section" && idWords.length > 0);
  return enough && idWords.length === titleWords.length && idWords.every((word, k) => word === titleWords[k]);
}

/**
 * Words of an <aside>'s class, id or label naming a callout set in the text — a note, a tip, a warning, as Astro
 * Starlight and many blogs write them — rather than a sidebar beside it.
 */
const CALLOUT_WORDS = new Set(["note", "tip", "caution", "warning", "danger", "important", "callout", "admonition"]);

/** Whether an element's class, id or aria-label names a callout (CALLOUT_WORDS). */
function namesCallout(element: ElementNode): boolean {
  for (const value of [element.attrs.class, element.attrs.id, element.attrs["aria-label"]]) {
    if (value === undefined) continue;
    for (const word of attributeWords(value.toLowerCase())) if (CALLOUT_WORDS.has(word)) return true;
  }
  return false;
}

/** Hints that settle an element whatever its other names say: it is chrome of some kind. */
const namesChrome = (hint: Hint) =>
  hint === Hint.Chrome || hint === Hint.Boilerplate || hint === Hint.Navigation || hint === Hint.Comments;

/** The hint an `elementSignals` value holds. */
export function signalHint(signals: number): Hint {
  return (signals & HINT_MASK) as Hint;
}

/** The entity flags (entities.ts) an `elementSignals` value holds. */
export function signalEntities(signals: number): number {
  return signals >>> ENTITY_SHIFT;
}

/**
 * What the element's own markup says about it: its hint (low bits) and the entity flags its class and id values give
 * (entities.ts), shifted. Read together, as the measuring pass needs both, so that each value is looked up once.
 */
export function elementSignals(element: ElementNode): number {
  const { class: className, id } = element.attrs;
  const classBits = className !== undefined ? valueBits(className) : 0;
  const idBits = id !== undefined ? valueBits(id) : 0;
  const entities = (classBits | idBits) & ~HINT_MASK;
  return ownHint(element, classBits & HINT_MASK, idBits & HINT_MASK) | entities;
}

/** What the element's own markup says about it (not its descendants), given the hints of its class and id values. */
function ownHint(element: ElementNode, classHint: Hint, idHint: Hint): Hint {
  const attrs = element.attrs;
  const name = element.name;
  if (name === "main" || name === "article") return Hint.Content;
  // A popover (the attribute) is a layer shown on demand over the page, like a dialog.
  if (CHROME_TAGS.has(name) || attrs.popover !== undefined) return Hint.Chrome;
  if (BOILERPLATE_TAGS.has(name) && !(name === "aside" && namesCallout(element))) return Hint.Boilerplate;
  if (CLUTTER_TAGS.has(name)) return Hint.Clutter;
  const role = attrs.role;
  if (role !== undefined) {
    if (role === "main" || role === "article") return Hint.Content;
    if (CHROME_ROLES.has(role)) return Hint.Chrome;
    if (BOILERPLATE_ROLES.has(role)) return Hint.Boilerplate;
  }
  if (attrs.itemprop !== undefined && CONTENT_ITEMPROPS.test(attrs.itemprop)) return Hint.Content;
  // A counter of likes, views or replies (schema.org's interactionStatistic): a number about the post, not what it
  // says.
  if (attrs.itemprop === "interactionStatistic") return Hint.Clutter;
  // A custom element's name is chosen like a class name ("devsite-content-footer", "site-nav-menu").
  if (name.includes("-")) {
    const tagHint = attributeHint(name);
    if (namesChrome(tagHint)) return tagHint;
  }
  // An id made from the section's own heading ("respond-to-review-comments") names its topic, not its role.
  if (namesChrome(idHint) && idFromHeading(element, attrs.id!)) idHint = Hint.None;
  if (namesChrome(idHint)) return idHint;
  if (classHint === Hint.None || (classHint === Hint.Clutter && idHint === Hint.Content)) return idHint;
  return classHint;
}
