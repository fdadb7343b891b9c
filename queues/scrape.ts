/**
 * Consumer of the page-scrape queue: claims the batch's pages on their jobs' Durable Objects (one call per job
 * per batch), scrapes each with the shared pipeline, reports back and charges the team. Transient failures are
 * retried by the queue with backoff; a message that exhausts its retries lands in the dead-letter queue, whose
 * consumer records the page in the job's errors (so the job still completes). Permanent failures (bad content,
 * a refused URL…) are recorded at once. The ack/retry decision is `decideFailure`.
 */
import { jobStub } from "../durable-objects/crawl-job";
import { teamStub } from "../durable-objects/team";
import { ApiError, describeError, type ErrorCode } from "../src/errors";
import { scrape } from "../src/scrape/pipeline";
import type { PageClaim, PageMessage } from "../src/crawl/types";

/** Error codes worth another attempt: the target or the network may do better next time. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "SCRAPE_TIMEOUT",
  "SCRAPE_CONNECTION_ERROR",
  "SCRAPE_SITE_ERROR",
  "SCRAPE_DNS_RESOLUTION_ERROR",
  "SCRAPE_BROWSER_ERROR",
  "LLM_ERROR",
  "UNKNOWN_ERROR",
]);

/** Seconds before retry n (1-based): 1, 2, 4, 8… capped at 60. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(60, 2 ** Math.max(0, attempt - 1));
}

export type FailureDecision = { code: ErrorCode; message: string } & ({ retry: true; delaySeconds: number } | { retry: false });

/** What a failed attempt at a page leads to: another attempt after a delay (transient errors), or the page's error. */
export function decideFailure(error: unknown, attempts: number): FailureDecision {
  const code: ErrorCode = error instanceof ApiError ? error.code : "UNKNOWN_ERROR";
  const message = describeError(error);
  return TRANSIENT.has(code) ? { code, message, retry: true, delaySeconds: retryDelaySeconds(attempts) } : { code, message, retry: false };
}

export async function consumeScrapeBatch(batch: MessageBatch<PageMessage>, env: Env): Promise<void> {
  const byJob = new Map<string, Message<PageMessage>[]>();
  for (const message of batch.messages) byJob.set(message.body.jobId, [...(byJob.get(message.body.jobId) ?? []), message]);
  await Promise.all(
    [...byJob].map(async ([jobId, messages]) => {
      const claims = await jobStub(env, jobId).claim(messages.map((m) => ({ pageId: m.body.pageId, dispatch: m.body.dispatch })));
      await Promise.all(messages.map((message, i) => handlePage(env, message, claims[i])));
    }),
  );
}

async function handlePage(env: Env, message: Message<PageMessage>, claim: PageClaim | null): Promise<void> {
  if (!claim) {
    message.ack(); // stale, duplicate, or the job has ended
    return;
  }
  const { jobId, pageId, dispatch } = message.body;
  const job = jobStub(env, jobId);
  try {
    if (!(await teamStub(env, claim.teamId).canSpend(1))) {
      throw new ApiError("INSUFFICIENT_CREDITS", "The team ran out of credits");
    }
    const outcome = await scrape(
      { env, teamId: claim.teamId, scrapeId: claim.scrapeId, discoverLinks: claim.discoverLinks, forceStore: true, concurrency: claim.concurrency },
      { ...claim.scrapeOptions, url: claim.url },
    );
    // Report first: a report that loses the race (the page was re-dispatched and done elsewhere) is not billed.
    const result = { document: outcome.document, credits: outcome.credits, discoveredLinks: outcome.discoveredLinks };
    const [counted] = await job.report([{ pageId, dispatch, outcome: "done", result }]);
    if (counted) await teamStub(env, claim.teamId).charge(outcome.credits, claim.kind, jobId);
    message.ack();
  } catch (e) {
    const decision = decideFailure(e, message.attempts);
    if (decision.retry) {
      await job.report([{ pageId, dispatch, outcome: "retry", code: decision.code, message: decision.message, retryInSeconds: decision.delaySeconds }]);
      message.retry({ delaySeconds: decision.delaySeconds });
    } else {
      await job.report([{ pageId, dispatch, outcome: "failed", code: decision.code, message: decision.message }]);
      message.ack();
    }
  }
}

/** Dead-letter queue: the page failed on every attempt; record it with its last error. */
export async function consumeScrapeDeadLetters(batch: MessageBatch<PageMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const { jobId, pageId, dispatch } = message.body;
    await jobStub(env, jobId).report([{ pageId, dispatch, outcome: "failed" }]);
    message.ack();
  }
}
