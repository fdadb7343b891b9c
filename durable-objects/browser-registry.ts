/**
 * One Durable Object per team for its remote browser sessions: the list the team sees (GET /v2/browser), the
 * cap on sessions open at once, and which session serves a scrape's interact calls. The sessions themselves
 * live in their own objects (browser-session.ts); this one only counts and finds them.
 *
 * A session's row says `active` until the session reports its end. Should a session object die without saying
 * so, its row stops counting once the session's ttl is over, so a lost report never blocks the team for good.
 */
import { DurableObject } from "cloudflare:workers";
import { all, first, migrate, rpcStub, run, type RpcStub } from "./sql";

const MIGRATIONS = [
  `CREATE TABLE sessions (id TEXT PRIMARY KEY, kind TEXT NOT NULL, scrape_id TEXT, status TEXT NOT NULL,
                          stream_web_view INTEGER NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
                          ended_at INTEGER);
   CREATE INDEX sessions_by_scrape ON sessions (scrape_id);`,
];

/** Ended sessions stay listed (status `destroyed`) this long. */
const KEEP_ENDED_MS = 24 * 3600 * 1000;
/** A row whose session never reported its end stops counting this long after its ttl. */
const LOST_REPORT_GRACE_MS = 60_000;

export type SessionKind = "browser" | "interact";

export interface RegisteredSession {
  id: string;
  kind: SessionKind;
  scrapeId: string | null;
  status: "active" | "destroyed";
  streamWebView: boolean;
  createdAt: number;
  expiresAt: number;
  endedAt: number | null;
}

type Row = {
  id: string;
  kind: string;
  scrape_id: string | null;
  status: string;
  stream_web_view: number;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
};

const ACTIVE = "status = 'active' AND expires_at > ?";

export class BrowserRegistryDO extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => migrate(this.sql, MIGRATIONS));
  }

  /** Registers a new session unless the team already has `limit` open; false when it has. */
  async reserve(session: Omit<RegisteredSession, "status" | "endedAt">, limit: number): Promise<boolean> {
    const open = first<{ n: number }>(
      this.sql,
      `SELECT COUNT(*) AS n FROM sessions WHERE ${ACTIVE}`,
      Date.now() - LOST_REPORT_GRACE_MS,
    )!.n;
    if (open >= limit) return false;
    run(
      this.sql,
      "INSERT INTO sessions (id, kind, scrape_id, status, stream_web_view, " +
        "created_at, expires_at) VALUES (?, ?, ?, 'active', ?, ?, ?)",
      session.id,
      session.kind,
      session.scrapeId,
      session.streamWebView ? 1 : 0,
      session.createdAt,
      session.expiresAt,
    );
    return true;
  }

  /** A session that could not be started: as if it never was. */
  async forget(id: string): Promise<void> {
    run(this.sql, "DELETE FROM sessions WHERE id = ?", id);
  }

  async ended(id: string, endedAt: number): Promise<void> {
    run(this.sql, "UPDATE sessions SET status = 'destroyed', ended_at = ? WHERE id = ?", endedAt, id);
  }

  /** Serve this scrape's interact calls from session `id` from now on. */
  async assignScrape(id: string, scrapeId: string): Promise<void> {
    run(this.sql, "UPDATE sessions SET scrape_id = ? WHERE id = ?", scrapeId, id);
  }

  async get(id: string): Promise<RegisteredSession | null> {
    const row = first<Row>(this.sql, "SELECT * FROM sessions WHERE id = ?", id);
    return row ? this.present(row) : null;
  }

  /** The most recent session of a scrape's interact calls (open or not), if any. */
  async forScrape(scrapeId: string): Promise<RegisteredSession | null> {
    const row = first<Row>(
      this.sql,
      "SELECT * FROM sessions WHERE scrape_id = ? ORDER BY created_at DESC LIMIT 1",
      scrapeId,
    );
    return row ? this.present(row) : null;
  }

  async list(status?: "active" | "destroyed"): Promise<RegisteredSession[]> {
    const cutoff = Date.now() - KEEP_ENDED_MS;
    run(this.sql, "DELETE FROM sessions WHERE COALESCE(ended_at, expires_at) < ?", cutoff);
    const sessions = all<Row>(this.sql, "SELECT * FROM sessions ORDER BY created_at DESC").map((row) =>
      this.present(row),
    );
    return status ? sessions.filter((s) => s.status === status) : sessions;
  }

  private present(row: Row): RegisteredSession {
    const lost = row.status === "active" && row.expires_at <= Date.now() - LOST_REPORT_GRACE_MS;
    return {
      id: row.id,
      kind: row.kind as SessionKind,
      scrapeId: row.scrape_id,
      status: lost ? "destroyed" : (row.status as RegisteredSession["status"]),
      streamWebView: row.stream_web_view === 1,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      endedAt: row.ended_at ?? (lost ? row.expires_at : null),
    };
  }
}

export function registryStub(env: Env, teamId: string): RpcStub<BrowserRegistryDO> {
  return rpcStub<BrowserRegistryDO>(env.BROWSER_REGISTRY, teamId);
}
