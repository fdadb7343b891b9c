/**
 * The crawl or batch job's webhook events (`started`, `page`, `completed`, `failed`, those the webhook asked
 * for) on the shared outbox (./outbox.ts: ordered delivery through the webhook queue, the stall watchdog). When
 * the queue gives up, the job records a delivery error and keeps the events for the next drain.
 */
import { run } from "../../durable-objects/sql";
import type { JobConfig, PendingWebhook } from "../crawl/types";
import type { WebhookEventName } from "../schemas/crawl";
import { JOB_ERRORS } from "../errors";
import { newId } from "../ids";
import { Outbox, type OutboxTimers } from "../jobs/outbox";
import type { JobStore } from "./store";

export class Events extends Outbox {
  constructor(
    private readonly store: JobStore,
    timers: OutboxTimers,
    env: Env,
    ctx: DurableObjectState,
  ) {
    super(store.sql, timers, env, ctx, () => ({ type: "webhook-drain", jobId: store.config().id }));
  }

  emit(event: WebhookEventName, success: boolean, scrapeId: string | null = null, error: string | null = null): void {
    const config = this.store.config();
    if (!config.webhook || !config.webhook.events.includes(event)) return;
    const prefix = config.kind === "batch" ? "batch_scrape" : "crawl";
    this.append(`${prefix}.${event}`, success, { scrapeId, error });
  }

  /** The oldest undelivered events with what the consumer needs to send them. */
  pending(max: number): { events: PendingWebhook[]; config: JobConfig } {
    return { events: this.undelivered(max), config: this.store.config() };
  }

  gaveUp(reason: string): void {
    this.stopDraining();
    run(
      this.sql,
      "INSERT INTO errors (page_id, scrape_id, url, code, error, at) " +
        "VALUES (NULL, ?, ?, 'WEBHOOK_DELIVERY_FAILED', ?, ?)",
      newId(),
      this.store.config().webhook?.url ?? "",
      reason || JOB_ERRORS.WEBHOOK_DELIVERY_FAILED,
      Date.now(),
    );
  }
}
