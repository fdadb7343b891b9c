/**
 * Page metadata for `data.metadata` (docs/api.md, "Scrape"): title, description, language, Open Graph, Dublin Core and
 * article fields under Firecrawl's camelCase names, plus every other `<meta name|property|itemprop>` under
 * its own name as written in the page (e.g. "twitter:card", "og:title", "viewport"), as Firecrawl does.
 * Also the page's JSON-LD blocks, parsed, for the main-content extractor's signals.
 *
 * Repeated meta keys keep their first value; only og:locale:alternate collects every value. Raw meta names
 * never overwrite a named field or a key the API itself sets on `metadata` (url, statusCode, ...). Read from
 * the page tree in one walk, before cleaning removes the head.
 */
import { type ElementNode, rawText, walkElements } from "../dom/tree";
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
// prettier-ignore
const RESERVED_KEYS = new Set([
  "title", "language", "favicon", "canonical", "ogLocaleAlternate", "url", "sourceURL", "statusCode", "scrapeId",
  "error", "contentType", "proxyUsed", "cacheState", "cachedAt", "creditsUsed", "postprocessorsUsed", "indexId",
  "concurrencyLimited", "concurrencyQueueDurationMs", "numPages", "totalPages", "timezone",
]);

const RESERVED_OR_NAMED_KEYS = new Set([...RESERVED_KEYS, ...Object.values(NAMED_META_FIELDS)]);

export interface PageHead {
  metadata: PageMetadata;
  /** Each `<script type="application/ld+json">` block that parses, in document order. */
  jsonLd: unknown[];
}

/** What the page declares, as written (values still to be trimmed and resolved). */
export interface DeclaredMetadata {
  titleText: string | null;
  language: string | null;
  baseHref: string | null;
  canonicalHref: string | null;
  iconHrefs: { href: string; appleTouch: boolean }[];
  metaValues: [key: string, content: string][];
}

export function extractMetadata(document: ElementNode, baseUrl: string): PageHead {
  const declared: DeclaredMetadata = {
    titleText: null,
    language: null,
    baseHref: null,
    canonicalHref: null,
    iconHrefs: [],
    metaValues: [],
  };
  const jsonLd: unknown[] = [];

  walkElements(document, (element) => {
    const attrs = element.attrs;
    switch (element.name) {
      case "html":
        declared.language ??= attrs.lang ?? null;
        break;
      // An inline <svg> can hold its own <title>; only the document's title counts.
      case "svg":
        return false;
      case "title":
        declared.titleText ??= rawText(element);
        return false;
      case "base":
        if (attrs.href !== undefined) declared.baseHref ??= attrs.href;
        break;
      case "link":
        if (attrs.rel !== undefined && attrs.href !== undefined) declareLink(declared, attrs.rel, attrs.href);
        break;
      case "meta": {
        const key = attrs.name ?? attrs.property ?? attrs.itemprop;
        if (key !== undefined && key.trim() !== "" && attrs.content !== undefined)
          declared.metaValues.push([key.trim(), attrs.content]);
        break;
      }
      case "script":
        if ((attrs.type ?? "").trim().toLowerCase() === "application/ld+json") {
          const parsed = parseJsonLd(rawText(element));
          if (parsed !== undefined) jsonLd.push(parsed);
        }
        return false;
    }
  });
  return { metadata: assembleMetadata(declared, baseUrl), jsonLd };
}

/** Notes a `<link rel href>`: the canonical URL and the icons. */
export function declareLink(declared: DeclaredMetadata, rel: string, href: string): void {
  const relTokens = rel.toLowerCase().split(/\s+/);
  if (relTokens.includes("canonical")) declared.canonicalHref ??= href;
  if (relTokens.includes("icon")) declared.iconHrefs.push({ href, appleTouch: false });
  else if (relTokens.some((token) => token.startsWith("apple-touch-icon")))
    declared.iconHrefs.push({ href, appleTouch: true });
}

/** The `metadata` fields from what the page declares; `decode` is for callers that read raw attribute text. */
export function assembleMetadata(
  declared: DeclaredMetadata,
  baseUrl: string,
  decode: (text: string) => string = (text) => text,
): PageMetadata {
  const metadata: PageMetadata = {};
  let ogImageAlias: string | undefined;
  for (const [key, rawContent] of declared.metaValues) {
    const content = decode(rawContent).trim();
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

  const title = declared.titleText === null ? "" : collapseWhitespace(decode(declared.titleText));
  if (title !== "") metadata.title = title;
  else if (metadata.ogTitle !== undefined) metadata.title = metadata.ogTitle;
  metadata.description ??= metadata.ogDescription;

  const pageLanguage = declared.language === null ? "" : decode(declared.language).trim();
  if (pageLanguage !== "") metadata.language = pageLanguage;

  const pageUrl = parseBaseUrl(baseUrl);
  const base = declared.baseHref !== null ? (parseBaseUrl(decode(declared.baseHref), pageUrl) ?? pageUrl) : pageUrl;
  const resolve = (raw: string): string | undefined => resolveUrl(decode(raw), base) ?? undefined;
  // Prefer a plain icon to an apple-touch-icon, which is usually a large PNG rather than the tab icon.
  const icon = declared.iconHrefs.find((candidate) => !candidate.appleTouch) ?? declared.iconHrefs[0];
  const favicon = icon ? resolve(icon.href) : undefined;
  if (favicon !== undefined) metadata.favicon = favicon;
  const canonical = declared.canonicalHref !== null ? resolve(declared.canonicalHref) : undefined;
  if (canonical !== undefined) metadata.canonical = canonical;
  return withoutUndefined(metadata);
}

/**
 * A JSON-LD block's value; some pages wrap it in an HTML comment or CDATA section. Undefined when it does not parse.
 */
function parseJsonLd(text: string): unknown {
  const body = text
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[)\s*/, "")
    .replace(/(?!(?<=\s)\s)\s*(?:-->|\/\/\s*\]\]>)$/, "");
  if (body === "") return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
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
