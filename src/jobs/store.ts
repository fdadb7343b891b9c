/**
 * The job's own row: its configuration (parsed once and kept), status and counters. Every module of the job
 * reads the job through this store, so the row is the single source of truth after an eviction.
 */
import { first, migrate, run } from "../../durable-objects/sql";
import type { JobConfig } from "../crawl/types";
import { JOB_MIGRATIONS, type JobRow } from "./schema";

export class JobStore {
  private configCache: JobConfig | null = null;

  constructor(readonly sql: SqlStorage) {}

  migrate(): void {
    migrate(this.sql, JOB_MIGRATIONS);
  }

  /** Forgets what was cached from storage (after the storage was wiped). */
  reset(): void {
    this.configCache = null;
  }

  job(): JobRow | null {
    return first<JobRow>(this.sql, "SELECT * FROM job WHERE id = 1");
  }

  running(): boolean {
    const row = this.job();
    return row !== null && row.status === "scraping" && row.kicked_off === 1;
  }

  config(): JobConfig {
    if (!this.configCache) {
      const row = this.job();
      if (!row) throw new Error("crawl job not initialised");
      this.configCache = JSON.parse(row.config) as JobConfig;
    }
    return this.configCache;
  }

  insert(config: JobConfig): void {
    run(this.sql, "INSERT INTO job (id, config, status, created_at) VALUES (1, ?, 'scraping', ?)", JSON.stringify(config), config.createdAt);
    this.configCache = config;
  }

  /** The job's row when it belongs to `teamId` (the owner check every route read and write goes through). */
  owned(teamId: string): JobRow | null {
    const row = this.job();
    return row && this.config().teamId === teamId ? row : null;
  }

  set(assignments: string, ...binds: unknown[]): void {
    run(this.sql, `UPDATE job SET ${assignments} WHERE id = 1`, ...binds);
  }

  count(query: string, ...binds: unknown[]): number {
    return first<{ n: number }>(this.sql, query, ...binds)!.n;
  }
}
