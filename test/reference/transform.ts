/**
 * REFERENCE ONLY (the page path before the shared tree; parity tests and `npm run bench` "before" use it).
 *
 * Turns a fetched page into the cleaned HTML behind the `html` and `markdown` formats and collects its
 * `links` and `images` (docs/api.md, "Scrape"), with streaming HTMLRewriter passes instead of a DOM:
 *
 * 1. a cheap analysis pass, only when needed, finds `<base href>` and which onlyMainContent candidates
 *    contain the main content (a streaming pass cannot look ahead into an element it must drop now);
 * 2. the cleaning pass removes junk, excludeTags and boilerplate, keeps only includeTags matches, makes
 *    URLs absolute and collects links and images from what survives.
 *
 * HTMLRewriter keeps calling handlers for elements inside a subtree that was removed, so the cleaning pass
 * tracks "inside a removed element" itself; otherwise links from a dropped <nav> would still be reported.
 * (Current workerd also sets `element.removed` on such descendants, but that is undocumented, so it is only
 * a second line of defence.)
 */
import { decodeHtmlEntities, escapeForAttribute } from "./entities";
import { onElementEnd, rewriteHtml, scanHtml, usableSelectors } from "./rewriter";
import {
  BOILERPLATE_SELECTOR,
  CONTENT_CONTAINER_SELECTOR,
  IMAGE_META_KEYS,
  JUNK_SELECTOR,
  MAIN_CONTENT_SELECTOR,
  SEMANTIC_BOILERPLATE_TAGS,
} from "../../src/html/selectors";
import {
  mapSrcset,
  parseBaseUrl,
  parseSrcset,
  pickLargestCandidate,
  resolveUrl,
  type SrcsetCandidate,
} from "../../src/html/urls";

export interface HtmlTransformOptions {
  /** Final page URL, used to absolutize; a `<base href>` in the page overrides it. */
  baseUrl: string;
  onlyMainContent: boolean;
  /** CSS selectors (anything HTMLRewriter supports); unsupported ones are ignored. */
  includeTags?: string[];
  excludeTags?: string[];
}

export interface HtmlTransformResult {
  html: string;
  /** Absolute http(s) URLs of `<a href>` in the cleaned HTML, deduplicated, in document order. */
  links: string[];
  /** Absolute image URLs (data: URIs kept as they are), deduplicated, in document order. */
  images: string[];
}

export async function transformHtml(rawHtml: string, opts: HtmlTransformOptions): Promise<HtmlTransformResult> {
  const includeSelectors = usableSelectors(opts.includeTags);
  const excludeSelectors = usableSelectors(opts.excludeTags);
  const pageHasBaseElement = /<base[\s>]/i.test(rawHtml);
  const analysis =
    opts.onlyMainContent || pageHasBaseElement
      ? await analysePage(rawHtml, opts.baseUrl, opts.onlyMainContent)
      : { base: parseBaseUrl(opts.baseUrl), protectedCandidates: new Set<number>() };

  const passOptions: CleaningOptions = {
    base: analysis.base,
    protectedCandidates: analysis.protectedCandidates,
    onlyMainContent: opts.onlyMainContent,
    includeSelectors,
    excludeSelectors,
  };
  let cleaned = await cleanPage(rawHtml, passOptions);
  // Main-content detection must never cost a page its content: Firecrawl re-runs without it when the result
  // comes out empty, and so do we.
  if (opts.onlyMainContent && !cleaned.hasContent) {
    cleaned = await cleanPage(rawHtml, { ...passOptions, onlyMainContent: false });
  }
  return { html: cleaned.html, links: cleaned.links, images: cleaned.images };
}

/** A boilerplate candidate whose end tag has not been reached yet. */
interface OpenCandidate {
  order: number;
  /** Matched by tag (header, nav, ...), so only a real main container inside protects it. */
  semantic: boolean;
}

interface PageAnalysis {
  base: URL | null;
  /** Order numbers (among BOILERPLATE_SELECTOR matches) of candidates that hold main content. */
  protectedCandidates: Set<number>;
}

async function analysePage(rawHtml: string, baseUrl: string, findProtectedCandidates: boolean): Promise<PageAnalysis> {
  let baseHref: string | null = null;
  const protectedCandidates = new Set<number>();
  const rewriter = new HTMLRewriter().on("base[href]", {
    element(element) {
      baseHref ??= element.getAttribute("href");
    },
  });

  if (findProtectedCandidates) {
    const openCandidates: OpenCandidate[] = [];
    let candidateOrder = -1;
    rewriter
      .on(BOILERPLATE_SELECTOR, {
        element(element) {
          candidateOrder++;
          const candidate: OpenCandidate = {
            order: candidateOrder,
            semantic: SEMANTIC_BOILERPLATE_TAGS.has(element.tagName),
          };
          const hasEnd = onElementEnd(element, () => {
            const index = openCandidates.lastIndexOf(candidate);
            if (index >= 0) openCandidates.splice(index, 1);
          });
          if (hasEnd) openCandidates.push(candidate);
        },
      })
      // Registered after the candidate handler so an element that is both (say <main class="top">) is
      // already open when it protects itself.
      .on(MAIN_CONTENT_SELECTOR, {
        element() {
          for (const candidate of openCandidates) protectedCandidates.add(candidate.order);
        },
      })
      .on("article", {
        element() {
          for (const candidate of openCandidates) {
            if (!candidate.semantic) protectedCandidates.add(candidate.order);
          }
        },
      });
  }

  await scanHtml(rawHtml, rewriter);
  const pageUrl = parseBaseUrl(baseUrl);
  const base = baseHref !== null ? (parseBaseUrl(decodeHtmlEntities(baseHref), pageUrl) ?? pageUrl) : pageUrl;
  return { base, protectedCandidates };
}

interface CleaningOptions {
  base: URL | null;
  protectedCandidates: Set<number>;
  onlyMainContent: boolean;
  includeSelectors: string[];
  excludeSelectors: string[];
}

interface CleaningResult extends HtmlTransformResult {
  /** Whether any visible text or image survived, for the onlyMainContent fallback. */
  hasContent: boolean;
}

/**
 * Temporary marker on an includeTags match, so handlers that run before the include bookkeeping (which
 * is registered last) can tell a kept root from an element outside every match. Removed before output.
 */
const INCLUDE_ROOT_MARKER = "data-edgecrawl-include-root";

/**
 * One pass, with handlers only on the elements that matter: a handler on every element ("*") or on every
 * text chunk costs several microseconds per call in workerd, which would make this pass slower than
 * turndown. Only includeTags needs them, since everything outside the matches has to go.
 *
 * Handlers of one element run in registration order, so the order below is the order of precedence:
 * include roots are marked, then junk, excludeTags and boilerplate remove, then URLs are rewritten in what
 * is left, and last the include bookkeeping drops what lies outside every match.
 */
async function cleanPage(rawHtml: string, options: CleaningOptions): Promise<CleaningResult> {
  const { base, protectedCandidates, onlyMainContent, includeSelectors, excludeSelectors } = options;
  const includeMode = includeSelectors.length > 0;
  const links = new Set<string>();
  const images = new Set<string>();
  const urls: UrlContext = { base, images };
  let hasImage = false;

  /** Open removed elements; while non-zero, handlers are looking at content that is not in the output. */
  let removedDepth = 0;
  /** Open <head> elements: removed too, but their metas and icon links still describe the page. */
  let headDepth = 0;
  /** Open includeTags matches (only the outermost one is counted). */
  let includeDepth = 0;
  /** Open article/main containers, inside which a <header> is kept. */
  let contentContainerDepth = 0;
  let boilerplateOrder = -1;

  const removeSubtree = (element: Element): void => {
    element.remove();
    if (onElementEnd(element, () => removedDepth--)) removedDepth++;
  };
  /** Whether the element is in the output so far (later handlers of the same element may still remove it). */
  const isKept = (element: Element): boolean =>
    removedDepth === 0 &&
    headDepth === 0 &&
    !element.removed &&
    (!includeMode || includeDepth > 0 || element.hasAttribute(INCLUDE_ROOT_MARKER));

  const rewriter = new HTMLRewriter();
  for (const selector of includeSelectors) {
    rewriter.on(selector, {
      element(element) {
        if (includeDepth === 0 && removedDepth === 0) element.setAttribute(INCLUDE_ROOT_MARKER, "");
      },
    });
  }
  rewriter.on("head", {
    element(element) {
      element.remove();
      if (onElementEnd(element, () => headDepth--)) headDepth++;
    },
  });
  rewriter.on(`${JUNK_SELECTOR}, noscript`, {
    element(element) {
      if (removedDepth > 0) return;
      if (element.tagName === "meta") collectMetaImage(element, urls);
      else if (element.tagName === "link") collectLinkImage(element, urls);
      if (headDepth === 0) removeSubtree(element);
    },
  });
  for (const selector of excludeSelectors) {
    rewriter.on(selector, {
      element(element) {
        if (isKept(element)) removeSubtree(element);
      },
    });
  }
  if (onlyMainContent) {
    rewriter.on(CONTENT_CONTAINER_SELECTOR, {
      element(element) {
        if (onElementEnd(element, () => contentContainerDepth--)) contentContainerDepth++;
      },
    });
    rewriter.on(BOILERPLATE_SELECTOR, {
      element(element) {
        const order = ++boilerplateOrder;
        const tagName = element.tagName;
        // An explicit includeTags match wins over boilerplate detection.
        const keep =
          !isKept(element) ||
          element.hasAttribute(INCLUDE_ROOT_MARKER) ||
          tagName === "html" ||
          tagName === "body" ||
          protectedCandidates.has(order) ||
          (tagName === "header" && contentContainerDepth > 0);
        if (!keep) removeSubtree(element);
      },
    });
  }
  rewriter.on("a[href]", {
    element(element) {
      if (isKept(element)) rewriteAnchor(element, base, links);
    },
  });
  rewriter.on("img", {
    element(element) {
      if (!isKept(element)) return;
      rewriteImage(element, urls);
      hasImage = true;
    },
  });
  rewriter.on("source[srcset], source[data-srcset]", {
    element(element) {
      if (isKept(element)) rewriteSrcset(element, urls);
    },
  });
  rewriter.on("video[poster]", {
    element(element) {
      if (isKept(element)) rewritePoster(element, urls);
    },
  });
  rewriter.onDocument({
    comments(comment) {
      comment.remove();
    },
  });

  if (includeMode) {
    rewriter.on("*", {
      element(element) {
        if (element.hasAttribute(INCLUDE_ROOT_MARKER)) {
          element.removeAttribute(INCLUDE_ROOT_MARKER);
          if (!element.removed && onElementEnd(element, () => includeDepth--)) includeDepth++;
        } else if (includeDepth === 0 && !element.removed) {
          // Outside every match: drop the tags but keep visiting, a match may sit further down.
          element.removeAndKeepContent();
        }
      },
    });
    rewriter.onDocument({
      text(text) {
        if (includeDepth === 0) text.remove();
      },
    });
  }

  const html = await rewriteHtml(rawHtml, rewriter);
  return { html, links: [...links], images: [...images], hasContent: hasImage || hasVisibleText(html) };
}

/**
 * Whether the cleaned document shows any text. Scanning the output once is far cheaper than a text handler
 * on every chunk during the pass; the doctype and the tags themselves are skipped.
 */
function hasVisibleText(html: string): boolean {
  const withoutDoctype = html.replace(/^\s*<!doctype[^>]*>/i, "");
  return /^[^<]*[^<\s]/.test(withoutDoctype) || /<[^!][^>]*>[^<]*[^<\s]/.test(withoutDoctype);
}

/** Where image URLs are resolved against and collected. */
interface UrlContext {
  base: URL | null;
  images: Set<string>;
}

/** Decoded attribute value, or null when absent or blank. */
function readAttribute(element: Element, name: string): string | null {
  const raw = element.getAttribute(name);
  if (raw === null) return null;
  const decoded = decodeHtmlEntities(raw).trim();
  return decoded === "" ? null : decoded;
}

/** Writes an attribute only when its value really changes, so large data: URIs are not copied for nothing. */
function updateAttribute(element: Element, name: string, decodedValue: string): void {
  const escaped = escapeForAttribute(decodedValue);
  if (element.getAttribute(name) !== escaped) element.setAttribute(name, escaped);
}

function addImage(urls: UrlContext, decodedUrl: string): string {
  const absolute = resolveUrl(decodedUrl, urls.base) ?? decodedUrl;
  if (!/^javascript:/i.test(absolute)) urls.images.add(absolute);
  return absolute;
}

function rewriteAnchor(element: Element, base: URL | null, links: Set<string>): void {
  const href = readAttribute(element, "href");
  // In-page anchors resolve to this same document: leave them relative (and out of `links`).
  if (href === null || href.startsWith("#") || /^(?:javascript|mailto|tel|sms|data):/i.test(href)) return;
  const absolute = resolveUrl(href, base);
  if (absolute === null) return;
  updateAttribute(element, "href", absolute);
  if (/^https?:/i.test(absolute)) links.add(absolute);
}

interface ElementSrcset {
  /** "srcset", or "data-srcset" where a lazy loader parked it. */
  attribute: string;
  candidates: SrcsetCandidate[];
}

function readSrcset(element: Element): ElementSrcset | null {
  const attribute = ["srcset", "data-srcset"].find((name) => element.hasAttribute(name));
  const srcset = attribute === undefined ? null : readAttribute(element, attribute);
  if (attribute === undefined || srcset === null) return null;
  const candidates = parseSrcset(srcset);
  return candidates.length > 0 ? { attribute, candidates } : null;
}

/** Makes every srcset URL absolute and collects it. */
function rewriteSrcset(element: Element, urls: UrlContext, srcset = readSrcset(element)): void {
  if (srcset === null) return;
  updateAttribute(
    element,
    srcset.attribute,
    mapSrcset(srcset.candidates, (url) => addImage(urls, url)),
  );
}

function rewriteImage(element: Element, urls: UrlContext): void {
  const src = readAttribute(element, "src");
  const lazySrc = readAttribute(element, "data-src");
  const srcset = readSrcset(element);
  // Lazy loaders keep the real image in data-src and a placeholder (often a data: pixel) in src.
  let chosen = lazySrc !== null && (src === null || /^data:/i.test(src)) ? lazySrc : src;
  if (srcset !== null) chosen = pickLargestCandidate(srcset.candidates, chosen);
  if (chosen !== null) updateAttribute(element, "src", addImage(urls, chosen));
  if (lazySrc !== null) addImage(urls, lazySrc);
  rewriteSrcset(element, urls, srcset);
}

function rewritePoster(element: Element, urls: UrlContext): void {
  const poster = readAttribute(element, "poster");
  if (poster !== null) updateAttribute(element, "poster", addImage(urls, poster));
}

function collectMetaImage(element: Element, urls: UrlContext): void {
  const key = element.getAttribute("property") ?? element.getAttribute("name") ?? element.getAttribute("itemprop");
  const content = readAttribute(element, "content");
  if (key !== null && content !== null && IMAGE_META_KEYS.has(key.trim().toLowerCase())) addImage(urls, content);
}

function collectLinkImage(element: Element, urls: UrlContext): void {
  const rel = element.getAttribute("rel")?.toLowerCase() ?? "";
  const href = readAttribute(element, "href");
  const isImageLink = rel.split(/\s+/).some((token) => token.includes("icon") || token === "image_src");
  if (isImageLink && href !== null) addImage(urls, href);
}
