/**
 * REFERENCE ONLY (the page path before the shared tree; parity tests and `npm run bench` "before" use it).
 *
 * Turns a fetched page into the cleaned HTML behind the `html` and `markdown` formats and collects its
 * `links` and `images` (docs/api.md, "Scrape"), with streaming HTMLRewriter passes instead of a DOM:
 *
 * 1. a cheap analysis pass (analyse.ts), only when needed, finds `<base href>` and which onlyMainContent
 *    candidates contain the main content (a streaming pass cannot look ahead into an element it must drop now);
 * 2. the cleaning pass removes junk, excludeTags and boilerplate, keeps only includeTags matches, makes
 *    URLs absolute and collects links and images from what survives (url-rewrite.ts).
 *
 * HTMLRewriter keeps calling handlers for elements inside a subtree that was removed, so the cleaning pass
 * tracks "inside a removed element" itself; otherwise links from a dropped <nav> would still be reported.
 * (Current workerd also sets `element.removed` on such descendants, but that is undocumented, so it is only
 * a second line of defence.)
 */
import { onElementEnd, rewriteHtml, usableSelectors } from "./rewriter";
import { BOILERPLATE_SELECTOR, CONTENT_CONTAINER_SELECTOR, JUNK_SELECTOR } from "../../src/html/selectors";
import { parseBaseUrl } from "../../src/html/urls";
import { analysePage } from "./analyse";
import {
  collectLinkImage,
  collectMetaImage,
  rewriteAnchor,
  rewriteImage,
  rewritePoster,
  rewriteSrcset,
  type UrlContext,
} from "./url-rewrite";

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
