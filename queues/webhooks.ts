/**
 * Consumer of the webhook queue. A message only says "deliver job X's pending events"; the events themselves
 * wait in the job Durable Object's outbox and are sent strictly in order — an event is sent only after the one
 * before it was accepted (2xx). A failing receiver makes the message retry with backoff, so a receiver that is
 * down for a while still gets every event, in order. When the queue gives up (dead-letter queue) the job
 * records a delivery error; the events stay in the outbox and the next event starts delivery again.
 */
import { jobStub } from "../durable-objects/crawl-job";
import { describeError } from "../src/errors";
import { checkEgress, egressPolicy } from "../src/net/egress";
import { outboundFetcher } from "../src/net/outbound";
import { USER_AGENT } from "../src/net/user-agent";
import { signatureHeaders, type WebhookPayload } from "../src/crawl/webhooks";
import { loadDocuments } from "../src/scrape/cache";
import { presentDocument } from "../src/scrape/present";
import type { WebhookDrainMessage } from "../src/crawl/types";
import { retryDelaySeconds } from "./scrape";

const DELIVERY_TIMEOUT_MS = 10_000;

export async function consumeWebhookBatch(batch: MessageBatch<WebhookDrainMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      await drain(env, message.body.jobId);
      message.ack();
    } catch (e) {
      console.warn(`webhook delivery for job ${message.body.jobId} failed (attempt ${message.attempts}): ${describeError(e)}`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

async function drain(env: Env, jobId: string): Promise<void> {
  const job = jobStub(env, jobId);
  for (;;) {
    const pending = await job.pendingWebhooks(20);
    if (!pending) return; // the job is gone
    if (pending.events.length === 0) {
      if (await job.webhookDrainFinished()) return;
      continue;
    }
    const { config } = pending;
    if (!config.webhook) return;
    for (const event of pending.events) {
      let data: unknown[] = [];
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
      await deliver(env, config.webhook.url, config.webhook.headers, payload);
      await job.webhookDelivered(event.seq);
    }
  }
}

async function deliver(env: Env, url: string, headers: Record<string, string>, payload: WebhookPayload): Promise<void> {
  const policy = egressPolicy(env);
  checkEgress(url, policy, "Webhook URL");
  const body = JSON.stringify(payload);
  const request = new Headers(headers);
  request.set("content-type", "application/json");
  request.set("user-agent", USER_AGENT);
  for (const [name, value] of Object.entries(await signatureHeaders(env.WEBHOOK_SECRET, body, payload))) request.set(name, value);
  const init = { method: "POST", headers: request, body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS), redirect: "manual" } as const;
  const response = await outboundFetcher(policy)(new Request(url, init), "Webhook URL");
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) throw new Error(`${url} answered HTTP ${response.status}`);
}

export async function consumeWebhookDeadLetters(batch: MessageBatch<WebhookDrainMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    await jobStub(env, message.body.jobId).webhookGaveUp(
      `Webhook delivery kept failing after ${message.attempts} attempts; undelivered events will be retried with the next event`,
    );
    message.ack();
  }
}
