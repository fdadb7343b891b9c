/**
 * Dispatching: sends queued pages to the scrape queue within three limits — the job's own cap (`maxConcurrency`,
 * or 1 with a `delay` or a robots.txt Crawl-delay), the pacing of `delay`, and the team's concurrency slots,
 * which the team's Durable Object counts across every crawl, batch and scrape of the team.
 *
 * Slots cost one team RPC per pump, not per page: the job reports how many slots it still needs (its pages in
 * flight) and asks for as many more as it can dispatch, in one call. And while nobody else waits for the
 * team's slots, a page that settles hands its slot straight to the next queued page without any call: the
 * job only talks to the team when it wants more than it holds, has slots left over with nothing to send, must
 * renew its lease, or has been told that others wait (`contended`). Slots are leased: the lease check renews
 * them every LEASE_CHECK_MS, so a job that stops talking gives them back. A job granted fewer slots than it
 * asked for keeps its pages queued; the team wakes it (`slotsFreed`) when slots free up, and the lease check
 * tries again meanwhile.
 */
import { teamStub } from "../../durable-objects/team";
import { describeError } from "../errors";
import type { Pages } from "./pages";
import { SLOT_LEASE_MS, type TimerKind } from "./sql-schema";
import type { JobStore } from "./store";
import type { Timers } from "../jobs/timers";

export class Dispatcher {
  private running: Promise<void> | null = null;
  /** Others may be waiting for the team's slots (true until the team says otherwise, e.g. after an eviction). */
  private contended = true;
  private again = false;
  private renewAsked = false;

  constructor(
    private readonly store: JobStore,
    private readonly pages: Pages,
    private readonly timers: Timers<TimerKind>,
    private readonly env: Env,
  ) {}

  /** The job's own cap on pages in flight. */
  private cap(): number {
    const row = this.store.job()!;
    return this.store.config().crawler.delay || row.robots_delay ? 1 : this.store.config().maxConcurrency;
  }

  private delayMs(): number {
    return Math.max(this.store.config().crawler.delay ?? 0, this.store.job()!.robots_delay ?? 0) * 1000;
  }

  /** With a delay, the next dispatch waits `delay` seconds after a page settles. */
  pageSettled(): void {
    const delay = this.delayMs();
    if (delay > 0) this.store.set("next_dispatch_at = ?", Date.now() + delay);
  }

  /**
   * The team says others wait for slots: exchange on every round from now on, giving back what is spare.
   * False when the job knew already (it exchanges on every round, so there is nothing to do now).
   */
  markContended(): boolean {
    if (this.contended) return false;
    this.contended = true;
    return true;
  }

  /** Dispatching waits for a lost page to settle, which it never will: stop waiting. */
  lostPagesRequeued(): void {
    this.store.set("next_dispatch_at = 0");
  }

  /**
   * Dispatches what the limits allow. One pump runs at a time (the team call is an await during which reports
   * arrive); a pump asked for meanwhile runs once more after it. `renew` talks to the team even when nothing
   * changed, to renew the slots' lease.
   */
  async pump(renew = false): Promise<void> {
    this.renewAsked ||= renew;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          const renewNow = this.renewAsked;
          this.renewAsked = false;
          await this.pumpOnce(renewNow);
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async pumpOnce(renew: boolean): Promise<void> {
    if (!this.store.running()) return;
    const row = this.store.job()!;
    const inFlight = this.pages.inFlight();
    const paced = this.delayMs() > 0 && row.next_dispatch_at > Date.now();
    if (paced) await this.timers.set("dispatch", row.next_dispatch_at);
    const want = paced ? 0 : this.pages.queued(Math.max(0, this.cap() - inFlight));
    if (want === 0 && inFlight === row.slots_held && !renew) return;
    if (want > 0 && want <= row.slots_held - inFlight && !this.contended && !renew) {
      await this.send(want);
      return;
    }

    const config = this.store.config();
    const team = teamStub(this.env, config.teamId);
    let grant;
    try {
      grant = await team.exchangeSlots(config.id, { hold: inFlight, want, leaseMs: SLOT_LEASE_MS, wake: want > 0 });
    } catch (e) {
      // A report must not fail because the team could not be asked: the lease check pumps again shortly.
      console.error(`job ${config.id}: the team's slots could not be exchanged: ${describeError(e)}`);
      return;
    }
    if (!this.store.running()) {
      // The job ended while the team answered: nothing is sent, and a grant that came after the job returned
      // its slots is handed back at once rather than left to its lease.
      if (grant.granted > 0) await team.exchangeSlots(config.id, { hold: 0, want: 0, leaseMs: 0, wake: false });
      return;
    }
    this.contended = grant.contended;
    if (this.store.job()!.slots_held !== inFlight + grant.granted)
      this.store.set("slots_held = ?", inFlight + grant.granted);
    if (grant.granted < want) this.pages.markLimited(want - grant.granted);
    if (grant.granted > 0) await this.send(grant.granted);
  }

  /** Dispatches `count` queued pages to the scrape queue (their slots are held). */
  private async send(count: number): Promise<void> {
    const messages = this.pages.dispatch(count);
    if (this.delayMs() > 0) this.store.set("next_dispatch_at = ?", Number.MAX_SAFE_INTEGER);
    // A failed send leaves the pages dispatched: the lease check sends them again.
    await this.env.SCRAPE_QUEUE.sendBatch(messages).catch((e) =>
      console.error(`job ${this.store.config().id}: queue send failed: ${describeError(e)}`),
    );
  }
}
