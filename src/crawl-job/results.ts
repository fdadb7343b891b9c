/**
 * The job's results index (documents themselves live in R2 under docs/<scrapeId>.json) and everything read
 * from it: the status snapshot, status pages (at most `limit` documents and, past the first, at most
 * STATUS_PAGE_BYTES of JSON), the error list, and the deletion of the documents when the job expires.
 */
import { all, run } from "../../durable-objects/sql";
import type { JobErrors, JobSnapshot, PageResult, StatusPage } from "../crawl/types";
import { deleteDocuments } from "../scrape/cache";
import { RESULT_TTL_MS, STATUS_PAGE_BYTES, type JobRow } from "./sql-schema";
import type { JobStore } from "./store";

export class Results {
  constructor(private readonly store: JobStore) {}

  private get sql(): SqlStorage {
    return this.store.sql;
  }

  record(pageId: number, scrapeId: string, result: PageResult): void {
    run(
      this.sql,
      "INSERT INTO results (page_id, scrape_id, bytes, at) VALUES (?, ?, ?, ?)",
      pageId,
      scrapeId,
      result.bytes,
      Date.now(),
    );
    this.store.set("credits = credits + ?", result.credits);
  }

  snapshot(row: JobRow): JobSnapshot {
    const config = this.store.config();
    return {
      status: row.status,
      kind: config.kind,
      total: this.store.count("SELECT COUNT(*) AS n FROM pages WHERE state != 'dropped'"),
      completed: this.store.count("SELECT COUNT(*) AS n FROM results"),
      creditsUsed: row.credits,
      createdAt: row.created_at,
      completedAt: row.completed_at ?? undefined,
      expiresAt: row.expires_at ?? Date.now() + RESULT_TTL_MS,
      error: row.error ?? undefined,
      apiOrigin: config.apiOrigin,
      apiVersion: config.apiVersion,
      robotsBlocked: this.store.count("SELECT COUNT(*) AS n FROM robots_blocked"),
    };
  }

  /** The counters a watcher is sent (in its catchup and final messages). */
  watcherStatus(row: JobRow) {
    const s = this.snapshot(row);
    return {
      status: s.status,
      total: s.total,
      completed: s.completed,
      creditsUsed: s.creditsUsed,
      expiresAt: new Date(s.expiresAt).toISOString(),
    };
  }

  page(row: JobRow, skip: number, limit: number): StatusPage {
    // Results are numbered 1, 2, 3… in completion order and never deleted while the job lives, so the page after
    // `skip` starts at n = skip + 1: an index seek, however deep the page (OFFSET would walk every skipped row).
    const rows = all<{ scrape_id: string; bytes: number }>(
      this.sql,
      "SELECT scrape_id, bytes FROM results WHERE n > ? ORDER BY n LIMIT ?",
      skip,
      limit,
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

  /** Every result's scrapeId, in completion order. */
  scrapeIds(): string[] {
    return all<{ scrape_id: string }>(this.sql, "SELECT scrape_id FROM results ORDER BY n").map((r) => r.scrape_id);
  }

  errors(): JobErrors {
    return {
      errors: all<{ scrape_id: string; url: string; code: string; error: string; at: number }>(
        this.sql,
        "SELECT scrape_id, url, code, error, at FROM errors ORDER BY id",
      ).map((e) => ({
        id: e.scrape_id,
        timestamp: new Date(e.at).toISOString(),
        url: e.url,
        code: e.code,
        error: e.error,
      })),
      robotsBlocked: all<{ url: string }>(this.sql, "SELECT url FROM robots_blocked ORDER BY at, url").map(
        (r) => r.url,
      ),
    };
  }

  /** Deletes the stored documents (the job is expiring). */
  async deleteDocuments(env: Env): Promise<void> {
    await deleteDocuments(env, this.scrapeIds());
  }
}
