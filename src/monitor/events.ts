/**
 * A monitor's webhook events on the shared outbox (src/jobs/outbox.ts, delivered in order and signed by
 * queues/webhooks.ts): `monitor.check.completed` (data: the check with its summary) after every check that ran,
 * and `monitor.page` (data: the page with its diff and judgment) for each changed page — with
 * `judgeEnabled`, only the changes the LLM judged meaningful. Only the events the webhook asked for.
 */
import type { PendingWebhook } from "../crawl/types";
import { Outbox, type OutboxTimers } from "../jobs/outbox";
import type { MonitorWebhookEvent } from "../schemas/monitor";
import type { MonitorConfig } from "./sql-schema";
import type { MonitorStore } from "./store";

export interface DeliveryConfig {
  teamId: string;
  apiOrigin: string;
  webhook?: NonNullable<MonitorConfig["webhook"]>;
}

export class MonitorEvents extends Outbox {
  constructor(
    private readonly store: MonitorStore,
    timers: OutboxTimers,
    env: Env,
    ctx: DurableObjectState,
  ) {
    super(store.sql, timers, env, ctx, () => ({ type: "webhook-drain", jobId: store.config().id, kind: "monitor" }));
  }

  emit(event: MonitorWebhookEvent, success: boolean, data: unknown): void {
    const { webhook } = this.store.config();
    if (!webhook || !webhook.events.includes(event)) return;
    this.append(`monitor.${event}`, success, { data: [data] });
  }

  /** The undelivered events, and what the consumer needs to send them (no webhook: nothing is sent). */
  pending(max: number): { events: PendingWebhook[]; config: DeliveryConfig } {
    const { webhook, apiOrigin, teamId } = this.store.config();
    return { events: this.undelivered(max), config: { teamId, apiOrigin, ...(webhook ? { webhook } : {}) } };
  }

  gaveUp(): void {
    this.stopDraining();
  }
}
