/**
 * The agent job's webhook events on the shared outbox (src/jobs/outbox.ts, delivered in order by
 * queues/webhooks.ts): `agent.started`, `agent.action` (each step, as shown in the status), `agent.completed`
 * (data: the answer), `agent.failed`, `agent.cancelled` — those the webhook asked for. Each event carries its
 * payload `data` itself.
 */
import type { PendingWebhook } from "../crawl/types";
import { Outbox, type OutboxTimers } from "../jobs/outbox";
import type { AgentWebhookEvent } from "../schemas/agent";
import type { AgentConfig } from "./sql-schema";
import type { AgentStore } from "./store";

export class AgentEvents extends Outbox {
  constructor(
    private readonly store: AgentStore,
    timers: OutboxTimers,
    env: Env,
    ctx: DurableObjectState,
  ) {
    super(store.sql, timers, env, ctx, () => ({ type: "webhook-drain", jobId: store.config().id, kind: "agent" }));
  }

  emit(event: AgentWebhookEvent, success: boolean, detail: { data?: unknown[]; error?: string } = {}): void {
    const { webhook } = this.store.config();
    if (!webhook || !webhook.events.includes(event)) return;
    this.append(`agent.${event}`, success, { data: detail.data ?? [], error: detail.error ?? null });
  }

  pending(max: number): { events: PendingWebhook[]; config: AgentConfig } {
    return { events: this.undelivered(max), config: this.store.config() };
  }

  /** The queue gave up: the status says so until a later delivery succeeds. */
  gaveUp(): void {
    this.stopDraining();
    this.store.set("webhook_failed = 1");
  }

  override delivered(seq: number): void {
    super.delivered(seq);
    this.store.set("webhook_failed = 0");
  }
}
