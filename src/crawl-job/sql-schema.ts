/**
 * The crawl job's SQLite schema (append-only migrations: never edit a shipped one), its row shapes and the
 * constants of its life cycle. docs/storage.md describes every table.
 */
import type { JobStatus } from "../crawl/types";

export const JOB_MIGRATIONS = [
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
   CREATE TABLE webhook_state (id INTEGER PRIMARY KEY CHECK (id = 1), draining INTEGER NOT NULL, touched_at INTEGER \
NOT NULL,
                               gave_up INTEGER NOT NULL DEFAULT 0);
   INSERT INTO webhook_state (id, draining, touched_at) VALUES (1, 0, 0);
   CREATE TABLE timers (kind TEXT PRIMARY KEY, due_at INTEGER NOT NULL);`,
  // Links reported with a page wait here until admitted, so an interruption cannot lose them.
  `CREATE TABLE discovered (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, depth INTEGER NOT NULL);`,
  // robots.txt answers keep their status (0: unreachable) so a reloaded object reads them exactly as fetched;
  // pages remember when the team's concurrency limit first held them back; the job counts the team slots it holds.
  `ALTER TABLE robots ADD COLUMN status INTEGER;
   ALTER TABLE pages ADD COLUMN limited_at INTEGER;
   ALTER TABLE job ADD COLUMN slots_held INTEGER NOT NULL DEFAULT 0;`,
  // Change tracking: pages admitted only because the team tracked them before are hidden; the job looks for
  // them once, when discovery is done.
  `ALTER TABLE pages ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE job ADD COLUMN remembered_checked INTEGER NOT NULL DEFAULT 0;`,
  // The outbox is shared with agent jobs, whose events carry their data themselves (see outbox.ts).
  `ALTER TABLE outbox ADD COLUMN data TEXT;`,
  // Pages.markLimited runs on every dispatch round a team's limit cuts short: it finds the queued pages not
  // marked yet through this index instead of reading every queued page.
  `CREATE INDEX pages_unlimited ON pages (id) WHERE state = 'queued' AND limited_at IS NULL;`,
];

/** Results stay readable this long after the job ends (docs/api.md, "Jobs"). */
export const RESULT_TTL_MS = 24 * 3600 * 1000;
/** Extra time a consumer gets beyond the page's own timeout before its page is considered lost. */
export const LEASE_MARGIN_MS = 15_000;
/** How often the alarm looks for lost pages (and renews the job's team slots) while a job runs. */
export const LEASE_CHECK_MS = 10_000;
/** A page dispatched this many times without a report is given up as lost. */
export const MAX_DISPATCHES = 5;
/** Status pages are cut once their documents exceed this many bytes of JSON (docs/api.md, "Jobs"). */
export const STATUS_PAGE_BYTES = 10 * 1024 * 1024;
/** The team keeps a job's slots this long without hearing from it; the lease check renews them well before. */
export const SLOT_LEASE_MS = 6 * LEASE_CHECK_MS;

export type TimerKind = "kickoff" | "dispatch" | "leases" | "webhooks" | "expire";

export type PageState = "queued" | "dispatched" | "done" | "failed" | "dropped";

export interface PageRow extends Record<string, SqlStorageValue> {
  id: number;
  url: string;
  depth: number;
  state: PageState;
  dispatch: number;
  scrape_id: string;
  dispatches: number;
  last_code: string | null;
  last_error: string | null;
  limited_at: number | null;
  hidden: number;
}

export interface JobRow extends Record<string, SqlStorageValue> {
  status: JobStatus;
  kicked_off: number;
  created_at: number;
  completed_at: number | null;
  expires_at: number | null;
  error: string | null;
  credits: number;
  next_dispatch_at: number;
  robots_delay: number | null;
  slots_held: number;
  remembered_checked: number;
}
