/**
 * A cache hit of a single scrape (POST /v2/scrape, and the scrapes search makes) is a scrape result of its own —
 * its own scrapeId, readable by the team that asked (GET /v2/scrape/{id}, interact) — but its document is the
 * cached one with four metadata fields changed. So it is kept as a row in the team's Durable Object, written in
 * the same transaction as its charge, that names the cached document and holds what differs: one storage write per
 * hit instead of two (the charge, and a second copy of the document in R2), which under `npm start` was 2 of a
 * hit's 5 ms, and deployed is one R2 write (and one stored copy) less per hit.
 *
 * The row lives HIT_RECORD_TTL_MS (as long as the cache index entry that led to it can); it reads back while the
 * cached document exists (a crawl's pages go when the crawl expires). Crawl and batch pages that hit the cache keep
 * a full copy: their results are read by scrapeId without a team (pipeline.ts, `persist`).
 */
import { first, run } from "../../durable-objects/sql";
import type { ScrapeDocument } from "../schemas/document";
import type { ConcurrencyStamp } from "../crawl/types";
import { stampConcurrency } from "../concurrency/stamp";
import type { ScrapeRequestRecord } from "./cache";

export const CACHE_HIT_MIGRATION = `CREATE TABLE cache_hits (scrape_id TEXT PRIMARY KEY, at INTEGER NOT NULL, \
hit TEXT NOT NULL);
   CREATE INDEX cache_hits_by_at ON cache_hits (at);`;

/** How long a hit can be read back: the cache index's own lifetime (cache.ts, CACHE_INDEX_TTL_SECONDS). */
export const HIT_RECORD_TTL_MS = 30 * 24 * 3600_000;

/** What makes a cached document this hit's answer. */
export interface HitStamp {
  scrapeId: string;
  /** The URL as this request gave it. */
  sourceURL: string;
  /** When the cached copy was made (ms). */
  cachedAt: number;
  concurrency?: ConcurrencyStamp;
}

/** A hit as the team keeps it: the R2 key of the cached document, the stamp, and the request (for interact). */
export interface CacheHitRecord {
  source: string;
  stamp: HitStamp;
  request?: ScrapeRequestRecord;
}

/** The cached document as this hit's answer. */
export function asCacheHit(document: ScrapeDocument, stamp: HitStamp): ScrapeDocument {
  const metadata: ScrapeDocument["metadata"] = {
    ...document.metadata,
    sourceURL: stamp.sourceURL,
    scrapeId: stamp.scrapeId,
    cacheState: "hit",
    cachedAt: new Date(stamp.cachedAt).toISOString(),
  };
  stampConcurrency(metadata, stamp.concurrency);
  return { ...document, metadata };
}

/** The team's hits, in its Durable Object's SQLite. */
export class CacheHitLog {
  constructor(private readonly sql: SqlStorage) {}

  record(hit: CacheHitRecord, now = Date.now()): void {
    run(this.sql, "DELETE FROM cache_hits WHERE at < ?", now - HIT_RECORD_TTL_MS);
    run(
      this.sql,
      "INSERT OR REPLACE INTO cache_hits (scrape_id, at, hit) VALUES (?, ?, ?)",
      hit.stamp.scrapeId,
      now,
      JSON.stringify(hit),
    );
  }

  find(scrapeId: string, now = Date.now()): CacheHitRecord | null {
    const row = first<{ hit: string }>(
      this.sql,
      "SELECT hit FROM cache_hits WHERE scrape_id = ? AND at >= ?",
      scrapeId,
      now - HIT_RECORD_TTL_MS,
    );
    return row ? (JSON.parse(row.hit) as CacheHitRecord) : null;
  }
}
