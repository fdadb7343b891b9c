/**
 * The webhook outbox side of a job object (crawl job, agent job, monitor): the four calls the webhook queue's consumer
 * (queues/webhooks.ts) makes to drain the object's undelivered events, written once. Each object keeps its events in
 * its own SQLite tables (src/jobs/outbox.ts and its kinds); this class only answers for them. An object without state
 * (never created, expired, deleted) has nothing to deliver: its drain ends.
 */
import { DurableObject } from "cloudflare:workers";
import type { PendingWebhook } from "../src/crawl/types";
import type { OutboxConfig, WebhookOutbox } from "../queues/webhooks";

/** What an object's event log answers for its outbox. */
export interface OutboxEvents<Config> {
  pending(max: number): { events: PendingWebhook[]; config: Config };
  delivered(seq: number): void;
  drainFinished(): boolean;
  gaveUp(reason: string): void;
}

export abstract class OutboxObject<Config extends OutboxConfig> extends DurableObject<Env> implements WebhookOutbox {
  /** The object's event log. */
  protected abstract readonly events: OutboxEvents<Config>;
  /** Whether the object holds a job or monitor (false before it is created and after it is deleted or expired). */
  protected abstract hasState(): boolean;

  async pendingWebhooks(max: number): Promise<{ events: PendingWebhook[]; config: Config } | null> {
    return this.hasState() ? this.events.pending(max) : null;
  }

  async webhookDelivered(seq: number): Promise<void> {
    if (this.hasState()) this.events.delivered(seq);
  }

  async webhookDrainFinished(): Promise<boolean> {
    return this.hasState() ? this.events.drainFinished() : true;
  }

  async webhookGaveUp(reason: string): Promise<void> {
    if (this.hasState()) this.events.gaveUp(reason);
  }
}
