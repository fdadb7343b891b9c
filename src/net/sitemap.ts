/**
 * Sitemap discovery for crawl and map: reads XML sitemaps (`<urlset>`, `<sitemapindex>`, any namespace prefix),
 * plain-text sitemaps (one URL per line) and RSS/Atom feeds, gzipped or not, starting from the robots.txt
 * `Sitemap:` lines and `<origin>/sitemap.xml` and following sitemap indexes.
 *
 * Sitemaps come from arbitrary servers, so nothing here throws on bad content: discovery records an error string
 * for the sitemap and carries on. Fetching stays with the caller (`SitemapFetcher`), which applies the outbound
 * policy and any timeout.
 */
import { XMLParser } from "fast-xml-parser";
import { normalizeUrl } from "./urls";
import { locContents, plainText } from "./xml-text";
import { readLimited } from "./body";
import { decodeDocument } from "./charset";

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

export interface SitemapResponse {
  status: number;
  body: Uint8Array;
  contentType: string;
}

/** Fetches one sitemap (following redirects); null when the server could not be reached. */
export type SitemapFetcher = (url: string) => Promise<SitemapResponse | null>;

export interface DiscoverSitemapOptions {
  fetcher: SitemapFetcher;
  /** The robots.txt `Sitemap:` URLs (`Robots.sitemaps()`); read before the guessed `<origin>/sitemap.xml`. */
  robotsSitemaps: string[];
  /** Sitemap files read at most, indexes included. */
  maxSitemaps?: number;
  /** Page URLs collected at most; discovery stops once reached. */
  maxUrls?: number;
  /** Sitemaps fetched at once. */
  concurrency?: number;
  signal?: AbortSignal;
}

export interface DiscoveredSitemapUrls {
  /** Unique page URLs in discovery order (breadth-first over sitemap files). */
  urls: SitemapUrl[];
  /** One human-readable line per sitemap that could not be read, and why discovery stopped early. */
  errors: string[];
  /** The sitemap files that were read successfully. */
  sitemaps: string[];
}

/** The sitemap protocol's limit for one uncompressed file; also caps what a gzip body may inflate to. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
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

/** Gzip's magic number: sitemaps are gzipped by name (`.xml.gz`) or by a server's Content-Encoding alike. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Inflates a gzip body, refusing (with an Error) to grow past `maxBytes`: a small .gz can be a bomb. */
export async function gunzip(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const inflated = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return readLimited(inflated, maxBytes, () => new Error(`larger than ${maxBytes} bytes once decompressed`));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Decompresses (also a second gzip layer, when a server gzip-encodes a .gz file) and decodes a sitemap body. */
async function sitemapText(body: Uint8Array, contentType: string): Promise<string> {
  let bytes = body;
  for (let layer = 0; layer < 2 && isGzip(bytes); layer++) bytes = await gunzip(bytes, MAX_SITEMAP_BYTES);
  if (bytes.byteLength > MAX_SITEMAP_BYTES) throw new Error(`larger than ${MAX_SITEMAP_BYTES} bytes`);
  // The sitemap protocol requires UTF-8, but feeds (and some sitemaps) are written in the encoding they declare.
  return decodeDocument(bytes, contentType, "xml").text;
}

type FetchOutcome = { response: SitemapResponse | null } | { error: string };

async function fetchSitemap(url: string, fetcher: SitemapFetcher): Promise<FetchOutcome> {
  try {
    return { response: await fetcher(url) };
  } catch (e) {
    return { error: describe(e) };
  }
}

/**
 * Collects page URLs from a site's sitemaps: the robots.txt `Sitemap:` URLs, then `<origin>/sitemap.xml` of
 * `startUrl` (de-duplicated), then the children of every sitemap index, breadth-first. Cycle-safe (each sitemap
 * URL is read once) and bounded by `maxSitemaps` files and `maxUrls` URLs. Never throws: a sitemap that cannot
 * be fetched, decompressed or parsed adds a line to `errors`. The guessed `<origin>/sitemap.xml` adds nothing
 * when it is simply absent (404/410, or a page that is no sitemap, as single-page apps serve). When `signal`
 * aborts, discovery stops and returns what it has, with an error line saying so.
 */
export async function discoverSitemapUrls(
  startUrl: string,
  options: DiscoverSitemapOptions,
): Promise<DiscoveredSitemapUrls> {
  const { fetcher, signal } = options;
  const maxSitemaps = options.maxSitemaps ?? 50;
  const maxUrls = options.maxUrls ?? 50_000;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const result: DiscoveredSitemapUrls = { urls: [], errors: [], sitemaps: [] };

  const start = normalizeUrl(startUrl);
  if (!start) {
    result.errors.push(`Start URL ${startUrl} is not an http(s) URL; no sitemap read`);
    return result;
  }
  const guessedSitemap = new URL("/sitemap.xml", start).href;

  const queued = new Set<string>();
  const queue: string[] = [];
  const enqueue = (url: string) => {
    const normalized = normalizeUrl(url);
    if (normalized && !queued.has(normalized)) {
      queued.add(normalized);
      queue.push(normalized);
    }
  };
  for (const url of options.robotsSitemaps) enqueue(url);
  enqueue(guessedSitemap);

  const seenPages = new Set<string>();
  let read = 0;
  while (queue.length > 0 && read < maxSitemaps && result.urls.length < maxUrls) {
    if (signal?.aborted) {
      result.errors.push(`Sitemap discovery aborted after ${read} sitemap(s)`);
      return result;
    }
    const wave = queue.splice(0, Math.min(concurrency, maxSitemaps - read));
    read += wave.length;
    const outcomes = await Promise.all(wave.map((url) => fetchSitemap(url, fetcher)));

    // Results are handled in queue order whatever order the fetches finished in, so discovery is deterministic.
    for (const [i, sitemapUrl] of wave.entries()) {
      const outcome = outcomes[i];
      const isGuess = sitemapUrl === guessedSitemap;
      if ("error" in outcome) {
        result.errors.push(`Sitemap ${sitemapUrl}: ${outcome.error}`);
        continue;
      }
      const response = outcome.response;
      if (!response) {
        result.errors.push(`Sitemap ${sitemapUrl}: unreachable`);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        if (!(isGuess && (response.status === 404 || response.status === 410))) {
          result.errors.push(`Sitemap ${sitemapUrl}: HTTP ${response.status}`);
        }
        continue;
      }
      let parsed: ParsedSitemap;
      try {
        parsed = parseSitemap(await sitemapText(response.body, response.contentType), sitemapUrl);
      } catch (e) {
        result.errors.push(`Sitemap ${sitemapUrl}: ${describe(e)}`);
        continue;
      }
      if (parsed.kind === "unknown") {
        if (!isGuess) {
          const type = response.contentType ? ` (${response.contentType})` : "";
          result.errors.push(`Sitemap ${sitemapUrl}: not a sitemap${type}`);
        }
        continue;
      }
      result.sitemaps.push(sitemapUrl);
      for (const childSitemap of parsed.sitemaps) enqueue(childSitemap);
      for (const entry of parsed.urls) {
        if (result.urls.length >= maxUrls) break;
        if (seenPages.has(entry.loc)) continue;
        seenPages.add(entry.loc);
        result.urls.push(entry);
      }
    }
  }
  if (queue.length > 0 && read >= maxSitemaps && result.urls.length < maxUrls) {
    result.errors.push(`Stopped after ${maxSitemaps} sitemaps; ${queue.length} more not read`);
  }
  return result;
}
