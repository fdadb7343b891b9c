/**
 * The team's usage ledger, kept in the team's Durable Object (SQLite): credits (the `ledger` table the team DO
 * charges into, now with the API key each charge is attributed to) and LLM tokens (`token_ledger`), summed by
 * calendar month (UTC) for the `…/historical` account routes, optionally per key.
 *
 * A charge made by a job (a crawl page, an agent step) is attributed to the key that started the job through
 * `job_keys`; the job's charges carry its id as their reference (`<job id>` or `<job id>:<step>`).
 */
import { all, first, run } from "../../durable-objects/sql";

export const USAGE_MIGRATION = `ALTER TABLE ledger ADD COLUMN api_key TEXT;
   CREATE TABLE token_ledger (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, tokens INTEGER NOT NULL, \
api_key TEXT);
   CREATE TABLE job_keys (job_id TEXT PRIMARY KEY, api_key TEXT NOT NULL, created_at INTEGER NOT NULL);`;

/** A job's key is remembered this long (jobs end within a day; an agent job is bounded the same way). */
const JOB_KEY_TTL_MS = 7 * 24 * 3600_000;

export interface UsagePeriod {
  startDate: string;
  endDate: string;
  apiKey?: string;
  used: number;
}

export class UsageLedger {
  constructor(private readonly sql: SqlStorage) {}

  rememberJobKey(jobId: string, apiKey: string, now = Date.now()): void {
    run(this.sql, "DELETE FROM job_keys WHERE created_at < ?", now - JOB_KEY_TTL_MS);
    run(this.sql, "INSERT OR REPLACE INTO job_keys (job_id, api_key, created_at) VALUES (?, ?, ?)", jobId, apiKey, now);
  }

  /** The key a charge is attributed to: the one given, else the key that started the job its reference names. */
  keyFor(apiKey: string | undefined, ref: string | undefined): string | null {
    if (apiKey) return apiKey;
    if (!ref) return null;
    const jobId = ref.split(":")[0];
    return (
      first<{ api_key: string }>(this.sql, "SELECT api_key FROM job_keys WHERE job_id = ?", jobId)?.api_key ?? null
    );
  }

  recordTokens(tokens: number, apiKey: string | undefined, now = Date.now()): void {
    run(
      this.sql,
      "INSERT INTO token_ledger (at, tokens, api_key) VALUES (?, ?, ?)",
      now,
      Math.round(tokens),
      apiKey ?? null,
    );
  }

  tokensUsed(): number {
    return first<{ n: number | null }>(this.sql, "SELECT SUM(tokens) AS n FROM token_ledger")?.n ?? 0;
  }

  /** Credits (`ledger`) or tokens (`token_ledger`) per calendar month, oldest first; per key when `byApiKey`. */
  monthly(kind: "credits" | "tokens", byApiKey: boolean): UsagePeriod[] {
    const [table, column] = kind === "credits" ? ["ledger", "credits"] : ["token_ledger", "tokens"];
    const month = "strftime('%Y-%m', at / 1000, 'unixepoch')";
    const key = byApiKey ? "COALESCE(api_key, '')" : "''";
    const rows = all<{ month: string; key: string; used: number }>(
      this.sql,
      `SELECT ${month} AS month, ${key} AS key, SUM(${column}) AS used ` +
        `FROM ${table} GROUP BY month, key ORDER BY month, key`,
    );
    return rows.map((r) => {
      const [year, m] = r.month.split("-").map(Number);
      const period: UsagePeriod = {
        startDate: new Date(Date.UTC(year, m - 1, 1)).toISOString(),
        endDate: new Date(Date.UTC(year, m, 1) - 1).toISOString(),
        used: r.used,
      };
      if (byApiKey) period.apiKey = r.key || "unattributed";
      return period;
    });
  }
}
