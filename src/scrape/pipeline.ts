/**
 * The scrape pipeline, shared by /v2/scrape, crawl and batch pages:
 * options → cache → engine → document (HTML passes, markdown, PDF) → formats → store.
 * Billing is the caller's job (it knows whether the result is delivered); `credits` says what to charge.
 */
import { ApiError } from "../errors";
import { egressPolicy, checkEgress } from "../net/egress";
import { normalizeFormats, type FormatObject, type ScrapeOptions } from "../schemas/scrape";
import { cacheKey, readCache, storeDocument, usesCache, writeCacheIndex } from "./cache";
import type { ScrapeDocument } from "./document";
import { buildDocument } from "./build";
import { runEngines } from "../engines/select";
import { timeoutError } from "../engines/fetch";
import { requireLlmFor } from "../llm/client";
import { newId } from "../ids";

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
}

export interface ScrapeOutcome {
  document: ScrapeDocument;
  credits: number;
}

export async function scrape(ctx: ScrapeContext, input: ScrapeRequestInput): Promise<ScrapeOutcome> {
  const formats = normalizeFormats(input.formats);
  const policy = egressPolicy(ctx.env);
  checkEgress(input.url.includes("://") ? input.url : `http://${input.url}`, policy);
  requireLlmFor(ctx.env, formats);

  const url = new URL(input.url.includes("://") ? input.url : `http://${input.url}`).href;
  const cacheable = usesCache(input);
  const key = cacheable ? await cacheKey(url, input, formats) : null;

  if (input.minAge !== undefined) {
    const hit = key ? await readCache(ctx.env, key, { minAgeMs: input.minAge }) : null;
    if (!hit) {
      throw new ApiError("SCRAPE_NO_CACHED_DATA", "No cached data is available for this URL with these options (minAge was set, so the page was not fetched)");
    }
    return fromCache(hit.document, hit.entry.cachedAt, input.url);
  }
  if (key && input.maxAge > 0) {
    const hit = await readCache(ctx.env, key, { maxAgeMs: input.maxAge });
    if (hit) return fromCache(hit.document, hit.entry.cachedAt, input.url);
  }

  const deadline = AbortSignal.timeout(input.timeout);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, deadline]) : deadline;
  const outcome = await withDeadline(signal, async () => {
    const page = await runEngines(ctx.env, url, input, formats, signal);
    return buildDocument(ctx.env, page, {
      options: input,
      formats,
      sourceURL: input.url,
      scrapeId: ctx.scrapeId ?? newId(),
      signal,
    });
  });

  if (!input.zeroDataRetention) {
    const persist = (async () => {
      await storeDocument(ctx.env, outcome.document, ctx.teamId);
      if (key && input.storeInCache) await writeCacheIndex(ctx.env, key, outcome.document, Date.now());
    })();
    if (ctx.waitUntil) ctx.waitUntil(persist);
    else await persist;
  }
  return outcome;
}

function fromCache(document: ScrapeDocument, cachedAt: number, sourceURL: string): ScrapeOutcome {
  const credits = document.metadata.creditsUsed;
  return {
    document: {
      ...document,
      metadata: { ...document.metadata, sourceURL, cacheState: "hit", cachedAt: new Date(cachedAt).toISOString() },
    },
    credits,
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
