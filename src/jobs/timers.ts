/**
 * The job's one alarm over a table of timers (kind → due time): setting a timer re-arms the alarm for the
 * earliest due row; the alarm takes the due rows and runs them (see the Durable Object's `alarm`).
 */
import { all, first, run } from "../../durable-objects/sql";
import type { TimerKind } from "./schema";

export class Timers {
  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
  ) {}

  async set(kind: TimerKind, dueAt: number): Promise<void> {
    run(this.sql, "INSERT INTO timers (kind, due_at) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET due_at = excluded.due_at", kind, dueAt);
    await this.arm();
  }

  clear(kinds: TimerKind[]): void {
    run(this.sql, `DELETE FROM timers WHERE kind IN (${kinds.map(() => "?").join(", ")})`, ...kinds);
  }

  /** Removes and returns the timers due by `now`, earliest first. */
  takeDue(now: number): TimerKind[] {
    const due = all<{ kind: TimerKind }>(this.sql, "SELECT kind FROM timers WHERE due_at <= ? ORDER BY due_at", now).map((t) => t.kind);
    run(this.sql, "DELETE FROM timers WHERE due_at <= ?", now);
    return due;
  }

  /** Arms the alarm for the earliest timer unless it is already armed earlier; none left → no alarm. */
  async arm(): Promise<void> {
    const next = first<{ due: number | null }>(this.sql, "SELECT MIN(due_at) AS due FROM timers")?.due;
    if (next === null || next === undefined) {
      await this.storage.deleteAlarm();
      return;
    }
    const current = await this.storage.getAlarm();
    if (current === null || current > next) await this.storage.setAlarm(next);
  }

  /** After an alarm ran: the alarm is spent, so arm it afresh for what remains. */
  async rearm(): Promise<void> {
    await this.storage.deleteAlarm();
    await this.arm();
  }
}
