/**
 * One Durable Object per team: the credits ledger, the team's settings (credit balance, concurrency limit) and
 * the list of its active crawl/batch jobs.
 *
 * Self-hosted default: a team has no balance (unlimited credits) until an admin gives it one; usage is counted
 * either way. Charging happens after a successful scrape, so failed scrapes cost nothing; a request is refused
 * up front (402) only when the team has a balance and it is exhausted.
 */
import { DurableObject } from "cloudflare:workers";
import { all, first, migrate, rpcStub, run, type RpcStub } from "./sql";

const MIGRATIONS = [
  `CREATE TABLE settings (id INTEGER PRIMARY KEY CHECK (id = 1), balance INTEGER, concurrency INTEGER);
   INSERT INTO settings (id, balance, concurrency) VALUES (1, NULL, NULL);
   CREATE TABLE ledger (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, credits INTEGER NOT NULL,
                        reason TEXT NOT NULL, ref TEXT);
   CREATE TABLE active_jobs (id TEXT PRIMARY KEY, kind TEXT NOT NULL, url TEXT NOT NULL, created_at INTEGER NOT NULL,
                             options TEXT NOT NULL);`,
];

export interface CreditState {
  /** null = unlimited. */
  remaining: number | null;
  used: number;
}

export interface ActiveJob {
  id: string;
  kind: "crawl" | "batch";
  url: string;
  createdAt: number;
  options: Record<string, unknown>;
}

export class TeamDO extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => migrate(this.sql, MIGRATIONS));
  }

  private settings() {
    return first<{ balance: number | null; concurrency: number | null }>(this.sql, "SELECT balance, concurrency FROM settings WHERE id = 1")!;
  }

  async credits(): Promise<CreditState> {
    const used = first<{ used: number | null }>(this.sql, "SELECT SUM(credits) AS used FROM ledger")?.used ?? 0;
    return { remaining: this.settings().balance, used };
  }

  /** Whether the team may start work that costs at least `credits`. */
  async canSpend(credits: number): Promise<boolean> {
    const { balance } = this.settings();
    return balance === null || balance >= Math.max(1, credits);
  }

  /** Records usage and lowers the balance (never below zero). Returns the remaining balance (null = unlimited). */
  async charge(credits: number, reason: string, ref?: string): Promise<number | null> {
    if (credits <= 0) return this.settings().balance;
    run(this.sql, "INSERT INTO ledger (at, credits, reason, ref) VALUES (?, ?, ?, ?)", Date.now(), credits, reason, ref ?? null);
    run(this.sql, "UPDATE settings SET balance = MAX(0, balance - ?) WHERE id = 1 AND balance IS NOT NULL", credits);
    return this.settings().balance;
  }

  /** Sets the balance (null = unlimited) and optionally the concurrency limit. */
  async configure(update: { balance?: number | null; concurrency?: number | null }): Promise<void> {
    if (update.balance !== undefined) run(this.sql, "UPDATE settings SET balance = ? WHERE id = 1", update.balance);
    if (update.concurrency !== undefined) run(this.sql, "UPDATE settings SET concurrency = ? WHERE id = 1", update.concurrency);
  }

  /** The team's concurrent page-scrape limit. */
  async concurrencyLimit(): Promise<number> {
    return this.settings().concurrency ?? (Number(this.env.TEAM_CONCURRENCY) || 10);
  }

  async addActiveJob(job: ActiveJob): Promise<void> {
    run(
      this.sql,
      "INSERT OR REPLACE INTO active_jobs (id, kind, url, created_at, options) VALUES (?, ?, ?, ?, ?)",
      job.id,
      job.kind,
      job.url,
      job.createdAt,
      JSON.stringify(job.options),
    );
  }

  async removeActiveJob(id: string): Promise<void> {
    run(this.sql, "DELETE FROM active_jobs WHERE id = ?", id);
  }

  async activeJobs(): Promise<ActiveJob[]> {
    return all<{ id: string; kind: string; url: string; created_at: number; options: string }>(
      this.sql,
      "SELECT id, kind, url, created_at, options FROM active_jobs ORDER BY created_at",
    ).map((r) => ({ id: r.id, kind: r.kind as ActiveJob["kind"], url: r.url, createdAt: r.created_at, options: JSON.parse(r.options) }));
  }
}

/** The team's Durable Object stub. */
export function teamStub(env: Env, teamId: string): RpcStub<TeamDO> {
  return rpcStub<TeamDO>(env.TEAM, teamId);
}
