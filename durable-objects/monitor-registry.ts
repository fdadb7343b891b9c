/**
 * One Durable Object per team listing its monitors (GET /v2/monitor): ids in creation order. The monitors
 * themselves live in their own objects (monitor.ts); this one only finds them and counts them against the
 * team's cap.
 */
import { DurableObject } from "cloudflare:workers";
import { all, first, migrate, rpcStub, run, type RpcStub } from "./sql";

const MIGRATIONS = [
  `CREATE TABLE monitors (seq INTEGER PRIMARY KEY AUTOINCREMENT, id ` +
    `TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL);`,
];

export class MonitorRegistryDO extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => migrate(this.sql, MIGRATIONS));
  }

  /** Registers a monitor unless the team already has `limit`; false when it has. */
  async add(id: string, limit: number): Promise<boolean> {
    if (first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM monitors")!.n >= limit) return false;
    run(this.sql, "INSERT INTO monitors (id, created_at) VALUES (?, ?)", id, Date.now());
    return true;
  }

  async remove(id: string): Promise<void> {
    run(this.sql, "DELETE FROM monitors WHERE id = ?", id);
  }

  /** Newest first. */
  async list(limit: number, offset: number): Promise<string[]> {
    return all<{ id: string }>(
      this.sql,
      "SELECT id FROM monitors ORDER BY seq DESC LIMIT ? OFFSET ?",
      limit,
      offset,
    ).map((r) => r.id);
  }
}

export function monitorRegistryStub(env: Env, teamId: string): RpcStub<MonitorRegistryDO> {
  return rpcStub<MonitorRegistryDO>(env.MONITOR_REGISTRY, teamId);
}
