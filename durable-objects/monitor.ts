/**
 * One Durable Object per monitor (docs/monitors.md): it owns the monitor's config, its schedule and its checks.
 * The schedule drives the object's alarm — each due run is a check (src/monitor/check.ts) — and the alarm, like
 * the state, is persisted, so a restarted server loses no schedule. A run that comes due while a check is still
 * running is recorded as `skipped_overlap`, one with the team's credits spent as `skipped_no_credits`; a paused
 * monitor has no alarm; deleting it removes the alarm, its checks and the documents its pages stored.
 *
 * RPC surface: `create`, `view`, `update`, `remove`, `run`, `checks`, `check` (from src/monitor/service.ts, always
 * naming the caller's team); the webhook outbox calls (from the webhook queue's consumer).
 */
import { recipientSubscriptions } from "../src/monitor/email";
import { OutboxObject } from "./outbox-object";
import { rpcStub, type RpcStub } from "./sql";
import { teamStub } from "./team";
import { describeError } from "../src/errors";
import { newId } from "../src/ids";
import { Timers } from "../src/jobs/timers";
import { CheckRun } from "../src/monitor/check";
import { MonitorEvents, type DeliveryConfig } from "../src/monitor/events";
import { nextRunAfter } from "../src/monitor/schedule";
import type { MonitorConfig, MonitorTimer } from "../src/monitor/sql-schema";
import { MonitorStore } from "../src/monitor/store";
import { estimateCheckCredits, estimateMonthlyCredits } from "../src/monitor/targets";
import type {
  MonitorCheckPageView,
  MonitorCheckView,
  MonitorSummary,
  MonitorView,
  PageStatus,
} from "../src/schemas/monitor";
import { deleteDocuments } from "../src/scrape/cache";

const DAY_MS = 24 * 3600 * 1000;

export interface MonitorUpdate {
  config: MonitorConfig;
  status?: "active" | "paused";
}

export class MonitorDO extends OutboxObject<DeliveryConfig> {
  private readonly store: MonitorStore;
  private readonly timers: Timers<MonitorTimer | "check">;
  protected readonly events: MonitorEvents;
  /** Aborts the check in progress (the monitor was deleted). */
  private current: AbortController | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new MonitorStore(ctx.storage.sql);
    this.timers = new Timers<MonitorTimer | "check">(ctx.storage.sql, ctx.storage);
    this.events = new MonitorEvents(this.store, this.timers, env, ctx);
    ctx.blockConcurrencyWhile(async () => {
      this.store.migrate();
      // Checks run inside this object's alarm: one still "running" in a fresh instance was cut off by a restart.
      const active = this.store.activeCheck();
      if (active && this.store.check(active)?.status === "running") {
        this.store.updateCheck(
          active,
          "status = 'failed', finished_at = ?, error = ?",
          Date.now(),
          "The check was interrupted (the server restarted); the next run checks again",
        );
      }
      if (this.store.activeCheck()) await this.timers.set("check", Date.now());
    });
  }

  async create(config: MonitorConfig): Promise<MonitorView> {
    if (this.store.row()) throw new Error(`monitor ${config.id} already exists`);
    this.store.insert(config, Date.now());
    await this.schedule();
    return (await this.view())!;
  }

  /** Sets the next run from now (active) or removes it (paused). */
  private async schedule(): Promise<void> {
    const row = this.store.row()!;
    const next = row.status === "active" ? nextRunAfter(this.store.config().schedule, Date.now()) : null;
    this.store.set("next_run_at = ?", next);
    if (next === null) {
      this.timers.clear(["run"]);
      await this.timers.arm();
    } else {
      await this.timers.set("run", next);
    }
  }

  async view(teamId?: string): Promise<MonitorView | null> {
    const row = teamId === undefined ? this.store.row() : this.store.owned(teamId);
    if (!row) return null;
    const config = this.store.config();
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      id: config.id,
      name: config.name,
      status: row.status,
      schedule: config.schedule,
      nextRunAt: iso(row.next_run_at),
      lastRunAt: iso(row.last_run_at),
      currentCheckId: this.store.activeCheck(),
      targets: config.targets,
      webhook: config.webhook,
      notification: config.notification,
      emailRecipientSubscriptions: recipientSubscriptions(config.notification),
      retentionDays: config.retentionDays,
      estimatedCreditsPerMonth: estimateMonthlyCredits(config.schedule, config.targets),
      lastCheckSummary: row.last_summary === null ? null : (JSON.parse(row.last_summary) as MonitorSummary),
      goal: config.goal,
      judgeEnabled: config.judgeEnabled,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  async update(teamId: string, update: MonitorUpdate): Promise<MonitorView | null> {
    if (!this.store.owned(teamId)) return null;
    this.store.saveConfig(update.config);
    if (update.status) this.store.set("status = ?", update.status);
    await this.schedule();
    return this.view();
  }

  /** Deletes the monitor: alarm, checks, pages, outbox and the documents its pages stored. */
  async remove(teamId: string): Promise<boolean> {
    if (!this.store.owned(teamId)) return false;
    this.current?.abort(new DOMException("The monitor was deleted", "AbortError"));
    await deleteDocuments(this.env, this.store.allScrapeIds());
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.store.migrate(); // this instance may still be asked about the monitor: answer "not found"
    this.store.reset();
    return true;
  }

  /** A manual check: queued and started from the alarm at once, or skipped when one is running or credits are out. */
  async run(teamId: string): Promise<MonitorCheckView | null> {
    if (!this.store.owned(teamId)) return null;
    const id = await this.startCheck("manual", null);
    return this.store.check(id);
  }

  /** Records a new check: queued (its run starts from the alarm), or skipped. Returns its id. */
  private async startCheck(trigger: "scheduled" | "manual", scheduledFor: number | null): Promise<string> {
    const config = this.store.config();
    const id = newId();
    const estimatedCredits = estimateCheckCredits(config.targets);
    const overlapping =
      this.store.activeCheck() !== null || (scheduledFor !== null && this.store.overlapped(scheduledFor));
    if (overlapping) {
      this.store.addCheck({
        id,
        status: "skipped_overlap",
        trigger,
        scheduledFor,
        estimatedCredits,
        error: "The previous check was still running",
      });
    } else if (!(await teamStub(this.env, config.teamId).canSpend(1))) {
      this.store.addCheck({
        id,
        status: "skipped_no_credits",
        trigger,
        scheduledFor,
        estimatedCredits,
        error: "The team has no credits left",
      });
    } else {
      this.store.addCheck({ id, status: "queued", trigger, scheduledFor, estimatedCredits });
      await this.timers.set("check", Date.now());
    }
    return id;
  }

  async checks(teamId: string, limit: number, offset: number): Promise<MonitorCheckView[] | null> {
    return this.store.owned(teamId) ? this.store.checks(limit, offset) : null;
  }

  async check(
    teamId: string,
    checkId: string,
    page: { skip: number; limit: number; status?: PageStatus },
  ): Promise<{ check: MonitorCheckView; pages: MonitorCheckPageView[]; total: number } | null> {
    if (!this.store.owned(teamId)) return null;
    const check = this.store.check(checkId);
    return check ? { check, ...this.store.pages(checkId, page.skip, page.limit, page.status) } : null;
  }

  // ------------------------------------------------------------------------------------------------------------
  // Timers

  override async alarm(): Promise<void> {
    await this.timers.runDue(
      { run: () => this.scheduledRun(), check: () => this.runQueued(), webhooks: () => this.events.checkStalled() },
      () => this.hasState(),
      (_kind, e) =>
        console.error(`monitor ${this.store.row() ? this.store.config().id : "(deleted)"}: ${describeError(e)}`),
    );
  }
  protected hasState(): boolean {
    return this.store.row() !== null;
  }

  /** The schedule came due: the next run is set first, then this run becomes a check (or a skipped one). */
  private async scheduledRun(): Promise<void> {
    const row = this.store.row()!;
    if (row.status !== "active") return;
    const dueAt = row.next_run_at ?? Date.now();
    await this.schedule();
    await this.startCheck("scheduled", dueAt);
    await this.runQueued();
  }

  private async runQueued(): Promise<void> {
    const id = this.store.activeCheck();
    if (!id || this.current) return;
    const controller = new AbortController();
    this.current = controller;
    try {
      await new CheckRun(this.env, this.store, this.events, id, controller.signal).run();
    } catch (e) {
      if (this.store.row())
        this.store.updateCheck(id, "status = 'failed', finished_at = ?, error = ?", Date.now(), describeError(e));
    } finally {
      this.current = null;
    }
    if (!this.store.row()) return;
    const cutoff = Date.now() - this.store.config().retentionDays * DAY_MS;
    await deleteDocuments(this.env, this.store.prune(cutoff));
  }
}

export function monitorStub(env: Env, monitorId: string): RpcStub<MonitorDO> {
  return rpcStub<MonitorDO>(env.MONITOR, monitorId);
}
