/**
 * The agent job's SQLite schema (append-only migrations), its configuration and row shapes, and the numbers of
 * its life (docs/limits.md, docs/credits.md). docs/storage.md describes every table.
 */
import type { AgentModelName } from "../schemas/agent";
import type { WebhookConfig } from "../schemas/crawl";

export const AGENT_MIGRATIONS = [
  `CREATE TABLE agent (id INTEGER PRIMARY KEY CHECK (id = 1), config TEXT NOT NULL, status TEXT NOT NULL,
                       created_at INTEGER NOT NULL, completed_at INTEGER, expires_at INTEGER,
                       credits INTEGER NOT NULL DEFAULT 0, data TEXT, error TEXT, stop_reason TEXT, partial TEXT,
                       wrapping_up INTEGER NOT NULL DEFAULT 0, repairs INTEGER NOT NULL DEFAULT 0,
                       nudges INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0,
                       webhook_failed INTEGER NOT NULL DEFAULT 0);
   CREATE TABLE messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, role TEXT NOT NULL, tool_call_id TEXT,
                          message TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE TABLE steps (n INTEGER PRIMARY KEY AUTOINCREMENT, action TEXT NOT NULL, url TEXT, query TEXT,
                       status TEXT NOT NULL, message TEXT, credits INTEGER NOT NULL, at INTEGER NOT NULL);
   CREATE TABLE sources (scrape_id TEXT PRIMARY KEY, url TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL, success INTEGER NOT NULL,
                        scrape_id TEXT, error TEXT, data TEXT, created_at INTEGER NOT NULL, delivered_at INTEGER);
   CREATE TABLE webhook_state (id INTEGER PRIMARY KEY CHECK (id = 1), draining INTEGER NOT NULL, touched_at INTEGER \
NOT NULL,
                               gave_up INTEGER NOT NULL DEFAULT 0);
   INSERT INTO webhook_state (id, draining, touched_at) VALUES (1, 0, 0);
   CREATE TABLE timers (kind TEXT PRIMARY KEY, due_at INTEGER NOT NULL);`,
];

export type AgentTimer = "step" | "webhooks" | "expire";
export type AgentJobStatus = "processing" | "completed" | "failed" | "cancelled";
export type StopReason = "maxCredits" | "maxSteps";

/** Model steps before the agent is told to answer with what it has. */
export const MAX_MODEL_STEPS = 40;
/** Consecutive replies without a tool call before the job gives up on the model. */
export const MAX_NUDGES = 2;
/** Consecutive failures of the LLM endpoint (retried with backoff) before the job fails. */
export const MAX_LLM_FAILURES = 3;
/** A page's markdown is cut to this many characters before the model sees it. */
export const MAX_PAGE_CHARS = 12_000;
/** Older tool results are elided once the conversation sent to the model passes this many characters. */
export const CONTEXT_BUDGET_CHARS = 60_000;
/** URLs a map step shows the model. */
export const MAP_LINKS = 100;
/** Results a search step shows the model. */
export const SEARCH_RESULTS = 10;
/** PDF pages an agent scrape parses (each beyond the first costs a credit). */
export const MAX_PDF_PAGES = 20;
export const SCRAPE_TIMEOUT_MS = 30_000;
export const MAP_TIMEOUT_MS = 60_000;
export const LLM_TIMEOUT_MS = 120_000;
/** A step that has not finished after this long (the object was evicted or the server restarted) runs again. */
export const STEP_LEASE_MS = 5 * 60_000;

export interface AgentConfig {
  id: string;
  teamId: string;
  /** An extract job (POST /v2/extract) runs as an agent job bounded to its URLs; absent = an agent job. */
  kind?: "agent" | "extract";
  /** Extract: list the pages read in the answer. */
  showSources?: boolean;
  prompt: string;
  /** Where the agent starts: the request's urls, or the URLs found in the prompt. */
  startUrls: string[];
  /** Only `startUrls` may be visited. */
  strict: boolean;
  schema?: Record<string, unknown>;
  maxCredits: number;
  model: AgentModelName;
  /** LLM_MODEL_PRO for a pro job, when one was configured; otherwise the endpoint's LLM_MODEL is used. */
  llmModel?: string;
  stepCredits: number;
  /** The search tool is offered (SEARCH_URL was configured and the run is not strict). */
  search: boolean;
  webhook?: Omit<WebhookConfig, "events"> & { events: string[] };
  apiOrigin: string;
  createdAt: number;
}

export interface AgentRow extends Record<string, SqlStorageValue> {
  config: string;
  status: AgentJobStatus;
  created_at: number;
  completed_at: number | null;
  expires_at: number | null;
  credits: number;
  data: string | null;
  error: string | null;
  stop_reason: StopReason | null;
  partial: string | null;
  wrapping_up: number;
  repairs: number;
  nudges: number;
  failures: number;
  webhook_failed: number;
}
