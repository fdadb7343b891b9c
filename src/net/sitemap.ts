/**
 * Sitemap discovery for crawl and map: reads XML sitemaps (`<urlset>`, `<sitemapindex>`, any namespace prefix),
 * plain-text sitemaps (one URL per line) and RSS/Atom feeds, gzipped or not, starting from the robots.txt
 * `Sitemap:` lines and `<origin>/sitemap.xml` and following sitemap indexes.
 *
 * Sitemaps come from arbitrary servers, so nothing here throws on bad content: discovery records an error string
 * for the sitemap and carries on; reading one document is ./sitemap-parse.ts. Fetching stays with the caller
 * (`SitemapFetcher`), which applies the outbound policy and any timeout.
 */
import { normalizeUrl } from "./urls";
import { readLimited } from "./body";
import { decodeDocument } from "./charset";
import { parseSitemap, type ParsedSitemap, type SitemapUrl } from "./sitemap-parse";

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
