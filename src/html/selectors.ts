/**
 * The selector lists behind html cleaning and onlyMainContent, kept apart from the pass that applies them so
 * the contract (docs/api.md, "Scrape") can be read in one place.
 */

/**
 * Never useful in the cleaned document or in Markdown. Hidden SVGs are icon sprites whose <title>s would
 * otherwise leak into the text. Webflow's `w-condition-invisible` marks what a page's CMS conditions leave out (its
 * stylesheet hides it on every screen): an empty table of contents' title, a call to action switched off for the
 * post. (<noscript> is not junk: it can hold a crawler's view of an app shell, see main-content.ts.)
 */
// prettier-ignore
export const JUNK_SELECTOR = [
  "script", "style", "template", "meta", "link", "base", "title", "symbol", 'svg[aria-hidden="true"]', "svg[hidden]",
  'svg[style*="display:none" i]', 'svg[style*="display: none" i]', ".w-condition-invisible",
].join(", ");

/** What onlyMainContent removes, in Firecrawl's order. */
// prettier-ignore
export const FIRECRAWL_BOILERPLATE_SELECTORS = [
  "header", "footer", "nav", "aside", ".header", ".top", ".navbar", "#header", ".footer", ".bottom", "#footer",
  ".sidebar", ".side", ".aside", "#sidebar", ".modal", ".popup", "#modal", ".overlay", ".ad", ".ads", ".advert", "#ad",
  ".lang-selector", ".language", "#language-selector", ".social", ".social-media", ".social-links", "#social", ".menu",
  ".navigation", "#nav", ".breadcrumbs", "#breadcrumbs", ".share", "#share", ".widget", "#widget", ".cookie", "#cookie",
];

/** Cookie/consent banners and modal dialogs that the Firecrawl list misses on common consent platforms. */
// prettier-ignore
export const CONSENT_AND_DIALOG_SELECTORS = [
  '[id*="cookie-banner" i]', '[class*="cookie-banner" i]', '[id*="cookie-consent" i]', '[class*="cookie-consent" i]',
  '[id*="cookieconsent" i]', '[class*="cookieconsent" i]', '[id*="cookie-notice" i]', '[class*="cookie-notice" i]',
  '[id*="consent" i]', '[class*="consent-banner" i]', '[class*="consent-modal" i]', "#onetrust-consent-sdk",
  "#CybotCookiebotDialog", ".cc-window", '[role="dialog"]', '[aria-modal="true"]', "dialog",
];

/** Every boilerplate candidate of onlyMainContent, as one selector list. */
export const BOILERPLATE_SELECTOR = [...FIRECRAWL_BOILERPLATE_SELECTORS, ...CONSENT_AND_DIALOG_SELECTORS].join(", ");

/**
 * Boilerplate matched by tag rather than class. These are reliable signals, so only a real main-content
 * container inside one saves it; a class such as `.top` or `.side` often lands on a layout wrapper, so an
 * <article> inside one saves it too.
 */
export const SEMANTIC_BOILERPLATE_TAGS = new Set(["header", "footer", "nav", "aside"]);

/** Whatever is or contains one of these is never removed as boilerplate. */
export const MAIN_CONTENT_SELECTOR = 'main, #main, [role="main"]';

/** Containers whose own <header> (usually holding the title and byline) is content, not site chrome. */
export const CONTENT_CONTAINER_SELECTOR = 'article, main, [role="main"]';

/** meta names/properties whose content is an image of the page (listed by the `images` format). */
export const IMAGE_META_KEYS = new Set([
  "og:image",
  "og:image:url",
  "og:image:secure_url",
  "twitter:image",
  "twitter:image:src",
  "image",
]);
