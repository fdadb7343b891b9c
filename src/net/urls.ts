/**
 * URL normalisation for crawling and mapping: turning hrefs into absolute http(s) URLs, the de-duplication key
 * that decides when two URLs are "the same page" (deduplicateSimilarURLs / ignoreQueryParameters, docs/crawl.md),
 * and the host relations the crawl scope needs (same host modulo `www.`, same registrable domain per the
 * public suffix list).
 *
 * Everything here is pure and never throws on bad input: links come from arbitrary pages.
 */
import { trimEndOf } from "../text/trim";
import { getDomain } from "tldts";

export interface DedupOptions {
  /** Treat `www.`, http/https, a trailing slash and a final `index.html|htm|php` as insignificant; sort the query. */
  deduplicateSimilarURLs: boolean;
  /** Drop the query entirely, so `/p?a=1` and `/p` are the same page. */
  ignoreQueryParameters: boolean;
}

function parseHttpUrl(url: string, base?: string): URL | null {
  let parsed: URL;
  try {
    parsed = base === undefined ? new URL(url.trim()) : new URL(url.trim(), base);
  } catch {
    return null;
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : null;
}

/**
 * The absolute http(s) form of `url` (resolved against `base` when relative), or null for anything that is not
 * fetchable as a page: javascript:, mailto:, tel:, data:, invalid URLs. The URL parser already lower-cases the
 * host, drops default ports and resolves `.`/`..` segments; the fragment is dropped because it never changes what
 * the server returns.
 */
export function normalizeUrl(url: string, base?: string): string | null {
  const parsed = parseHttpUrl(url, base);
  if (!parsed) return null;
  parsed.hash = "";
  return parsed.href;
}

/** `www.example.com` → `example.com`; other hosts unchanged. */
export function stripWww(hostname: string): string {
  return hostname.startsWith("www.") ? hostname.slice(4) : hostname;
}

const INDEX_FILE = /\/index\.(?:html?|php)$/i;

/**
 * A path with the variants deduplicateSimilarURLs treats as equal folded together: a final `index.html`,
 * `index.htm` or `index.php` and trailing slashes removed (`/blog/index.html`, `/blog/`, `/blog` → `/blog`;
 * the root becomes the empty string).
 */
export function similarPath(pathname: string): string {
  return trimEndOf(pathname.replace(INDEX_FILE, "/"), "/");
}

/**
 * The key two URLs share when they are the same page for de-duplication. Opaque: compare keys with each other,
 * never fetch one. The fragment never counts.
 *
 * - deduplicateSimilarURLs: the scheme is left out (http and https are one page), `www.` is stripped, trailing
 *   slashes and a final index.html/htm/php are ignored, and query parameters are sorted by name (stable, so
 *   repeated names keep their order) because parameter order almost never changes the page.
 * - otherwise: the normalised URL as is (scheme, host, path and the query verbatim).
 * - ignoreQueryParameters: the query is dropped in both modes.
 *
 * A string that is not an http(s) URL is its own key (trimmed), so callers never need a null check.
 */
export function dedupKey(url: string, opts: DedupOptions): string {
  const parsed = parseHttpUrl(url);
  if (!parsed) return url.trim();
  parsed.hash = "";
  if (opts.ignoreQueryParameters) parsed.search = "";
  if (!opts.deduplicateSimilarURLs) return parsed.href;

  const params = new URLSearchParams(parsed.search);
  params.sort();
  const serializedQuery = params.toString();
  const query = serializedQuery ? `?${serializedQuery}` : "";
  const port = parsed.port ? `:${parsed.port}` : "";
  return `${stripWww(parsed.hostname)}${port}${similarPath(parsed.pathname)}${query}`;
}

/**
 * The registrable domain ("eTLD+1") of a host per the public suffix list, private suffixes included so that
 * `a.github.io` and `b.github.io` count as different sites. IP addresses, `localhost` and other hosts without
 * one are their own registrable domain.
 */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase();
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/**
 * True when both URLs are on the same host for crawling: the hostnames are equal once `www.` is stripped and the
 * explicit ports agree (default ports are already gone, so `http://x/` and `https://x/` match). Scheme is ignored.
 */
export function isSameHost(a: string, b: string): boolean {
  const ua = parseHttpUrl(a);
  const ub = parseHttpUrl(b);
  if (!ua || !ub) return false;
  return stripWww(ua.hostname) === stripWww(ub.hostname) && ua.port === ub.port;
}

/**
 * True when both URLs belong to the same registrable domain (`blog.example.com` and `shop.example.com`),
 * whatever their scheme and port.
 */
export function isSameSite(a: string, b: string): boolean {
  const ua = parseHttpUrl(a);
  const ub = parseHttpUrl(b);
  if (!ua || !ub) return false;
  return registrableDomain(ua.hostname) === registrableDomain(ub.hostname);
}

/**
 * True when `url` is on the same site as `reference` but on a different host (a sibling or parent subdomain,
 * e.g. `docs.example.com` for a crawl of `www.example.com`).
 */
export function isSubdomainOf(url: string, reference: string): boolean {
  return isSameSite(url, reference) && !isSameHost(url, reference);
}

/**
 * True when a request to `url` may carry what the caller meant for `target` (its `headers`, cookies): the same
 * origin, or the same host upgraded from http to https on default ports (what Chrome does to top-level
 * navigations). Any other origin — another host, port or a downgrade to http — gets none of it, as browsers drop
 * `Authorization` on a cross-origin redirect.
 */
export function isCredentialOrigin(url: URL, target: URL): boolean {
  if (url.origin === target.origin) return true;
  return (
    target.protocol === "http:" &&
    url.protocol === "https:" &&
    url.hostname === target.hostname &&
    url.port === "" &&
    target.port === ""
  );
}
