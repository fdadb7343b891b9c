/**
 * A monitor's SQLite schema (append-only migrations: never edit a shipped one), its row shapes and the config it
 * runs with. docs/storage.md describes every table.
 */
import { OUTBOX_AND_TIMER_TABLES } from "../jobs/outbox";
import type {
  MonitorCheckStatus,
  MonitorNotification,
  MonitorPageJudgment,
  MonitorSummary,
  MonitorWebhook,
  PageStatus,
  StoredTarget,
} from "../schemas/monitor";
import type { NormalizedSchedule } from "./schedule";

export const MONITOR_MIGRATIONS = [
  `CREATE TABLE monitor (id INTEGER PRIMARY KEY CHECK (id = 1), config TEXT NOT NULL, status TEXT NOT NULL,
                         next_run_at INTEGER, last_run_at INTEGER, last_summary TEXT, created_at INTEGER NOT NULL,
                         updated_at INTEGER NOT NULL);
   CREATE TABLE checks (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, status TEXT NOT NULL,
                        trigger TEXT NOT NULL, scheduled_for INTEGER, started_at INTEGER, finished_at INTEGER,
                        estimated_credits INTEGER, actual_credits INTEGER, summary TEXT, target_results TEXT,
                        error TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
   CREATE TABLE check_pages (id INTEGER PRIMARY KEY AUTOINCREMENT, check_id TEXT NOT NULL, target_id TEXT NOT NULL,
                             url TEXT NOT NULL, status TEXT NOT NULL, previous_scrape_id TEXT, current_scrape_id TEXT,
                             status_code INTEGER, error TEXT, diff TEXT, snapshot TEXT, judgment TEXT,
                             created_at INTEGER NOT NULL);
   CREATE INDEX check_pages_by_check ON check_pages (check_id, id);
   CREATE TABLE watched_pages (target_id TEXT NOT NULL, url TEXT NOT NULL, scrape_id TEXT NOT NULL,
                               PRIMARY KEY (target_id, url));
   ${OUTBOX_AND_TIMER_TABLES}`,
  // Monitor e-mail: what became of a check's message (src/monitor/email.ts).
  `ALTER TABLE checks ADD COLUMN notification_status TEXT`,
];

export type MonitorTimer = "run" | "webhooks";

export interface MonitorConfig {
  id: string;
  teamId: string;
  name: string;
  schedule: NormalizedSchedule;
  targets: StoredTarget[];
  webhook: MonitorWebhook | null;
  notification: MonitorNotification | null;
  retentionDays: number;
  goal: string | null;
  judgeEnabled: boolean;
  /** Origin of the API as the client reached it (webhook payloads). */
  apiOrigin: string;
}

export interface MonitorRow {
  config: string;
  status: "active" | "paused";
  next_run_at: number | null;
  last_run_at: number | null;
  last_summary: string | null;
  created_at: number;
  updated_at: number;
  [key: string]: SqlStorageValue;
}

export interface CheckRow {
  id: string;
  status: MonitorCheckStatus;
  trigger: "scheduled" | "manual";
  scheduled_for: number | null;
  started_at: number | null;
  finished_at: number | null;
  estimated_credits: number | null;
  actual_credits: number | null;
  summary: string | null;
  target_results: string | null;
  error: string | null;
  notification_status: string | null;
  created_at: number;
  updated_at: number;
  [key: string]: SqlStorageValue;
}

export interface NewPage {
  targetId: string;
  url: string;
  status: PageStatus;
  previousScrapeId: string | null;
  currentScrapeId: string | null;
  statusCode: number | null;
  error: string | null;
  diff: { text?: string; json?: unknown } | null;
  snapshot: { json?: unknown } | null;
  judgment: MonitorPageJudgment | null;
}

export const EMPTY_SUMMARY: MonitorSummary = { totalPages: 0, same: 0, changed: 0, new: 0, removed: 0, error: 0 };
