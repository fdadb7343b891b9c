/**
 * The queue consumers' ack/retry decisions, message by message, with real job Durable Objects (their state
 * written directly, so no kickoff or alarm runs beside the test) and the fixture site as the target.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { consumeScrapeBatch, consumeScrapeDeadLetters, decideFailure, retryDelaySeconds } from "../../queues/scrape";
import { consumeWebhookBatch, consumeWebhookDeadLetters } from "../../queues/webhooks";
import type { CrawlJobDO } from "../../durable-objects/crawl-job";
import { batchCrawlerSettings } from "../../src/crawl/batch";
import type { JobConfig, PageMessage, WebhookDrainMessage } from "../../src/crawl/types";
import { ApiError } from "../../src/errors";
import { ScrapeOptionsSchema } from "../../src/schemas/scrape";
import { fixture } from "../helpers";

const jobs = () => (env as Env).CRAWL_JOB as DurableObjectNamespace<CrawlJobDO>;
const jobObject = (id: string) => jobs().get(jobs().idFromName(id));

/** A running batch job with one page, dispatched once (as if its message had just been sent). */
async function jobWithDispatchedPage(pageUrl: string, webhookUrl?: string): Promise<{ jobId: string; pageId: number }> {
  const jobId = crypto.randomUUID();
  const config: JobConfig = {
    id: jobId,
    teamId: `consumer-${jobId.slice(0, 8)}`,
    kind: "batch",
    apiVersion: "v2",
    url: pageUrl,
    urls: [pageUrl],
    crawler: batchCrawlerSettings(1),
    scrapeOptions: ScrapeOptionsSchema.parse({ maxAge: 0 }),
    maxConcurrency: 1,
    webhook: webhookUrl
      ? { url: webhookUrl, headers: {}, metadata: {}, events: ["started", "page", "completed", "failed"] }
      : undefined,
    apiOrigin: "http://edgecrawl.test",
    createdAt: Date.now(),
    displayOptions: {},
  };
  const pageId = await runInDurableObject(jobObject(jobId), async (_instance, state) => {
    const sql = state.storage.sql;
    sql.exec(
      "INSERT INTO job (id, config, status, created_at, kicked_off, slots_held) VALUES (1, ?, 'scraping', ?, 1, 1)",
      JSON.stringify(config),
      Date.now(),
    );
    sql.exec(
      "INSERT INTO pages (url, dedup, depth, state, dispatch, dispatches, " +
        "lease_until, scrape_id) VALUES (?, ?, 0, 'dispatched', 1, 1, ?, ?)",
      pageUrl,
      pageUrl,
      Date.now() + 60_000,
      crypto.randomUUID(),
    );
    return sql.exec<{ id: number }>("SELECT id FROM pages").one().id;
  });
  return { jobId, pageId };
}

async function pageState(jobId: string) {
  return runInDurableObject(jobObject(jobId), async (_instance, state) => {
    const sql = state.storage.sql;
    return {
      page: sql
        .exec<{ state: string; last_code: string | null; lease_until: number | null }>(
          "SELECT state, last_code, lease_until FROM pages",
        )
        .one(),
      errors: sql
        .exec<{ code: string }>("SELECT code FROM errors")
        .toArray()
        .map((e) => e.code),
      results: sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM results").one().n,
    };
  });
}

async function runScrapeBatch(queue: "edgecrawl-scrape" | "edgecrawl-scrape-dlq", body: PageMessage, attempts = 1) {
  const batch = createMessageBatch<PageMessage>(queue, [{ id: "m1", timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await (queue === "edgecrawl-scrape"
    ? consumeScrapeBatch(batch, env as Env)
    : consumeScrapeDeadLetters(batch, env as Env));
  return getQueueResult(batch, ctx);
}

describe("the scrape queue's decisions", () => {
  it("retries transient errors with growing delays and gives up at once on permanent ones", () => {
    expect([1, 2, 3, 4, 7, 20].map(retryDelaySeconds)).toEqual([1, 2, 4, 8, 60, 60]);
    expect(decideFailure(new ApiError("SCRAPE_CONNECTION_ERROR"), 3)).toMatchObject({
      retry: true,
      delaySeconds: 4,
      code: "SCRAPE_CONNECTION_ERROR",
    });
    expect(decideFailure(new Error("boom"), 1)).toMatchObject({
      retry: true,
      delaySeconds: 1,
      code: "UNKNOWN_ERROR",
      message: "boom",
    });
    for (const code of [
      "SCRAPE_TOO_MANY_REDIRECTS",
      "URL_BLOCKED",
      "INSUFFICIENT_CREDITS",
      "SCRAPE_UNSUPPORTED_FILE_ERROR",
    ] as const) {
      expect(decideFailure(new ApiError(code), 1)).toMatchObject({ retry: false, code });
    }
  });

  it("acks a message whose job does not exist or whose dispatch is stale, without scraping", async () => {
    const gone = await runScrapeBatch("edgecrawl-scrape", {
      type: "page",
      jobId: crypto.randomUUID(),
      pageId: 1,
      dispatch: 1,
    });
    expect(gone).toMatchObject({ explicitAcks: ["m1"], retryMessages: [] });
    const { jobId, pageId } = await jobWithDispatchedPage(fixture(`/docs/a?stale=${crypto.randomUUID()}`));
    const stale = await runScrapeBatch("edgecrawl-scrape", { type: "page", jobId, pageId, dispatch: 0 });
    expect(stale).toMatchObject({ explicitAcks: ["m1"], retryMessages: [] });
    expect((await pageState(jobId)).page.state).toBe("dispatched");
  });

  it("acks a scraped page, which the job records as a result", async () => {
    const { jobId, pageId } = await jobWithDispatchedPage(fixture(`/docs/a?ok=${crypto.randomUUID()}`));
    const result = await runScrapeBatch("edgecrawl-scrape", { type: "page", jobId, pageId, dispatch: 1 });
    expect(result).toMatchObject({ explicitAcks: ["m1"], retryMessages: [] });
    expect(await pageState(jobId)).toMatchObject({ page: { state: "done" }, results: 1, errors: [] });
  });

  it("retries a transient failure with its backoff, keeping the reason on the page", async () => {
    const { jobId, pageId } = await jobWithDispatchedPage(fixture("/docs/fail"));
    const before = Date.now();
    const result = await runScrapeBatch("edgecrawl-scrape", { type: "page", jobId, pageId, dispatch: 1 }, 2);
    // (The test harness records a retry but not its delay; the delay shows in the page's extended lease.)
    expect(result).toMatchObject({ explicitAcks: [], retryMessages: [{ msgId: "m1" }] });
    const retried = await pageState(jobId);
    expect(retried).toMatchObject({ page: { state: "dispatched", last_code: "SCRAPE_CONNECTION_ERROR" }, errors: [] });
    expect(retried.page.lease_until).toBeGreaterThanOrEqual(before + retryDelaySeconds(2) * 1000 + 30_000);

    // Retries exhausted: the dead-letter consumer acks and the page fails with the last reason.
    const dead = await runScrapeBatch("edgecrawl-scrape-dlq", { type: "page", jobId, pageId, dispatch: 1 });
    expect(dead).toMatchObject({ explicitAcks: ["m1"], retryMessages: [] });
    expect(await pageState(jobId)).toMatchObject({ page: { state: "failed" }, errors: ["SCRAPE_CONNECTION_ERROR"] });
  });

  it("acks a permanent failure and records the page's error at once", async () => {
    const { jobId, pageId } = await jobWithDispatchedPage(fixture(`/redirect-loop?p=${crypto.randomUUID()}`));
    const result = await runScrapeBatch("edgecrawl-scrape", { type: "page", jobId, pageId, dispatch: 1 });
    expect(result).toMatchObject({ explicitAcks: ["m1"], retryMessages: [] });
    expect(await pageState(jobId)).toMatchObject({ page: { state: "failed" }, errors: ["SCRAPE_TOO_MANY_REDIRECTS"] });
  });
});

async function runWebhookBatch(queue: "edgecrawl-webhooks" | "edgecrawl-webhooks-dlq", jobId: string, attempts = 1) {
  const batch = createMessageBatch<WebhookDrainMessage>(queue, [
    { id: "w1", timestamp: new Date(), attempts, body: { type: "webhook-drain", jobId } },
  ]);
  const ctx = createExecutionContext();
  await (queue === "edgecrawl-webhooks"
    ? consumeWebhookBatch(batch, env as Env)
    : consumeWebhookDeadLetters(batch, env as Env));
  return getQueueResult(batch, ctx);
}

/** A job with one undelivered `started` event for the fixture receiver `receiver`. */
async function jobWithPendingEvent(receiver: string): Promise<string> {
  const { jobId } = await jobWithDispatchedPage(fixture(`/docs/a?hook=${receiver}`), fixture(`/hooks/${receiver}`));
  await runInDurableObject(jobObject(jobId), async (_instance, state) => {
    state.storage.sql.exec(
      "INSERT INTO outbox (event, success, created_at) VALUES ('batch_scrape.started', 1, ?)",
      Date.now(),
    );
    state.storage.sql.exec("UPDATE webhook_state SET draining = 1, touched_at = ?", Date.now());
  });
  return jobId;
}

describe("the webhook queue's decisions", () => {
  it("acks a drain for a job that no longer exists", async () => {
    expect(await runWebhookBatch("edgecrawl-webhooks", crypto.randomUUID())).toMatchObject({
      explicitAcks: ["w1"],
      retryMessages: [],
    });
  });

  it("retries while the receiver fails, then acks once every event was accepted", async () => {
    const receiver = `consumer-${crypto.randomUUID().slice(0, 8)}`;
    await fetch(fixture(`/__webhooks/${receiver}/fail?times=1`), { method: "POST" });
    const jobId = await jobWithPendingEvent(receiver);
    expect(await runWebhookBatch("edgecrawl-webhooks", jobId, 3)).toMatchObject({
      explicitAcks: [],
      retryMessages: [{ msgId: "w1" }],
    });
    expect(await runWebhookBatch("edgecrawl-webhooks", jobId, 4)).toMatchObject({
      explicitAcks: ["w1"],
      retryMessages: [],
    });
    const delivered = (await (await fetch(fixture(`/__webhooks/${receiver}`))).json()) as { body: string }[];
    expect(delivered.map((d) => JSON.parse(d.body).type)).toEqual(["batch_scrape.started"]);
  });

  it("acks a dead letter and records the delivery failure on the job", async () => {
    const jobId = await jobWithPendingEvent(`dead-${crypto.randomUUID().slice(0, 8)}`);
    expect(await runWebhookBatch("edgecrawl-webhooks-dlq", jobId, 11)).toMatchObject({
      explicitAcks: ["w1"],
      retryMessages: [],
    });
    const errors = await jobObject(jobId).errors(`consumer-${jobId.slice(0, 8)}`);
    expect(errors?.errors.map((e) => e.code)).toEqual(["WEBHOOK_DELIVERY_FAILED"]);
  });
});
