/**
 * The scrape pipeline, shared by /v2/scrape, crawl and batch pages:
 * options → cache → engine → document (HTML passes, markdown, PDF) → formats → store.
 * Billing is the caller's job (it knows whether the result is delivered); `credits` says what to charge.
 */
import { ApiError } from "../errors";
import { egressPolicy, checkEgress } from "../net/egress";
import { coerceUrlInput } from "../schemas/common";
import { type ScrapeOptions } from "../schemas/scrape";
import { normalizeFormats, type FormatObject } from "../schemas/formats";
import {
  cacheKey,
  readCache,
  scrapeRequestRecord,
  storeDocument,
  usesCache,
  writeCacheIndex,
  type CacheEntry,
  type StoredDocument,
} from "./cache";
import type { ScrapeDocument } from "../schemas/document";
import { buildDocument } from "./build";
import { runEngines } from "../engines/select";
import { timeoutError } from "../engines/fetch";
import { requireLlmFor } from "../llm/client";
import { refuseUnavailableFormats } from "./unavailable";
import { newId } from "../ids";
import { addChangeTracking, type Visibility } from "../tracking/track";
import type { ConcurrencyStamp } from "../crawl/types";
import { asCacheHit, type HitStamp } from "./cache-hits";
import { stampConcurrency } from "../concurrency/stamp";

export interface ScrapeRequestInput extends ScrapeOptions {
  url: string;
}

export interface ScrapeContext {
  env: Env;
  teamId: string;
  /** Aborts the scrape from outside (e.g. a cancelled crawl). */
  signal?: AbortSignal;
  /** Give the result this scrape id (crawl pages pre-allocate theirs). */
  scrapeId?: string;
  /** Lets long-running post-work (storing) outlive the response. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Also return the page's followable links (crawl and map discovery). */
  discoverLinks?: boolean;
  /** Store the document even under zeroDataRetention (job results must be readable until the job expires). */
  forceStore?: boolean;
  /** Whether the team's concurrency limit held this scrape back (stamped on `metadata`; absent = it did not). */
  concurrency?: ConcurrencyStamp;
  /** Change tracking: a crawl page found only from the team's tracked pages, not by links or sitemaps, is hidden. */
  visibility?: Visibility;
}

export interface ScrapeOutcome {
  document: ScrapeDocument;
  credits: number;
  /** With `discoverLinks`: every followable link of the page. */
  discoveredLinks?: string[];
  /** Size of the stored copy, once stored (not set when storing runs in the background or is skipped). */
  storedBytes?: number;
  /** A cache hit: the R2 key of the cached document it answers with, and what it changed in it. */
  cached?: { source: string; stamp: HitStamp };
}

/** The outcome of a cache hit. */
export type CachedOutcome = ScrapeOutcome & Required<Pick<ScrapeOutcome, "cached">>;

/** What can be refused before any work (and before a concurrency slot is taken): formats the service cannot make. */
export function checkScrapeRequest(
  env: Env,
  input: Pick<ScrapeOptions, "formats" | "zeroDataRetention" | "redactPII">,
): FormatObject[] {
  const formats = normalizeFormats(input.formats);
  refuseUnavailableFormats(env, formats, input);
  requireLlmFor(env, formats, input);
  return formats;
}

/** What every scrape works out before any I/O: its formats, its checked URL, and its cache key (null: no cache). */
export interface PreparedScrape {
  formats: FormatObject[];
  url: string;
  key: string | null;
}

export async function prepareScrape(env: Env, input: ScrapeRequestInput): Promise<PreparedScrape> {
  const formats = checkScrapeRequest(env, input);
  const url = checkEgress(coerceUrlInput(input.url), egressPolicy(env)).href;
  return { formats, url, key: usesCache(input) ? await cacheKey(url, input, formats) : null };
}

/**
 * The cached document this request may be answered with, or null (fetch the page). With `minAge` there is no
 * fetching: no cached copy is SCRAPE_NO_CACHED_DATA. The hit is not stored yet: `persist` does that.
 */
export async function lookupCached(
  ctx: ScrapeContext,
  input: ScrapeRequestInput,
  prepared: PreparedScrape,
): Promise<CachedOutcome | null> {
  const { key } = prepared;
  const needLinks = ctx.discoverLinks;
  if (input.minAge !== undefined) {
    const hit = key ? await readCache(ctx.env, key, { minAgeMs: input.minAge, needLinks }) : null;
    if (!hit) {
      throw new ApiError(
        "SCRAPE_NO_CACHED_DATA",
        "No cached data is available for this URL with these options (minAge was set, so the page was not fetched)",
      );
    }
    return fromCache(ctx, hit, input);
  }
  if (key && input.maxAge > 0) {
    const hit = await readCache(ctx.env, key, { maxAgeMs: input.maxAge, needLinks });
    if (hit) return fromCache(ctx, hit, input);
  }
  return null;
}

export async function scrape(ctx: ScrapeContext, input: ScrapeRequestInput): Promise<ScrapeOutcome> {
  const prepared = await prepareScrape(ctx.env, input);
  const hit = await lookupCached(ctx, input, prepared);
  if (hit) {
    await persist(ctx, input, hit);
    return hit;
  }
  return scrapeFresh(ctx, input, prepared);
}

/** Fetches and builds the page (the cache was looked up already, or may not be used), then stores the result. */
export async function scrapeFresh(
  ctx: ScrapeContext,
  input: ScrapeRequestInput,
  prepared: PreparedScrape,
): Promise<ScrapeOutcome> {
  const { formats, url, key } = prepared;
  const deadline = AbortSignal.timeout(input.timeout);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, deadline]) : deadline;
  const outcome = await withDeadline(signal, async () => {
    const page = await runEngines(ctx.env, url, input, formats, signal, ctx.teamId);
    const built = await buildDocument(ctx.env, page, {
      options: input,
      formats,
      sourceURL: input.url,
      scrapeId: ctx.scrapeId ?? newId(),
      signal,
      discoverLinks: ctx.discoverLinks,
    });
    const tracking = formats.find((f) => f.type === "changeTracking");
    if (tracking)
      await addChangeTracking(ctx.env, built.document, {
        teamId: ctx.teamId,
        format: tracking,
        visibility: ctx.visibility ?? "visible",
        signal,
      });
    return built;
  });

  stampConcurrency(outcome.document.metadata, ctx.concurrency);
  await persist(ctx, input, outcome, async () => {
    if (key && input.storeInCache) await writeCacheIndex(ctx.env, key, outcome.document, Date.now());
  });
  return outcome;
}

/**
 * Stores the result under its scrapeId (a cache hit too: it is a new scrape result, see fromCache), then runs
 * `after`, in the background when the caller allows it.
 */
export async function persist(
  ctx: ScrapeContext,
  input: ScrapeRequestInput,
  outcome: ScrapeOutcome,
  after?: () => Promise<void>,
): Promise<void> {
  if (input.zeroDataRetention && !ctx.forceStore) return;
  const work = (async () => {
    outcome.storedBytes = await storeDocument(
      ctx.env,
      outcome.document,
      ctx.teamId,
      outcome.discoveredLinks,
      scrapeRequestRecord(input.url, input),
    );
    await after?.();
  })();
  if (ctx.waitUntil) ctx.waitUntil(work);
  else await work;
}

/**
 * A cache hit is a new scrape result of its own: a fresh scrapeId, stored for this team, so that it can be read
 * back and outlives the cached original (which a job's expiry may delete).
 */
function fromCache(
  ctx: ScrapeContext,
  hit: StoredDocument & { entry: CacheEntry },
  input: ScrapeRequestInput,
): CachedOutcome {
  const { cachedAt, r2Key } = hit.entry;
  const stamp = { scrapeId: ctx.scrapeId ?? newId(), sourceURL: input.url, cachedAt, concurrency: ctx.concurrency };
  return {
    document: asCacheHit(hit.document, stamp),
    credits: hit.document.metadata.creditsUsed,
    discoveredLinks: hit.discoveredLinks,
    cached: { source: r2Key, stamp },
  };
}

/** Runs `work`, failing with SCRAPE_TIMEOUT as soon as `signal` fires even if `work` ignores it. */
async function withDeadline<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  if (signal.aborted) throw abortReason(signal);
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([work(), aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

function abortReason(signal: AbortSignal): ApiError {
  const reason = signal.reason as unknown;
  if (reason instanceof ApiError) return reason;
  if (reason instanceof DOMException && reason.name === "TimeoutError") return timeoutError();
  if (reason instanceof Error && reason.name === "TimeoutError") return timeoutError();
  return new ApiError("SCRAPE_TIMEOUT", "The scrape was cancelled before it completed");
}

export type { FormatObject };
