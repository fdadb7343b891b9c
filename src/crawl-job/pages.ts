/**
 * A page's life in the job: queued → dispatched (with a dispatch number and a lease) → done | failed, or
 * dropped when the job ends first. A consumer only scrapes a page whose dispatch number it holds, and only the
 * first report of a live dispatch counts, so a redelivered or stale message never scrapes or returns a page
 * twice. A page whose lease runs out without a report (a lost message, a crashed consumer, a restarted
 * local runtime) is queued again, and given up after MAX_DISPATCHES.
 */
import { all, first, run } from "../../durable-objects/sql";
import type { PageClaim, PageMessage } from "../crawl/types";
import { JOB_ERRORS } from "../errors";
import { LEASE_MARGIN_MS, MAX_DISPATCHES, type PageRow } from "./sql-schema";
import type { JobStore } from "./store";

export class Pages {
  constructor(private readonly store: JobStore) {}

  private get sql(): SqlStorage {
    return this.store.sql;
  }

  /** How long a consumer may hold a page before it counts as lost. */
  private leaseMs(): number {
    return this.store.config().scrapeOptions.timeout + LEASE_MARGIN_MS;
  }

  inFlight(): number {
    return this.store.count("SELECT COUNT(*) AS n FROM pages WHERE state = 'dispatched'");
  }

  /** Whether any page is not settled yet (queued or in flight); an index probe, whatever the job's size. */
  anyOpen(): boolean {
    return (
      this.store.exists("SELECT 1 FROM pages WHERE state = 'dispatched'") ||
      this.store.exists("SELECT 1 FROM pages WHERE state = 'queued'")
    );
  }

  queued(max: number): number {
    return this.store.count("SELECT COUNT(*) AS n FROM (SELECT 1 FROM pages WHERE state = 'queued' LIMIT ?)", max);
  }

  /** Marks the next `count` queued pages dispatched and returns their queue messages. */
  dispatch(count: number): MessageSendRequest<PageMessage>[] {
    const jobId = this.store.config().id;
    const leaseUntil = Date.now() + this.leaseMs();
    const pages = all<PageRow>(this.sql, "SELECT * FROM pages WHERE state = 'queued' ORDER BY id LIMIT ?", count);
    return pages.map((page) => {
      const dispatch = page.dispatch + 1;
      run(
        this.sql,
        "UPDATE pages SET state = 'dispatched', dispatch = ?, " +
          "lease_until = ?, dispatches = dispatches + 1 WHERE id = ?",
        dispatch,
        leaseUntil,
        page.id,
      );
      return { body: { type: "page", jobId, pageId: page.id, dispatch } };
    });
  }

  /** Notes that the team's concurrency limit holds back the next `count` queued pages (for their metadata). */
  markLimited(count: number): void {
    run(
      this.sql,
      "UPDATE pages SET limited_at = ? WHERE id IN (SELECT id FROM pages WHERE " +
        "state = 'queued' AND limited_at IS NULL ORDER BY id LIMIT ?)",
      Date.now(),
      count,
    );
  }

  /** The page a message speaks of, if that dispatch is still the live one and the job runs. */
  live(pageId: number, dispatch: number): PageRow | null {
    if (this.store.job()?.status !== "scraping") return null;
    return first<PageRow>(
      this.sql,
      "SELECT * FROM pages WHERE id = ? AND dispatch = ? AND state = 'dispatched'",
      pageId,
      dispatch,
    );
  }

  /** A consumer starts on a page: the lease starts again, and it learns what to scrape. */
  claim(page: PageRow, discoverLinks: boolean, watched: boolean): PageClaim {
    const config = this.store.config();
    const now = Date.now();
    run(this.sql, "UPDATE pages SET lease_until = ? WHERE id = ?", now + this.leaseMs(), page.id);
    return {
      url: page.url,
      teamId: config.teamId,
      kind: config.kind,
      scrapeId: page.scrape_id,
      scrapeOptions: config.scrapeOptions,
      discoverLinks,
      visibility: page.hidden ? "hidden" : "visible",
      concurrency:
        page.limited_at === null ? { limited: false } : { limited: true, queueDurationMs: now - page.limited_at },
      watched,
    };
  }

  markDone(pageId: number): void {
    run(this.sql, "UPDATE pages SET state = 'done', lease_until = NULL WHERE id = ?", pageId);
  }

  /** An attempt failed and the queue will retry the message: keep the reason and extend the lease. */
  attemptFailed(page: PageRow, code: string, message: string, retryInSeconds: number): void {
    const leaseUntil = Date.now() + retryInSeconds * 1000 + this.leaseMs();
    run(
      this.sql,
      "UPDATE pages SET last_code = ?, last_error = ?, lease_until = ? WHERE id = ?",
      code,
      message,
      leaseUntil,
      page.id,
    );
  }

  /** The page goes to the job's errors (not its data), with the given reason or the last one recorded. */
  fail(page: PageRow, code?: string, message?: string): void {
    run(this.sql, "UPDATE pages SET state = 'failed', lease_until = NULL WHERE id = ?", page.id);
    run(
      this.sql,
      "INSERT OR IGNORE INTO errors (page_id, scrape_id, url, code, error, at) VALUES (?, ?, ?, ?, ?, ?)",
      page.id,
      page.scrape_id,
      page.url,
      code ?? page.last_code ?? "SCRAPE_RETRY_LIMIT",
      message ?? page.last_error ?? JOB_ERRORS.SCRAPE_RETRY_LIMIT,
      Date.now(),
    );
  }

  /** Pages whose lease ran out go back to the queue (or are given up); returns how many were found. */
  recoverLost(): number {
    const lost = all<PageRow>(
      this.sql,
      "SELECT * FROM pages WHERE state = 'dispatched' AND lease_until < ?",
      Date.now(),
    );
    for (const page of lost) {
      if (page.dispatches >= MAX_DISPATCHES)
        this.fail(page, page.last_code ?? "SCRAPE_LOST", page.last_error ?? JOB_ERRORS.SCRAPE_LOST);
      else run(this.sql, "UPDATE pages SET state = 'queued' WHERE id = ?", page.id);
    }
    return lost.length;
  }

  /** The job ended: nothing queued or in flight will be scraped. */
  dropOpen(): void {
    run(this.sql, "UPDATE pages SET state = 'dropped', lease_until = NULL WHERE state IN ('queued', 'dispatched')");
  }
}
