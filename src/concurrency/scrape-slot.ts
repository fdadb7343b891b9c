/**
 * A single POST /v2/scrape under the team's concurrency limit. Before any work the scrape takes one of the
 * team's slots (the same check refuses a team whose balance is spent, 402); at its limit the team makes it wait
 * — within the scrape's own `timeout`, which the wait uses up — and the document then says
 * `metadata.concurrencyLimited: true` with `concurrencyQueueDurationMs`. No slot within the timeout: 408
 * CONCURRENCY_QUEUE_TIMEOUT. The slot is leased for SLOT_LEASE_MS and renewed while the scrape runs, so a scrape
 * whose Worker dies (a crash, a kill -9 of `npm start`) gives it back within the lease rather than after its whole
 * timeout; `finish` stops the renewals and gives the slot back, charging what the scrape cost, in one call.
 */
import { teamStub } from "../../durable-objects/team";
import type { ConcurrencyStamp } from "../crawl/types";
import { ApiError, describeError } from "../errors";
import { INSUFFICIENT_CREDITS_MESSAGE } from "../credits/charge";
import type { Charge } from "../credits/balance";

/**
 * A slot's lease, and how often a running scrape renews it. Leased for the scrape's timeout plus 15 s instead, the
 * slots of scrapes cut off by a kill -9 stayed taken after the restart: with the team's 10 in use then, every scrape
 * after it waited its 30 s out and failed (measured with the drill's agents section).
 */
const SLOT_LEASE_MS = 15_000;
const RENEW_EVERY_MS = 5_000;

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
      leaseMs: SLOT_LEASE_MS,
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
  // Renewals run one after another, and `finish` waits for the last: a late one would take the slot back.
  let renewals: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(() => {
    renewals = renewals
      .then(() => team.exchangeSlots(holder, { hold: 1, want: 0, leaseMs: SLOT_LEASE_MS, wake: false }))
      .catch((e: unknown) => console.warn(`renewing the slot of ${holder}: ${describeError(e)}`));
  }, RENEW_EVERY_MS);
  return {
    stamp: limited ? { limited: true, queueDurationMs: grantedAt - started } : { limited: false },
    remainingMs: () => Math.max(1, deadline - Date.now()),
    finish: async (charge) => {
      clearInterval(renewal);
      await renewals;
      await team.endScrape(holder, charge);
    },
  };
}
