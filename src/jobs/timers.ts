/**
 * The job's one alarm over a table of timers (kind → due time): setting a timer re-arms the alarm for the
 * earliest due row; the alarm runs the due rows' handlers (`runDue`, the whole body of each object's `alarm`).
 * Used by the crawl job, the agent job, the monitor and the browser session, each with its own kinds of timer.
 */
import { all, first, run } from "../../durable-objects/sql";

/** The table behind the timers, as an object's migration creates it. */
export const TIMERS_TABLE = "CREATE TABLE timers (kind TEXT PRIMARY KEY, due_at INTEGER NOT NULL);";

export class Timers<Kind extends string> {
  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
  ) {}

  async set(kind: Kind, dueAt: number): Promise<void> {
    run(
      this.sql,
      "INSERT INTO timers (kind, due_at) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET due_at = excluded.due_at",
      kind,
      dueAt,
    );
    await this.arm();
  }

  clear(kinds: Kind[]): void {
    run(this.sql, `DELETE FROM timers WHERE kind IN (${kinds.map(() => "?").join(", ")})`, ...kinds);
  }

  /** Removes and returns the timers due by `now`, earliest first. */
  takeDue(now: number): Kind[] {
    const due = all<{ kind: Kind }>(this.sql, "SELECT kind FROM timers WHERE due_at <= ? ORDER BY due_at", now).map(
      (t) => t.kind,
    );
    run(this.sql, "DELETE FROM timers WHERE due_at <= ?", now);
    return due;
  }

  /**
   * Arms the alarm for the earliest timer unless it is already armed earlier; none left → no alarm.
   *
   * Never at or before the Worker's clock: the runtime drops an alarm set, while an alarm runs, to that running
   * alarm's own time (the object's storage keeps it, the scheduler forgets it, and the job stalls for good). A unit
   * without I/O leaves `Date.now()` at the time its alarm started, which is that alarm's time or later, so a timer
   * due "now" would land on it. Measured under `npm start`: a job of refused calls stalled within a few units.
   */
  async arm(): Promise<void> {
    const due = first<{ due: number | null }>(this.sql, "SELECT MIN(due_at) AS due FROM timers")?.due;
    if (due === null || due === undefined) {
      await this.storage.deleteAlarm();
      return;
    }
    const next = Math.max(due, Date.now() + 1);
    const current = await this.storage.getAlarm();
    if (current === null || current > next) await this.storage.setAlarm(next);
  }

  /**
   * The body of an object's alarm: while `alive()` holds (a handler that deletes the object's state ends the run),
   * runs the handler of each due timer, earliest first, then arms the alarm afresh for what remains. A handler's
   * failure ends the alarm (the runtime retries it) unless `onError` is given: then it is reported and the run goes on.
   */
  async runDue(
    handlers: Record<Kind, () => Promise<unknown>>,
    alive: () => boolean,
    onError?: (kind: Kind, error: unknown) => void,
  ): Promise<void> {
    if (!alive()) return;
    for (const kind of this.takeDue(Date.now())) {
      try {
        await handlers[kind]();
      } catch (error) {
        if (!onError) throw error;
        onError(kind, error);
      }
      if (!alive()) return;
    }
    await this.rearm();
  }

  /** After an alarm ran: the alarm is spent, so arm it afresh for what remains. */
  async rearm(): Promise<void> {
    await this.storage.deleteAlarm();
    await this.arm();
  }
}
