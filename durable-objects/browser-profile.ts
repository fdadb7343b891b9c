/**
 * One Durable Object per (team, profile name): the lock that lets a single session at a time save into a browser
 * profile. The profile's state itself is an R2 object (`profiles/<team>/<name>.json`) that any
 * session may read; only the lock holder writes it.
 *
 * The lock carries an expiry (the holder's own end, plus a margin) so a holder that vanished without releasing
 * it does not block the profile for good.
 */
import { DurableObject } from "cloudflare:workers";
import { first, migrate, rpcStub, run, type RpcStub } from "./sql";

const MIGRATIONS = [
  `CREATE TABLE lock (id INTEGER PRIMARY KEY CHECK (id = 1), holder TEXT NOT NULL, until INTEGER NOT NULL);`,
];

export type LockResult = { acquired: true } | { acquired: false; holder: string; until: number };

export class BrowserProfileDO extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => migrate(this.sql, MIGRATIONS));
  }

  /** Takes (or extends) the saver lock for `holder` until `until` (epoch ms). */
  async acquire(holder: string, until: number): Promise<LockResult> {
    const current = first<{ holder: string; until: number }>(this.sql, "SELECT holder, until FROM lock WHERE id = 1");
    if (current && current.holder !== holder && current.until > Date.now())
      return { acquired: false, holder: current.holder, until: current.until };
    run(
      this.sql,
      "INSERT INTO lock (id, holder, until) VALUES (1, ?, ?) ON CONFLICT (id) DO " +
        "UPDATE SET holder = excluded.holder, until = excluded.until",
      holder,
      until,
    );
    return { acquired: true };
  }

  /** Gives the lock back if `holder` has it. */
  async release(holder: string): Promise<void> {
    run(this.sql, "DELETE FROM lock WHERE id = 1 AND holder = ?", holder);
  }
}

export function profileStub(env: Env, teamId: string, name: string): RpcStub<BrowserProfileDO> {
  return rpcStub<BrowserProfileDO>(env.BROWSER_PROFILE, `${teamId}\n${name}`);
}
