/**
 * One Durable Object per crawl or batch-scrape job, read as the job's life: created → kicked off (seeded from
 * the start URL and sitemaps, or a batch's URLs) → pages dispatched to the scrape queue → each page claimed,
 * scraped and reported by the queue consumer → more links admitted and more pages dispatched → completed when
 * nothing is queued or in flight, or cancelled / failed → expired 24 hours later (results deleted, 404).
 *
 * The concerns live in src/crawl-job/: the SQL schema and the job row (sql-schema.ts, store.ts), the frontier and
 * seen set (frontier.ts), page leases and claims (pages.ts), dispatching within the job's cap, the pacing and the
 * team's concurrency slots (dispatch.ts), results and status (results.ts), the webhook events (events.ts, on the
 * shared outbox of src/jobs/outbox.ts; the queue's calls to it in durable-objects/outbox-object.ts), WebSocket
 * watchers (watchers.ts) and change tracking's hidden pages (remembered.ts); the one alarm over a table of timers is
 * the shared src/jobs/timers.ts (runDue). Everything is in SQLite, so an evicted or restarted object resumes where it
 * was.
 *
 * RPC surface: `create` (from src/crawl/service.ts); `claim` / `report` (from the scrape queue's consumer —
 * both take lists, so a consumer can speak for a whole queue batch at once); `slotsFreed` / `slotsContended` (from the
 * team); `info` / `status` / `errors` / `cancel` (from the routes, always naming the caller's team); the webhook outbox
 * calls (from the webhook queue's consumer); and `fetch` for watcher WebSocket upgrades only.
 */
import { OutboxObject } from "./outbox-object";
import { rpcStub, type RpcStub } from "./sql";
import { teamStub } from "./team";
import type {
  JobConfig,
  JobErrors,
  JobSnapshot,
  JobStatus,
  PageClaim,
  PageRef,
  PageReport,
  StatusPage,
} from "../src/crawl/types";
import { ApiError, describeError, renderHttpError } from "../src/errors";
import { Events } from "../src/crawl-job/events";
import { Frontier } from "../src/crawl-job/frontier";
import { Pages } from "../src/crawl-job/pages";
import { RememberedPages } from "../src/crawl-job/remembered";
import { Results } from "../src/crawl-job/results";
import { Dispatcher } from "../src/crawl-job/dispatch";
import { LEASE_CHECK_MS, RESULT_TTL_MS, type TimerKind } from "../src/crawl-job/sql-schema";
import { JobStore } from "../src/crawl-job/store";
import { Timers } from "../src/jobs/timers";
import { Watchers } from "../src/crawl-job/watchers";

export class CrawlJobDO extends OutboxObject<JobConfig> {
  private readonly store: JobStore;
  private readonly timers: Timers<TimerKind>;
  private readonly frontier: Frontier;
  private readonly pages: Pages;
  private readonly dispatcher: Dispatcher;
  private readonly results: Results;
  protected readonly events: Events;
  private readonly watchers: Watchers;
  private readonly remembered: RememberedPages;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new JobStore(ctx.storage.sql);
    this.timers = new Timers(ctx.storage.sql, ctx.storage);
    this.frontier = new Frontier(this.store, env);
    this.pages = new Pages(this.store);
    this.dispatcher = new Dispatcher(this.store, this.pages, this.timers, env);
    this.results = new Results(this.store);
    this.events = new Events(this.store, this.timers, env, ctx);
    this.watchers = new Watchers(ctx, env);
    this.remembered = new RememberedPages(this.store, this.frontier, env);
    ctx.blockConcurrencyWhile(async () => {
      this.store.migrate();
      // A restarted object may have been interrupted between a report and its follow-up work: look again now.
      if (this.store.job()?.status === "scraping") await this.timers.set("dispatch", Date.now());
    });
  }

  // ------------------------------------------------------------------------------------------------------------
  // Start

  /** Creates the job; discovery starts from the alarm right away so the caller gets its id at once. */
  async create(config: JobConfig): Promise<void> {
    if (this.store.job()) throw new Error(`job ${config.id} already exists`);
    this.store.insert(config);
    const { id, kind, url, createdAt, displayOptions: options } = config;
    await teamStub(this.env, config.teamId).addActiveJob({ id, kind, url, createdAt, options });
    await this.timers.set("kickoff", Date.now());
  }

  private async kickoff(): Promise<void> {
    const row = this.store.job();
    if (!row || row.kicked_off || row.status !== "scraping") return;
    try {
      await this.frontier.seed();
      this.store.set("kicked_off = 1");
      this.events.emit("started", true);
      await this.timers.set("leases", Date.now() + LEASE_CHECK_MS);
      await this.pump();
    } catch (e) {
      await this.finish("failed", `The ${this.store.config().kind} could not start: ${describeError(e)}`);
    }
  }

  /** Dispatches what the limits allow, then completes the job if nothing is left to do. */
  private async pump(renewSlots = false): Promise<void> {
    await this.dispatcher.pump(renewSlots);
    if (this.store.running() && !this.pages.anyOpen() && !this.frontier.anyWaitingLinks()) {
      // Change tracking: the pages tracked before and not found this time are checked before the end.
      if (await this.remembered.admit()) return this.pump();
      await this.finish("completed");
    }
  }

  /** The team has free concurrency slots again (this job had asked for more than it got). */
  async slotsFreed(): Promise<void> {
    await this.pump();
  }

  /** Others wait for the team's slots: give back what this job does not use right away. */
  async slotsContended(): Promise<void> {
    if (this.dispatcher.markContended()) await this.pump();
  }

  // ------------------------------------------------------------------------------------------------------------
  // Pages (from the scrape queue's consumer)

  /** Claims pages to scrape; null for a message that is stale, a duplicate, or whose job has ended. */
  async claim(refs: PageRef[]): Promise<(PageClaim | null)[]> {
    return refs.map(({ pageId, dispatch }) => {
      const page = this.pages.live(pageId, dispatch);
      return page
        ? this.pages.claim(page, this.frontier.expands(page.depth) && !page.hidden, this.watchers.any())
        : null;
    });
  }

  /** Reports on claimed pages; per report, whether it counted (only the first report of a live dispatch does). */
  async report(reports: PageReport[]): Promise<boolean[]> {
    const counted: boolean[] = [];
    let settled = false;
    for (const report of reports) {
      const page = this.pages.live(report.pageId, report.dispatch);
      counted.push(page !== null);
      if (!page) continue;
      if (report.outcome === "retry") {
        this.pages.attemptFailed(page, report.code, report.message, report.retryInSeconds);
        continue;
      }
      settled = true;
      if (report.outcome === "failed") {
        this.pages.fail(page, report.code, report.message);
      } else {
        this.pages.markDone(page.id);
        this.results.record(page.id, page.scrape_id, report.result);
        if (report.result.discoveredLinks && this.frontier.expands(page.depth))
          this.frontier.admitLinks(report.result.discoveredLinks, page.depth + 1);
        this.events.emit("page", true, page.scrape_id);
        await this.watchers.broadcastDocument(page.scrape_id, report.result.document, this.store.config().apiOrigin);
      }
      this.dispatcher.pageSettled();
    }
    if (settled) {
      await this.frontier.admitDiscovered();
      await this.pump();
    }
    return counted;
  }

  // ------------------------------------------------------------------------------------------------------------
  // End

  private async finish(status: Exclude<JobStatus, "scraping">, error?: string): Promise<void> {
    // Pumps run concurrently (each awaits the team and the tracking store): only the first one ends the job.
    if (this.store.job()?.status !== "scraping") return;
    const now = Date.now();
    const expiresAt = now + RESULT_TTL_MS;
    this.store.set(
      "status = ?, completed_at = ?, expires_at = ?, error = ?, slots_held = 0",
      status,
      now,
      expiresAt,
      error ?? null,
    );
    this.pages.dropOpen();
    this.timers.clear(["kickoff", "dispatch", "leases"]);
    await this.timers.set("expire", expiresAt);
    // Also hands the job's concurrency slots back to the team.
    await teamStub(this.env, this.store.config().teamId).removeActiveJob(this.store.config().id);
    if (status === "completed") this.events.emit("completed", true);
    if (status === "failed") this.events.emit("failed", false, null, error ?? "The job failed");
    const final = { success: status !== "failed", ...this.results.watcherStatus(this.store.job()!) };
    this.watchers.finish(final, this.store.config().apiVersion);
  }

  async cancel(teamId: string): Promise<"cancelled" | "finished" | null> {
    const row = this.store.owned(teamId);
    if (!row) return null;
    if (row.status === "cancelled") return "cancelled";
    if (row.status !== "scraping") return "finished";
    await this.finish("cancelled");
    return "cancelled";
  }

  /** 24 h after the end: the results and the job's whole state go; the API answers 404 from then on. */
  private async expire(): Promise<void> {
    await this.results.deleteDocuments(this.env);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.store.migrate(); // this instance may still be asked about the job: answer "not found"
    this.store.reset();
    this.frontier.reset();
  }

  // ------------------------------------------------------------------------------------------------------------
  // Reads (from the routes; every call names the caller's team)

  async info(teamId: string): Promise<JobSnapshot | null> {
    const row = this.store.owned(teamId);
    return row ? this.results.snapshot(row) : null;
  }

  /** Pages waiting for dispatch and pages being scraped (GET /v2/team/queue-status); null when not the team's. */
  async queueCounts(teamId: string): Promise<{ queued: number; active: number } | null> {
    if (!this.store.owned(teamId)) return null;
    return { queued: this.pages.queued(Number.MAX_SAFE_INTEGER), active: this.pages.inFlight() };
  }

  async status(teamId: string, skip: number, limit: number): Promise<StatusPage | null> {
    const row = this.store.owned(teamId);
    return row ? this.results.page(row, skip, limit) : null;
  }

  async errors(teamId: string): Promise<JobErrors | null> {
    return this.store.owned(teamId) ? this.results.errors() : null;
  }

  // ------------------------------------------------------------------------------------------------------------
  // Watchers

  /** Only WebSocket upgrades arrive here; the route has already checked the key and the team. */
  override async fetch(request: Request): Promise<Response> {
    const row = this.store.owned(request.headers.get("x-edgecrawl-team") ?? "");
    if (!row) return renderHttpError(new ApiError("JOB_NOT_FOUND"), "watch");
    const status = { ...this.results.watcherStatus(row), success: true };
    return this.watchers.accept(request, status, this.results.scrapeIds(), this.store.config());
  }

  override async webSocketMessage(): Promise<void> {
    // Watchers only listen.
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.watchers.closed(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    this.watchers.failed(ws, error);
  }

  // ------------------------------------------------------------------------------------------------------------
  // Timers

  override async alarm(): Promise<void> {
    await this.timers.runDue(
      {
        kickoff: () => this.kickoff(),
        dispatch: async () => {
          await this.frontier.admitDiscovered();
          await this.pump();
        },
        leases: async () => {
          if (this.pages.recoverLost() > 0) this.dispatcher.lostPagesRequeued();
          await this.pump(true);
          if (this.store.job()?.status === "scraping") await this.timers.set("leases", Date.now() + LEASE_CHECK_MS);
        },
        webhooks: () => this.events.checkStalled(),
        expire: () => this.expire(),
      },
      () => this.hasState(),
    );
  }

  protected hasState(): boolean {
    return this.store.job() !== null;
  }
}

/** The job's Durable Object stub. */
export function jobStub(env: Env, jobId: string): RpcStub<CrawlJobDO> {
  return rpcStub<CrawlJobDO>(env.CRAWL_JOB, jobId);
}
