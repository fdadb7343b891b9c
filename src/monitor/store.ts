/**
 * A monitor's state in its Durable Object's SQLite (docs/storage.md, "MonitorDO"; the schema is ./sql-schema.ts): the
 * monitor row (its config as JSON, status and schedule times), its checks, each check's pages, the last scrape of
 * every page it watches (for `previousScrapeId`); the webhook outbox and timers are the shared job modules'.
 */
import { all, first, migrate, run } from "../../durable-objects/sql";
import type {
  MonitorCheckPageView,
  MonitorCheckStatus,
  MonitorCheckView,
  MonitorSummary,
  PageStatus,
} from "../schemas/monitor";
import {
  EMPTY_SUMMARY,
  MONITOR_MIGRATIONS,
  type CheckRow,
  type MonitorConfig,
  type MonitorRow,
  type NewPage,
} from "./sql-schema";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export class MonitorStore {
  private configCache: MonitorConfig | null = null;

  constructor(readonly sql: SqlStorage) {}

  migrate(): void {
    migrate(this.sql, MONITOR_MIGRATIONS);
  }

  reset(): void {
    this.configCache = null;
  }

  row(): MonitorRow | null {
    return first<MonitorRow>(this.sql, "SELECT * FROM monitor WHERE id = 1");
  }

  config(): MonitorConfig {
    if (!this.configCache) {
      const row = this.row();
      if (!row) throw new Error("monitor not initialised");
      this.configCache = JSON.parse(row.config) as MonitorConfig;
    }
    return this.configCache;
  }

  /** The monitor's row when it belongs to `teamId` (every route read and write goes through this). */
  owned(teamId: string): MonitorRow | null {
    const row = this.row();
    return row && this.config().teamId === teamId ? row : null;
  }

  insert(config: MonitorConfig, now: number): void {
    run(
      this.sql,
      "INSERT INTO monitor (id, config, status, created_at, updated_at) VALUES (1, ?, 'active', ?, ?)",
      JSON.stringify(config),
      now,
      now,
    );
    this.configCache = config;
  }

  saveConfig(config: MonitorConfig): void {
    run(this.sql, "UPDATE monitor SET config = ?, updated_at = ? WHERE id = 1", JSON.stringify(config), Date.now());
    this.configCache = config;
  }

  set(assignments: string, ...binds: unknown[]): void {
    run(this.sql, `UPDATE monitor SET ${assignments} WHERE id = 1`, ...binds);
  }

  // ------------------------------------------------------------------------------------------------------------
  // Checks

  addCheck(check: {
    id: string;
    status: MonitorCheckStatus;
    trigger: "scheduled" | "manual";
    scheduledFor: number | null;
    estimatedCredits: number;
    error?: string;
  }): void {
    const now = Date.now();
    const finished = check.status.startsWith("skipped") ? now : null;
    run(
      this.sql,
      "INSERT INTO checks (id, status, trigger, scheduled_for, estimated_credits, " +
        "finished_at, error, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      check.id,
      check.status,
      check.trigger,
      check.scheduledFor,
      check.estimatedCredits,
      finished,
      check.error ?? null,
      now,
      now,
    );
  }

  updateCheck(id: string, assignments: string, ...binds: unknown[]): void {
    run(this.sql, `UPDATE checks SET ${assignments}, updated_at = ? WHERE id = ?`, ...binds, Date.now(), id);
  }

  /** The check that is queued or running, if any (at most one is). */
  activeCheck(): string | null {
    return (
      first<{ id: string }>(
        this.sql,
        "SELECT id FROM checks WHERE status IN ('queued', 'running') ORDER BY seq LIMIT 1",
      )?.id ?? null
    );
  }

  /** When the last check that ran ended (epoch ms), or null. */
  lastFinished(): number | null {
    return (
      first<{ at: number | null }>(this.sql, "SELECT MAX(finished_at) AS at FROM checks WHERE started_at IS NOT NULL")
        ?.at ?? null
    );
  }

  check(id: string): MonitorCheckView | null {
    const row = first<CheckRow>(this.sql, "SELECT * FROM checks WHERE id = ?", id);
    return row ? this.checkView(row) : null;
  }

  /** Newest first. */
  checks(limit: number, offset: number): MonitorCheckView[] {
    return all<CheckRow>(this.sql, "SELECT * FROM checks ORDER BY seq DESC LIMIT ? OFFSET ?", limit, offset).map((r) =>
      this.checkView(r),
    );
  }

  private checkView(row: CheckRow): MonitorCheckView {
    const credits = row.actual_credits;
    return {
      id: row.id,
      monitorId: this.config().id,
      status: row.status,
      trigger: row.trigger,
      scheduledFor: iso(row.scheduled_for),
      startedAt: iso(row.started_at),
      finishedAt: iso(row.finished_at),
      estimatedCredits: row.estimated_credits,
      reservedCredits: null,
      actualCredits: credits,
      billingStatus: credits !== null && credits > 0 ? "confirmed" : "not_applicable",
      summary: parse<MonitorSummary>(row.summary) ?? EMPTY_SUMMARY,
      targetResults: parse<unknown[]>(row.target_results) ?? [],
      notificationStatus: parse<{ email: Record<string, unknown> }>(row.notification_status) ?? null,
      error: row.error,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  // ------------------------------------------------------------------------------------------------------------
  // Pages

  addPage(checkId: string, page: NewPage): MonitorCheckPageView {
    const now = Date.now();
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    run(
      this.sql,
      `INSERT INTO check_pages (check_id, target_id, url, status, previous_scrape_id, current_scrape_id, status_code, \
error, diff, snapshot, judgment, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      checkId,
      page.targetId,
      page.url,
      page.status,
      page.previousScrapeId,
      page.currentScrapeId,
      page.statusCode,
      page.error,
      json(page.diff),
      json(page.snapshot),
      json(page.judgment),
      now,
    );
    const id = first<{ id: number }>(this.sql, "SELECT last_insert_rowid() AS id")!.id;
    if (page.currentScrapeId) {
      run(
        this.sql,
        "INSERT INTO watched_pages (target_id, url, scrape_id) VALUES (?, ?, ?) " +
          "ON CONFLICT DO UPDATE SET scrape_id = excluded.scrape_id",
        page.targetId,
        page.url,
        page.currentScrapeId,
      );
    }
    return { ...page, id: String(id), createdAt: new Date(now).toISOString() };
  }

  /** The scrape id of the last check's scrape of this page, if any. */
  lastScrape(targetId: string, url: string): string | null {
    return (
      first<{ scrape_id: string }>(
        this.sql,
        "SELECT scrape_id FROM watched_pages WHERE target_id = ? AND url = ?",
        targetId,
        url,
      )?.scrape_id ?? null
    );
  }

  /** A search result the target has seen (search results have no scrape of their own). */
  markSeen(targetId: string, url: string): void {
    run(this.sql, "INSERT OR IGNORE INTO watched_pages (target_id, url, scrape_id) VALUES (?, ?, '')", targetId, url);
  }

  /** Whether a check was running when a run came due at `dueAt` (that run is then skipped). */
  overlapped(dueAt: number): boolean {
    return (
      first(
        this.sql,
        "SELECT 1 AS found FROM checks WHERE started_at <= ? AND (finished_at IS NULL OR finished_at > ?) LIMIT 1",
        dueAt,
        dueAt,
      ) !== null
    );
  }

  pages(
    checkId: string,
    skip: number,
    limit: number,
    status?: PageStatus,
  ): { pages: MonitorCheckPageView[]; total: number } {
    const filter = status ? " AND status = ?" : "";
    const binds = status ? [checkId, status] : [checkId];
    const total = first<{ n: number }>(
      this.sql,
      `SELECT COUNT(*) AS n FROM check_pages WHERE check_id = ?${filter}`,
      ...binds,
    )!.n;
    const rows = all<Record<string, SqlStorageValue>>(
      this.sql,
      `SELECT * FROM check_pages WHERE check_id = ?${filter} ORDER BY id LIMIT ? OFFSET ?`,
      ...binds,
      limit,
      skip,
    );
    return {
      total,
      pages: rows.map((r) => ({
        id: String(r.id),
        targetId: r.target_id as string,
        url: r.url as string,
        status: r.status as PageStatus,
        previousScrapeId: r.previous_scrape_id as string | null,
        currentScrapeId: r.current_scrape_id as string | null,
        statusCode: r.status_code as number | null,
        error: r.error as string | null,
        diff: parse(r.diff as string | null),
        snapshot: parse(r.snapshot as string | null),
        judgment: parse(r.judgment as string | null),
        createdAt: new Date(r.created_at as number).toISOString(),
      })),
    };
  }

  /**
   * Deletes the checks that ended before `cutoff` and their pages; returns the scrape ids only those pages held
   * (the documents to delete: a page's latest scrape stays while the monitor compares against it).
   */
  prune(cutoff: number): string[] {
    const old = all<{ id: string }>(
      this.sql,
      "SELECT id FROM checks WHERE COALESCE(finished_at, created_at) < ? AND status NOT IN ('queued', 'running')",
      cutoff,
    ).map((c) => c.id);
    if (old.length === 0) return [];
    const marks = old.map(() => "?").join(", ");
    const scrapeIds = all<{ s: string }>(
      this.sql,
      `SELECT current_scrape_id AS s FROM check_pages WHERE check_id IN (${marks}) AND current_scrape_id IS NOT NULL
         AND current_scrape_id NOT IN (SELECT scrape_id FROM watched_pages)`,
      ...old,
    ).map((r) => r.s);
    run(this.sql, `DELETE FROM check_pages WHERE check_id IN (${marks})`, ...old);
    run(this.sql, `DELETE FROM checks WHERE id IN (${marks})`, ...old);
    return scrapeIds;
  }

  allScrapeIds(): string[] {
    return all<{ s: string }>(
      this.sql,
      "SELECT current_scrape_id AS s FROM check_pages WHERE current_scrape_id IS NOT NULL " +
        "UNION SELECT scrape_id AS s FROM watched_pages WHERE scrape_id != ''",
    ).map((r) => r.s);
  }
}
