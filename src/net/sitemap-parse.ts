/**
 * Reading one sitemap document: XML sitemaps (`<urlset>`, `<sitemapindex>`, any namespace prefix), plain-text
 * sitemaps (one URL per line) and RSS/Atom feeds, into page URLs and child sitemaps. Nothing here throws on bad
 * content: content that is no sitemap is kind "unknown", XML the parser rejects is salvaged for its `<loc>`s.
 * Finding and fetching the sitemaps of a site is ./sitemap.ts.
 */
import { XMLParser } from "fast-xml-parser";
import { normalizeUrl } from "./urls";
import { locContents, plainText } from "./xml-text";

export interface SitemapUrl {
  /** The page: an absolute http(s) URL without fragment. */
  loc: string;
  /** As written in the sitemap (W3C datetime); feeds' dates are converted to ISO 8601. */
  lastmod?: string;
  /** From a news/video sitemap extension or a feed entry, when present. */
  title?: string;
  /** From a video sitemap extension or a feed entry summary, as plain text. */
  description?: string;
}

export type SitemapKind = "urlset" | "sitemapindex" | "rss" | "atom" | "text" | "unknown";

export interface ParsedSitemap {
  /** "unknown" for content that is no sitemap (typically an HTML page served at /sitemap.xml). */
  kind: SitemapKind;
  urls: SitemapUrl[];
  /** Child sitemaps listed by a sitemap index. */
  sitemaps: string[];
}

/** Feed summaries can be whole articles; a map description needs a sentence or two. */
const MAX_DESCRIPTION_CHARS = 1000;

const xmlParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Numeric character references (`&#38;`) are common in sitemap URLs and only decoded in this mode.
  htmlEntities: true,
});

type XmlNode = unknown;

function asArray(node: XmlNode): XmlNode[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}

function child(node: XmlNode, name: string): XmlNode {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
  return (node as Record<string, XmlNode>)[name];
}

/** The trimmed text of an element: a plain string, or `#text` when it has attributes; the first of repeats. */
function textOf(node: XmlNode): string | undefined {
  const first = Array.isArray(node) ? node[0] : node;
  if (typeof first === "string") return first.trim() || undefined;
  if (typeof first === "number" || typeof first === "boolean") return String(first);
  if (typeof first === "object" && first !== null) return textOf(child(first, "#text"));
  return undefined;
}

/** RSS dates are RFC 822; map and crawl want ISO 8601 like sitemap lastmod. */
function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

function withOptional(loc: string, fields: Omit<SitemapUrl, "loc">): SitemapUrl {
  const entry: SitemapUrl = { loc };
  if (fields.lastmod) entry.lastmod = fields.lastmod;
  if (fields.title) entry.title = fields.title;
  if (fields.description) entry.description = fields.description;
  return entry;
}

function urlsetEntries(root: XmlNode, baseUrl: string | undefined): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  for (const entry of asArray(child(root, "url"))) {
    const loc = textOf(child(entry, "loc"));
    const url = loc ? normalizeUrl(loc, baseUrl) : null;
    if (!url) continue;
    const news = asArray(child(entry, "news"))[0];
    const video = asArray(child(entry, "video"))[0];
    urls.push(
      withOptional(url, {
        lastmod: textOf(child(entry, "lastmod")),
        title: plainText(textOf(child(news, "title")) ?? textOf(child(video, "title")), MAX_DESCRIPTION_CHARS),
        description: plainText(textOf(child(video, "description")), MAX_DESCRIPTION_CHARS),
      }),
    );
  }
  return urls;
}

function sitemapIndexEntries(root: XmlNode, baseUrl: string | undefined): string[] {
  const sitemaps: string[] = [];
  for (const entry of asArray(child(root, "sitemap"))) {
    const loc = textOf(child(entry, "loc"));
    const url = loc ? normalizeUrl(loc, baseUrl) : null;
    if (url) sitemaps.push(url);
  }
  return sitemaps;
}

/** RSS 2.0 `<channel><item>` and RSS 1.0 (RDF) `<item>` entries. */
function rssEntries(items: XmlNode[], baseUrl: string | undefined): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  for (const item of items) {
    const link = textOf(child(item, "link"));
    const url = link ? normalizeUrl(link, baseUrl) : null;
    if (!url) continue;
    urls.push(
      withOptional(url, {
        lastmod: isoDate(textOf(child(item, "pubDate")) ?? textOf(child(item, "date"))),
        title: plainText(textOf(child(item, "title")), MAX_DESCRIPTION_CHARS),
        description: plainText(textOf(child(item, "description")), MAX_DESCRIPTION_CHARS),
      }),
    );
  }
  return urls;
}

/** Atom `<entry>`: the `alternate` link (or the link without `rel`) is the page. */
function atomEntries(root: XmlNode, baseUrl: string | undefined): SitemapUrl[] {
  const urls: SitemapUrl[] = [];
  for (const entry of asArray(child(root, "entry"))) {
    const links = asArray(child(entry, "link"));
    const page = links.find((link) => {
      const rel = child(link, "@_rel");
      return rel === undefined || rel === "alternate";
    });
    const href = child(page, "@_href");
    const url = typeof href === "string" ? normalizeUrl(href, baseUrl) : null;
    if (!url) continue;
    urls.push(
      withOptional(url, {
        lastmod: isoDate(textOf(child(entry, "updated")) ?? textOf(child(entry, "published"))),
        title: plainText(textOf(child(entry, "title")), MAX_DESCRIPTION_CHARS),
        description: plainText(textOf(child(entry, "summary")), MAX_DESCRIPTION_CHARS),
      }),
    );
  }
  return urls;
}

/** Last resort for XML the parser rejects (often a file cut off mid-way): the `<loc>` elements alone. */
function salvageLocs(xml: string, baseUrl: string | undefined): ParsedSitemap {
  const isIndex = /<(?:[\w.-]+:)?sitemapindex[\s>]/i.test(xml);
  const locs: string[] = [];
  for (const content of locContents(xml)) {
    const url = normalizeUrl(plainText(content, Number.POSITIVE_INFINITY) ?? "", baseUrl);
    if (url) locs.push(url);
  }
  return isIndex
    ? { kind: "sitemapindex", urls: [], sitemaps: locs }
    : { kind: locs.length > 0 ? "urlset" : "unknown", urls: locs.map((loc) => ({ loc })), sitemaps: [] };
}

function parseXmlSitemap(xml: string, baseUrl: string | undefined): ParsedSitemap {
  let doc: Record<string, XmlNode>;
  try {
    doc = xmlParser.parse(xml) as Record<string, XmlNode>;
  } catch {
    return salvageLocs(xml, baseUrl);
  }
  if (doc.urlset !== undefined) return { kind: "urlset", urls: urlsetEntries(doc.urlset, baseUrl), sitemaps: [] };
  if (doc.sitemapindex !== undefined) {
    return { kind: "sitemapindex", urls: [], sitemaps: sitemapIndexEntries(doc.sitemapindex, baseUrl) };
  }
  if (doc.rss !== undefined) {
    return { kind: "rss", urls: rssEntries(asArray(child(child(doc.rss, "channel"), "item")), baseUrl), sitemaps: [] };
  }
  if (doc.RDF !== undefined)
    return { kind: "rss", urls: rssEntries(asArray(child(doc.RDF, "item")), baseUrl), sitemaps: [] };
  if (doc.feed !== undefined) return { kind: "atom", urls: atomEntries(doc.feed, baseUrl), sitemaps: [] };
  return { kind: "unknown", urls: [], sitemaps: [] };
}

/** A text sitemap holds absolute URLs only, one per line; other lines are ignored. */
function parseTextSitemap(text: string): ParsedSitemap {
  const urls: SitemapUrl[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (!/^https?:\/\//i.test(trimmed)) continue;
    const loc = normalizeUrl(trimmed);
    if (loc) urls.push({ loc });
  }
  return { kind: urls.length > 0 ? "text" : "unknown", urls, sitemaps: [] };
}

/**
 * Parses one sitemap document: XML (urlset, sitemapindex, RSS, Atom) when it starts with `<`, otherwise a
 * plain-text list of URLs. Relative locations resolve against `baseUrl` (the sitemap's own URL) when given;
 * entries that are not http(s) URLs are dropped. Never throws.
 */
export function parseSitemap(content: string, baseUrl?: string): ParsedSitemap {
  const text = content.replace(/^\uFEFF/, "").trimStart();
  return text.startsWith("<") ? parseXmlSitemap(text, baseUrl) : parseTextSitemap(text);
}
