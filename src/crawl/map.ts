/**
 * Map (docs/api.md, "Map"): the URLs of a site, fast. Sources: the sitemaps (robots.txt `Sitemap:` lines, indexes,
 * gzipped files) and the links of the start page plus a bounded number of further pages of the same site —
 * read through the scrape pipeline with the cheapest format, so the cache is reused and nothing is converted to
 * markdown. Results are deduplicated like a crawl's, optionally filtered and ranked by `search`, cut at `limit`.
 */
import { ApiError, describeError } from "../errors";
import { checkEgress, egressPolicy } from "../net/egress";
import { fetchRobots, type Robots } from "../net/robots";
import { discoverSitemapUrls } from "../net/sitemap";
import type { SitemapUrl } from "../net/sitemap-parse";
import { dedupKey, isSameHost, isSameSite, normalizeUrl } from "../net/urls";
import { coerceUrlInput } from "../schemas/common";
import { ScrapeOptionsSchema } from "../schemas/scrape";
import { scrape } from "../scrape/pipeline";
import { auxFetcher } from "./fetcher";

/** Pages read for links beyond the start page. */
export const MAP_EXTRA_PAGES = 10;
const MAP_PAGE_CONCURRENCY = 4;
const MAP_PAGE_TIMEOUT_MS = 15_000;

export interface MapOptions {
  url: string;
  search?: string;
  limit: number;
  sitemap: "include" | "skip" | "only";
  includeSubdomains: boolean;
  ignoreQueryParameters: boolean;
  timeout?: number;
  location?: { country: string; languages?: string[] };
}

export interface MapLink {
  url: string;
  title?: string;
  description?: string;
}

/** Whether map lists `url` for a map of `start`: the start host, and other hosts of its site with includeSubdomains. */
export function inMapScope(url: string, start: string, includeSubdomains: boolean): boolean {
  return isSameHost(url, start) || (includeSubdomains && isSameSite(url, start));
}

interface Candidate extends MapLink {
  order: number;
}

export async function mapSite(env: Env, teamId: string, options: MapOptions): Promise<MapLink[]> {
  const start = checkEgress(normalizeUrl(coerceUrlInput(options.url)) ?? options.url, egressPolicy(env));
  const deadline = options.timeout ? AbortSignal.timeout(options.timeout) : undefined;
  const timedOut = new Promise<never>((_, reject) => {
    deadline?.addEventListener(
      "abort",
      () =>
        reject(
          new ApiError("MAP_TIMEOUT", `The map operation timed out after ${options.timeout} ms. Try a larger timeout.`),
        ),
      { once: true },
    );
  });
  const work = collect(env, teamId, start.href, options, deadline);
  const candidates = deadline ? await Promise.race([work, timedOut]) : await work;
  const ranked = options.search ? rank(candidates, options.search) : candidates;
  return ranked.slice(0, options.limit).map(({ url, title, description }) => ({
    url,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
  }));
}

async function collect(
  env: Env,
  teamId: string,
  start: string,
  options: MapOptions,
  signal?: AbortSignal,
): Promise<Candidate[]> {
  const found = new Map<string, Candidate>();
  const dedup = { deduplicateSimilarURLs: true, ignoreQueryParameters: options.ignoreQueryParameters };
  const inSite = (url: string) => inMapScope(url, start, options.includeSubdomains);
  const add = (raw: string, extra: Partial<MapLink> = {}) => {
    const url = normalizeUrl(raw);
    if (!url || !inSite(url)) return;
    const key = dedupKey(url, dedup);
    const existing = found.get(key);
    if (existing) {
      existing.title ??= extra.title;
      existing.description ??= extra.description;
      return;
    }
    found.set(key, { url, title: extra.title, description: extra.description, order: found.size });
  };

  add(start);
  const robots = await fetchRobots(start, auxFetcher(env, signal));

  const sitemapWork =
    options.sitemap === "skip"
      ? Promise.resolve([] as SitemapUrl[])
      : discoverSitemapUrls(start, {
          fetcher: auxFetcher(env, signal),
          robotsSitemaps: robots.sitemaps(),
          signal,
          maxUrls: Math.max(options.limit * 4, 5_000),
        }).then((r) => r.urls);
  const pagesWork =
    options.sitemap === "only" ? Promise.resolve([]) : readPages(env, teamId, start, options, robots, inSite, signal);
  const [sitemapUrls, pages] = await Promise.all([sitemapWork, pagesWork]);

  for (const page of pages) add(page.url, { title: page.title, description: page.description });
  for (const entry of sitemapUrls) add(entry.loc, { title: entry.title, description: entry.description });
  for (const page of pages) for (const link of page.links) add(link);
  return [...found.values()].sort((a, b) => a.order - b.order);
}

interface ReadPage extends MapLink {
  links: string[];
}

/** The start page, then up to MAP_EXTRA_PAGES more pages of the site (shallowest paths first) for their links. */
async function readPages(
  env: Env,
  teamId: string,
  start: string,
  options: MapOptions,
  robots: Robots,
  inSite: (url: string) => boolean,
  signal?: AbortSignal,
): Promise<ReadPage[]> {
  const read = async (url: string): Promise<ReadPage | null> => {
    if (!robots.isAllowed(url) || signal?.aborted) return null;
    try {
      const outcome = await scrape(
        { env, teamId, discoverLinks: true, signal },
        {
          ...ScrapeOptionsSchema.parse({
            formats: ["links"],
            timeout: MAP_PAGE_TIMEOUT_MS,
            location: options.location,
          }),
          url,
        },
      );
      const { metadata } = outcome.document;
      return {
        url: metadata.url,
        title: metadata.title,
        description: metadata.description,
        links: outcome.discoveredLinks ?? [],
      };
    } catch (e) {
      console.warn(`map: could not read ${url}: ${describeError(e)}`);
      return null;
    }
  };
  const first = await read(start);
  if (!first) return [];
  const depth = (u: string) => new URL(u).pathname.split("/").filter(Boolean).length;
  const next = [...new Set(first.links.filter((l) => inSite(l) && isSameHost(l, start) && l !== first.url))]
    .sort((a, b) => depth(a) - depth(b))
    .slice(0, options.limit > 1 ? MAP_EXTRA_PAGES : 0);
  const pages: ReadPage[] = [first];
  for (let i = 0; i < next.length; i += MAP_PAGE_CONCURRENCY) {
    const batch = await Promise.all(next.slice(i, i + MAP_PAGE_CONCURRENCY).map(read));
    pages.push(...batch.filter((p): p is ReadPage => p !== null));
  }
  return pages;
}

/**
 * Keeps the candidates matching any search term and orders them by relevance: a term in the URL's path counts
 * most (more in its last segment), then in the title, then in the description; ties keep discovery order.
 */
export function rank<T extends MapLink & { order: number }>(candidates: T[], search: string): T[] {
  const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
  const scored = candidates.map((c) => {
    const path = decodeURIComponent(new URL(c.url).pathname + new URL(c.url).search).toLowerCase();
    const last = path.split("/").filter(Boolean).pop() ?? "";
    const title = c.title?.toLowerCase() ?? "";
    const description = c.description?.toLowerCase() ?? "";
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      const s =
        (path.includes(term) ? 3 : 0) +
        (last.includes(term) ? 2 : 0) +
        (title.includes(term) ? 2 : 0) +
        (description.includes(term) ? 1 : 0);
      if (s > 0) matched++;
      score += s;
    }
    if (matched === terms.length && terms.length > 1) score += 2;
    return { c, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.c.order - b.c.order)
    .map((s) => s.c);
}
