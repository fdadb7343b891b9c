/**
 * Cleans the page tree for the `html` and `markdown` formats, in one walk of the body:
 *
 * - junk goes (head, script, style, template, meta, link, hidden SVG sprites, ...); the head's image metas
 *   and icon links are noted first, they still describe the page (`images`);
 * - includeTags: only the outermost matches are kept, as the new body's children, in document order;
 *   excludeTags: matches are removed (inside the kept matches; junk always goes);
 * - URLs become absolute (a[href], img src/srcset with lazy-loader attributes, source srcset, video poster),
 *   resolved against `<base href>` or the page URL — but only in the part of the page that is kept, when
 *   `linksAndImages` is asked for it (after main-content selection): most of a page's links are in menus and
 *   footers that are cut, and resolving them cost about 5 % of the page path. Main-content selection reads hrefs
 *   only to tell in-page and script links from others, which the raw value tells as well.
 *
 * `links` and `images` list what the cleaned body holds when they are read (so after main-content removal,
 * what is left); `linksAndImages` answers the same for any part of it, and must be called on the part that is
 * serialized before it is. <noscript> stays: main-content.ts decides about it.
 */
import { compileSelector, type ElementTest } from "../dom/select";
import { documentBody, type ElementNode, findElement, type PageNode, walkElements } from "../dom/tree";
import { IMAGE_META_KEYS, JUNK_SELECTOR } from "./selectors";
import {
  mapSrcset,
  parseBaseUrl,
  parseSrcset,
  pickLargestCandidate,
  resolveUrl as resolveUncached,
  type SrcsetCandidate,
} from "./urls";

export interface CleanOptions {
  /** Final page URL, used to absolutize; a `<base href>` in the page overrides it. */
  baseUrl: string;
  /** CSS selectors; ones that cannot be parsed are ignored. */
  includeTags?: string[];
  excludeTags?: string[];
}

export interface LinksAndImages {
  /** Absolute http(s) URLs of `<a href>`, deduplicated, in document order. */
  links: string[];
  /** Absolute image URLs (data: URIs kept as they are), the page's meta/icon images first, deduplicated. */
  images: string[];
}

export interface CleanedPage extends LinksAndImages {
  body: ElementNode;
  base: URL | null;
  /** With includeTags: the kept matches (the body's children), which boilerplate removal must spare. */
  includedRoots: ReadonlySet<ElementNode> | null;
  /** The page had a <body> (not a fragment whose body was made up here). */
  bodyFromSource: boolean;
  /** Makes the URLs of a part of the cleaned body (say the main content) absolute, and lists its links and images. */
  linksAndImages(root: ElementNode): LinksAndImages;
}

const isJunk = compileSelector(JUNK_SELECTOR)!;

/** The compiled user selectors (trimmed, empty and unparseable ones dropped), as one test. */
function userSelectorTest(selectors: readonly string[] | undefined): ElementTest | null {
  const tests = (selectors ?? [])
    .map((selector) => selector.trim())
    .filter((s) => s !== "")
    .map(compileSelector)
    .filter((test): test is ElementTest => test !== null);
  if (tests.length === 0) return null;
  return (element) => tests.some((test) => test(element));
}

/** The `<base href>` of the page (the first one), resolved against the page URL. */
export function documentBase(document: ElementNode, pageUrl: string): URL | null {
  const page = parseBaseUrl(pageUrl);
  let href: string | undefined;
  walkElements(document, (element) => {
    if (href !== undefined) return false;
    if (element.name === "base" && element.attrs.href !== undefined) href = element.attrs.href;
  });
  return href !== undefined ? (parseBaseUrl(href, page) ?? page) : page;
}

/**
 * The page's URL resolver: pages repeat the same links and images, and URL parsing is not cheap, so each raw URL is
 * resolved once.
 */
function urlResolver(base: URL | null): (raw: string) => string | null {
  const resolved = new Map<string, string | null>();
  return (raw) => {
    let url = resolved.get(raw);
    if (url === undefined) {
      url = resolveUncached(raw, base);
      resolved.set(raw, url);
    }
    return url;
  };
}

export function cleanTree(document: ElementNode, options: CleanOptions): CleanedPage {
  const base = documentBase(document, options.baseUrl);
  const resolve = urlResolver(base);
  const isIncluded = userSelectorTest(options.includeTags);
  const isExcluded = userSelectorTest(options.excludeTags);
  const pageImages: string[] = [];
  const found: FoundUrls = { links: new Map(), images: new Map() };
  const roots: ElementNode[] = [];

  const bodyFromSource = findElement(document, "body") !== null;
  const body = documentBody(document);
  for (const head of document.children.flatMap((node) =>
    node.type === 1 && node.name === "html" ? node.children : [node],
  )) {
    if (head.type !== 1 || head.name !== "head") continue;
    walkElements(head, (element) => {
      const image = pageImage(element, resolve);
      if (image !== null) pageImages.push(image);
    });
    head.parent!.children = head.parent!.children.filter((node) => node !== head);
  }

  /** Whether `child` stays; visits (and cleans) what it holds. */
  const keep = (parent: ElementNode, child: ElementNode, insideIncluded: boolean): boolean => {
    let included = insideIncluded;
    if (child.name === "head" || isJunk(child)) {
      // An image meta in the body counts where it stood (and goes if main-content selection drops that part).
      for (const element of child.name === "head" ? [child, ...descendants(child)] : [child]) {
        const image = pageImage(element, resolve);
        if (image !== null) note(found.images, parent, image);
      }
      return false;
    }
    if (isIncluded !== null && !insideIncluded && isIncluded(child)) {
      included = true;
      if (isExcluded === null || !isExcluded(child)) roots.push(child);
    }
    if (isExcluded !== null && (isIncluded === null || included) && isExcluded(child)) return false;
    if (child.children.length > 0) visit(child, included);
    return true;
  };
  const visit = (parent: ElementNode, insideIncluded: boolean): void => {
    const children = parent.children;
    /** Only built once something is removed: most elements keep all their children. */
    let kept: PageNode[] | null = null;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const stays = child.type !== 1 || keep(parent, child, insideIncluded);
      if (!stays && kept === null) kept = children.slice(0, i);
      else if (stays && kept !== null) kept.push(child);
    }
    if (kept !== null) parent.children = kept;
  };
  visit(body, false);

  if (isIncluded !== null) {
    for (const root of roots) root.parent = body;
    body.children = roots;
  }
  /** Elements whose URLs are absolute already (linksAndImages may be asked for a part, then for the whole). */
  const rewritten = new Set<ElementNode>();
  const linksAndImages = (root: ElementNode): LinksAndImages => {
    const links = new Set<string>();
    const images = new Set(pageImages);
    const collect = (element: ElementNode) => {
      if (URL_ELEMENTS.has(element.name) && !rewritten.has(element)) {
        rewritten.add(element);
        rewriteUrls(element, resolve, found);
      }
      const link = found.links.get(element);
      if (link !== undefined) links.add(link);
      const urls = found.images.get(element);
      if (urls !== undefined) for (const url of urls) images.add(url);
    };
    collect(root);
    walkElements(root, collect);
    return { links: [...links], images: [...images] };
  };
  return {
    body,
    base,
    includedRoots: isIncluded !== null ? new Set(roots) : null,
    bodyFromSource,
    get links() {
      return linksAndImages(body).links;
    },
    get images() {
      return linksAndImages(body).images;
    },
    linksAndImages,
  };
}

// ---------------------------------------------------------------------------------------------------- URLs

/** An attribute's value trimmed, or null when absent or blank. */
function readAttribute(element: ElementNode, name: string): string | null {
  const value = element.attrs[name]?.trim();
  return value ? value : null;
}

/** URLs found on the elements of the cleaned body, collected for whichever part of it is finally kept. */
interface FoundUrls {
  links: Map<ElementNode, string>;
  images: Map<ElementNode, string[]>;
}

function note(images: Map<ElementNode, string[]>, element: ElementNode, url: string): void {
  if (/^javascript:/i.test(url)) return;
  const urls = images.get(element);
  if (urls === undefined) images.set(element, [url]);
  else urls.push(url);
}

function descendants(root: ElementNode): ElementNode[] {
  const all: ElementNode[] = [];
  walkElements(root, (element) => void all.push(element));
  return all;
}

/** Resolves a raw URL of the page (null: it cannot be resolved). */
type Resolve = (raw: string) => string | null;

/** The elements whose URLs are made absolute. */
const URL_ELEMENTS = new Set(["a", "img", "source", "video"]);

function rewriteUrls(element: ElementNode, resolve: Resolve, found: FoundUrls): void {
  switch (element.name) {
    case "a":
      return rewriteAnchor(element, resolve, found);
    case "img":
      return rewriteImage(element, resolve, found);
    case "source":
      return rewriteSrcset(element, resolve, found, readSrcset(element));
    case "video": {
      const poster = readAttribute(element, "poster");
      if (poster !== null) element.attrs.poster = resolveImage(element, poster, resolve, found);
    }
  }
}

function rewriteAnchor(element: ElementNode, resolve: Resolve, found: FoundUrls): void {
  const href = readAttribute(element, "href");
  // In-page anchors resolve to this same document: leave them relative (and out of `links`).
  if (href === null || href.startsWith("#") || /^(?:javascript|mailto|tel|sms|data):/i.test(href)) return;
  const absolute = resolve(href);
  if (absolute === null) return;
  element.attrs.href = absolute;
  if (/^https?:/i.test(absolute)) found.links.set(element, absolute);
}

function resolveImage(element: ElementNode, url: string, resolve: Resolve, found: FoundUrls): string {
  const absolute = resolve(url) ?? url;
  note(found.images, element, absolute);
  return absolute;
}

interface ElementSrcset {
  /** "srcset", or "data-srcset" where a lazy loader parked it. */
  attribute: string;
  candidates: SrcsetCandidate[];
}

function readSrcset(element: ElementNode): ElementSrcset | null {
  const attribute =
    element.attrs.srcset !== undefined ? "srcset" : element.attrs["data-srcset"] !== undefined ? "data-srcset" : null;
  const srcset = attribute === null ? null : readAttribute(element, attribute);
  if (attribute === null || srcset === null) return null;
  const candidates = parseSrcset(srcset);
  return candidates.length > 0 ? { attribute, candidates } : null;
}

/** Makes every srcset URL absolute and notes it. */
function rewriteSrcset(element: ElementNode, resolve: Resolve, found: FoundUrls, srcset: ElementSrcset | null): void {
  if (srcset === null) return;
  element.attrs[srcset.attribute] = mapSrcset(srcset.candidates, (url) => resolveImage(element, url, resolve, found));
}

function rewriteImage(element: ElementNode, resolve: Resolve, found: FoundUrls): void {
  const src = readAttribute(element, "src");
  const lazySrc = readAttribute(element, "data-src");
  const srcset = readSrcset(element);
  // Lazy loaders keep the real image in data-src and a placeholder (often a data: pixel) in src.
  let chosen = lazySrc !== null && (src === null || /^data:/i.test(src)) ? lazySrc : src;
  if (srcset !== null) chosen = pickLargestCandidate(srcset.candidates, chosen);
  if (chosen !== null) element.attrs.src = resolveImage(element, chosen, resolve, found);
  if (lazySrc !== null) resolveImage(element, lazySrc, resolve, found);
  rewriteSrcset(element, resolve, found, srcset);
}

/** Image metas (og:image and kin) and icon links describe the page even though they are removed; null for others. */
function pageImage(element: ElementNode, resolve: Resolve): string | null {
  let url: string | null = null;
  if (element.name === "meta") {
    const key = element.attrs.property ?? element.attrs.name ?? element.attrs.itemprop;
    const content = readAttribute(element, "content");
    if (key !== undefined && content !== null && IMAGE_META_KEYS.has(key.trim().toLowerCase())) url = content;
  } else if (element.name === "link") {
    const rel = element.attrs.rel?.toLowerCase() ?? "";
    const href = readAttribute(element, "href");
    if (href !== null && rel.split(/\s+/).some((token) => token.includes("icon") || token === "image_src")) url = href;
  }
  if (url === null) return null;
  const absolute = resolve(url) ?? url;
  return /^javascript:/i.test(absolute) ? null : absolute;
}
