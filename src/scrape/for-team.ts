/**
 * One scrape for a team, as POST /v2/scrape does it: under one of the team's concurrency slots (waiting within
 * the scrape's timeout), charged when it succeeded — to the key that asked. Used by the scrape route and by
 * what scrapes on the caller's behalf (search results, monitor checks).
 */
import { takeScrapeSlot } from "../team/scrape-slot";
import { scrape, type ScrapeOutcome, type ScrapeRequestInput } from "./pipeline";

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
  const slot = await takeScrapeSlot(ctx.env, ctx.teamId, input.timeout);
  let outcome: ScrapeOutcome;
  try {
    const context = { env: ctx.env, teamId: ctx.teamId, waitUntil: ctx.waitUntil, signal: ctx.signal, forceStore: ctx.forceStore, concurrency: slot.stamp };
    outcome = await scrape(context, { ...input, timeout: slot.remainingMs() });
  } catch (e) {
    await slot.finish();
    throw e;
  }
  await slot.finish({ credits: outcome.credits, reason: ctx.reason ?? "scrape", ref: outcome.document.metadata.scrapeId, apiKey: ctx.apiKey });
  return outcome;
}
