/**
 * URL helpers for the HTML passes: resolving attribute values against the page's base URL and reading
 * `srcset` lists. All inputs are decoded attribute values (dom/tree-builder.ts decodes them).
 */
import { trimEndOf } from "../text/trim";
import { isWhitespace } from "../dom/tree";

/** Resolves `raw` against `base`; null when it cannot be parsed, so callers can leave the attribute alone. */
export function resolveUrl(raw: string, base: URL | null): string | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  // data: URIs can be megabytes long and are already absolute; parsing them only costs time.
  if (/^data:/i.test(trimmed)) return trimmed;
  try {
    return (base ? new URL(trimmed, base) : new URL(trimmed)).href;
  } catch {
    return null;
  }
}

/** Parses a base URL once; a malformed one means relative URLs stay unresolved rather than failing the page. */
export function parseBaseUrl(raw: string, relativeTo: URL | null = null): URL | null {
  try {
    return relativeTo ? new URL(raw.trim(), relativeTo) : new URL(raw.trim());
  } catch {
    return null;
  }
}

export interface SrcsetCandidate {
  url: string;
  /** Width in pixels for a `w` descriptor. */
  width?: number;
  /** Pixel density for an `x` descriptor; a candidate without a descriptor means 1x. */
  density?: number;
}

/**
 * Splits a srcset the way the HTML standard does: a URL runs until whitespace (so commas inside CDN URLs
 * such as `w_100,h_50` survive), trailing commas end a candidate, and descriptors run to the next comma.
 */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let position = 0;
  const length = srcset.length;
  while (position < length) {
    while (
      position < length &&
      (srcset.charCodeAt(position) === 44 /* , */ || isWhitespace(srcset.charCodeAt(position)))
    )
      position++;
    if (position >= length) break;
    const urlStart = position;
    while (position < length && !isWhitespace(srcset.charCodeAt(position))) position++;
    let url = srcset.slice(urlStart, position);
    let descriptor = "";
    if (url.endsWith(",")) {
      url = trimEndOf(url, ",");
    } else {
      const descriptorStart = position;
      let parenthesisDepth = 0;
      while (position < length) {
        const code = srcset.charCodeAt(position);
        if (code === 40 /* ( */) parenthesisDepth++;
        else if (code === 41 /* ) */) parenthesisDepth = Math.max(0, parenthesisDepth - 1);
        else if (code === 44 /* , */ && parenthesisDepth === 0) break;
        position++;
      }
      descriptor = srcset.slice(descriptorStart, position).trim();
      position++;
    }
    if (url === "") continue;
    const candidate: SrcsetCandidate = { url };
    if (descriptor !== "") {
      const widthMatch = /(?:^|\s)(\d+)w(?:\s|$)/.exec(descriptor);
      const densityMatch = widthMatch ? null : /(?:^|\s)(\d+(?:\.\d+)?|\.\d+)x(?:\s|$)/.exec(descriptor);
      if (widthMatch) candidate.width = Number(widthMatch[1]);
      else if (densityMatch) candidate.density = Number(densityMatch[1]);
    }
    candidates.push(candidate);
  }
  return candidates;
}

/**
 * The candidate a large screen would download: the widest `w` candidate when any has a width, otherwise
 * the densest `x` candidate, where the element's own src counts as 1x.
 */
export function pickLargestCandidate(candidates: SrcsetCandidate[], src: string | null): string | null {
  const withWidth = candidates.filter((candidate) => candidate.width !== undefined);
  if (withWidth.length > 0) {
    return withWidth.reduce((best, candidate) => (candidate.width! > best.width! ? candidate : best)).url;
  }
  let bestUrl = src && src.trim() !== "" ? src : null;
  let bestDensity = bestUrl ? 1 : 0;
  for (const candidate of candidates) {
    const density = candidate.density ?? 1;
    if (bestUrl === null || density > bestDensity) {
      bestUrl = candidate.url;
      bestDensity = density;
    }
  }
  return bestUrl;
}

/** Rewrites every URL in a srcset through `mapUrl`, keeping descriptors. */
export function mapSrcset(candidates: SrcsetCandidate[], mapUrl: (url: string) => string): string {
  return candidates
    .map((candidate) => {
      const descriptor =
        candidate.width !== undefined
          ? ` ${candidate.width}w`
          : candidate.density !== undefined
            ? ` ${candidate.density}x`
            : "";
      return mapUrl(candidate.url) + descriptor;
    })
    .join(", ");
}
