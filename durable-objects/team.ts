/**
 * One Durable Object per team: its credits (src/credits/balance.ts, ledger.ts), the team's settings (credit balance,
 * concurrency limit), the list of its active crawl/batch jobs, and its concurrency slots (src/concurrency/slots.ts):
 * the count of pages being scraped for the team right now, across every crawl, batch and scrape, held within the team's
 * limit.
 *
 * Self-hosted default: a team has no balance (unlimited credits) until an admin gives it one; usage is counted
 * either way. Charging happens after a successful scrape, so failed scrapes cost nothing; a request is refused
 * up front (402) only when the team has a balance and it is exhausted.
 */
import { DurableObject } from "cloudflare:workers";
import { toHex } from "../src/crypto";
import { describeError } from "../src/errors";
import {
  SLOT_MIGRATION,
  SLOT_TOLD_MIGRATION,
  SLOT_WAITER_CLAIM_MIGRATION,
  SlotLedger,
  type SlotGrant,
  type SlotRequest,
} from "../src/concurrency/slots";
import { CreditBalance, type Charge, type CreditState } from "../src/credits/balance";
import { USAGE_MIGRATION, UsageLedger, type UsagePeriod } from "../src/credits/ledger";
import { CACHE_HIT_MIGRATION, CacheHitLog, type CacheHitRecord } from "../src/scrape/cache-hits";
import { all, first, migrate, rpcStub, run, type RpcStub } from "./sql";

const MIGRATIONS = [
  `CREATE TABLE settings (id INTEGER PRIMARY KEY CHECK (id = 1), balance INTEGER, concurrency INTEGER);
   INSERT INTO settings (id, balance, concurrency) VALUES (1, NULL, NULL);
   CREATE TABLE ledger (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, credits INTEGER NOT NULL,
                        reason TEXT NOT NULL, ref TEXT);
   CREATE TABLE active_jobs (id TEXT PRIMARY KEY, kind TEXT NOT NULL, url TEXT NOT NULL, created_at INTEGER NOT NULL,
                             options TEXT NOT NULL);`,
  SLOT_MIGRATION,
  // chargeOnce looks charges up by reference.
  `CREATE INDEX ledger_by_ref ON ledger (ref);`,
  USAGE_MIGRATION,
  SLOT_TOLD_MIGRATION,
  // The team's own webhook signing secret (src/jobs/webhook-signing.ts); null: WEBHOOK_SECRETS or WEBHOOK_SECRET may
  // sign them.
  `ALTER TABLE settings ADD COLUMN webhook_secret TEXT;`,
  // Single scrapes answered from the cache, read back by scrapeId (src/scrape/cache-hits.ts).
  CACHE_HIT_MIGRATION,
  // Waiters keep their claim while they are woken (src/concurrency/slots.ts).
  SLOT_WAITER_CLAIM_MIGRATION,
];

/** A single scrape waits for a slot inside one call at most this long; its caller calls again until its deadline. */
const MAX_WAIT_PER_CALL_MS = 10_000;

/** What the team calls on a job that waits for slots (the crawl job Durable Object). */
interface SlotWaiter {
  slotsFreed(): Promise<void>;
  slotsContended(): Promise<void>;
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
  private readonly slots: SlotLedger;
  private readonly usage: UsageLedger;
  private readonly balance: CreditBalance;
  private readonly hits: CacheHitLog;
  /** Single scrapes waiting for a slot inside their call, woken when one frees up. */
  private readonly slotListeners = new Set<() => void>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.slots = new SlotLedger(this.sql, () => this.limit());
    this.usage = new UsageLedger(this.sql);
    this.balance = new CreditBalance(this.sql, this.usage);
    this.hits = new CacheHitLog(this.sql);
    ctx.blockConcurrencyWhile(async () => migrate(this.sql, MIGRATIONS));
  }

  async credits(): Promise<CreditState> {
    return this.balance.state();
  }

  /** Whether the team may start work that costs at least `credits`. */
  async canSpend(credits: number): Promise<boolean> {
    return this.balance.canSpend(credits);
  }

  /** Records usage and lowers the balance (src/credits/balance.ts); returns what remains (null = unlimited). */
  async charge(credits: number, reason: string, ref?: string, apiKey?: string): Promise<number | null> {
    return this.balance.charge(credits, reason, ref, apiKey);
  }

  /**
   * A single scrape answered from the cache: charged and kept (to be read back by its scrapeId) in one write; false,
   * and nothing charged or kept, when the balance is spent.
   */
  async chargeCacheHit(hit: CacheHitRecord, charge: Omit<Charge, "ref">): Promise<boolean> {
    if (!this.balance.canSpend(1)) return false;
    this.balance.charge(charge.credits, charge.reason, hit.stamp.scrapeId, charge.apiKey);
    this.hits.record(hit);
    return true;
  }

  /** A cache hit this team was answered with, by its scrapeId (null: none, or too old). */
  async cacheHit(scrapeId: string): Promise<CacheHitRecord | null> {
    return this.hits.find(scrapeId);
  }

  /**
   * `charge`, unless a charge with this `ref` was already recorded: work that may run twice (a job's step redone
   * after a restart) is billed once.
   */
  async chargeOnce(credits: number, reason: string, ref: string): Promise<number | null> {
    return this.balance.chargeOnce(credits, reason, ref);
  }

  /** Sets the balance (null = unlimited) and optionally the concurrency limit. */
  async configure(update: { balance?: number | null; concurrency?: number | null }): Promise<void> {
    if (update.balance !== undefined) this.balance.setBalance(update.balance);
    if (update.concurrency !== undefined)
      run(this.sql, "UPDATE settings SET concurrency = ? WHERE id = 1", update.concurrency);
    this.limitCache = null;
  }

  /** Read on every slot exchange: kept in memory, refreshed when `configure` changes it. */
  private limitCache: number | null = null;

  private limit(): number {
    if (this.limitCache === null) {
      const row = first<{ concurrency: number | null }>(this.sql, "SELECT concurrency FROM settings WHERE id = 1");
      this.limitCache = row?.concurrency ?? (Number(this.env.TEAM_CONCURRENCY) || 10);
    }
    return this.limitCache;
  }

  /** The team's concurrent page-scrape limit. */
  async concurrencyLimit(): Promise<number> {
    return this.limit();
  }

  /** Pages being scraped for the team right now, and the limit. */
  async concurrency(): Promise<{ inUse: number; limit: number }> {
    return { inUse: this.slots.inUse(), limit: this.limit() };
  }

  /** A job's dispatch round: what it still holds, what more it wants (see SlotLedger.exchange). */
  async exchangeSlots(holder: string, request: SlotRequest): Promise<SlotGrant> {
    const grant = this.slots.exchange(holder, request);
    if (grant.granted < request.want && request.wake) this.tellHolders(holder);
    this.wakeWaiters();
    return grant;
  }

  /**
   * A single scrape starts: refused (`credits: false`) when the team's balance is spent; otherwise it gets a
   * slot, waiting up to `waitMs` (at most MAX_WAIT_PER_CALL_MS) for one to free up.
   */
  async beginScrape(
    holder: string,
    request: { leaseMs: number; waitMs: number },
  ): Promise<{ credits: boolean; slot: boolean; waited: boolean }> {
    if (!(await this.canSpend(1))) return { credits: false, slot: false, waited: false };
    const deadline = Date.now() + Math.min(request.waitMs, MAX_WAIT_PER_CALL_MS);
    for (let waited = false; ; waited = true) {
      const granted =
        this.slots.exchange(holder, { hold: 0, want: 1, leaseMs: request.leaseMs, wake: false }).granted === 1;
      if (granted) return { credits: true, slot: true, waited };
      const left = deadline - Date.now();
      if (left <= 0) return { credits: true, slot: false, waited };
      if (!waited) this.tellHolders(holder);
      this.slots.waitingScrapes++;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.slotListeners.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.slotListeners.add(done);
      });
      this.slots.waitingScrapes--;
    }
  }

  /** A single scrape ended: its slot goes back, and what it cost is charged. */
  async endScrape(holder: string, charge?: Charge): Promise<void> {
    if (charge) await this.charge(charge.credits, charge.reason, charge.ref, charge.apiKey);
    this.slots.exchange(holder, { hold: 0, want: 0, leaseMs: 0, wake: false });
    this.wakeWaiters();
  }

  /** Someone waits for slots: the jobs holding some (and not told yet) stop keeping spare ones between rounds. */
  private tellHolders(waiting: string): void {
    for (const jobId of this.slots.holdersToTell(waiting)) {
      const holder = rpcStub<SlotWaiter>(this.env.CRAWL_JOB, jobId);
      this.ctx.waitUntil(
        holder.slotsContended().catch((e: unknown) => console.warn(`telling job ${jobId}: ${describeError(e)}`)),
      );
    }
  }

  /** Slots may be free: wake the jobs waiting for them and the scrapes waiting inside their calls. */
  private wakeWaiters(): void {
    const { wake, free } = this.slots.takeWakeable();
    for (const jobId of wake) {
      const waiter = rpcStub<SlotWaiter>(this.env.CRAWL_JOB, jobId);
      this.ctx.waitUntil(
        waiter.slotsFreed().catch((e: unknown) => console.warn(`waking job ${jobId}: ${describeError(e)}`)),
      );
    }
    if (free) for (const listener of [...this.slotListeners]) listener();
  }

  /**
   * The team's webhook signing secret, or null when it has none (src/jobs/webhook-signing.ts then looks at the
   * configuration).
   */
  async webhookSecret(): Promise<string | null> {
    return (
      first<{ secret: string | null }>(this.sql, "SELECT webhook_secret AS secret FROM settings WHERE id = 1")
        ?.secret ?? null
    );
  }

  /** A new webhook signing secret for the team, returned once; with `onlyIfNone`, null when it has one already. */
  async newWebhookSecret(onlyIfNone = false): Promise<string | null> {
    if (onlyIfNone && (await this.webhookSecret())) return null;
    const secret = `whsec_${toHex(crypto.getRandomValues(new Uint8Array(32)))}`;
    run(this.sql, "UPDATE settings SET webhook_secret = ? WHERE id = 1", secret);
    return secret;
  }

  /** The key that started a job: the job's later charges are attributed to it. */
  async rememberJobKey(jobId: string, apiKey: string): Promise<void> {
    this.usage.rememberJobKey(jobId, apiKey);
  }

  /** LLM tokens a model call used for the team. */
  async recordTokens(tokens: number, apiKey?: string, jobId?: string): Promise<void> {
    this.usage.recordTokens(tokens, this.usage.keyFor(apiKey, jobId) ?? undefined);
  }

  async tokensUsed(): Promise<number> {
    return this.usage.tokensUsed();
  }

  /** Credits or tokens used per calendar month (UTC), per key when `byApiKey`. */
  async usageHistory(kind: "credits" | "tokens", byApiKey: boolean): Promise<UsagePeriod[]> {
    return this.usage.monthly(kind, byApiKey);
  }

  /** When the team's last successful, charged piece of work was recorded (null: never). */
  async lastCharge(): Promise<number | null> {
    return this.balance.lastCharge();
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

  /** The job ended: it leaves the active list and hands back its concurrency slots. */
  async removeActiveJob(id: string): Promise<void> {
    run(this.sql, "DELETE FROM active_jobs WHERE id = ?", id);
    this.slots.exchange(id, { hold: 0, want: 0, leaseMs: 0, wake: false });
    this.wakeWaiters();
  }

  async activeJobs(): Promise<ActiveJob[]> {
    return all<{ id: string; kind: string; url: string; created_at: number; options: string }>(
      this.sql,
      "SELECT id, kind, url, created_at, options FROM active_jobs ORDER BY created_at",
    ).map((r) => ({
      id: r.id,
      kind: r.kind as ActiveJob["kind"],
      url: r.url,
      createdAt: r.created_at,
      options: JSON.parse(r.options),
    }));
  }
}

/** The team's Durable Object stub. */
export function teamStub(env: Env, teamId: string): RpcStub<TeamDO> {
  return rpcStub<TeamDO>(env.TEAM, teamId);
}
