/**
 * One Durable Object per agent job, read as the job's life: created (`started`) → advanced one unit at a time
 * from its alarm — a model step or one of the model's tool calls (src/agent/runner.ts) — until the model's
 * answer is accepted (`completed`), the job cannot go on (`failed`) or the caller cancels it (`cancelled`) →
 * expired 24 hours after it ended (state and read pages deleted, 404).
 *
 * Every unit's outcome is in SQLite before the next unit starts (src/agent/store.ts), and the alarm is armed
 * as a watchdog while a unit runs, so an evicted object or a restarted server resumes where it was; the
 * constructor also resumes at once when anything (a status poll) reaches the object. A request never waits for
 * the loop: the route creates the job and answers with its id.
 *
 * RPC surface: `create` (from src/agent/service.ts); `status` / `cancel` (from the routes, always naming the
 * caller's team); the webhook outbox calls (from the webhook queue's consumer).
 */
import { OutboxObject } from "./outbox-object";
import { rpcStub, type RpcStub } from "./sql";
import { ApiError, describeError } from "../src/errors";
import { AgentEvents } from "../src/agent/events";
import { SYSTEM_PROMPT, taskMessage } from "../src/agent/prompt";
import { AgentRunner, type Ending } from "../src/agent/runner";
import {
  MAX_LLM_FAILURES,
  STEP_LEASE_MS,
  type AgentConfig,
  type AgentRow,
  type AgentTimer,
} from "../src/agent/sql-schema";
import { AgentStore } from "../src/agent/store";
import { RESULT_TTL_MS } from "../src/crawl-job/sql-schema";
import { Timers } from "../src/jobs/timers";
import type { AgentStatus } from "../src/schemas/agent";
import { deleteDocuments } from "../src/scrape/cache";
import { withTokenMeter } from "../src/credits/tokens";

/** The status as the route answers it (without the envelope's `success`). */
export type AgentStatusView = Omit<AgentStatus, "success">;

const WEBHOOK_WARNING = "Webhook delivery kept failing; undelivered events are retried with the next event";

export class AgentJobDO extends OutboxObject<AgentConfig> {
  private readonly store: AgentStore;
  private readonly timers: Timers<AgentTimer>;
  protected readonly events: AgentEvents;
  private readonly runner: AgentRunner;
  /** Aborts the unit of work in progress (cancellation). */
  private current: AbortController | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new AgentStore(ctx.storage.sql);
    this.timers = new Timers<AgentTimer>(ctx.storage.sql, ctx.storage);
    this.events = new AgentEvents(this.store, this.timers, env, ctx);
    this.runner = new AgentRunner(this.store, this.events, env);
    ctx.blockConcurrencyWhile(async () => {
      this.store.migrate();
      // A unit interrupted by a restart or an eviction runs again now rather than when its watchdog fires.
      if (this.store.running()) await this.timers.set("step", Date.now());
    });
  }

  /** Creates the job; the loop starts from the alarm right away so the caller gets its id at once. */
  async create(config: AgentConfig): Promise<void> {
    if (this.store.row()) throw new Error(`agent job ${config.id} already exists`);
    this.store.insert(config);
    this.store.append({ role: "system", content: SYSTEM_PROMPT });
    this.store.append({ role: "user", content: taskMessage(config) });
    this.events.emit("started", true);
    await this.timers.set("step", Date.now());
  }

  /** One unit of work, then the next one is scheduled (at once, or after a backoff when the unit failed). */
  private async step(): Promise<void> {
    if (!this.store.running()) return;
    await this.timers.set("step", Date.now() + STEP_LEASE_MS);
    const controller = new AbortController();
    this.current = controller;
    let ending: Ending | null;
    let delay = 0;
    try {
      const { teamId, id } = this.store.config();
      ending = await withTokenMeter({ env: this.env, teamId, jobId: id }, () => this.runner.advance(controller.signal));
    } catch (e) {
      ending = null;
      if (this.store.running()) [ending, delay] = this.failedUnit(e);
    } finally {
      this.current = null;
    }
    if (!this.store.running()) return;
    if (ending) await this.end(ending);
    else await this.timers.set("step", Date.now() + delay);
  }

  /** A unit that threw: the job fails, or the unit is retried with backoff (the LLM endpoint, a lost RPC). */
  private failedUnit(e: unknown): [Ending | null, number] {
    const message = e instanceof ApiError ? e.message : describeError(e);
    if (e instanceof ApiError && e.code === "INSUFFICIENT_CREDITS") return [{ status: "failed", error: message }, 0];
    const failures = this.store.row()!.failures + 1;
    this.store.set("failures = ?", failures);
    if (!(e instanceof ApiError))
      console.error(`agent ${this.store.config().id}: ${e instanceof Error ? (e.stack ?? e.message) : message}`);
    if (failures >= MAX_LLM_FAILURES)
      return [{ status: "failed", error: `The agent stopped after ${failures} failed attempts: ${message}` }, 0];
    return [null, 1000 * 2 ** failures];
  }

  private async end(ending: Ending | { status: "cancelled" }): Promise<void> {
    const now = Date.now();
    const data = ending.status === "completed" ? JSON.stringify(ending.data ?? null) : null;
    const error = ending.status === "failed" ? ending.error : null;
    const partial = ending.status === "failed" && ending.partial !== undefined ? JSON.stringify(ending.partial) : null;
    // A failure keeps the last answer that did not fit the schema, if there was one.
    this.store.set(
      "status = ?, completed_at = ?, expires_at = ?, data = ?, error = ?, partial = COALESCE(?, partial)",
      ending.status,
      now,
      now + RESULT_TTL_MS,
      data,
      error,
      partial,
    );
    this.timers.clear(["step"]);
    await this.timers.set("expire", now + RESULT_TTL_MS);
    if (ending.status === "completed") this.events.emit("completed", true, { data: [ending.data ?? null] });
    else if (ending.status === "failed") this.events.emit("failed", false, { error: ending.error });
    else this.events.emit("cancelled", true);
  }

  async cancel(teamId: string): Promise<"cancelled" | "finished" | null> {
    const row = this.store.owned(teamId);
    if (!row) return null;
    if (row.status === "cancelled") return "cancelled";
    if (row.status !== "processing") return "finished";
    this.current?.abort(new DOMException("The agent job was cancelled", "AbortError"));
    await this.end({ status: "cancelled" });
    return "cancelled";
  }

  /** 24 h after the end: the job's state and the pages it read go; the API answers 404 from then on. */
  private async expire(): Promise<void> {
    await deleteDocuments(this.env, this.store.scrapeIds());
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.store.migrate(); // this instance may still be asked about the job: answer "not found"
    this.store.reset();
  }

  /** The job's status for its team; null for another team's job, or one of another `kind` (agent vs extract). */
  async status(
    teamId: string,
    kind: "agent" | "extract",
  ): Promise<(AgentStatusView & { showSources?: boolean }) | null> {
    const row = this.store.owned(teamId);
    if (!row) return null;
    const config = this.store.config();
    if ((config.kind ?? "agent") !== kind) return null;
    return kind === "extract" ? { ...this.view(row), showSources: config.showSources ?? false } : this.view(row);
  }

  private view(row: AgentRow): AgentStatusView {
    const config = this.store.config();
    const view: AgentStatusView = {
      status: row.status,
      model: config.model,
      creditsUsed: row.credits,
      maxCredits: config.maxCredits,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at ?? Date.now() + RESULT_TTL_MS).toISOString(),
      steps: this.store.steps(),
      sources: this.store.sources(),
    };
    if (row.completed_at) view.completedAt = new Date(row.completed_at).toISOString();
    if (row.status === "completed" && row.data !== null) view.data = JSON.parse(row.data);
    if (row.error) view.error = row.error;
    if (row.stop_reason && row.status !== "processing") view.stopReason = row.stop_reason;
    if (row.status === "failed" && row.partial !== null)
      Object.assign(view, { partial: JSON.parse(row.partial), partialSchemaValid: false });
    if (row.webhook_failed) view.warning = WEBHOOK_WARNING;
    return view;
  }

  // ------------------------------------------------------------------------------------------------------------
  // Timers

  override async alarm(): Promise<void> {
    await this.timers.runDue(
      { step: () => this.step(), webhooks: () => this.events.checkStalled(), expire: () => this.expire() },
      () => this.hasState(),
    );
  }

  protected hasState(): boolean {
    return this.store.row() !== null;
  }
}

/** The agent job's Durable Object stub. */
export function agentJobStub(env: Env, jobId: string): RpcStub<AgentJobDO> {
  return rpcStub<AgentJobDO>(env.AGENT_JOB, jobId);
}
