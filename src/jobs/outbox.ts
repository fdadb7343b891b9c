/**
 * A job object's webhook outbox, shared by crawl/batch jobs (./events.ts) and agent jobs: events are appended in
 * order to the `outbox` table; a drain message on the webhook queue makes its consumer (queues/webhooks.ts)
 * deliver them strictly in order, asking the object for the next ones. One drain runs at a time; a drain that
 * shows no sign of life for WEBHOOK_STALL_MS is started again from the object's alarm. When the queue gives up,
 * the events stay for the next drain.
 *
 * An event carries either a `scrapeId` (the consumer sends that stored document as `data`) or its `data` itself.
 */
import { first, run, all } from "../../durable-objects/sql";
import type { PendingWebhook, WebhookDrainMessage } from "../crawl/types";
import { describeError } from "../errors";
import { TIMERS_TABLE } from "./timers";

/**
 * The outbox's tables (and the timers table every job object keeps), as a new kind of object creates them in its
 * first migration. Objects that shipped before this constant keep their own migration text; a later change to
 * these tables goes into a new migration of each object, never here.
 */
export const OUTBOX_AND_TIMER_TABLES = `CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT \
NULL, success INTEGER NOT NULL,
                        scrape_id TEXT, error TEXT, data TEXT, created_at INTEGER NOT NULL, delivered_at INTEGER);
   CREATE TABLE webhook_state (id INTEGER PRIMARY KEY CHECK (id = 1), draining INTEGER NOT NULL, touched_at INTEGER \
NOT NULL,
                               gave_up INTEGER NOT NULL DEFAULT 0);
   INSERT INTO webhook_state (id, draining, touched_at) VALUES (1, 0, 0);
   ${TIMERS_TABLE}`;

/** A webhook drain that has shown no sign of life for this long is started again. */
export const WEBHOOK_STALL_MS = 10 * 60_000;

/** What the outbox needs of the object's timers: the watchdog of a running drain. */
export interface OutboxTimers {
  set(kind: "webhooks", dueAt: number): Promise<void>;
}

export class Outbox {
  constructor(
    protected readonly sql: SqlStorage,
    private readonly timers: OutboxTimers,
    private readonly env: Env,
    private readonly ctx: DurableObjectState,
    /** The queue message that makes the consumer drain this object. */
    private readonly drainMessage: () => WebhookDrainMessage,
  ) {}

  /** Appends one event (`type` is the full name, e.g. `crawl.page`) and makes sure a drain runs. */
  protected append(
    type: string,
    success: boolean,
    detail: { scrapeId?: string | null; error?: string | null; data?: unknown[] } = {},
  ): void {
    run(
      this.sql,
      "INSERT INTO outbox (event, success, scrape_id, error, data, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      type,
      success ? 1 : 0,
      detail.scrapeId ?? null,
      detail.error ?? null,
      detail.data === undefined ? null : JSON.stringify(detail.data),
      Date.now(),
    );
    this.ctx.waitUntil(this.kick());
  }

  /** Starts a drain unless one runs (`force`: start one anyway, the running one having stalled). */
  private async kick(force = false): Promise<void> {
    const state = first<{ draining: number }>(this.sql, "SELECT draining FROM webhook_state WHERE id = 1")!;
    if (state.draining && !force) return;
    run(this.sql, "UPDATE webhook_state SET draining = 1, touched_at = ?, gave_up = 0 WHERE id = 1", Date.now());
    await this.env.WEBHOOK_QUEUE.send(this.drainMessage()).catch((e) =>
      console.error(`webhook kick failed: ${describeError(e)}`),
    );
    await this.timers.set("webhooks", Date.now() + WEBHOOK_STALL_MS);
  }

  /** The stall check (from the alarm): restart a drain that went quiet, or look again later. */
  async checkStalled(): Promise<void> {
    const state = first<{ draining: number; touched_at: number }>(
      this.sql,
      "SELECT draining, touched_at FROM webhook_state WHERE id = 1",
    )!;
    if (!state.draining) return;
    if (Date.now() - state.touched_at >= WEBHOOK_STALL_MS) await this.kick(true);
    else await this.timers.set("webhooks", state.touched_at + WEBHOOK_STALL_MS);
  }

  /** The oldest undelivered events (the drain shows life by asking). */
  protected undelivered(max: number): PendingWebhook[] {
    run(this.sql, "UPDATE webhook_state SET touched_at = ? WHERE id = 1", Date.now());
    return all<{
      seq: number;
      event: string;
      success: number;
      scrape_id: string | null;
      error: string | null;
      data: string | null;
    }>(
      this.sql,
      "SELECT seq, event, success, scrape_id, error, data FROM outbox WHERE delivered_at IS NULL ORDER BY seq LIMIT ?",
      max,
    ).map((e) => ({
      seq: e.seq,
      event: e.event,
      success: e.success === 1,
      scrapeId: e.scrape_id,
      error: e.error,
      ...(e.data === null ? {} : { data: JSON.parse(e.data) as unknown[] }),
    }));
  }

  delivered(seq: number): void {
    run(this.sql, "UPDATE outbox SET delivered_at = ? WHERE seq = ?", Date.now(), seq);
  }

  /** The consumer found nothing left; false (and the drain goes on) if events arrived meanwhile. */
  drainFinished(): boolean {
    if (first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL")!.n > 0)
      return false;
    run(this.sql, "UPDATE webhook_state SET draining = 0 WHERE id = 1");
    return true;
  }

  /** The queue gave up on the drain: the next event starts a new one. */
  protected stopDraining(): void {
    run(this.sql, "UPDATE webhook_state SET draining = 0, gave_up = 1 WHERE id = 1");
  }
}
