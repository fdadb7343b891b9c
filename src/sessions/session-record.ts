/**
 * A browser session's own record, in its Durable Object's SQLite (durable-objects/browser-session.ts): its config,
 * its Browser Rendering session, whether it is active, when it was last used, how it ended and what it was billed,
 * and the origins its pages visited (whose localStorage a saved profile keeps). docs/storage.md lists the tables.
 */
import { TIMERS_TABLE } from "../jobs/timers";
import { all, first, migrate, run } from "../../durable-objects/sql";
import type { SessionConfig, SessionInfo } from "./types";

/** A destroyed session's record answers 410 for this long, then the object forgets it (404). */
export const KEEP_DESTROYED_MS = 24 * 3600 * 1000;

const MIGRATIONS = [
  `CREATE TABLE session (id INTEGER PRIMARY KEY CHECK (id = 1), config TEXT NOT NULL, browser_session_id TEXT,
                         status TEXT NOT NULL, last_activity INTEGER NOT NULL, ended_at INTEGER, end_reason TEXT,
                         credits_billed INTEGER, used_prompt INTEGER NOT NULL DEFAULT 0);
   CREATE TABLE origins (origin TEXT PRIMARY KEY);`,
  // The hand-set alarm became timers: a session stored before keeps its due times.
  `${TIMERS_TABLE}
   INSERT INTO timers (kind, due_at) SELECT 'ttl', json_extract(config, '$.expiresAt') FROM session WHERE status = \
'active';
   INSERT INTO timers (kind, due_at)
     SELECT 'idle', last_activity + json_extract(config, '$.activityTtlMs') FROM session WHERE status = 'active';
   INSERT INTO timers (kind, due_at) SELECT 'forget', ended_at + ${KEEP_DESTROYED_MS} FROM session WHERE status <> \
'active';`,
];

export type SessionRow = {
  config: string;
  browser_session_id: string | null;
  status: string;
  last_activity: number;
  ended_at: number | null;
  end_reason: string | null;
  credits_billed: number | null;
  used_prompt: number;
};

export class SessionRecord {
  constructor(private readonly sql: SqlStorage) {}

  /** Creates the tables, or brings an older object's up to date (also after its storage was wiped). */
  migrate(): void {
    migrate(this.sql, MIGRATIONS);
  }

  row(): SessionRow | null {
    return first<SessionRow>(this.sql, "SELECT * FROM session WHERE id = 1");
  }

  /** The session's config, when it has a record. */
  config(): SessionConfig | null {
    const row = this.row();
    return row ? (JSON.parse(row.config) as SessionConfig) : null;
  }

  create(config: SessionConfig, now: number): void {
    run(
      this.sql,
      "INSERT INTO session (id, config, status, last_activity) VALUES (1, ?, 'active', ?)",
      JSON.stringify(config),
      now,
    );
  }

  setBrowser(browserSessionId: string): void {
    run(this.sql, "UPDATE session SET browser_session_id = ? WHERE id = 1", browserSessionId);
  }

  /** The session as its team sees it (`lastActivity`: the latest use, written or not yet); null for anyone else. */
  info(teamId: string, lastActivity: number): SessionInfo | null {
    const row = this.row();
    if (!row) return null;
    const config = JSON.parse(row.config) as SessionConfig;
    if (config.teamId !== teamId) return null;
    return {
      ...config,
      status: row.status === "active" ? "active" : "destroyed",
      lastActivity: Math.max(row.last_activity, lastActivity),
      endedAt: row.ended_at,
      endReason: row.end_reason,
      creditsBilled: row.credits_billed,
      usedPrompt: row.used_prompt === 1,
    };
  }

  /** From now on the session is billed at the prompt rate. */
  usedPrompt(): void {
    run(this.sql, "UPDATE session SET used_prompt = 1 WHERE id = 1");
  }

  touched(at: number): void {
    run(this.sql, "UPDATE session SET last_activity = ? WHERE id = 1 AND status = 'active'", at);
  }

  ended(at: number, reason: string, credits: number): void {
    run(
      this.sql,
      "UPDATE session SET status = 'destroyed', ended_at = ?, end_reason = ?, credits_billed = ? WHERE id = 1",
      at,
      reason,
      credits,
    );
  }

  rememberOrigin(origin: string): void {
    run(this.sql, "INSERT OR IGNORE INTO origins (origin) VALUES (?)", origin);
  }

  origins(): string[] {
    return all<{ origin: string }>(this.sql, "SELECT origin FROM origins").map((r) => r.origin);
  }
}
