/**
 * The maxAge cache: finished documents in R2 (`docs/<scrapeId>.json`), indexed in KV by a hash of the URL and
 * every option that changes the output. The cache is shared by all teams — it only ever holds what a plain
 * request for a public page returns: requests with custom headers, actions, a browser profile, change tracking
 * or zero data retention neither read nor write it.
 */
import type { ScrapeDocument } from "./document";
import type { FormatObject, ScrapeOptions } from "../schemas/scrape";
import { sha256Hex } from "../auth/keys";
import { kvKeys, r2Keys } from "../storage/layout";

/** How long an index entry lives. maxAge values above this simply find nothing. */
export const CACHE_INDEX_TTL_SECONDS = 30 * 24 * 3600;

export interface CacheEntry {
  r2Key: string;
  cachedAt: number;
  statusCode: number;
  url: string;
}

/** Whether this request may use the shared cache at all (read or write). */
export function usesCache(options: ScrapeOptions): boolean {
  return (
    !options.zeroDataRetention &&
    Object.keys(options.headers ?? {}).length === 0 &&
    (options.actions?.length ?? 0) === 0 &&
    !options.profile &&
    !options.formats.some((f) => (typeof f === "string" ? f : f.type) === "changeTracking")
  );
}

/** The cache key: the URL plus every option that changes the document. Not timeout, maxAge, storeInCache. */
export async function cacheKey(url: string, options: ScrapeOptions, formats: FormatObject[]): Promise<string> {
  const material = {
    url: new URL(url).href,
    formats,
    onlyMainContent: options.onlyMainContent,
    includeTags: options.includeTags ?? [],
    excludeTags: options.excludeTags ?? [],
    waitFor: options.waitFor,
    mobile: options.mobile,
    location: options.location ?? null,
    parsers: options.parsers,
    removeBase64Images: options.removeBase64Images,
    blockAds: options.blockAds,
    proxy: options.proxy,
    skipTlsVerification: options.skipTlsVerification,
  };
  return sha256Hex(JSON.stringify(material));
}

export interface CacheLookup {
  /** Serve only a copy younger than this (maxAge). */
  maxAgeMs?: number;
  /** Serve only a copy at least this old (minAge). */
  minAgeMs?: number;
}

/** The cached document for `key` when one satisfies the age bounds, else null. */
export async function readCache(env: Env, key: string, lookup: CacheLookup, now = Date.now()): Promise<{ document: ScrapeDocument; entry: CacheEntry } | null> {
  const entry = await env.KV.get<CacheEntry>(kvKeys.cache(key), "json");
  if (!entry) return null;
  const age = now - entry.cachedAt;
  if (lookup.maxAgeMs !== undefined && age > lookup.maxAgeMs) return null;
  if (lookup.minAgeMs !== undefined && age < lookup.minAgeMs) return null;
  const object = await env.BUCKET.get(entry.r2Key);
  if (!object) return null;
  const document = (await object.json()) as ScrapeDocument;
  return { document, entry };
}

/** Points the cache index at a stored document. */
export async function writeCacheIndex(env: Env, key: string, document: ScrapeDocument, cachedAt: number): Promise<void> {
  const entry: CacheEntry = {
    r2Key: r2Keys.document(document.metadata.scrapeId),
    cachedAt,
    statusCode: document.metadata.statusCode,
    url: document.metadata.url,
  };
  await env.KV.put(kvKeys.cache(key), JSON.stringify(entry), { expirationTtl: CACHE_INDEX_TTL_SECONDS });
}

/** Stores a finished document under its scrapeId (read back by GET /v2/scrape/{id} and by the cache). */
export async function storeDocument(env: Env, document: ScrapeDocument, teamId: string): Promise<void> {
  await env.BUCKET.put(r2Keys.document(document.metadata.scrapeId), JSON.stringify(document), {
    httpMetadata: { contentType: "application/json" },
    customMetadata: { teamId },
  });
}

/** A stored document, when it belongs to `teamId`. */
export async function loadDocument(env: Env, scrapeId: string, teamId: string): Promise<ScrapeDocument | null> {
  const object = await env.BUCKET.get(r2Keys.document(scrapeId));
  if (!object || object.customMetadata?.teamId !== teamId) return null;
  return (await object.json()) as ScrapeDocument;
}
