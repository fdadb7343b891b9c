/**
 * Consumer of the page-scrape queue. For each job in a batch: claim its pages (one call), check the team's
 * credits once, scrape the pages concurrently with the shared pipeline, report each outcome back and charge the
 * team once for the pages that counted. Transient failures are retried by the queue with backoff; a message that
 * exhausts its retries lands in the dead-letter queue, whose consumer records the page in the job's errors (so
 * the job still completes). Permanent failures (bad content, a refused URL…) are recorded at once. The ack/retry
 * decision is `decideFailure`.
 *
 * Reports go out as soon as a page is done (the job dispatches the next pages on them), but while one report
 * call is on its way the next ones wait and leave together: a batch costs the job a few calls, not one per page.
 */
import { jobStub } from "../durable-objects/crawl-job";
import { teamStub } from "../durable-objects/team";
import { ApiError, describeError, type ErrorCode } from "../src/errors";
import { scrape } from "../src/scrape/pipeline";
import type { PageClaim, PageMessage, PageReport } from "../src/crawl/types";
import { withTokenMeter } from "../src/credits/tokens";

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

export type FailureDecision = { code: ErrorCode; message: string } & (
  { retry: true; delaySeconds: number } | { retry: false }
);

/** What a failed attempt at a page leads to: another attempt after a delay (transient errors), or the page's error. */
export function decideFailure(error: unknown, attempts: number): FailureDecision {
  const code: ErrorCode = error instanceof ApiError ? error.code : "UNKNOWN_ERROR";
  const message = describeError(error);
  return TRANSIENT.has(code)
    ? { code, message, retry: true, delaySeconds: retryDelaySeconds(attempts) }
    : { code, message, retry: false };
}

export async function consumeScrapeBatch(batch: MessageBatch<PageMessage>, env: Env): Promise<void> {
  const byJob = new Map<string, Message<PageMessage>[]>();
  for (const message of batch.messages)
    byJob.set(message.body.jobId, [...(byJob.get(message.body.jobId) ?? []), message]);
  await Promise.all([...byJob].map(([jobId, messages]) => consumeJobPages(env, jobId, messages)));
}

async function consumeJobPages(env: Env, jobId: string, messages: Message<PageMessage>[]): Promise<void> {
  const job = jobStub(env, jobId);
  const claims = await job.claim(messages.map((m) => ({ pageId: m.body.pageId, dispatch: m.body.dispatch })));
  const live = messages.flatMap((message, i) => {
    const claim = claims[i];
    if (claim) return [{ message, claim }];
    message.ack(); // stale, duplicate, or the job has ended
    return [];
  });
  if (live.length === 0) return;
  const { teamId, kind } = live[0].claim;
  const team = teamStub(env, teamId);
  const hasCredits = await team.canSpend(1);
  const reporter = new Reporter(job);
  let credits = 0;
  await Promise.all(
    live.map(async ({ message, claim }) => {
      const outcome = await withTokenMeter({ env, teamId, jobId }, () => scrapePage(env, message, claim, hasCredits));
      // Report first: a report that loses the race (the page was re-dispatched and done elsewhere) is not billed.
      const counted = await reporter.send(outcome.report);
      if (counted && outcome.credits > 0) credits += outcome.credits;
      if (outcome.retryInSeconds !== undefined) message.retry({ delaySeconds: outcome.retryInSeconds });
      else message.ack();
    }),
  );
  if (credits > 0) await team.charge(credits, kind, jobId);
}

interface PageOutcome {
  report: PageReport;
  credits: number;
  /** Set when the queue is to retry the message. */
  retryInSeconds?: number;
}

async function scrapePage(
  env: Env,
  message: Message<PageMessage>,
  claim: PageClaim,
  hasCredits: boolean,
): Promise<PageOutcome> {
  const { pageId, dispatch } = message.body;
  try {
    if (!hasCredits) throw new ApiError("INSUFFICIENT_CREDITS", "The team ran out of credits");
    const outcome = await scrape(
      {
        env,
        teamId: claim.teamId,
        scrapeId: claim.scrapeId,
        discoverLinks: claim.discoverLinks,
        forceStore: true,
        concurrency: claim.concurrency,
        visibility: claim.visibility,
      },
      { ...claim.scrapeOptions, url: claim.url },
    );
    const result = {
      ...(claim.watched ? { document: outcome.document } : {}),
      scrapeId: outcome.document.metadata.scrapeId,
      bytes: outcome.storedBytes ?? JSON.stringify(outcome.document).length,
      credits: outcome.credits,
      discoveredLinks: outcome.discoveredLinks,
    };
    return { report: { pageId, dispatch, outcome: "done", result }, credits: outcome.credits };
  } catch (e) {
    const decision = decideFailure(e, message.attempts);
    if (decision.retry) {
      const report: PageReport = {
        pageId,
        dispatch,
        outcome: "retry",
        code: decision.code,
        message: decision.message,
        retryInSeconds: decision.delaySeconds,
      };
      return { report, credits: 0, retryInSeconds: decision.delaySeconds };
    }
    return {
      report: { pageId, dispatch, outcome: "failed", code: decision.code, message: decision.message },
      credits: 0,
    };
  }
}

/** Sends reports to one job, at most one call in flight; reports made meanwhile leave together in the next call. */
class Reporter {
  private pending: { report: PageReport; resolve: (counted: boolean) => void; reject: (e: unknown) => void }[] = [];
  private sending: Promise<void> | null = null;

  constructor(private readonly job: ReturnType<typeof jobStub>) {}

  send(report: PageReport): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.pending.push({ report, resolve, reject });
      this.sending ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const group = this.pending;
      this.pending = [];
      try {
        const counted = await this.job.report(group.map((p) => p.report));
        group.forEach((p, i) => p.resolve(counted[i] ?? false));
      } catch (e) {
        for (const p of group) p.reject(e);
      }
    }
    this.sending = null;
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
