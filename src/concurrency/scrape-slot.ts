/**
 * A single POST /v2/scrape under the team's concurrency limit. Before any work the scrape takes one of the
 * team's slots (the same check refuses a team whose balance is spent, 402); at its limit the team makes it wait
 * — within the scrape's own `timeout`, which the wait uses up — and the document then says
 * `metadata.concurrencyLimited: true` with `concurrencyQueueDurationMs`. No slot within the timeout: 408
 * CONCURRENCY_QUEUE_TIMEOUT. The slot is leased for the timeout plus a margin, so a scrape whose Worker dies
 * cannot keep it; `finish` gives it back and charges what the scrape cost, in one call.
 */
import { teamStub } from "../../durable-objects/team";
import type { ConcurrencyStamp } from "../crawl/types";
import { ApiError } from "../errors";
import { INSUFFICIENT_CREDITS_MESSAGE } from "../credits/charge";
import type { Charge } from "../credits/balance";

const LEASE_MARGIN_MS = 15_000;

export interface ScrapeSlot {
  stamp: ConcurrencyStamp;
  /** What is left of the scrape's timeout after the wait for the slot. */
  remainingMs(): number;
  finish(charge?: Charge): Promise<void>;
}

export async function takeScrapeSlot(env: Env, teamId: string, timeoutMs: number): Promise<ScrapeSlot> {
  const team = teamStub(env, teamId);
  const holder = `scrape:${crypto.randomUUID()}`;
  const started = Date.now();
  const deadline = started + timeoutMs;
  let limited = false;
  for (;;) {
    const answer = await team.beginScrape(holder, {
      leaseMs: timeoutMs + LEASE_MARGIN_MS,
      waitMs: deadline - Date.now(),
    });
    if (!answer.credits) throw new ApiError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
    limited ||= answer.waited || !answer.slot;
    if (answer.slot) break;
    if (Date.now() >= deadline) {
      throw new ApiError(
        "CONCURRENCY_QUEUE_TIMEOUT",
        `The operation timed out while waiting for a concurrency slot: the ` +
          `team's ${await team.concurrencyLimit()} slots stayed in use for the whole timeout ` +
          `(${timeoutMs} ms).`,
      );
    }
  }
  const grantedAt = Date.now();
  return {
    stamp: limited ? { limited: true, queueDurationMs: grantedAt - started } : { limited: false },
    remainingMs: () => Math.max(1, deadline - Date.now()),
    finish: (charge) => team.endScrape(holder, charge),
  };
}
