/**
 * Consumer of the webhook queue. A message only says "deliver job X's pending events"; the events themselves
 * wait in the job Durable Object's outbox (a crawl or batch job's, an agent job's or a monitor's: src/jobs/outbox.ts)
 * and are sent strictly in order — an event is sent only after the one before it was accepted (2xx). A failing receiver
 * makes the message retry with backoff, so a receiver that is down for a while still gets every event, in order. When
 * the queue gives up (dead-letter queue) the job records a delivery error; the events stay in the outbox and the next
 * event starts delivery again.
 */
import { agentJobStub } from "../durable-objects/agent-job";
import { jobStub } from "../durable-objects/crawl-job";
import { monitorStub } from "../durable-objects/monitor";
import { describeError } from "../src/errors";
import { checkEgress, egressPolicy } from "../src/net/egress";
import { outboundFetcher } from "../src/net/outbound";
import { USER_AGENT } from "../src/net/user-agent";
import { signatureHeaders, webhookSigningSecret, type WebhookPayload } from "../src/jobs/webhook-signing";
import { loadDocuments } from "../src/scrape/cache";
import { presentDocument } from "../src/scrape/present";
import type { PendingWebhook, WebhookDrainMessage } from "../src/crawl/types";
import { retryDelaySeconds } from "./scrape";

const DELIVERY_TIMEOUT_MS = 10_000;

/** What the outbox needs of an object's configuration to deliver its events. */
export interface OutboxConfig {
  teamId: string;
  webhook?: { url: string; headers: Record<string, string>; metadata: Record<string, unknown> };
  apiOrigin: string;
}

/** The outbox calls every job object with webhooks answers (durable-objects/outbox-object.ts implements them). */
export interface WebhookOutbox {
  pendingWebhooks(max: number): Promise<{ events: PendingWebhook[]; config: OutboxConfig } | null>;
  webhookDelivered(seq: number): Promise<void>;
  webhookDrainFinished(): Promise<boolean>;
  webhookGaveUp(reason: string): Promise<void>;
}

function outboxOf(env: Env, message: WebhookDrainMessage): WebhookOutbox {
  if (message.kind === "agent") return agentJobStub(env, message.jobId);
  if (message.kind === "monitor") return monitorStub(env, message.jobId);
  return jobStub(env, message.jobId);
}

export async function consumeWebhookBatch(batch: MessageBatch<WebhookDrainMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      await drain(env, message.body);
      message.ack();
    } catch (e) {
      console.warn(
        `webhook delivery for job ${message.body.jobId} failed (attempt ${message.attempts}): ${describeError(e)}`,
      );
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

async function drain(env: Env, message: WebhookDrainMessage): Promise<void> {
  const { jobId } = message;
  const job = outboxOf(env, message);
  /** The team's signing key, read once per drain (undefined: not read yet). */
  let secret: string | null | undefined;
  for (;;) {
    const pending = await job.pendingWebhooks(20);
    if (!pending) return; // the job is gone
    if (pending.events.length === 0) {
      if (await job.webhookDrainFinished()) return;
      continue;
    }
    const { config } = pending;
    if (!config.webhook) return;
    if (secret === undefined) secret = await webhookSigningSecret(env, config.teamId);
    for (const event of pending.events) {
      let data: unknown[] = event.data ?? [];
      if (event.scrapeId) {
        const [document] = await loadDocuments(env, [event.scrapeId]);
        data = document ? [await presentDocument(env, document, config.apiOrigin)] : [];
      }
      const payload: WebhookPayload = {
        success: event.success,
        type: event.event,
        id: jobId,
        data,
        metadata: config.webhook.metadata,
        error: event.error,
      };
      await deliver(env, config.webhook.url, config.webhook.headers, payload, secret);
      await job.webhookDelivered(event.seq);
    }
  }
}

async function deliver(
  env: Env,
  url: string,
  headers: Record<string, string>,
  payload: WebhookPayload,
  secret: string | null,
): Promise<void> {
  const policy = egressPolicy(env);
  checkEgress(url, policy, "Webhook URL");
  const body = JSON.stringify(payload);
  const request = new Headers(headers);
  request.set("content-type", "application/json");
  request.set("user-agent", USER_AGENT);
  for (const [name, value] of Object.entries(await signatureHeaders(secret, body, payload))) request.set(name, value);
  const init = {
    method: "POST",
    headers: request,
    body,
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    redirect: "manual",
  } as const;
  const response = await outboundFetcher(policy)(new Request(url, init), "Webhook URL");
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) throw new Error(`${url} answered HTTP ${response.status}`);
}

export async function consumeWebhookDeadLetters(batch: MessageBatch<WebhookDrainMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    await outboxOf(env, message.body).webhookGaveUp(
      `Webhook delivery kept failing after ${message.attempts} attempts; ` +
        `undelivered events will be retried with the next event`,
    );
    message.ack();
  }
}
