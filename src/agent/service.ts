/**
 * The agent routes' side (docs/api.md, "Agent"): what is checked before a job exists — an LLM, start points, a
 * useful maxCredits, the outbound policy for the URLs and the webhook, the team's credits — then the job's
 * Durable Object is created; and the status and cancel calls, which only ever reach the caller's own jobs.
 */
import { agentJobStub, type AgentStatusView } from "../../durable-objects/agent-job";
import { teamStub } from "../../durable-objects/team";
import { INSUFFICIENT_CREDITS_MESSAGE } from "../credits/charge";
import { checkWebhookTarget } from "../jobs/webhook-signing";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { toolCallingConfigured } from "../llm/tools";
import { checkEgress, egressPolicy } from "../net/egress";
import { normalizeUrl } from "../net/urls";
import type { AgentModelName, AgentRequest } from "../schemas/agent";
import { coerceUrlInput, targetUrlProblem } from "../schemas/common";
import { searchConfigured } from "../search/provider";
import { STEP_CREDITS } from "../credits/rates";
import type { AgentConfig } from "./sql-schema";

const NOT_FOUND = "Agent job not found";
/** URLs taken from a prompt as start points, at most. */
const MAX_PROMPT_URLS = 10;

function isPro(model: AgentModelName): boolean {
  return model !== "spark-1-mini";
}

/** The least maxCredits that lets a job take one step, one action and still answer. */
export function minimumMaxCredits(model: AgentModelName): number {
  return 2 * (isPro(model) ? STEP_CREDITS.pro : STEP_CREDITS.mini) + 1;
}

/** The http(s) URLs written in a prompt, in order, each once (trailing punctuation is not part of a URL). */
export function urlsInPrompt(prompt: string): string[] {
  const found = [...prompt.matchAll(/https?:\/\/[^\s<>"'`()[\]{}]+/gi)].map((m) => m[0].replace(/[.,;:!?]+$/, ""));
  return [...new Set(found.filter((url) => targetUrlProblem(url) === null && normalizeUrl(url)))].slice(
    0,
    MAX_PROMPT_URLS,
  );
}

function badRequest(field: string, message: string): ApiError {
  return new ApiError("BAD_REQUEST", message, [{ path: [field], message, code: "custom" }]);
}

/** How a job is started: the key that asked (its usage is attributed to it), and for extract jobs their kind. */
export interface AgentStart {
  apiKey?: string;
  kind?: "agent" | "extract";
  showSources?: boolean;
}

export async function startAgent(
  env: Env,
  teamId: string,
  body: AgentRequest,
  apiOrigin: string,
  start: AgentStart = {},
): Promise<string> {
  if (!toolCallingConfigured(env)) {
    throw new ApiError(
      "LLM_NOT_CONFIGURED",
      "The agent needs an LLM with tool calling, and none is configured: set LLM_BASE_URL (an " +
        "OpenAI-compatible endpoint), LLM_MODEL and LLM_API_KEY (a Workers AI binding alone does not do tool " +
        "calling here)",
    );
  }
  const minimum = minimumMaxCredits(body.model);
  if (body.maxCredits < minimum)
    throw badRequest(
      "maxCredits",
      `maxCredits must be at least ${minimum} for ${body.model} (see the credits documentation)`,
    );
  const policy = egressPolicy(env);
  const given = body.urls?.map((url) => checkEgress(coerceUrlInput(url), policy).href);
  const startUrls = given ?? urlsInPrompt(body.prompt).filter((url) => isAllowed(url, policy));
  const search = !body.strictConstrainToURLs && searchConfigured(env);
  if (startUrls.length === 0 && !search) {
    throw badRequest(
      "urls",
      "The agent needs somewhere to start: give urls, write the URLs to start " +
        "from in the prompt, or configure a search provider (SEARCH_URL)",
    );
  }
  if (body.webhook) await checkWebhookTarget(env, body.webhook.url, teamId);
  if (!(await teamStub(env, teamId).canSpend(minimum)))
    throw new ApiError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  const pro = isPro(body.model);
  const config: AgentConfig = {
    id: newId(),
    teamId,
    prompt: body.prompt,
    startUrls,
    strict: body.strictConstrainToURLs,
    schema: body.schema,
    maxCredits: body.maxCredits,
    model: body.model,
    ...(pro && env.LLM_MODEL_PRO?.trim() ? { llmModel: env.LLM_MODEL_PRO.trim() } : {}),
    stepCredits: pro ? STEP_CREDITS.pro : STEP_CREDITS.mini,
    search,
    webhook: body.webhook,
    apiOrigin,
    createdAt: Date.now(),
    ...(start.kind === "extract" ? { kind: "extract" as const, showSources: start.showSources ?? false } : {}),
  };
  if (start.apiKey) await teamStub(env, teamId).rememberJobKey(config.id, start.apiKey);
  await agentJobStub(env, config.id).create(config);
  return config.id;
}

function isAllowed(url: string, policy: ReturnType<typeof egressPolicy>): boolean {
  try {
    checkEgress(url, policy);
    return true;
  } catch {
    return false;
  }
}

export async function agentStatus(env: Env, teamId: string, id: string): Promise<AgentStatusView> {
  const view = await agentJobStub(env, id).status(teamId, "agent");
  if (!view) throw new ApiError("JOB_NOT_FOUND", NOT_FOUND);
  return view;
}

export async function cancelAgent(env: Env, teamId: string, id: string): Promise<void> {
  const outcome = await agentJobStub(env, id).cancel(teamId);
  if (!outcome) throw new ApiError("JOB_NOT_FOUND", NOT_FOUND);
  if (outcome === "finished") throw new ApiError("CONFLICT", "The agent job has already ended");
}
