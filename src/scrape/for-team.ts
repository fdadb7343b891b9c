/**
 * One scrape for a team, as POST /v2/scrape does it: under one of the team's concurrency slots (waiting within
 * the scrape's timeout), charged when it succeeded — to the key that asked. A cache hit takes no slot. Used by
 * the scrape route and by what scrapes on the caller's behalf (search results, monitor checks).
 */
import { takeScrapeSlot } from "../concurrency/scrape-slot";
import { teamStub } from "../../durable-objects/team";
import { INSUFFICIENT_CREDITS_MESSAGE } from "../credits/charge";
import { ApiError } from "../errors";
import { scrapeRequestRecord } from "./cache";
import { lookupCached, prepareScrape, scrapeFresh, type ScrapeOutcome, type ScrapeRequestInput } from "./pipeline";

export interface TeamScrapeContext {
  env: Env;
  teamId: string;
  /** The name of the key the charge is attributed to. */
  apiKey?: string;
  waitUntil?: (promise: Promise<unknown>) => void;
  signal?: AbortSignal;
  /** What the charge is booked as (default "scrape"). */
  reason?: string;
  /** Store the document even under zeroDataRetention (see ScrapeContext). */
  forceStore?: boolean;
}

export async function scrapeForTeam(ctx: TeamScrapeContext, input: ScrapeRequestInput): Promise<ScrapeOutcome> {
  const context = {
    env: ctx.env,
    teamId: ctx.teamId,
    waitUntil: ctx.waitUntil,
    signal: ctx.signal,
    forceStore: ctx.forceStore,
  };
  const prepared = await prepareScrape(ctx.env, input);
  const hit = await lookupCached(context, input, prepared);
  if (hit) {
    // A cache hit fetches nothing: it takes no concurrency slot, and the team checks, charges and keeps it (as a
    // pointer to the cached document, ./cache-hits.ts) in one call.
    const kept = await teamStub(ctx.env, ctx.teamId).chargeCacheHit(
      { ...hit.cached, request: scrapeRequestRecord(input.url, input) },
      { credits: hit.credits, reason: ctx.reason ?? "scrape", apiKey: ctx.apiKey },
    );
    if (!kept) throw new ApiError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
    return hit;
  }
  const slot = await takeScrapeSlot(ctx.env, ctx.teamId, input.timeout);
  let outcome: ScrapeOutcome;
  try {
    outcome = await scrapeFresh(
      { ...context, concurrency: slot.stamp },
      { ...input, timeout: slot.remainingMs() },
      prepared,
    );
  } catch (e) {
    await slot.finish();
    throw e;
  }
  await slot.finish({
    credits: outcome.credits,
    reason: ctx.reason ?? "scrape",
    ref: outcome.document.metadata.scrapeId,
    apiKey: ctx.apiKey,
  });
  return outcome;
}
