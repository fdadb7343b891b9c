/**
 * Interact: code or a prompt run in a browser session that stands on a scraped page. The first call
 * for a scrape opens a session (or adopts `existingSessionId`) and replays the scrape in it — same URL, headers,
 * device, location and profile, the scrape's actions — and later calls reuse it until it ends.
 */
import { registryStub } from "../../durable-objects/browser-registry";
import { sessionStub } from "../../durable-objects/browser-session";
import { ApiError } from "../errors";
import { llmConfigured } from "../llm/client";
import { LLM_SETTINGS } from "../llm/provider";
import { loadStoredScrape, type ScrapeRequestRecord } from "../scrape/cache";
import { checkRunnable } from "./execute";
import { executeBody, findSession, openSession, sessionAddresses } from "./service";
import { SESSION_NOT_FOUND, unwrap, type ReplayPlan, type SessionInfo, type StopResult } from "./types";
import type { ExecuteResult } from "./sandbox";

export interface InteractRequest {
  code?: string;
  prompt?: string;
  language: "node" | "bash" | "python";
  timeout: number;
  ttl?: number;
  activityTtl?: number;
  existingSessionId?: string;
}

const DEFAULT_TTL_S = 600;
const DEFAULT_ACTIVITY_TTL_S = 300;

export async function interact(
  env: Env,
  teamId: string,
  scrapeId: string,
  request: InteractRequest,
  apiOrigin: string,
) {
  const usePrompt = request.code === undefined;
  if (usePrompt && !llmConfigured(env)) {
    throw new ApiError(
      "LLM_NOT_CONFIGURED",
      `interact with a prompt needs an LLM, and none is configured: ${LLM_SETTINGS}`,
    );
  }
  if (!usePrompt) checkRunnable(request.language, request.code!);
  const stored = await loadStoredScrape(env, scrapeId, teamId);
  if (!stored) throw new ApiError("JOB_NOT_FOUND", "Job not found.");

  const session = await sessionForScrape(
    env,
    teamId,
    scrapeId,
    request,
    stored.request ?? null,
    stored.document.metadata.url ?? stored.document.metadata.sourceURL,
  );
  const stub = sessionStub(env, session.id);
  let result: ExecuteResult & { output?: string };
  if (usePrompt) result = unwrap(await stub.prompt(teamId, request.prompt!, request.timeout * 1000));
  else
    result = unwrap(
      await stub.execute(
        teamId,
        { code: request.code!, language: request.language, timeout: request.timeout },
        apiOrigin,
      ),
    );

  const { id, cdpUrl, liveViewUrl, interactiveLiveViewUrl } = await sessionAddresses(env, session, apiOrigin);
  const body = executeBody(result);
  return { success: !("error" in body), sessionId: id, cdpUrl, liveViewUrl, interactiveLiveViewUrl, ...body };
}

/** DELETE /v2/scrape/{id}/interact: ends the scrape's session. */
export async function stopInteract(env: Env, teamId: string, scrapeId: string): Promise<StopResult> {
  const registered = await registryStub(env, teamId).forScrape(scrapeId);
  if (!registered) throw new ApiError("BROWSER_SESSION_NOT_FOUND", SESSION_NOT_FOUND);
  return unwrap(await sessionStub(env, registered.id).stop(teamId, "its interaction was stopped"));
}

async function sessionForScrape(
  env: Env,
  teamId: string,
  scrapeId: string,
  request: InteractRequest,
  recorded: ScrapeRequestRecord | null,
  pageUrl: string,
): Promise<SessionInfo> {
  const registry = registryStub(env, teamId);
  const current = await registry.forScrape(scrapeId);
  if (current?.status === "active") return findSession(env, teamId, current.id);
  if (request.existingSessionId) {
    const adopted = await findSession(env, teamId, request.existingSessionId);
    if (adopted.status !== "active")
      throw new ApiError("BROWSER_SESSION_DESTROYED", "The session given as existingSessionId has been destroyed.");
    await registry.assignScrape(adopted.id, scrapeId);
    return adopted;
  }
  const session = await openSession(env, teamId, {
    ttl: request.ttl ?? DEFAULT_TTL_S,
    activityTtl: request.activityTtl ?? DEFAULT_ACTIVITY_TTL_S,
    streamWebView: true,
    profile: recorded?.options.profile ?? null,
    kind: "interact",
    scrapeId,
  });
  const plan: ReplayPlan = {
    url: recorded?.url ?? pageUrl,
    options: {
      headers: undefined,
      mobile: false,
      location: undefined,
      waitFor: 0,
      actions: undefined,
      blockAds: true,
      skipTlsVerification: true,
      proxy: "basic",
      zeroDataRetention: false,
      ...recorded?.options,
    },
  };
  const replayed = await sessionStub(env, session.id).replay(teamId, plan);
  if (!replayed.ok) {
    await sessionStub(env, session.id).stop(teamId, "the scrape could not be replayed");
    throw new ApiError(replayed.code, `The scraped page could not be opened again: ${replayed.message}`);
  }
  return session;
}
