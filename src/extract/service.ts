/**
 * Extract jobs (POST /v2/extract, GET /v2/extract/{id}) on the agent's job machinery: the URLs — wildcards
 * `…/*` expanded by a map of the site under that path first (1 credit each) — become a strict agent job's only
 * pages (strictConstrainToURLs: the model may read nothing else, and cannot map or search), the prompt and
 * schema its task. Status, credits, retries and expiry are the agent job's; only the answer's shape differs.
 */
import { agentJobStub } from "../../durable-objects/agent-job";
import { startAgent } from "../agent/service";
import { charge } from "../credits/charge";
import { mapSite } from "../crawl/map";
import { ApiError } from "../errors";
import { DEFAULT_AGENT_MAX_CREDITS } from "../schemas/agent";
import { coerceUrlInput, fetchableUrlProblem } from "../schemas/common";
import { MAX_EXTRACT_URLS, type ExtractRequest } from "../schemas/extract";

const MAP_TIMEOUT_MS = 30_000;
const DEFAULT_PROMPT = "Extract the data the JSON Schema describes.";
const READ_ALL = "Read every one of these pages before you answer, and combine what they say.";

export interface ExtractContext {
  env: Env;
  teamId: string;
  apiKey?: string;
  apiOrigin: string;
}

/** Starts the job; the URLs that could not be used are listed when `ignoreInvalidURLs` let them be left out. */
export async function startExtract(
  ctx: ExtractContext,
  body: ExtractRequest,
): Promise<{ id: string; invalidURLs?: string[] }> {
  const urls: string[] = [];
  const invalid: string[] = [];
  for (const [index, raw] of body.urls.entries()) {
    const wildcard = /\/\*$/.test(raw);
    const url = wildcard ? raw.slice(0, -1) : raw;
    const problem = fetchableUrlProblem(ctx.env, url);
    if (problem) {
      if (!body.ignoreInvalidURLs)
        throw new ApiError("BAD_REQUEST", `urls[${index}]: ${problem}`, [
          { path: ["urls", index], message: problem, code: "custom" },
        ]);
      invalid.push(raw);
      continue;
    }
    urls.push(...(wildcard ? await pagesUnder(ctx, url) : [new URL(coerceUrlInput(url)).href]));
  }
  const unique = [...new Set(urls)].slice(0, MAX_EXTRACT_URLS);
  if (unique.length === 0)
    throw new ApiError("BAD_REQUEST", "urls: no usable URL is left", [
      { path: ["urls"], message: "no usable URL", code: "custom" },
    ]);
  const prompt = [body.systemPrompt, body.prompt ?? DEFAULT_PROMPT, READ_ALL].filter(Boolean).join("\n\n");
  const id = await startAgent(
    ctx.env,
    ctx.teamId,
    {
      prompt,
      urls: unique,
      schema: body.schema,
      maxCredits: DEFAULT_AGENT_MAX_CREDITS,
      strictConstrainToURLs: true,
      model: "spark-1-mini",
    },
    ctx.apiOrigin,
    { apiKey: ctx.apiKey, kind: "extract", showSources: body.showSources },
  );
  return body.ignoreInvalidURLs ? { id, invalidURLs: invalid } : { id };
}

/** The site's pages under a wildcard's path, from a map of the site (billed as a map). */
async function pagesUnder(ctx: ExtractContext, base: string): Promise<string[]> {
  const prefix = new URL(coerceUrlInput(base));
  const links = await mapSite(ctx.env, ctx.teamId, {
    url: prefix.href,
    limit: MAX_EXTRACT_URLS * 5,
    sitemap: "include",
    includeSubdomains: false,
    ignoreQueryParameters: true,
    timeout: MAP_TIMEOUT_MS,
  });
  await charge(ctx.env, ctx.teamId, 1, "map", undefined, ctx.apiKey);
  return links
    .map((l) => l.url)
    .filter((url) => {
      const u = new URL(url);
      return u.host === prefix.host && u.pathname.startsWith(prefix.pathname);
    });
}

/** The job's status in the SDK's `ExtractResponse` shape. */
export async function extractStatus(env: Env, teamId: string, id: string) {
  const view = await agentJobStub(env, id).status(teamId, "extract");
  if (!view) throw new ApiError("JOB_NOT_FOUND", "Extract job not found");
  return {
    success: true as const,
    id,
    status: view.status,
    data: view.status === "completed" ? (view.data ?? null) : null,
    ...(view.error ? { error: view.error } : {}),
    ...(view.warning ? { warning: view.warning } : {}),
    ...(view.showSources ? { sources: { pages: view.sources } } : {}),
    expiresAt: view.expiresAt,
    creditsUsed: view.creditsUsed,
  };
}
