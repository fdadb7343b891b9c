/**
 * REFERENCE ONLY (with transform.ts, the page path before the shared tree): how the cleaning pass makes the URLs of
 * links, images, srcsets and posters absolute on HTMLRewriter elements, and collects links and images as it goes.
 */
import { decodeHtmlEntities, escapeForAttribute } from "./entities";
import { IMAGE_META_KEYS } from "../../src/html/selectors";
import { mapSrcset, parseSrcset, pickLargestCandidate, resolveUrl, type SrcsetCandidate } from "../../src/html/urls";

/** Where image URLs are resolved against and collected. */
export interface UrlContext {
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

export function rewriteAnchor(element: Element, base: URL | null, links: Set<string>): void {
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
export function rewriteSrcset(element: Element, urls: UrlContext, srcset = readSrcset(element)): void {
  if (srcset === null) return;
  updateAttribute(
    element,
    srcset.attribute,
    mapSrcset(srcset.candidates, (url) => addImage(urls, url)),
  );
}

export function rewriteImage(element: Element, urls: UrlContext): void {
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

export function rewritePoster(element: Element, urls: UrlContext): void {
  const poster = readAttribute(element, "poster");
  if (poster !== null) updateAttribute(element, "poster", addImage(urls, poster));
}

export function collectMetaImage(element: Element, urls: UrlContext): void {
  const key = element.getAttribute("property") ?? element.getAttribute("name") ?? element.getAttribute("itemprop");
  const content = readAttribute(element, "content");
  if (key !== null && content !== null && IMAGE_META_KEYS.has(key.trim().toLowerCase())) addImage(urls, content);
}

export function collectLinkImage(element: Element, urls: UrlContext): void {
  const rel = element.getAttribute("rel")?.toLowerCase() ?? "";
  const href = readAttribute(element, "href");
  const isImageLink = rel.split(/\s+/).some((token) => token.includes("icon") || token === "image_src");
  if (isImageLink && href !== null) addImage(urls, href);
}
