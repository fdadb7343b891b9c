/**
 * One Durable Object per remote browser session (POST /v2/browser, interact): the only path to its Browser
 * Rendering session. It holds the session's record, its one DevTools connection (live-browser.ts) and its
 * clients — CDP relay sockets and live-view sockets, accepted as hibernatable WebSockets — runs execute and
 * interact on the session's page, and enforces `ttl` and `activityTtl` with the job objects' timers (one alarm over
 * a table of due times: `ttl`, `idle`, and `forget` for the record of a session that ended).
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
import { captureProfile, seedProfile } from "../src/sessions/profile-browser";
import { loadProfile, mergeOrigins, storeProfile, unlockProfile } from "../src/sessions/profiles";
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
import { Timers, TIMERS_TABLE } from "../src/jobs/timers";
import { registryStub } from "./browser-registry";
import { all, first, migrate, rpcStub, run, type RpcStub } from "./sql";

/** A destroyed session's record answers 410 for this long, then the object forgets it (404). */
const KEEP_DESTROYED_MS = 24 * 3600 * 1000;

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

/** An idle check that finds the session busy (or touched meanwhile) looks again no sooner than this. */
const IDLE_RECHECK_MS = 1_000;
/** Reconnecting to the browser (after this object restarted) is tried this often before the session is given up. */
const RECONNECT_ATTEMPTS = 3;
const RECONNECT_PAUSE_MS = 500;
/** Activity is written to storage at most this often (CDP traffic can be thousands of messages a second). */
const ACTIVITY_WRITE_MS = 1_000;

type Row = {
  config: string;
  browser_session_id: string | null;
  status: string;
  last_activity: number;
  ended_at: number | null;
  end_reason: string | null;
  credits_billed: number | null;
  used_prompt: number;
};

export class BrowserSessionDO extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly timers: Timers<"ttl" | "idle" | "forget">;
  private live: LiveBrowser | null = null;
  private connecting: Promise<LiveBrowser> | null = null;
  private readonly sockets: SessionSockets;
  private execution: Execution | null = null;
  private busy = false;
  private ending: Promise<StopResult> | null = null;
  private lastActivity = 0;
  private activityWrittenAt = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => migrate(this.sql, MIGRATIONS));
    this.timers = new Timers(this.sql, ctx.storage);
    this.sockets = new SessionSockets(ctx, {
      touch: () => this.touch(),
      live: () => (this.row()?.status === "active" ? this.usableBrowser() : Promise.resolve(null)),
      connected: () => this.live,
    });
  }

  // ------------------------------------------------------------------------------------------------------------
  // Lifecycle

  async start(config: SessionConfig): Promise<Outcome<SessionInfo>> {
    if (this.row()) return fail("CONFLICT", "This browser session exists already");
    run(
      this.sql,
      "INSERT INTO session (id, config, status, last_activity) VALUES (1, ?, 'active', ?)",
      JSON.stringify(config),
      Date.now(),
    );
    this.lastActivity = Date.now();
    try {
      const browserSessionId = await LiveBrowser.acquire(this.env);
      run(this.sql, "UPDATE session SET browser_session_id = ? WHERE id = 1", browserSessionId);
      const live = await this.liveBrowser();
      await live.prepareFirstTab();
      if (config.profile) {
        const state = await loadProfile(this.env, config.teamId, config.profile.name);
        if (state) await this.withScratchPage(live, (page) => seedProfile(page, state));
        for (const { origin } of state?.origins ?? []) this.rememberOrigin(origin);
      }
      await this.timers.set("ttl", config.expiresAt);
      await this.timers.set("idle", this.lastActivity + config.activityTtlMs);
      return succeed((await this.info(config.teamId))!);
    } catch (e) {
      await this.live?.close(true).catch(() => {});
      this.live = null;
      await this.ctx.storage.deleteAll();
      migrate(this.sql, MIGRATIONS);
      return failure(
        e instanceof ApiError
          ? e
          : new ApiError("BROWSER_SESSION_ERROR", `Could not start a browser: ${describeError(e)}`),
      );
    }
  }

  /** The session as its team sees it; null for anyone else (or once forgotten). */
  async info(teamId: string): Promise<SessionInfo | null> {
    const row = this.row();
    if (!row) return null;
    const config = JSON.parse(row.config) as SessionConfig;
    if (config.teamId !== teamId) return null;
    return {
      ...config,
      status: row.status === "active" ? "active" : "destroyed",
      lastActivity: Math.max(row.last_activity, this.lastActivity),
      endedAt: row.ended_at,
      endReason: row.end_reason,
      creditsBilled: row.credits_billed,
      usedPrompt: row.used_prompt === 1,
    };
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
          migrate(this.sql, MIGRATIONS);
        },
      },
      () => this.row() !== null,
    );
  }

  /** The idle timer: ends the session when nothing happened within its activityTtl, or looks again when due. */
  private async endIfIdle(): Promise<void> {
    const row = this.row()!;
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
    const row = this.row()!;
    const config = JSON.parse(row.config) as SessionConfig;
    if (row.status !== "active")
      return { sessionDurationMs: (row.ended_at ?? 0) - config.createdAt, creditsBilled: row.credits_billed ?? 0 };
    this.sockets.closeAll(`Browser session has been destroyed: ${reason}`);
    if (this.execution) this.execution.ended = true;
    const live = this.live ?? (await this.liveBrowser().catch(() => null));
    if (live && config.profile?.saveChanges)
      await this.saveProfile(live, config).catch((e) =>
        console.error(`session ${config.id}: saving the profile failed: ${describeError(e)}`),
      );
    if (config.profile?.saveChanges)
      await unlockProfile(this.env, config.teamId, config.profile.name, config.id).catch(() => {});
    await live?.close(true).catch(() => {});
    this.live = null;

    const endedAt = Date.now();
    const durationMs = endedAt - config.createdAt;
    const credits = sessionCredits(durationMs, row.used_prompt ? PROMPT_CREDITS_PER_HOUR : BROWSER_CREDITS_PER_HOUR);
    run(
      this.sql,
      "UPDATE session SET status = 'destroyed', ended_at = ?, end_reason = ?, credits_billed = ? WHERE id = 1",
      endedAt,
      reason,
      credits,
    );
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
      run(this.sql, "UPDATE session SET used_prompt = 1 WHERE id = 1");
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
      const live = await this.usableBrowser();
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
    const owner = this.row() ? (JSON.parse(this.row()!.config) as SessionConfig).teamId : "";
    const checked = await this.activeFor(request.headers.get("x-edgecrawl-team") ?? owner);
    if (!checked.ok)
      return Response.json(
        { success: false, code: checked.code, error: checked.message },
        { status: checked.code === "BROWSER_SESSION_DESTROYED" ? 410 : 404 },
      );
    const scope = request.headers.get("x-edgecrawl-socket");
    const live = await this.usableBrowser();
    if (!live)
      return Response.json(
        { success: false, code: "BROWSER_SESSION_DESTROYED", error: SESSION_DESTROYED },
        { status: 410 },
      );
    if (scope === "cdp") return this.sockets.acceptCdp(live);
    if (!checked.value.streamWebView)
      return Response.json(
        { success: false, error: "This session was created with streamWebView: false" },
        { status: 403 },
      );
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

  private row(): Row | null {
    return first<Row>(this.sql, "SELECT * FROM session WHERE id = 1");
  }

  /** The session's config when it exists for `teamId` and is active; 404 or 410 otherwise. */
  private async activeFor(teamId: string): Promise<Outcome<SessionConfig>> {
    const info = await this.info(teamId);
    if (!info) return fail("BROWSER_SESSION_NOT_FOUND", SESSION_NOT_FOUND);
    if (info.status !== "active" || this.ending) return fail("BROWSER_SESSION_DESTROYED", SESSION_DESTROYED);
    return succeed(info);
  }

  /**
   * The connection to the browser for a caller; when it cannot be made again (the browser crashed, the local
   * runtime restarted and took its browsers along), the session ends and the caller gets null.
   */
  private async usableBrowser(): Promise<LiveBrowser | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.liveBrowser();
      } catch (e) {
        if (attempt < RECONNECT_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, RECONNECT_PAUSE_MS));
          continue;
        }
        console.error(`browser session: its browser cannot be reached: ${describeError(e)}`);
        await this.end("its browser could no longer be reached");
        return null;
      }
    }
  }

  /** The connection to the browser, made (again) when this object has none. */
  private liveBrowser(): Promise<LiveBrowser> {
    if (this.live?.isOpen) return Promise.resolve(this.live);
    this.connecting ??= (async () => {
      const browserSessionId = this.row()?.browser_session_id;
      if (!browserSessionId) throw new Error("The session has no browser");
      const live: LiveBrowser = await LiveBrowser.connect(this.env, browserSessionId, {
        onActivity: () => this.touch(),
        onDocument: (url) => this.rememberOrigin(url.origin),
        onLost: () => void this.browserLost(live),
      });
      this.live = live;
      return live;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  /** The browser closed under `lost` (crashed, or ended by Browser Rendering): so does the session. */
  private async browserLost(lost: LiveBrowser): Promise<void> {
    if (this.live !== lost) return;
    this.live = null;
    if (this.row()?.status === "active" && !this.ending) await this.end("the browser closed");
  }

  private touch(): void {
    const now = Date.now();
    this.lastActivity = now;
    if (now - this.activityWrittenAt < ACTIVITY_WRITE_MS) return;
    this.activityWrittenAt = now;
    run(this.sql, "UPDATE session SET last_activity = ? WHERE id = 1 AND status = 'active'", now);
  }

  private rememberOrigin(origin: string): void {
    run(this.sql, "INSERT OR IGNORE INTO origins (origin) VALUES (?)", origin);
  }

  private async saveProfile(live: LiveBrowser, config: SessionConfig): Promise<void> {
    const profile = config.profile!;
    const previous = await loadProfile(this.env, config.teamId, profile.name);
    const origins = all<{ origin: string }>(this.sql, "SELECT origin FROM origins").map((r) => r.origin);
    const captured = await this.withScratchPage(live, (page) => captureProfile(page, origins));
    await storeProfile(this.env, config.teamId, profile.name, {
      cookies: captured.cookies,
      origins: mergeOrigins(previous?.origins ?? [], captured.origins),
    });
  }

  private async withScratchPage<T>(
    live: LiveBrowser,
    work: (page: Awaited<ReturnType<LiveBrowser["driver"]["scratchPage"]>>) => Promise<T>,
  ): Promise<T> {
    const page = await live.driver.scratchPage();
    try {
      return await work(page);
    } finally {
      await page.close().catch(() => {});
    }
  }
}

export function sessionStub(env: Env, sessionId: string): RpcStub<BrowserSessionDO> {
  return rpcStub<BrowserSessionDO>(env.BROWSER_SESSION, sessionId);
}
