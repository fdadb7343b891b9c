/**
 * The job's own row: its configuration (parsed once and kept), status and counters. Every module of the job
 * reads the job through this store, so the row is the single source of truth after an eviction.
 *
 * The row is read on every step of every page (is the job running? what is its pacing?), so it is kept in
 * memory: read once (without the configuration text, which is parsed once into `config()`), and refreshed by
 * each write through `UPDATE … RETURNING`. Only this store writes the row, and an object runs one event at a
 * time, so the copy never goes stale.
 */
import { first, migrate } from "../../durable-objects/sql";
import type { JobConfig } from "../crawl/types";
import { JOB_MIGRATIONS, type JobRow } from "./sql-schema";

/** Every column of the job row but the configuration text. */
const ROW_COLUMNS =
  "status, kicked_off, created_at, completed_at, expires_at, error, " +
  "credits, next_dispatch_at, robots_delay, slots_held";

export class JobStore {
  private configCache: JobConfig | null = null;
  /** The row as last read or written; null = not read yet (an absent job is not cached: it is the rare case). */
  private rowCache: JobRow | null = null;

  constructor(readonly sql: SqlStorage) {}

  migrate(): void {
    migrate(this.sql, JOB_MIGRATIONS);
  }

  /** Forgets what was cached from storage (after the storage was wiped). */
  reset(): void {
    this.configCache = null;
    this.rowCache = null;
  }

  job(): JobRow | null {
    this.rowCache ??= first<JobRow>(this.sql, `SELECT ${ROW_COLUMNS} FROM job WHERE id = 1`);
    return this.rowCache;
  }

  running(): boolean {
    const row = this.job();
    return row !== null && row.status === "scraping" && row.kicked_off === 1;
  }

  config(): JobConfig {
    if (!this.configCache) {
      const row = first<{ config: string }>(this.sql, "SELECT config FROM job WHERE id = 1");
      if (!row) throw new Error("crawl job not initialised");
      this.configCache = JSON.parse(row.config) as JobConfig;
    }
    return this.configCache;
  }

  insert(config: JobConfig): void {
    this.rowCache = first<JobRow>(
      this.sql,
      `INSERT INTO job (id, config, status, created_at) VALUES (1, ?, 'scraping', ?) RETURNING ${ROW_COLUMNS}`,
      JSON.stringify(config),
      config.createdAt,
    );
    this.configCache = config;
  }

  /** The job's row when it belongs to `teamId` (the owner check every route read and write goes through). */
  owned(teamId: string): JobRow | null {
    const row = this.job();
    return row && this.config().teamId === teamId ? row : null;
  }

  set(assignments: string, ...binds: unknown[]): void {
    this.rowCache = first<JobRow>(
      this.sql,
      `UPDATE job SET ${assignments} WHERE id = 1 RETURNING ${ROW_COLUMNS}`,
      ...binds,
    );
  }

  /** Whether `query` (a SELECT) finds any row. */
  exists(query: string, ...binds: unknown[]): boolean {
    return first(this.sql, `SELECT EXISTS (${query}) AS x`, ...binds)!.x === 1;
  }

  count(query: string, ...binds: unknown[]): number {
    return first<{ n: number }>(this.sql, query, ...binds)!.n;
  }
}
