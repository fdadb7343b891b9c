/**
 * The job's webhook outbox. Events (`started`, `page`, `completed`, `failed`, those the webhook asked for) are
 * appended in order; a drain message on the webhook queue makes its consumer deliver them strictly in order.
 * One drain runs at a time; a drain that shows no sign of life for WEBHOOK_STALL_MS is started again by the
 * alarm. When the queue gives up, the job records a delivery error and keeps the events for the next drain.
 */
import { all, first, run } from "../../durable-objects/sql";
import type { JobConfig, PendingWebhook, WebhookDrainMessage } from "../crawl/types";
import type { WebhookEventName } from "../schemas/crawl";
import { describeError, JOB_ERRORS } from "../errors";
import { newId } from "../ids";
import { WEBHOOK_STALL_MS } from "./schema";
import type { JobStore } from "./store";
import type { Timers } from "./timers";

export class Events {
  constructor(
    private readonly store: JobStore,
    private readonly timers: Timers,
    private readonly env: Env,
    private readonly ctx: DurableObjectState,
  ) {}

  private get sql(): SqlStorage {
    return this.store.sql;
  }

  emit(event: WebhookEventName, success: boolean, scrapeId: string | null = null, error: string | null = null): void {
    const config = this.store.config();
    if (!config.webhook || !config.webhook.events.includes(event)) return;
    const prefix = config.kind === "batch" ? "batch_scrape" : "crawl";
    run(
      this.sql,
      "INSERT INTO outbox (event, success, scrape_id, error, created_at) VALUES (?, ?, ?, ?, ?)",
      `${prefix}.${event}`,
      success ? 1 : 0,
      scrapeId,
      error,
      Date.now(),
    );
    this.ctx.waitUntil(this.kick());
  }

  /** Starts a drain unless one runs (`force`: start one anyway, the running one having stalled). */
  private async kick(force = false): Promise<void> {
    const state = first<{ draining: number }>(this.sql, "SELECT draining FROM webhook_state WHERE id = 1")!;
    if (state.draining && !force) return;
    run(this.sql, "UPDATE webhook_state SET draining = 1, touched_at = ?, gave_up = 0 WHERE id = 1", Date.now());
    const message: WebhookDrainMessage = { type: "webhook-drain", jobId: this.store.config().id };
    await this.env.WEBHOOK_QUEUE.send(message).catch((e) => console.error(`webhook kick failed: ${describeError(e)}`));
    await this.timers.set("webhooks", Date.now() + WEBHOOK_STALL_MS);
  }

  /** The stall check (from the alarm): restart a drain that went quiet, or look again later. */
  async checkStalled(): Promise<void> {
    const state = first<{ draining: number; touched_at: number }>(this.sql, "SELECT draining, touched_at FROM webhook_state WHERE id = 1")!;
    if (!state.draining) return;
    if (Date.now() - state.touched_at >= WEBHOOK_STALL_MS) await this.kick(true);
    else await this.timers.set("webhooks", state.touched_at + WEBHOOK_STALL_MS);
  }

  /** The oldest undelivered events with what the consumer needs to send them. */
  pending(max: number): { events: PendingWebhook[]; config: JobConfig } {
    run(this.sql, "UPDATE webhook_state SET touched_at = ? WHERE id = 1", Date.now());
    const events = all<{ seq: number; event: string; success: number; scrape_id: string | null; error: string | null }>(
      this.sql,
      "SELECT seq, event, success, scrape_id, error FROM outbox WHERE delivered_at IS NULL ORDER BY seq LIMIT ?",
      max,
    ).map((e) => ({ seq: e.seq, event: e.event, success: e.success === 1, scrapeId: e.scrape_id, error: e.error }));
    return { events, config: this.store.config() };
  }

  delivered(seq: number): void {
    run(this.sql, "UPDATE outbox SET delivered_at = ? WHERE seq = ?", Date.now(), seq);
  }

  /** The consumer found nothing left; false (and the drain goes on) if events arrived meanwhile. */
  drainFinished(): boolean {
    if (this.store.count("SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL") > 0) return false;
    run(this.sql, "UPDATE webhook_state SET draining = 0 WHERE id = 1");
    return true;
  }

  gaveUp(reason: string): void {
    run(this.sql, "UPDATE webhook_state SET draining = 0, gave_up = 1 WHERE id = 1");
    run(
      this.sql,
      "INSERT INTO errors (page_id, scrape_id, url, code, error, at) VALUES (NULL, ?, ?, 'WEBHOOK_DELIVERY_FAILED', ?, ?)",
      newId(),
      this.store.config().webhook?.url ?? "",
      reason || JOB_ERRORS.WEBHOOK_DELIVERY_FAILED,
      Date.now(),
    );
  }
}
