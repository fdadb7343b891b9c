/**
 * Page metadata for `data.metadata` (docs/api.md, "Scrape"): title, description, language, Open Graph, Dublin Core and
 * article fields under Firecrawl's camelCase names, plus every other `<meta name|property|itemprop>` under
 * its own name as written in the page (e.g. "twitter:card", "og:title", "viewport"), as Firecrawl does.
 *
 * Repeated meta keys keep their first value; only og:locale:alternate collects every value. Raw meta names
 * never overwrite a named field or a key the API itself sets on `metadata` (url, statusCode, ...).
 */
import { decodeHtmlEntities } from "./entities";
import { onElementEnd, scanHtml } from "./rewriter";
import { parseBaseUrl, resolveUrl } from "./urls";

export interface PageMetadata {
  title?: string;
  description?: string;
  /** The `<html lang>` attribute. */
  language?: string;
  keywords?: string;
  robots?: string;
  /** Absolute URL of the declared icon (`<link rel="icon">` and kin); absent when the page declares none. */
  favicon?: string;
  /** Absolute URL from `<link rel="canonical">`. */
  canonical?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogUrl?: string;
  ogImage?: string;
  ogAudio?: string;
  ogVideo?: string;
  ogDeterminer?: string;
  ogLocale?: string;
  ogLocaleAlternate?: string[];
  ogSiteName?: string;
  ogType?: string;
  dcTermsCreated?: string;
  dcDateCreated?: string;
  dcDate?: string;
  dcTermsType?: string;
  dcType?: string;
  dcTermsAudience?: string;
  dcTermsSubject?: string;
  dcSubject?: string;
  dcDescription?: string;
  dcTermsKeywords?: string;
  modifiedTime?: string;
  publishedTime?: string;
  articleTag?: string;
  articleSection?: string;
  /** Every other meta tag, keyed by its name/property/itemprop as written in the page. */
  [metaName: string]: string | string[] | undefined;
}

/** Meta keys (lower-cased) that fill a named field. */
const NAMED_META_FIELDS: Record<string, keyof PageMetadata> = {
  description: "description",
  keywords: "keywords",
  robots: "robots",
  "og:title": "ogTitle",
  "og:description": "ogDescription",
  "og:url": "ogUrl",
  "og:image": "ogImage",
  "og:audio": "ogAudio",
  "og:video": "ogVideo",
  "og:determiner": "ogDeterminer",
  "og:locale": "ogLocale",
  "og:site_name": "ogSiteName",
  "og:type": "ogType",
  "dcterms.created": "dcTermsCreated",
  "dc.date.created": "dcDateCreated",
  "dc.date": "dcDate",
  "dcterms.type": "dcTermsType",
  "dc.type": "dcType",
  "dcterms.audience": "dcTermsAudience",
  "dcterms.subject": "dcTermsSubject",
  "dc.subject": "dcSubject",
  "dc.description": "dcDescription",
  "dcterms.keywords": "dcTermsKeywords",
  "article:modified_time": "modifiedTime",
  "article:published_time": "publishedTime",
  "article:tag": "articleTag",
  "article:section": "articleSection",
};

/** Fallbacks used only when the primary og:image is missing. */
const OG_IMAGE_ALIASES = new Set(["og:image:url", "og:image:secure_url"]);

/**
 * Keys the API sets on `metadata` itself; a page's `<meta itemprop="url">` or `<meta name="title">` must not
 * shadow them (named fields are protected the same way).
 */
const RESERVED_KEYS = new Set([
  "title", "language", "favicon", "canonical", "ogLocaleAlternate", "url", "sourceURL", "statusCode", "scrapeId",
  "error", "contentType", "proxyUsed", "cacheState", "cachedAt", "creditsUsed", "postprocessorsUsed", "indexId",
  "concurrencyLimited", "concurrencyQueueDurationMs", "numPages", "totalPages", "timezone",
]);

const RESERVED_OR_NAMED_KEYS = new Set([...RESERVED_KEYS, ...Object.values(NAMED_META_FIELDS)]);

export async function extractMetadata(rawHtml: string, baseUrl: string): Promise<PageMetadata> {
  let titleText: string | null = null;
  let readingTitle = false;
  let svgDepth = 0;
  let language: string | null = null;
  let baseHref: string | null = null;
  let canonicalHref: string | null = null;
  const iconHrefs: { href: string; appleTouch: boolean }[] = [];
  const metaValues: [key: string, content: string][] = [];

  const rewriter = new HTMLRewriter()
    .on("html", {
      element(element) {
        language ??= element.getAttribute("lang");
      },
    })
    // An inline <svg> can hold its own <title>; only the document's title counts.
    .on("svg", {
      element(element) {
        if (onElementEnd(element, () => svgDepth--)) svgDepth++;
      },
    })
    .on("title", {
      element(element) {
        if (titleText !== null || svgDepth > 0) return;
        titleText = "";
        readingTitle = true;
        if (!onElementEnd(element, () => void (readingTitle = false))) readingTitle = false;
      },
      text(text) {
        if (readingTitle) titleText += text.text;
      },
    })
    .on("base[href]", {
      element(element) {
        baseHref ??= element.getAttribute("href");
      },
    })
    .on("link[rel][href]", {
      element(element) {
        const relTokens = (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
        const href = element.getAttribute("href") ?? "";
        if (relTokens.includes("canonical")) canonicalHref ??= href;
        if (relTokens.includes("icon")) iconHrefs.push({ href, appleTouch: false });
        else if (relTokens.some((token) => token.startsWith("apple-touch-icon"))) iconHrefs.push({ href, appleTouch: true });
      },
    })
    .on("meta[content]", {
      element(element) {
        const key = element.getAttribute("name") ?? element.getAttribute("property") ?? element.getAttribute("itemprop");
        const content = element.getAttribute("content");
        if (key !== null && key.trim() !== "" && content !== null) metaValues.push([key.trim(), content]);
      },
    });
  await scanHtml(rawHtml, rewriter);

  const metadata: PageMetadata = {};
  let ogImageAlias: string | undefined;
  for (const [key, rawContent] of metaValues) {
    const content = decodeHtmlEntities(rawContent).trim();
    if (content === "") continue;
    const lowerKey = key.toLowerCase();
    if (lowerKey === "og:locale:alternate") {
      (metadata.ogLocaleAlternate ??= []).push(content);
      continue;
    }
    if (OG_IMAGE_ALIASES.has(lowerKey)) ogImageAlias ??= content;
    const namedField = NAMED_META_FIELDS[lowerKey];
    if (namedField !== undefined) metadata[namedField] ??= content;
    const shadowsKnownKey = RESERVED_OR_NAMED_KEYS.has(key) || RESERVED_OR_NAMED_KEYS.has(lowerKey);
    if (!shadowsKnownKey) metadata[key] ??= content;
  }
  metadata.ogImage ??= ogImageAlias;

  const title = titleText === null ? "" : collapseWhitespace(decodeHtmlEntities(titleText));
  if (title !== "") metadata.title = title;
  else if (metadata.ogTitle !== undefined) metadata.title = metadata.ogTitle;
  metadata.description ??= metadata.ogDescription;

  const pageLanguage = language === null ? "" : decodeHtmlEntities(language).trim();
  if (pageLanguage !== "") metadata.language = pageLanguage;

  const pageUrl = parseBaseUrl(baseUrl);
  const base = baseHref !== null ? parseBaseUrl(decodeHtmlEntities(baseHref), pageUrl) ?? pageUrl : pageUrl;
  const resolve = (raw: string): string | undefined => resolveUrl(decodeHtmlEntities(raw), base) ?? undefined;
  // Prefer a plain icon to an apple-touch-icon, which is usually a large PNG rather than the tab icon.
  const icon = iconHrefs.find((candidate) => !candidate.appleTouch) ?? iconHrefs[0];
  const favicon = icon ? resolve(icon.href) : undefined;
  if (favicon !== undefined) metadata.favicon = favicon;
  const canonical = canonicalHref !== null ? resolve(canonicalHref) : undefined;
  if (canonical !== undefined) metadata.canonical = canonical;
  return withoutUndefined(metadata);
}

/** Absent fields are left out entirely so they do not show up as `null`-ish keys in the JSON document. */
function withoutUndefined(metadata: PageMetadata): PageMetadata {
  for (const key of Object.keys(metadata)) {
    if (metadata[key] === undefined) delete metadata[key];
  }
  return metadata;
}

function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
