/**
 * Consumer of the page-scrape queue: claims the page on its job's Durable Object, scrapes it with the shared
 * pipeline, charges the team and reports back. Transient failures are retried by the queue with backoff; a
 * message that exhausts its retries lands in the dead-letter queue, whose consumer records the page in the
 * job's errors (so the job still completes). Permanent failures (bad content, refused URL…) are recorded at once.
 */
import { jobStub } from "../durable-objects/crawl-job";
import { teamStub } from "../durable-objects/team";
import { ApiError, describeError, type ErrorCode } from "../src/errors";
import { scrape } from "../src/scrape/pipeline";
import type { PageMessage } from "../src/crawl/types";

/** Error codes worth another attempt: the target or the network may do better next time. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "SCRAPE_TIMEOUT",
  "SCRAPE_CONNECTION_ERROR",
  "SCRAPE_SITE_ERROR",
  "SCRAPE_DNS_RESOLUTION_ERROR",
  "SCRAPE_BROWSER_ERROR",
  "SCRAPE_ALL_ENGINES_FAILED",
  "LLM_ERROR",
  "UNKNOWN_ERROR",
]);

/** Seconds before retry n (1-based): 1, 2, 4, 8… capped at 60. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(60, 2 ** Math.max(0, attempt - 1));
}

export async function consumeScrapeBatch(batch: MessageBatch<PageMessage>, env: Env): Promise<void> {
  await Promise.all(batch.messages.map((message) => handlePage(message, env)));
}

async function handlePage(message: Message<PageMessage>, env: Env): Promise<void> {
  const { jobId, pageId, dispatch } = message.body;
  const job = jobStub(env, jobId);
  const claim = await job.claim(pageId, dispatch);
  if (!claim) {
    message.ack(); // stale, duplicate, or the job has ended
    return;
  }
  try {
    if (!(await teamStub(env, claim.teamId).canSpend(1))) {
      throw new ApiError("INSUFFICIENT_CREDITS", "The team ran out of credits");
    }
    const outcome = await scrape(
      { env, teamId: claim.teamId, scrapeId: claim.scrapeId, discoverLinks: claim.discoverLinks, forceStore: true },
      { ...claim.scrapeOptions, url: claim.url },
    );
    // Report first: a report that loses the race (the page was re-dispatched and done elsewhere) is not billed.
    const counted = await job.complete(pageId, dispatch, {
      document: outcome.document,
      credits: outcome.credits,
      discoveredLinks: outcome.discoveredLinks,
    });
    if (counted) await teamStub(env, claim.teamId).charge(outcome.credits, claim.kind, jobId);
    message.ack();
  } catch (e) {
    const code: ErrorCode = e instanceof ApiError ? e.code : "UNKNOWN_ERROR";
    const reason = describeError(e);
    if (TRANSIENT.has(code)) {
      const delay = retryDelaySeconds(message.attempts);
      await job.attemptFailed(pageId, dispatch, code, reason, delay);
      message.retry({ delaySeconds: delay });
    } else {
      await job.pageFailed(pageId, dispatch, code, reason);
      message.ack();
    }
  }
}

/** Dead-letter queue: the page failed on every attempt; record it with its last error. */
export async function consumeScrapeDeadLetters(batch: MessageBatch<PageMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const { jobId, pageId, dispatch } = message.body;
    await jobStub(env, jobId).pageFailed(pageId, dispatch);
    message.ack();
  }
}
