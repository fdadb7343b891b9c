/**
 * The team's concurrency slots: one slot per page being scraped for the team, across all its crawls, batches
 * and single scrapes, never more than the team's limit in use. Kept in the team's Durable Object (SQLite).
 *
 * - A holder (a job id, or `scrape:<id>` for a single scrape) states what it holds and asks for more in one
 *   call (`exchange`): the job's RPC per dispatch round, not per page.
 * - Holdings are leased: a holder that stops renewing (a crashed consumer, a stuck job) loses them when the
 *   lease ends, so a slot never leaks for good.
 * - A holder granted less than it asked for may wait: a job is recorded as a waiter and woken when slots free
 *   up; a single scrape waits inside its call (see TeamDO.beginScrape).
 * - While others wait, nobody is granted beyond a fair share (the limit divided among the holders and
 *   waiters), so a large crawl cannot keep the whole team's limit to itself. Shares are rounded up, so the holders'
 *   shares alone can add up to the whole limit: a slot that frees up therefore goes first to those who wait with
 *   fewer slots than the holder that gave it back — a single scrape waiting inside its call, then a job holding
 *   fewer (`reservedFor`). Without that, five crawls at a limit of 10 kept two slots each, and a sixth crawl or a
 *   single scrape of the team waited until they ended (18.7 s behind five crawls of 100 pages held 300 ms).
 * - A waiter stays on the list until it asks again (being woken does not take it off), so its claim holds while
 *   its wake-up is on the way; it is woken once per wait, and its entry lapses with the lease it asked for.
 * - A job re-uses the slots it holds for its next pages without a call while nobody else waits (`contended`
 *   false); when someone starts waiting, the team tells the holding jobs, which then exchange on every round.
 *   Telling is edge-triggered: a holder is told once, when it last heard "uncontended" (`told` = 0), and every
 *   grant records what it told the holder. A notice therefore never starts a chain of notices: with N jobs that
 *   each want more than their share, a refusal tells only the holders that did not know yet, and those learn
 *   it from their own grants from then on (before, every refusal told every holder, whose pumps were refused
 *   and told every holder back: thousands of calls a second with two crawls, without bound with four).
 */
import { all, run } from "../../durable-objects/sql";

export const SLOT_MIGRATION = `CREATE TABLE slot_holders (holder TEXT PRIMARY KEY, slots INTEGER NOT NULL, lease_until \
INTEGER NOT NULL);
   CREATE TABLE slot_waiters (holder TEXT PRIMARY KEY, since INTEGER NOT NULL);`;

/** Whether the holder knows others wait (its last grant said so, or it was told since). */
export const SLOT_TOLD_MIGRATION = `ALTER TABLE slot_holders ADD COLUMN told INTEGER NOT NULL DEFAULT 0;`;

/**
 * What a waiter still wants, when it was woken (0: not since it last asked), and until when its entry holds (entries
 * from before this migration lapse at once: their jobs ask again on their next round).
 */
export const SLOT_WAITER_CLAIM_MIGRATION = `ALTER TABLE slot_waiters ADD COLUMN want INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE slot_waiters ADD COLUMN woken_at INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE slot_waiters ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;`;

export interface SlotRequest {
  /** Slots the holder still needs (its pages in flight); what it held beyond this is given back. */
  hold: number;
  /** Further slots it asks for. */
  want: number;
  /** How long the holding lasts unless renewed by another call. */
  leaseMs: number;
  /** Record the holder as a waiter to wake when it gets less than it asked for. */
  wake: boolean;
}

export interface SlotGrant {
  granted: number;
  inUse: number;
  limit: number;
  /** Others wait for slots: the holder should give back what it does not use at once, not keep it for later. */
  contended: boolean;
}

/** A job waiting for slots: what it still wants, and whether it was woken since it last asked. */
interface Waiter {
  holder: string;
  want: number;
  woken: boolean;
}

/** The ledger as read at the start of a call: holdings (unexpired) and waiters (unexpired), oldest first. */
interface SlotState {
  held: Map<string, number>;
  waiters: Waiter[];
}

export class SlotLedger {
  /** Single scrapes waiting inside a call right now (they count as contenders for the fair share). */
  waitingScrapes = 0;

  constructor(
    private readonly sql: SqlStorage,
    private readonly limit: () => number,
  ) {}

  /** Slots in use now (expired holdings are dropped first). */
  inUse(now = Date.now()): number {
    return sum(this.read(now).held);
  }

  exchange(holder: string, request: SlotRequest, now = Date.now()): SlotGrant {
    const limit = this.limit();
    const state = this.read(now);
    if (request.hold <= 0 && request.want <= 0) {
      run(this.sql, "DELETE FROM slot_holders WHERE holder = ?", holder);
      run(this.sql, "DELETE FROM slot_waiters WHERE holder = ?", holder);
      state.held.delete(holder);
      const contended = this.waitingScrapes > 0 || state.waiters.some((w) => w.holder !== holder);
      return { granted: 0, inUse: sum(state.held), limit, contended };
    }
    const hold = Math.max(0, request.hold);
    state.held.set(holder, hold);
    const free = Math.max(0, limit - sum(state.held) - this.reservedFor(state, holder, hold));
    const othersWaiting = state.waiters.some((w) => w.holder !== holder) || this.waitingScrapes > 0;
    const fairRoom = othersWaiting ? Math.max(0, this.fairShare(state, holder) - hold) : request.want;
    const granted = Math.max(0, Math.min(request.want, free, fairRoom));
    run(
      this.sql,
      `INSERT INTO slot_holders (holder, slots, lease_until, told) VALUES (?, ?, ?, ?)
       ON CONFLICT (holder) DO UPDATE SET slots = excluded.slots, lease_until = excluded.lease_until, told = \
excluded.told`,
      holder,
      hold + granted,
      now + request.leaseMs,
      othersWaiting ? 1 : 0,
    );
    if (granted < request.want && request.wake) {
      // Waiting (again): it keeps its place in the line, and is woken anew when a slot frees up.
      run(
        this.sql,
        `INSERT INTO slot_waiters (holder, since, want, woken_at, lease_until) VALUES (?, ?, ?, 0, ?)
         ON CONFLICT (holder) DO UPDATE SET want = excluded.want, woken_at = 0, lease_until = excluded.lease_until`,
        holder,
        now,
        request.want - granted,
        now + request.leaseMs,
      );
    } else if (state.waiters.some((w) => w.holder === holder)) {
      run(this.sql, "DELETE FROM slot_waiters WHERE holder = ?", holder);
    }
    return { granted, inUse: sum(state.held) + granted, limit, contended: othersWaiting };
  }

  /**
   * Free slots `holder` (about to hold `hold`) must leave to others: one for each single scrape waiting inside its
   * call (unless `holder` is a single scrape itself: they take turns as they are woken), and what each waiting job
   * holding fewer than `hold` still lacks of its fair share.
   */
  private reservedFor(state: SlotState, holder: string, hold: number): number {
    let reserved = holder.startsWith("scrape:") ? 0 : this.waitingScrapes;
    for (const waiter of state.waiters) {
      const held = state.held.get(waiter.holder) ?? 0;
      if (waiter.holder === holder || held >= hold) continue;
      reserved += Math.max(0, Math.min(waiter.want, this.fairShare(state, waiter.holder) - held));
    }
    return reserved;
  }

  /**
   * The jobs to tell that someone waits: those holding slots that have not heard it since their last
   * uncontended grant, but `except` (single scrapes hold theirs only for one call). They count as told from now.
   */
  holdersToTell(except: string): string[] {
    const holders = all<{ holder: string }>(
      this.sql,
      "SELECT holder FROM slot_holders WHERE slots > 0 AND told = 0 AND holder != ? AND holder NOT LIKE 'scrape:%'",
      except,
    ).map((h) => h.holder);
    for (const holder of holders) run(this.sql, "UPDATE slot_holders SET told = 1 WHERE holder = ?", holder);
    return holders;
  }

  /**
   * Waiters worth waking now — slots are free and the waiter holds less than its fair share — not woken yet since
   * they last asked (they stay on the list, marked woken); `free`: whether any slot is free.
   */
  takeWakeable(now = Date.now()): { wake: string[]; free: boolean } {
    const state = this.read(now);
    const free = sum(state.held) < this.limit();
    if (!free) return { wake: [], free };
    const wake = state.waiters
      .filter((w) => !w.woken && (state.held.get(w.holder) ?? 0) < this.fairShare(state, w.holder))
      .map((w) => w.holder);
    for (const holder of wake) run(this.sql, "UPDATE slot_waiters SET woken_at = ? WHERE holder = ?", now, holder);
    return { wake, free };
  }

  /** The ledger now: expired holdings and waiters are dropped first. Two reads, whatever the number of holders. */
  private read(now: number): SlotState {
    run(this.sql, "DELETE FROM slot_holders WHERE lease_until < ?", now);
    run(this.sql, "DELETE FROM slot_waiters WHERE lease_until < ?", now);
    const held = new Map(
      all<{ holder: string; slots: number }>(this.sql, "SELECT holder, slots FROM slot_holders").map((h) => [
        h.holder,
        h.slots,
      ]),
    );
    const waiters = all<{ holder: string; want: number; woken_at: number }>(
      this.sql,
      "SELECT holder, want, woken_at FROM slot_waiters ORDER BY since",
    ).map((w) => ({ holder: w.holder, want: w.want, woken: w.woken_at !== 0 }));
    return { held, waiters };
  }

  /** The limit divided among everyone holding or waiting (`holder` included), rounded up. */
  private fairShare(state: SlotState, holder: string): number {
    const contenders = new Set([
      ...[...state.held].filter(([, slots]) => slots > 0).map(([h]) => h),
      ...state.waiters.map((w) => w.holder),
      holder,
    ]).size;
    return Math.max(1, Math.ceil(this.limit() / (contenders + this.waitingScrapes)));
  }
}

function sum(held: Map<string, number>): number {
  let total = 0;
  for (const slots of held.values()) total += slots;
  return total;
}
