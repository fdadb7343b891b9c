/**
 * The maxAge cache: finished documents in R2 (`docs/<scrapeId>.json`), indexed in KV by a hash of the URL and
 * every option that changes the output. The cache is shared by all teams — it only ever holds what a plain
 * request for a public page returns: requests with custom headers, actions, a browser profile, change tracking
 * or zero data retention neither read nor write it.
 */
import type { ScrapeDocument } from "../schemas/document";
import type { ScrapeOptions } from "../schemas/scrape";
import type { FormatObject } from "../schemas/formats";
import { sha256Hex } from "../crypto";
import { kvKeys, r2Keys } from "../storage/layout";
import { forgetRead, keepRead, recentlyRead } from "./hot-cache";
import { asCacheHit } from "./cache-hits";
import { teamStub } from "../../durable-objects/team";

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
    // Only when set, so the keys of documents cached before the option existed still match.
    ...(options.redactPII ? { redactPII: options.redactPII } : {}),
  };
  return sha256Hex(JSON.stringify(material));
}

export interface CacheLookup {
  /** Serve only a copy younger than this (maxAge). */
  maxAgeMs?: number;
  /** Serve only a copy at least this old (minAge). */
  minAgeMs?: number;
}

/**
 * What R2 holds under `docs/<scrapeId>.json`: the document plus, when it was scraped for a crawl or map, the
 * page's followable links (so a cache hit can still feed link discovery).
 */
export interface StoredDocument {
  v: 1;
  document: ScrapeDocument;
  discoveredLinks?: string[];
  /** What was asked for, so that interact can open a browser on the same page the same way. */
  request?: ScrapeRequestRecord;
}

/** The options of a scrape that decide how its page was reached and shown. */
// prettier-ignore
const REQUEST_OPTIONS = [
  "headers", "mobile", "location", "waitFor", "actions", "blockAds", "skipTlsVerification", "proxy", "profile",
  "zeroDataRetention",
] as const satisfies readonly (keyof ScrapeOptions)[];

export interface ScrapeRequestRecord {
  url: string;
  options: Pick<ScrapeOptions, (typeof REQUEST_OPTIONS)[number]>;
}

export function scrapeRequestRecord(url: string, o: ScrapeOptions): ScrapeRequestRecord {
  const options: Record<string, unknown> = {};
  for (const key of REQUEST_OPTIONS) options[key] = o[key];
  return { url, options: options as ScrapeRequestRecord["options"] };
}

/**
 * The cached document for `key` when one satisfies the age bounds (and has links, if `needLinks`), else null. A
 * document this isolate read for `key` in the last minute is used without reading KV and R2 again (hot-cache.ts);
 * when it does not satisfy the bounds, the index may hold a newer one.
 */
export async function readCache(
  env: Env,
  key: string,
  lookup: CacheLookup & { needLinks?: boolean },
  now = Date.now(),
): Promise<(StoredDocument & { entry: CacheEntry }) | null> {
  const fits = (entry: CacheEntry) => {
    const age = now - entry.cachedAt;
    return (
      (lookup.maxAgeMs === undefined || age <= lookup.maxAgeMs) &&
      (lookup.minAgeMs === undefined || age >= lookup.minAgeMs)
    );
  };
  const answer = (entry: CacheEntry, json: string) => {
    const stored = JSON.parse(json) as StoredDocument;
    return lookup.needLinks && !stored.discoveredLinks ? null : { ...stored, entry };
  };
  const recent = recentlyRead(key, now);
  if (recent && fits(recent.entry)) return answer(recent.entry, recent.json);
  const entry = await env.KV.get<CacheEntry>(kvKeys.cache(key), "json");
  if (!entry || !fits(entry)) return null;
  const object = await env.BUCKET.get(entry.r2Key);
  if (!object) return null;
  const json = await object.text();
  keepRead(key, entry, json, now);
  return answer(entry, json);
}

/** Points the cache index at a stored document. */
export async function writeCacheIndex(
  env: Env,
  key: string,
  document: ScrapeDocument,
  cachedAt: number,
): Promise<void> {
  const entry: CacheEntry = {
    r2Key: r2Keys.document(document.metadata.scrapeId),
    cachedAt,
    statusCode: document.metadata.statusCode,
    url: document.metadata.url,
  };
  await env.KV.put(kvKeys.cache(key), JSON.stringify(entry), { expirationTtl: CACHE_INDEX_TTL_SECONDS });
  forgetRead(key);
}

/** Stores a finished document under its scrapeId (read back by GET /v2/scrape/{id}, the cache and job results). */
/** Returns the size of what was written (the stored JSON, in characters). */
export async function storeDocument(
  env: Env,
  document: ScrapeDocument,
  teamId: string,
  discoveredLinks?: string[],
  request?: ScrapeRequestRecord,
): Promise<number> {
  const stored: StoredDocument = {
    v: 1,
    document,
    ...(discoveredLinks ? { discoveredLinks } : {}),
    ...(request ? { request } : {}),
  };
  const body = JSON.stringify(stored);
  await env.BUCKET.put(r2Keys.document(document.metadata.scrapeId), body, {
    httpMetadata: { contentType: "application/json" },
    customMetadata: { teamId },
  });
  return body.length;
}

/** A stored document, when it belongs to `teamId`. */
export async function loadDocument(env: Env, scrapeId: string, teamId: string): Promise<ScrapeDocument | null> {
  return (await loadStoredScrape(env, scrapeId, teamId))?.document ?? null;
}

/**
 * A stored scrape (document and request) when it belongs to `teamId`: its own copy, or — a single scrape answered
 * from the cache — the cached document as that hit returned it (./cache-hits.ts), while the cached one exists.
 */
export async function loadStoredScrape(env: Env, scrapeId: string, teamId: string): Promise<StoredDocument | null> {
  const object = await env.BUCKET.get(r2Keys.document(scrapeId));
  if (object) return object.customMetadata?.teamId === teamId ? ((await object.json()) as StoredDocument) : null;
  const hit = await teamStub(env, teamId).cacheHit(scrapeId);
  const source = hit && (await env.BUCKET.get(hit.source));
  if (!hit || !source) return null;
  const cached = (await source.json()) as StoredDocument;
  return { v: 1, document: asCacheHit(cached.document, hit.stamp), ...(hit.request ? { request: hit.request } : {}) };
}

/** Several stored documents at once, in the order asked (null where one is missing). Owner not checked. */
export async function loadDocuments(env: Env, scrapeIds: string[]): Promise<(ScrapeDocument | null)[]> {
  return Promise.all(
    scrapeIds.map(async (id) => {
      const object = await env.BUCKET.get(r2Keys.document(id));
      return object ? ((await object.json()) as StoredDocument).document : null;
    }),
  );
}

/** Deletes stored documents (job expiry), in batches R2 accepts. */
export async function deleteDocuments(env: Env, scrapeIds: string[]): Promise<void> {
  for (let i = 0; i < scrapeIds.length; i += 1000) {
    await env.BUCKET.delete(scrapeIds.slice(i, i + 1000).map((id) => r2Keys.document(id)));
  }
}
