/**
 * The URLs of the cleaned page (html/clean.ts): made absolute against `<base href>` or the page URL — a[href], img
 * src/srcset with lazy-loader attributes, source srcset, video poster — and noted on the element that holds them, so
 * that the part of the page finally kept lists its own links and images. Image metas and icon links of the head
 * describe the page too (`pageImage`).
 */
import type { ElementNode } from "../dom/tree";
import { IMAGE_META_KEYS } from "./selectors";
import {
  mapSrcset,
  parseSrcset,
  pickLargestCandidate,
  resolveUrl as resolveUncached,
  type SrcsetCandidate,
} from "./urls";

/**
 * The page's URL resolver: pages repeat the same links and images, and URL parsing is not cheap, so each raw URL is
 * resolved once.
 */
export function urlResolver(base: URL | null): Resolve {
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

/** An attribute's value trimmed, or null when absent or blank. */
function readAttribute(element: ElementNode, name: string): string | null {
  const value = element.attrs[name]?.trim();
  return value ? value : null;
}

/** URLs found on the elements of the cleaned body, collected for whichever part of it is finally kept. */
export interface FoundUrls {
  links: Map<ElementNode, string>;
  images: Map<ElementNode, string[]>;
}

export function note(images: Map<ElementNode, string[]>, element: ElementNode, url: string): void {
  if (/^javascript:/i.test(url)) return;
  const urls = images.get(element);
  if (urls === undefined) images.set(element, [url]);
  else urls.push(url);
}

/** Resolves a raw URL of the page (null: it cannot be resolved). */
export type Resolve = (raw: string) => string | null;

/** The elements whose URLs are made absolute. */
export const URL_ELEMENTS = new Set(["a", "img", "source", "video"]);

export function rewriteUrls(element: ElementNode, resolve: Resolve, found: FoundUrls): void {
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
export function pageImage(element: ElementNode, resolve: Resolve): string | null {
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
