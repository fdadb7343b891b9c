/**
 * Remote browser sessions from the routes' side: opening one (credits pre-check, the team's cap, the profile
 * lock, the session's own object), listing, stopping and executing in them, with the session-scoped URLs.
 */
import { registryStub } from "../../durable-objects/browser-registry";
import { sessionStub } from "../../durable-objects/browser-session";
import { ensureCredits } from "../credits/charge";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { SESSION_MIN_CREDITS } from "../credits/rates";
import { lockProfile, unlockProfile, type ProfileOption } from "./profiles";
import { sessionUrls } from "./tokens";
import {
  SESSION_NOT_FOUND,
  unwrap,
  type ExecuteRequest,
  type SessionConfig,
  type SessionInfo,
  type SessionKind,
  type StopResult,
} from "./types";
import type { ExecuteResult } from "./sandbox";

const DEFAULT_SESSIONS_PER_TEAM = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OpenSessionInput {
  ttl: number;
  activityTtl: number;
  streamWebView: boolean;
  profile?: ProfileOption | null;
  kind?: SessionKind;
  scrapeId?: string | null;
}

export function sessionsPerTeam(env: Env): number {
  const configured = Number(env.BROWSER_SESSIONS_PER_TEAM);
  return Number.isFinite(configured) && configured >= 1 ? Math.floor(configured) : DEFAULT_SESSIONS_PER_TEAM;
}

export async function openSession(env: Env, teamId: string, input: OpenSessionInput): Promise<SessionInfo> {
  await ensureCredits(env, teamId, SESSION_MIN_CREDITS);
  const now = Date.now();
  const config: SessionConfig = {
    id: newId(now),
    teamId,
    kind: input.kind ?? "browser",
    scrapeId: input.scrapeId ?? null,
    activityTtlMs: input.activityTtl * 1000,
    streamWebView: input.streamWebView,
    profile: input.profile ?? null,
    createdAt: now,
    expiresAt: now + input.ttl * 1000,
  };
  const limit = sessionsPerTeam(env);
  const registry = registryStub(env, teamId);
  const reserved = await registry.reserve(
    {
      id: config.id,
      kind: config.kind,
      scrapeId: config.scrapeId,
      streamWebView: config.streamWebView,
      createdAt: now,
      expiresAt: config.expiresAt,
    },
    limit,
  );
  if (!reserved) {
    throw new ApiError(
      "BROWSER_SESSION_LIMIT",
      `Your team already has ${limit} browser sessions open, the most it may hold at ` +
        `once. Stop one (DELETE /v2/browser/{id}) or wait for one to expire.`,
    );
  }
  const saver = config.profile?.saveChanges ? config.profile : null;
  try {
    if (saver) await lockProfile(env, teamId, saver.name, config.id, config.expiresAt);
    return unwrap(await sessionStub(env, config.id).start(config));
  } catch (e) {
    await registry.forget(config.id);
    if (saver) await unlockProfile(env, teamId, saver.name, config.id).catch(() => {});
    throw e;
  }
}

/** The session when it exists for the team (destroyed ones included); 404 otherwise. */
export async function findSession(env: Env, teamId: string, id: string): Promise<SessionInfo> {
  const info = UUID.test(id) ? await sessionStub(env, id).info(teamId) : null;
  if (!info) throw new ApiError("BROWSER_SESSION_NOT_FOUND", SESSION_NOT_FOUND);
  return info;
}

export async function stopSession(env: Env, teamId: string, id: string): Promise<StopResult> {
  if (!UUID.test(id)) throw new ApiError("BROWSER_SESSION_NOT_FOUND", SESSION_NOT_FOUND);
  return unwrap(await sessionStub(env, id).stop(teamId, "it was deleted"));
}

export async function executeInSessionById(
  env: Env,
  teamId: string,
  id: string,
  request: ExecuteRequest,
  apiOrigin: string,
): Promise<ExecuteResult> {
  if (!UUID.test(id)) throw new ApiError("BROWSER_SESSION_NOT_FOUND", SESSION_NOT_FOUND);
  return unwrap(await sessionStub(env, id).execute(teamId, request, apiOrigin));
}

/** `{id, cdpUrl, liveViewUrl, interactiveLiveViewUrl, expiresAt}` of a session. */
export async function sessionAddresses(
  env: Env,
  info: Pick<SessionInfo, "id" | "expiresAt" | "streamWebView">,
  apiOrigin: string,
) {
  return {
    id: info.id,
    ...(await sessionUrls(env, apiOrigin, info.id, info.expiresAt, info.streamWebView)),
    expiresAt: new Date(info.expiresAt).toISOString(),
  };
}

export async function listSessions(
  env: Env,
  teamId: string,
  status: "active" | "destroyed" | undefined,
  apiOrigin: string,
) {
  const rows = await registryStub(env, teamId).list(status);
  return Promise.all(
    rows.map(async (row) => {
      const info = await sessionStub(env, row.id)
        .info(teamId)
        .catch(() => null);
      const { id, cdpUrl, liveViewUrl, interactiveLiveViewUrl } = await sessionAddresses(env, row, apiOrigin);
      const lastActivity = info?.lastActivity ?? row.endedAt ?? row.createdAt;
      return {
        id,
        status: info?.status ?? row.status,
        cdpUrl,
        liveViewUrl,
        interactiveLiveViewUrl,
        streamWebView: row.streamWebView,
        createdAt: new Date(row.createdAt).toISOString(),
        lastActivity: new Date(lastActivity).toISOString(),
      };
    }),
  );
}

/** Execute's response body: `error` carries stderr when the run failed or was stopped. */
export function executeBody(result: ExecuteResult) {
  const failed = result.exitCode !== 0 || result.killed;
  return { ...result, ...(failed ? { error: result.stderr.trim() || "Execution failed" } : {}) };
}
