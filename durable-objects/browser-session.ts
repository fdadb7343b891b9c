/**
 * One Durable Object per remote browser session (POST /v2/browser, interact): the only path to its Browser
 * Rendering session. It holds the session's record (session-record.ts), its one DevTools connection
 * (session-browser.ts) and its clients — CDP relay sockets and live-view sockets, accepted as hibernatable
 * WebSockets — runs execute and interact on the session's page, and enforces `ttl` and `activityTtl` with the job
 * objects' timers (one alarm over a table of due times: `ttl`, `idle`, and `forget` for a session that ended).
 *
 * The end of a session (DELETE, an alarm, the browser going away) is one procedure: save the profile when asked
 * to, close every socket with the reason, close the browser, bill the time, tell the team's registry, and keep
 * the record a day so later calls get 410 rather than 404.
 */
import { DurableObject } from "cloudflare:workers";
import { charge } from "../src/credits/charge";
import { ApiError, describeError } from "../src/errors";
import { BROWSER_CREDITS_PER_HOUR, PROMPT_CREDITS_PER_HOUR, sessionCredits } from "../src/credits/rates";
import { executeInSession, type ExecuteContext } from "../src/sessions/execute";
import { runPromptAgent, type PromptResult } from "../src/sessions/prompt-agent";
import { replayScrape } from "../src/sessions/replay";
import { LiveBrowser } from "../src/sessions/live-browser";
import { SessionBrowser } from "../src/sessions/session-browser";
import { saveSessionProfile, seedSessionProfile } from "../src/sessions/profile-browser";
import type { Execution, ExecuteResult } from "../src/sessions/sandbox";
import { SessionSockets } from "../src/sessions/session-sockets";
import {
  fail,
  failure,
  SESSION_DESTROYED,
  SESSION_NOT_FOUND,
  succeed,
  type ExecuteRequest,
  type Outcome,
  type ReplayPlan,
  type SessionConfig,
  type SessionInfo,
  type StopResult,
} from "../src/sessions/types";
import { KEEP_DESTROYED_MS, SessionRecord } from "../src/sessions/session-record";
import { Timers } from "../src/jobs/timers";
import { registryStub } from "./browser-registry";
import { rpcStub, type RpcStub } from "./sql";

/** An idle check that finds the session busy (or touched meanwhile) looks again no sooner than this. */
const IDLE_RECHECK_MS = 1_000;
/** Activity is written to storage at most this often (CDP traffic can be thousands of messages a second). */
const ACTIVITY_WRITE_MS = 1_000;

export class BrowserSessionDO extends DurableObject<Env> {
  private readonly record: SessionRecord;
  private readonly timers: Timers<"ttl" | "idle" | "forget">;
  private readonly browser: SessionBrowser;
  private readonly sockets: SessionSockets;
  private execution: Execution | null = null;
  private busy = false;
  private ending: Promise<StopResult> | null = null;
  private lastActivity = 0;
  private activityWrittenAt = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.record = new SessionRecord(ctx.storage.sql);
    ctx.blockConcurrencyWhile(async () => this.record.migrate());
    this.timers = new Timers(ctx.storage.sql, ctx.storage);
    this.browser = new SessionBrowser(env, {
      browserSessionId: () => this.record.row()?.browser_session_id ?? null,
      onActivity: () => this.touch(),
      onDocument: (url) => this.record.rememberOrigin(url.origin),
      onGone: async (reason) => {
        if (this.record.row()?.status === "active" && !this.ending) await this.end(reason);
      },
    });
    this.sockets = new SessionSockets(ctx, {
      touch: () => this.touch(),
      live: () => (this.record.row()?.status === "active" ? this.browser.usable() : Promise.resolve(null)),
      connected: () => this.browser.live,
    });
  }

  // ------------------------------------------------------------------------------------------------------------
  // Lifecycle

  async start(config: SessionConfig): Promise<Outcome<SessionInfo>> {
    if (this.record.row()) return fail("CONFLICT", "This browser session exists already");
    this.lastActivity = Date.now();
    this.record.create(config, this.lastActivity);
    try {
      const browserSessionId = await LiveBrowser.acquire(this.env);
      this.record.setBrowser(browserSessionId);
      const live = await this.browser.connect();
      await live.prepareFirstTab();
      if (config.profile)
        for (const origin of await seedSessionProfile(this.env, live, config)) this.record.rememberOrigin(origin);
      await this.timers.set("ttl", config.expiresAt);
      await this.timers.set("idle", this.lastActivity + config.activityTtlMs);
      return succeed((await this.info(config.teamId))!);
    } catch (e) {
      await this.browser.close();
      await this.ctx.storage.deleteAll();
      this.record.migrate();
      return failure(
        e instanceof ApiError
          ? e
          : new ApiError("BROWSER_SESSION_ERROR", `Could not start a browser: ${describeError(e)}`),
      );
    }
  }

  /** The session as its team sees it; null for anyone else (or once forgotten). */
  async info(teamId: string): Promise<SessionInfo | null> {
    return this.record.info(teamId, this.lastActivity);
  }

  async stop(teamId: string, reason: string): Promise<Outcome<StopResult>> {
    const checked = await this.activeFor(teamId);
    if (!checked.ok) return checked;
    return succeed(await this.end(reason));
  }

  override async alarm(): Promise<void> {
    await this.timers.runDue(
      {
        ttl: () => this.end("its ttl expired"),
        idle: () => this.endIfIdle(),
        forget: async () => {
          await this.ctx.storage.deleteAll();
          this.record.migrate();
        },
      },
      () => this.record.row() !== null,
    );
  }

  /** The idle timer: ends the session when nothing happened within its activityTtl, or looks again when due. */
  private async endIfIdle(): Promise<void> {
    const row = this.record.row()!;
    if (row.status !== "active") return;
    const config = JSON.parse(row.config) as SessionConfig;
    const idleUntil = Math.max(row.last_activity, this.lastActivity) + config.activityTtlMs;
    if (Date.now() >= idleUntil && !this.busy) return void (await this.end("no activity within its activityTtl"));
    await this.timers.set("idle", Math.max(idleUntil, Date.now() + IDLE_RECHECK_MS));
  }

  private end(reason: string): Promise<StopResult> {
    this.ending ??= this.endOnce(reason).finally(() => (this.ending = null));
    return this.ending;
  }

  private async endOnce(reason: string): Promise<StopResult> {
    const row = this.record.row()!;
    const config = JSON.parse(row.config) as SessionConfig;
    if (row.status !== "active")
      return { sessionDurationMs: (row.ended_at ?? 0) - config.createdAt, creditsBilled: row.credits_billed ?? 0 };
    this.sockets.closeAll(`Browser session has been destroyed: ${reason}`);
    if (this.execution) this.execution.ended = true;
    const live = this.browser.live ?? (await this.browser.connect().catch(() => null));
    if (config.profile?.saveChanges) await saveSessionProfile(this.env, live, config, this.record.origins());
    await this.browser.close();

    const endedAt = Date.now();
    const durationMs = endedAt - config.createdAt;
    const credits = sessionCredits(durationMs, row.used_prompt ? PROMPT_CREDITS_PER_HOUR : BROWSER_CREDITS_PER_HOUR);
    this.record.ended(endedAt, reason, credits);
    this.timers.clear(["ttl", "idle"]);
    await this.timers.set("forget", endedAt + KEEP_DESTROYED_MS);
    await charge(
      this.env,
      config.teamId,
      credits,
      config.kind === "interact" ? "interact" : "browser",
      config.id,
    ).catch((e) => console.error(`session ${config.id}: charging ${credits} credits failed: ${describeError(e)}`));
    await registryStub(this.env, config.teamId)
      .ended(config.id, endedAt)
      .catch(() => {});
    return { sessionDurationMs: durationMs, creditsBilled: credits };
  }

  // ------------------------------------------------------------------------------------------------------------
  // Execute, interact

  async execute(teamId: string, request: ExecuteRequest, apiOrigin: string): Promise<Outcome<ExecuteResult>> {
    return this.exclusively(teamId, async (live, config) => {
      const context: ExecuteContext = {
        env: this.env,
        page: await live.driver.currentPage(),
        apiOrigin,
        bridgeFor: (executionId) => this.ctx.exports.ExecuteBridge({ props: { sessionId: config.id, executionId } }),
        onExecution: (execution) => (this.execution = execution),
      };
      return executeInSession(context, request);
    });
  }

  /** Interact's first call: the scraped page, as the scrape saw it. */
  async replay(teamId: string, plan: ReplayPlan): Promise<Outcome<void>> {
    return this.exclusively(teamId, async (live) => replayScrape(this.env, await live.driver.currentPage(), plan));
  }

  /** Interact's `prompt`: the LLM drives the page; the session is billed at the prompt rate from now on. */
  async prompt(teamId: string, prompt: string, timeoutMs: number): Promise<Outcome<PromptResult>> {
    return this.exclusively(teamId, async (live) => {
      this.record.usedPrompt();
      return runPromptAgent(this.env, await live.driver.currentPage(), prompt, Date.now() + timeoutMs);
    });
  }

  /** A page operation of the running execution (from the sandbox, through the bridge). */
  async pageCall(executionId: string, target: string, method: string, args: unknown[]): Promise<unknown> {
    if (this.execution?.id !== executionId)
      throw new Error("This run has ended (it finished or timed out): the page is no longer available to it");
    this.touch();
    return this.execution.call(target, method, args);
  }

  async executionLog(executionId: string, stream: "stdout" | "stderr", text: string): Promise<void> {
    if (this.execution?.id === executionId) this.execution.log(stream, text);
  }

  /** One caller at a time drives the page (execute, replay, prompt); the session counts as active meanwhile. */
  private async exclusively<T>(
    teamId: string,
    work: (live: LiveBrowser, config: SessionConfig) => Promise<T>,
  ): Promise<Outcome<T>> {
    const checked = await this.activeFor(teamId);
    if (!checked.ok) return checked;
    if (this.busy) return fail("CONFLICT", "Another call is running in this browser session; wait for it to finish");
    this.busy = true;
    this.touch();
    try {
      const live = await this.browser.usable();
      if (!live) return fail("BROWSER_SESSION_DESTROYED", SESSION_DESTROYED);
      return succeed(await work(live, checked.value));
    } catch (e) {
      return failure(e);
    } finally {
      this.busy = false;
      this.execution = null;
      this.touch();
    }
  }

  // ------------------------------------------------------------------------------------------------------------
  // Sockets: the CDP relay and the live view (the route has checked the credential)

  override async fetch(request: Request): Promise<Response> {
    // Without a team header the route has checked a session-scoped token: the session vouches for itself.
    const owner = this.record.config()?.teamId ?? "";
    const checked = await this.activeFor(request.headers.get("x-edgecrawl-team") ?? owner);
    if (!checked.ok)
      return refusal(checked.code === "BROWSER_SESSION_DESTROYED" ? 410 : 404, checked.message, checked.code);
    const scope = request.headers.get("x-edgecrawl-socket");
    const live = await this.browser.usable();
    if (!live) return refusal(410, SESSION_DESTROYED, "BROWSER_SESSION_DESTROYED");
    if (scope === "cdp") return this.sockets.acceptCdp(live);
    if (!checked.value.streamWebView) return refusal(403, "This session was created with streamWebView: false");
    return this.sockets.acceptViewer(live, scope === "control");
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    await this.sockets.message(ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await this.sockets.closed(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.sockets.closed(ws, 1011);
  }

  // ------------------------------------------------------------------------------------------------------------
  // Helpers

  /** The session's config when it exists for `teamId` and is active; 404 or 410 otherwise. */
  private async activeFor(teamId: string): Promise<Outcome<SessionConfig>> {
    const info = await this.info(teamId);
    if (!info) return fail("BROWSER_SESSION_NOT_FOUND", SESSION_NOT_FOUND);
    if (info.status !== "active" || this.ending) return fail("BROWSER_SESSION_DESTROYED", SESSION_DESTROYED);
    return succeed(info);
  }

  private touch(): void {
    const now = Date.now();
    this.lastActivity = now;
    if (now - this.activityWrittenAt < ACTIVITY_WRITE_MS) return;
    this.activityWrittenAt = now;
    this.record.touched(now);
  }
}

/** A socket request refused, with the API's error body. */
function refusal(status: number, error: string, code?: string): Response {
  return Response.json({ success: false, ...(code ? { code } : {}), error }, { status });
}

export function sessionStub(env: Env, sessionId: string): RpcStub<BrowserSessionDO> {
  return rpcStub<BrowserSessionDO>(env.BROWSER_SESSION, sessionId);
}
