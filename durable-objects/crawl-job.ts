/**
 * One Durable Object per crawl or batch-scrape job. It owns the job's whole state in SQLite: the frontier
 * (pages and their states), the seen set (a unique dedup key per page), the results index in completion order,
 * errors and robots-blocked URLs, the webhook outbox, and its timers. Page scrapes run in the scrape queue's
 * consumer, which claims a page here, scrapes it with the shared pipeline and reports back.
 *
 * Durability: a page is dispatched with a lease and a dispatch number. A consumer only scrapes a page whose
 * dispatch number it holds, and only the first report of a page counts, so a redelivered or stale message never
 * scrapes or returns a page twice. Pages whose lease runs out without a report (a lost queue message, a crashed
 * consumer, a restarted `wrangler dev`) are queued again by the alarm, so a crawl never gets stuck.
 *
 * Timers follow one pattern: rows in `timers` (kind → due time); `alarm()` runs the due ones and re-arms for the
 * earliest remaining row.
 */
import { DurableObject } from "cloudflare:workers";
import { all, first, migrate, rpcStub, run, type RpcStub } from "./sql";
import { teamStub } from "./team";
import type {
  JobConfig,
  JobErrors,
  JobSnapshot,
  JobStatus,
  PageClaim,
  PageMessage,
  PageResult,
  PendingWebhook,
  StatusPage,
  WebhookDrainMessage,
} from "../src/crawl/types";
import { auxFetcher } from "../src/crawl/fetcher";
import { compileScope, type Scope } from "../src/crawl/scope";
import { dedupKey, normalizeUrl } from "../src/net/urls";
import { parseRobots, robotsUrlFor, type Robots } from "../src/net/robots";
import { discoverSitemapUrls } from "../src/net/sitemap";
import { checkEgress, egressPolicy } from "../src/net/egress";
import { describeError } from "../src/errors";
import { deleteDocuments, loadDocuments } from "../src/scrape/cache";
import { presentDocument } from "../src/scrape/present";
import { newId } from "../src/ids";
import type { ScrapeDocument } from "../src/scrape/document";

const MIGRATIONS = [
  `CREATE TABLE job (id INTEGER PRIMARY KEY CHECK (id = 1), config TEXT NOT NULL, status TEXT NOT NULL,
                     kicked_off INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, completed_at INTEGER,
                     expires_at INTEGER, error TEXT, credits INTEGER NOT NULL DEFAULT 0,
                     next_dispatch_at INTEGER NOT NULL DEFAULT 0, robots_delay REAL);
   CREATE TABLE pages (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, dedup TEXT NOT NULL UNIQUE,
                       depth INTEGER NOT NULL, state TEXT NOT NULL, dispatch INTEGER NOT NULL DEFAULT 0,
                       lease_until INTEGER, scrape_id TEXT NOT NULL, dispatches INTEGER NOT NULL DEFAULT 0,
                       last_code TEXT, last_error TEXT);
   CREATE INDEX pages_by_state ON pages (state, id);
   CREATE TABLE results (n INTEGER PRIMARY KEY AUTOINCREMENT, page_id INTEGER NOT NULL UNIQUE,
                         scrape_id TEXT NOT NULL, bytes INTEGER NOT NULL, at INTEGER NOT NULL);
   CREATE TABLE errors (id INTEGER PRIMARY KEY AUTOINCREMENT, page_id INTEGER UNIQUE, scrape_id TEXT NOT NULL,
                        url TEXT NOT NULL, code TEXT NOT NULL, error TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE TABLE robots_blocked (url TEXT PRIMARY KEY, at INTEGER NOT NULL);
   CREATE TABLE robots (origin TEXT PRIMARY KEY, body TEXT NOT NULL);
   CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL, success INTEGER NOT NULL,
                        scrape_id TEXT, error TEXT, created_at INTEGER NOT NULL, delivered_at INTEGER);
   CREATE TABLE webhook_state (id INTEGER PRIMARY KEY CHECK (id = 1), draining INTEGER NOT NULL, touched_at INTEGER NOT NULL,
                               gave_up INTEGER NOT NULL DEFAULT 0);
   INSERT INTO webhook_state (id, draining, touched_at) VALUES (1, 0, 0);
   CREATE TABLE timers (kind TEXT PRIMARY KEY, due_at INTEGER NOT NULL);`,
  // Links reported with a page wait here until admitted, so an interruption cannot lose them.
  `CREATE TABLE discovered (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, depth INTEGER NOT NULL);`,
];

/** Results stay readable this long after the job ends (SPEC §4.5). */
export const RESULT_TTL_MS = 24 * 3600 * 1000;
/** Extra time a consumer gets beyond the page's own timeout before its page is considered lost. */
const LEASE_MARGIN_MS = 15_000;
/** How often the alarm looks for lost pages while a job runs. */
const LEASE_CHECK_MS = 10_000;
/** A page dispatched this many times without a report is given up as lost. */
const MAX_DISPATCHES = 5;
/** A webhook drain that has shown no sign of life for this long is started again. */
const WEBHOOK_STALL_MS = 10 * 60_000;
/** Status pages are cut once their documents exceed this many bytes of JSON (SPEC §2.6). */
export const STATUS_PAGE_BYTES = 10 * 1024 * 1024;

type TimerKind = "kickoff" | "dispatch" | "leases" | "webhooks" | "expire";

type PageState = "queued" | "dispatched" | "done" | "failed" | "dropped";

interface PageRow extends Record<string, SqlStorageValue> {
  id: number;
  url: string;
  depth: number;
  state: PageState;
  dispatch: number;
  scrape_id: string;
  dispatches: number;
  last_code: string | null;
  last_error: string | null;
}

interface JobRow extends Record<string, SqlStorageValue> {
  config: string;
  status: JobStatus;
  kicked_off: number;
  created_at: number;
  completed_at: number | null;
  expires_at: number | null;
  error: string | null;
  credits: number;
  next_dispatch_at: number;
  robots_delay: number | null;
}

const PATH_SEGMENTS = (pathname: string) => pathname.split("/").filter(Boolean).length;

export class CrawlJobDO extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private configCache: JobConfig | null = null;
  private scopeCache: Scope | null = null;
  private pagesCache: number | null = null;
  private readonly robotsCache = new Map<string, Robots>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => {
      migrate(this.sql, MIGRATIONS);
      // A restarted object (eviction, deploy, a restarted dev server) may have been interrupted between a
      // report and its follow-up work: look at the frontier again right away.
      if (this.job()?.status === "scraping") await this.setTimer("dispatch", Date.now());
    });
  }

  // ------------------------------------------------------------------------------------------------------------
  // Job lifecycle

  private job(): JobRow | null {
    return first<JobRow>(this.sql, "SELECT * FROM job WHERE id = 1");
  }

  private config(): JobConfig {
    if (!this.configCache) {
      const row = this.job();
      if (!row) throw new Error("crawl job not initialised");
      this.configCache = JSON.parse(row.config) as JobConfig;
    }
    return this.configCache;
  }

  /** Creates the job; discovery starts from the alarm right away so the caller gets its id at once. */
  async create(config: JobConfig): Promise<void> {
    if (this.job()) throw new Error(`job ${config.id} already exists`);
    run(this.sql, "INSERT INTO job (id, config, status, created_at) VALUES (1, ?, 'scraping', ?)", JSON.stringify(config), config.createdAt);
    this.configCache = config;
    await teamStub(this.env, config.teamId).addActiveJob({
      id: config.id,
      kind: config.kind,
      url: config.url,
      createdAt: config.createdAt,
      options: config.displayOptions,
    });
    await this.setTimer("kickoff", Date.now());
  }

  /** The job's owner check: every read and write from a route goes through it. */
  private owned(teamId: string): JobRow | null {
    const row = this.job();
    if (!row) return null;
    return this.config().teamId === teamId ? row : null;
  }

  private async kickoff(): Promise<void> {
    const row = this.job();
    if (!row || row.kicked_off || row.status !== "scraping") return;
    const config = this.config();
    try {
      if (config.kind === "batch") {
        for (const url of config.urls ?? []) this.insertPage(url, 0);
      } else {
        await this.seedCrawl(config);
      }
      run(this.sql, "UPDATE job SET kicked_off = 1 WHERE id = 1");
      this.emit("started", true);
      await this.setTimer("leases", Date.now() + LEASE_CHECK_MS);
      await this.pump();
    } catch (e) {
      await this.finish("failed", `The ${config.kind} could not start: ${describeError(e)}`);
    }
  }

  private async seedCrawl(config: JobConfig): Promise<void> {
    const start = checkEgress(config.url, egressPolicy(this.env));
    const robots = await this.robotsFor(start.href);
    const delay = robots.crawlDelaySeconds();
    if (delay !== undefined && delay > 0) run(this.sql, "UPDATE job SET robots_delay = ? WHERE id = 1", Math.min(delay, 60));
    // The start URL first: it is the root of link discovery and the first result of a crawl.
    if (this.scope().checkStart(start.href).ok) this.admit(start.href, 0, robots);
    if (config.crawler.sitemap !== "skip") {
      const { urls } = await discoverSitemapUrls(start.href, {
        fetcher: auxFetcher(this.env),
        robotsSitemaps: robots.sitemaps(),
        maxUrls: Math.min(50_000, config.crawler.limit * 4),
      });
      for (const entry of urls) {
        if (this.pageCount() >= config.crawler.limit) break;
        await this.considerLink(entry.loc, 0);
      }
    }
  }

  // ------------------------------------------------------------------------------------------------------------
  // Frontier

  private scope(): Scope {
    if (!this.scopeCache) {
      const { crawler, url } = this.config();
      this.scopeCache = compileScope({
        startUrl: url,
        includePaths: crawler.includePaths,
        excludePaths: crawler.excludePaths,
        regexOnFullURL: crawler.regexOnFullURL,
        crawlEntireDomain: crawler.crawlEntireDomain,
        allowExternalLinks: crawler.allowExternalLinks,
        allowSubdomains: crawler.allowSubdomains,
      });
    }
    return this.scopeCache;
  }

  /** Pages admitted so far (never deleted while the job lives): counted once, then kept in step by insertPage. */
  private pageCount(): number {
    this.pagesCache ??= first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM pages")!.n;
    return this.pagesCache;
  }

  /** robots.txt of `url`'s origin, fetched once per job (and kept in SQLite so an evicted object keeps it). */
  private async robotsFor(url: string): Promise<Robots> {
    const robotsUrl = robotsUrlFor(url);
    const origin = new URL(robotsUrl).origin;
    const cached = this.robotsCache.get(origin);
    if (cached) return cached;
    let body = first<{ body: string }>(this.sql, "SELECT body FROM robots WHERE origin = ?", origin)?.body;
    if (body === undefined) {
      const response = await auxFetcher(this.env)(robotsUrl);
      // Only a real robots.txt restricts; a missing or broken one allows everything.
      body = response && response.status >= 200 && response.status < 300 ? response.text : "";
      run(this.sql, "INSERT OR REPLACE INTO robots (origin, body) VALUES (?, ?)", origin, body);
    }
    const robots = parseRobots(robotsUrl, body);
    this.robotsCache.set(origin, robots);
    return robots;
  }

  /** A discovered link: in scope, allowed by robots.txt, new, and under the limit → queued. */
  private async considerLink(raw: string, depth: number): Promise<void> {
    const url = normalizeUrl(raw);
    if (!url) return;
    const { crawler } = this.config();
    if (!this.scope().check(url).ok) return;
    if (crawler.maxPathDepth !== undefined) {
      const startDepth = PATH_SEGMENTS(new URL(this.config().url).pathname);
      if (PATH_SEGMENTS(new URL(url).pathname) - startDepth > crawler.maxPathDepth) return;
    }
    if (this.pageCount() >= crawler.limit) return;
    try {
      checkEgress(url, egressPolicy(this.env));
    } catch {
      return;
    }
    this.admit(url, depth, await this.robotsFor(url));
  }

  private admit(url: string, depth: number, robots: Robots): void {
    const key = this.dedup(url);
    if (first(this.sql, "SELECT 1 AS x FROM pages WHERE dedup = ?", key)) return;
    if (!robots.isAllowed(url)) {
      run(this.sql, "INSERT OR IGNORE INTO robots_blocked (url, at) VALUES (?, ?)", url, Date.now());
      return;
    }
    this.insertPage(url, depth);
  }

  private dedup(url: string): string {
    const { crawler, kind } = this.config();
    return kind === "batch" ? url : dedupKey(url, crawler);
  }

  private insertPage(url: string, depth: number): void {
    const written = run(
      this.sql,
      "INSERT OR IGNORE INTO pages (url, dedup, depth, state, scrape_id) VALUES (?, ?, ?, 'queued', ?)",
      url,
      this.dedup(url),
      depth,
      newId(),
    );
    if (written > 0 && this.pagesCache !== null) this.pagesCache++;
  }

  private concurrency(): number {
    const config = this.config();
    const row = this.job()!;
    return config.crawler.delay || row.robots_delay ? 1 : config.maxConcurrency;
  }

  private delayMs(): number {
    const row = this.job()!;
    return Math.max(this.config().crawler.delay ?? 0, row.robots_delay ?? 0) * 1000;
  }

  /** Sends queued pages to the scrape queue within the concurrency cap (and the delay, if any). */
  private async pump(): Promise<void> {
    const row = this.job();
    if (!row || row.status !== "scraping" || !row.kicked_off) return;
    const now = Date.now();
    const delay = this.delayMs();
    if (delay > 0 && row.next_dispatch_at > now) {
      // MAX_SAFE_INTEGER means "after the page in flight reports": its report pumps again, no alarm needed
      // (and the alarm API refuses dates after 2189).
      if (row.next_dispatch_at < Number.MAX_SAFE_INTEGER) await this.setTimer("dispatch", row.next_dispatch_at);
      return;
    }
    const inFlight = first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM pages WHERE state = 'dispatched'")!.n;
    const capacity = this.concurrency() - inFlight;
    if (capacity > 0) {
      const pages = all<PageRow>(this.sql, "SELECT * FROM pages WHERE state = 'queued' ORDER BY id LIMIT ?", capacity);
      if (pages.length) {
        const leaseUntil = now + this.config().scrapeOptions.timeout + LEASE_MARGIN_MS;
        const messages: MessageSendRequest<PageMessage>[] = [];
        for (const page of pages) {
          const dispatch = page.dispatch + 1;
          run(
            this.sql,
            "UPDATE pages SET state = 'dispatched', dispatch = ?, lease_until = ?, dispatches = dispatches + 1 WHERE id = ?",
            dispatch,
            leaseUntil,
            page.id,
          );
          messages.push({ body: { type: "page", jobId: this.config().id, pageId: page.id, dispatch } });
        }
        if (delay > 0) run(this.sql, "UPDATE job SET next_dispatch_at = ? WHERE id = 1", Number.MAX_SAFE_INTEGER);
        // A failed send leaves the pages dispatched: the lease check sends them again.
        await this.env.SCRAPE_QUEUE.sendBatch(messages).catch((e) => console.error(`crawl ${this.config().id}: queue send failed: ${describeError(e)}`));
      }
    }
    await this.finishIfDone();
  }

  /** Pages whose lease ran out without a report go back to the queue (or are given up after MAX_DISPATCHES). */
  private async recoverLostPages(): Promise<void> {
    const now = Date.now();
    const lost = all<PageRow>(this.sql, "SELECT * FROM pages WHERE state = 'dispatched' AND lease_until < ?", now);
    for (const page of lost) {
      if (page.dispatches >= MAX_DISPATCHES) {
        this.recordFailure(page, page.last_code ?? "SCRAPE_LOST", page.last_error ?? "The page was dispatched several times and never reported back");
      } else {
        run(this.sql, "UPDATE pages SET state = 'queued' WHERE id = ?", page.id);
      }
    }
    // With a delay, dispatching waits for the lost page to settle: it never will, so stop waiting.
    if (lost.length) run(this.sql, "UPDATE job SET next_dispatch_at = 0 WHERE id = 1");
  }

  // ------------------------------------------------------------------------------------------------------------
  // Reports from the scrape queue's consumer

  private livePage(pageId: number, dispatch: number): PageRow | null {
    const row = this.job();
    if (!row || row.status !== "scraping") return null;
    return first<PageRow>(this.sql, "SELECT * FROM pages WHERE id = ? AND dispatch = ? AND state = 'dispatched'", pageId, dispatch);
  }

  /** A consumer asks to scrape a page; null when the message is stale, a duplicate, or the job has ended. */
  async claim(pageId: number, dispatch: number): Promise<PageClaim | null> {
    const page = this.livePage(pageId, dispatch);
    if (!page) return null;
    const config = this.config();
    run(this.sql, "UPDATE pages SET lease_until = ? WHERE id = ?", Date.now() + config.scrapeOptions.timeout + LEASE_MARGIN_MS, pageId);
    return {
      url: page.url,
      teamId: config.teamId,
      kind: config.kind,
      scrapeId: page.scrape_id,
      scrapeOptions: config.scrapeOptions,
      discoverLinks: this.expands(page.depth),
    };
  }

  /** Whether links found on a page at `depth` are followed. */
  private expands(depth: number): boolean {
    const { kind, crawler } = this.config();
    if (kind === "batch" || crawler.sitemap === "only") return false;
    return crawler.maxDiscoveryDepth === undefined || depth < crawler.maxDiscoveryDepth;
  }

  /** A page was scraped. Only the first report of a live dispatch counts. */
  async complete(pageId: number, dispatch: number, result: PageResult): Promise<boolean> {
    const page = this.livePage(pageId, dispatch);
    if (!page) return false;
    const now = Date.now();
    const bytes = JSON.stringify(result.document).length;
    run(this.sql, "UPDATE pages SET state = 'done', lease_until = NULL WHERE id = ?", pageId);
    run(this.sql, "INSERT INTO results (page_id, scrape_id, bytes, at) VALUES (?, ?, ?, ?)", pageId, page.scrape_id, bytes, now);
    run(this.sql, "UPDATE job SET credits = credits + ? WHERE id = 1", result.credits);
    if (result.discoveredLinks && this.expands(page.depth)) {
      for (const link of result.discoveredLinks) run(this.sql, "INSERT INTO discovered (url, depth) VALUES (?, ?)", link, page.depth + 1);
    }
    this.afterPageSettled();
    this.emit("page", true, page.scrape_id);
    await this.admitDiscovered();
    await this.broadcast({ type: "document", data: await this.present(result.document) });
    await this.pump();
    return true;
  }

  /** Admits the links waiting in `discovered` (one at a time: admission may fetch a new origin's robots.txt). */
  private async admitDiscovered(): Promise<void> {
    for (;;) {
      const next = first<{ id: number; url: string; depth: number }>(this.sql, "SELECT id, url, depth FROM discovered ORDER BY id LIMIT 1");
      if (!next) return;
      if (this.job()?.status === "scraping") await this.considerLink(next.url, next.depth);
      run(this.sql, "DELETE FROM discovered WHERE id = ?", next.id);
    }
  }

  /** An attempt failed and the queue will retry the message: keep the reason and extend the lease. */
  async attemptFailed(pageId: number, dispatch: number, code: string, message: string, retryInSeconds: number): Promise<void> {
    const page = this.livePage(pageId, dispatch);
    if (!page) return;
    const leaseUntil = Date.now() + retryInSeconds * 1000 + this.config().scrapeOptions.timeout + LEASE_MARGIN_MS;
    run(this.sql, "UPDATE pages SET last_code = ?, last_error = ?, lease_until = ? WHERE id = ?", code, message, leaseUntil, pageId);
  }

  /**
   * A page could not be scraped: a permanent error, or (from the dead-letter queue) retries exhausted — then
   * the last recorded reason is used. It goes to the job's errors, not its data; the job goes on.
   */
  async pageFailed(pageId: number, dispatch: number, code?: string, message?: string): Promise<void> {
    const page = this.livePage(pageId, dispatch);
    if (!page) return;
    this.recordFailure(page, code ?? page.last_code ?? "SCRAPE_RETRY_LIMIT", message ?? page.last_error ?? "The page failed on every attempt");
    await this.pump();
  }

  private recordFailure(page: PageRow, code: string, message: string): void {
    run(this.sql, "UPDATE pages SET state = 'failed', lease_until = NULL WHERE id = ?", page.id);
    run(
      this.sql,
      "INSERT OR IGNORE INTO errors (page_id, scrape_id, url, code, error, at) VALUES (?, ?, ?, ?, ?, ?)",
      page.id,
      page.scrape_id,
      page.url,
      code,
      message,
      Date.now(),
    );
    this.afterPageSettled();
  }

  /** With a delay, the next dispatch waits `delay` seconds after a page settles. */
  private afterPageSettled(): void {
    const delay = this.delayMs();
    if (delay > 0) run(this.sql, "UPDATE job SET next_dispatch_at = ? WHERE id = 1", Date.now() + delay);
  }

  private async finishIfDone(): Promise<void> {
    const row = this.job();
    if (!row || row.status !== "scraping" || !row.kicked_off) return;
    const open = first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM pages WHERE state IN ('queued', 'dispatched')")!.n;
    const waiting = first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM discovered")!.n;
    if (open === 0 && waiting === 0) await this.finish("completed");
  }

  private async finish(status: Exclude<JobStatus, "scraping">, error?: string): Promise<void> {
    const now = Date.now();
    const expiresAt = now + RESULT_TTL_MS;
    run(this.sql, "UPDATE job SET status = ?, completed_at = ?, expires_at = ?, error = ? WHERE id = 1", status, now, expiresAt, error ?? null);
    run(this.sql, "UPDATE pages SET state = 'dropped', lease_until = NULL WHERE state IN ('queued', 'dispatched')");
    run(this.sql, "DELETE FROM timers WHERE kind IN ('kickoff', 'dispatch', 'leases')");
    await this.setTimer("expire", expiresAt);
    await teamStub(this.env, this.config().teamId).removeActiveJob(this.config().id);
    if (status === "completed") this.emit("completed", true);
    if (status === "failed") this.emit("failed", false, null, error ?? "The job failed");
    // A final status frame before the close: clients learn the outcome (and the official SDK finishes) at once,
    // without waiting for the close handshake, which some proxies (wrangler dev's) hold for many seconds.
    const final = this.snapshot(this.job()!);
    await this.broadcast({
      type: "status",
      data: { success: status !== "failed", status, total: final.total, completed: final.completed, creditsUsed: final.creditsUsed, expiresAt: new Date(final.expiresAt).toISOString() },
    });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1000, JSON.stringify({ type: "done" }));
      } catch {
        // already closed
      }
    }
  }

  // ------------------------------------------------------------------------------------------------------------
  // Reads and cancel (from the routes; every call names the caller's team)

  private snapshot(row: JobRow): JobSnapshot {
    const config = this.config();
    const count = (sql: string) => first<{ n: number }>(this.sql, sql)!.n;
    return {
      status: row.status,
      kind: config.kind,
      total: count("SELECT COUNT(*) AS n FROM pages WHERE state != 'dropped'"),
      completed: count("SELECT COUNT(*) AS n FROM results"),
      creditsUsed: row.credits,
      createdAt: row.created_at,
      completedAt: row.completed_at ?? undefined,
      expiresAt: row.expires_at ?? Date.now() + RESULT_TTL_MS,
      error: row.error ?? undefined,
      apiOrigin: config.apiOrigin,
      apiVersion: config.apiVersion,
      robotsBlocked: count("SELECT COUNT(*) AS n FROM robots_blocked"),
    };
  }

  async info(teamId: string): Promise<JobSnapshot | null> {
    const row = this.owned(teamId);
    return row ? this.snapshot(row) : null;
  }

  /** One page of results: at most `limit` documents and, past the first, at most STATUS_PAGE_BYTES of JSON. */
  async status(teamId: string, skip: number, limit: number): Promise<StatusPage | null> {
    const row = this.owned(teamId);
    if (!row) return null;
    const rows = all<{ scrape_id: string; bytes: number }>(
      this.sql,
      "SELECT scrape_id, bytes FROM results ORDER BY n LIMIT ? OFFSET ?",
      limit,
      skip,
    );
    const scrapeIds: string[] = [];
    let bytes = 0;
    for (const r of rows) {
      if (scrapeIds.length > 0 && bytes + r.bytes > STATUS_PAGE_BYTES) break;
      scrapeIds.push(r.scrape_id);
      bytes += r.bytes;
    }
    const snapshot = this.snapshot(row);
    return { ...snapshot, scrapeIds, resultCount: snapshot.completed };
  }

  async errors(teamId: string): Promise<JobErrors | null> {
    if (!this.owned(teamId)) return null;
    return {
      errors: all<{ scrape_id: string; url: string; code: string; error: string; at: number }>(
        this.sql,
        "SELECT scrape_id, url, code, error, at FROM errors ORDER BY id",
      ).map((e) => ({ id: e.scrape_id, timestamp: new Date(e.at).toISOString(), url: e.url, code: e.code, error: e.error })),
      robotsBlocked: all<{ url: string }>(this.sql, "SELECT url FROM robots_blocked ORDER BY at, url").map((r) => r.url),
    };
  }

  async cancel(teamId: string): Promise<"cancelled" | "finished" | null> {
    const row = this.owned(teamId);
    if (!row) return null;
    if (row.status === "cancelled") return "cancelled";
    if (row.status !== "scraping") return "finished";
    await this.finish("cancelled");
    return "cancelled";
  }

  // ------------------------------------------------------------------------------------------------------------
  // Webhook outbox (delivered in order by the webhook queue's consumer)

  private emit(event: "started" | "page" | "completed" | "failed", success: boolean, scrapeId: string | null = null, error: string | null = null): void {
    const config = this.config();
    if (!config.webhook || !config.webhook.events.includes(event)) return;
    const prefix = config.kind === "batch" ? "batch_scrape" : "crawl";
    run(
      this.sql,
      "INSERT INTO outbox (event, success, scrape_id, error, created_at) VALUES (?, ?, ?, ?, ?)",
      `${prefix}.${event}`,
      success ? 1 : 0,
      scrapeId,
      error,
      Date.now(),
    );
    this.ctx.waitUntil(this.kickWebhooks());
  }

  private async kickWebhooks(force = false): Promise<void> {
    const state = first<{ draining: number }>(this.sql, "SELECT draining FROM webhook_state WHERE id = 1")!;
    if (state.draining && !force) return;
    run(this.sql, "UPDATE webhook_state SET draining = 1, touched_at = ?, gave_up = 0 WHERE id = 1", Date.now());
    const message: WebhookDrainMessage = { type: "webhook-drain", jobId: this.config().id };
    await this.env.WEBHOOK_QUEUE.send(message).catch((e) => console.error(`webhook kick failed: ${describeError(e)}`));
    await this.setTimer("webhooks", Date.now() + WEBHOOK_STALL_MS);
  }

  /** The oldest undelivered events with what the consumer needs to send them. */
  async pendingWebhooks(max: number): Promise<{ events: PendingWebhook[]; config: JobConfig } | null> {
    if (!this.job()) return null;
    run(this.sql, "UPDATE webhook_state SET touched_at = ? WHERE id = 1", Date.now());
    const events = all<{ seq: number; event: string; success: number; scrape_id: string | null; error: string | null }>(
      this.sql,
      "SELECT seq, event, success, scrape_id, error FROM outbox WHERE delivered_at IS NULL ORDER BY seq LIMIT ?",
      max,
    ).map((e) => ({ seq: e.seq, event: e.event, success: e.success === 1, scrapeId: e.scrape_id, error: e.error }));
    return { events, config: this.config() };
  }

  async webhookDelivered(seq: number): Promise<void> {
    run(this.sql, "UPDATE outbox SET delivered_at = ? WHERE seq = ?", Date.now(), seq);
  }

  /** The consumer found nothing left; returns false (and keeps draining) if events arrived meanwhile. */
  async webhookDrainFinished(): Promise<boolean> {
    const left = first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL")!.n;
    if (left > 0) return false;
    run(this.sql, "UPDATE webhook_state SET draining = 0 WHERE id = 1");
    return true;
  }

  /** The webhook queue gave up (dead-letter queue): keep the events, note it, start again on the next event. */
  async webhookGaveUp(reason: string): Promise<void> {
    if (!this.job()) return;
    run(this.sql, "UPDATE webhook_state SET draining = 0, gave_up = 1 WHERE id = 1");
    run(
      this.sql,
      "INSERT INTO errors (page_id, scrape_id, url, code, error, at) VALUES (NULL, ?, ?, 'WEBHOOK_DELIVERY_FAILED', ?, ?)",
      newId(),
      this.config().webhook?.url ?? "",
      reason,
      Date.now(),
    );
  }

  // ------------------------------------------------------------------------------------------------------------
  // WebSocket watchers (hibernating)

  /** Only WebSocket upgrades arrive here; the route has already checked the key and the team. */
  override async fetch(request: Request): Promise<Response> {
    const teamId = request.headers.get("x-edgecrawl-team") ?? "";
    const row = this.owned(teamId);
    if (!row) return new Response("Job not found", { status: 404 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const snapshot = this.snapshot(row);
    const scrapeIds = all<{ scrape_id: string }>(this.sql, "SELECT scrape_id FROM results ORDER BY n").map((r) => r.scrape_id);
    const documents = (await loadDocuments(this.env, scrapeIds)).filter((d): d is ScrapeDocument => d !== null);
    server.send(
      JSON.stringify({
        type: "catchup",
        data: {
          success: true,
          status: snapshot.status,
          total: snapshot.total,
          completed: snapshot.completed,
          creditsUsed: snapshot.creditsUsed,
          expiresAt: new Date(snapshot.expiresAt).toISOString(),
          data: await Promise.all(documents.map((d) => this.present(d))),
        },
      }),
    );
    if (snapshot.status !== "scraping") server.close(1000, JSON.stringify({ type: "done" }));
    const headers = new Headers();
    const protocol = request.headers.get("sec-websocket-protocol");
    if (protocol) headers.set("sec-websocket-protocol", protocol.split(",")[0].trim());
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  override async webSocketMessage(): Promise<void> {
    // Watchers only listen.
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  private async broadcast(message: unknown): Promise<void> {
    const sockets = this.ctx.getWebSockets();
    if (!sockets.length) return;
    const text = JSON.stringify(message);
    for (const ws of sockets) {
      try {
        ws.send(text);
      } catch {
        // a closing socket
      }
    }
  }

  private present(document: ScrapeDocument): Promise<ScrapeDocument> {
    return presentDocument(this.env, document, this.config().apiOrigin);
  }

  // ------------------------------------------------------------------------------------------------------------
  // Timers

  private async setTimer(kind: TimerKind, dueAt: number): Promise<void> {
    run(this.sql, "INSERT INTO timers (kind, due_at) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET due_at = excluded.due_at", kind, dueAt);
    await this.armAlarm();
  }

  private async armAlarm(): Promise<void> {
    const next = first<{ due: number | null }>(this.sql, "SELECT MIN(due_at) AS due FROM timers")?.due;
    if (next === null || next === undefined) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  override async alarm(): Promise<void> {
    if (!this.job()) return;
    const now = Date.now();
    const due = all<{ kind: TimerKind }>(this.sql, "SELECT kind FROM timers WHERE due_at <= ? ORDER BY due_at", now);
    run(this.sql, "DELETE FROM timers WHERE due_at <= ?", now);
    for (const { kind } of due) {
      switch (kind) {
        case "kickoff":
          await this.kickoff();
          break;
        case "dispatch":
          await this.admitDiscovered();
          await this.pump();
          break;
        case "leases":
          await this.recoverLostPages();
          await this.pump();
          if (this.job()?.status === "scraping") await this.setTimer("leases", Date.now() + LEASE_CHECK_MS);
          break;
        case "webhooks": {
          const state = first<{ draining: number; touched_at: number }>(this.sql, "SELECT draining, touched_at FROM webhook_state WHERE id = 1")!;
          if (state.draining && Date.now() - state.touched_at >= WEBHOOK_STALL_MS) await this.kickWebhooks(true);
          else if (state.draining) await this.setTimer("webhooks", state.touched_at + WEBHOOK_STALL_MS);
          break;
        }
        case "expire":
          await this.expire();
          return;
      }
    }
    if (this.job()) {
      await this.ctx.storage.deleteAlarm();
      await this.armAlarm();
    }
  }

  /** 24 h after the end: the results and the job's whole state go; the API answers 404 from then on. */
  private async expire(): Promise<void> {
    const scrapeIds = all<{ scrape_id: string }>(this.sql, "SELECT scrape_id FROM results").map((r) => r.scrape_id);
    await deleteDocuments(this.env, scrapeIds);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    migrate(this.sql, MIGRATIONS); // this instance may still be asked about the job: answer "not found"
    this.configCache = null;
    this.scopeCache = null;
    this.pagesCache = null;
    this.robotsCache.clear();
  }
}

/** The job's Durable Object stub. */
export function jobStub(env: Env, jobId: string): RpcStub<CrawlJobDO> {
  return rpcStub<CrawlJobDO>(env.CRAWL_JOB, jobId);
}
