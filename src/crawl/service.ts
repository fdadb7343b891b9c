/**
 * What the crawl and batch routes (v1 and v2) share: creating a job Durable Object from validated options, and
 * turning a job's state into the status body (docs/api.md, "Jobs"; with `next` pagination).
 */
import { jobStub } from "../../durable-objects/crawl-job";
import { teamStub } from "../../durable-objects/team";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { checkEgress, egressPolicy } from "../net/egress";
import { loadDocuments } from "../scrape/cache";
import type { ScrapeDocument } from "../schemas/document";
import { presentDocument } from "../scrape/present";
import { normalizeFormats } from "../schemas/formats";
import { requireLlmFor } from "../llm/client";
import { refuseUnavailableFormats } from "../scrape/unavailable";
import { validatePatterns } from "./scope";
import { checkWebhookTarget } from "../jobs/webhook-signing";
import type { JobConfig, JobKind, JobRequest, StatusPage } from "./types";

export interface NewJob extends JobRequest {
  kind: JobKind;
  apiVersion: "v1" | "v2";
  teamId: string;
  /** The name of the key that started the job: its charges are attributed to it. */
  apiKey?: string;
  /** Batch: the URLs to scrape. */
  urls?: string[];
  apiOrigin: string;
  displayOptions: Record<string, unknown>;
}

/** Checks what can be checked before any work (patterns, webhook, credits), then creates the job. */
export async function createJob(env: Env, job: NewJob): Promise<JobConfig> {
  for (const [field, patterns] of [
    ["includePaths", job.crawler.includePaths],
    ["excludePaths", job.crawler.excludePaths],
  ] as const) {
    const problem = validatePatterns(patterns, field);
    if (problem) throw new ApiError("BAD_REQUEST", problem, [{ path: [field], message: problem, code: "custom" }]);
  }
  if (job.scrapeOptions.zeroDataRetention) {
    throw new ApiError(
      "ZERO_DATA_RETENTION_NOT_SUPPORTED",
      "zeroDataRetention is honoured by POST /v2/scrape only: crawl and batch results are stored until the " +
        "job expires (24 hours after it ends) so they can be read back. Scrape the pages with /v2/scrape " +
        "instead.",
      [{ path: ["zeroDataRetention"], message: "not available for crawls and batch scrapes", code: "custom" }],
    );
  }
  const formats = normalizeFormats(job.scrapeOptions.formats);
  refuseUnavailableFormats(
    env,
    formats,
    job.scrapeOptions,
    job.kind === "crawl" ? ["scrapeOptions", "formats"] : ["formats"],
  );
  requireLlmFor(env, formats, job.scrapeOptions);
  if (job.kind === "crawl") checkEgress(job.url, egressPolicy(env));
  if (job.webhook) await checkWebhookTarget(env, job.webhook.url, job.teamId);
  const team = teamStub(env, job.teamId);
  const [credits, teamLimit] = await Promise.all([team.credits(), team.concurrencyLimit()]);
  if (credits.remaining !== null && credits.remaining < 1) {
    throw new ApiError("INSUFFICIENT_CREDITS", "Insufficient credits to perform this request.");
  }
  // Like the reference service: a limit above the remaining balance is lowered to it rather than refused.
  const limit = credits.remaining === null ? job.crawler.limit : Math.min(job.crawler.limit, credits.remaining);
  const config: JobConfig = {
    id: newId(),
    teamId: job.teamId,
    kind: job.kind,
    apiVersion: job.apiVersion,
    url: job.url,
    urls: job.urls,
    crawler: { ...job.crawler, limit },
    scrapeOptions: job.scrapeOptions,
    maxConcurrency: Math.max(1, Math.min(job.maxConcurrency ?? teamLimit, teamLimit)),
    webhook: job.webhook,
    apiOrigin: job.apiOrigin,
    createdAt: Date.now(),
    displayOptions: job.displayOptions,
  };
  if (job.apiKey) await team.rememberJobKey(config.id, job.apiKey);
  await jobStub(env, config.id).create(config);
  return config;
}

/** The path of a job's status resource. */
export function jobPath(kind: JobKind, apiVersion: "v1" | "v2", id: string): string {
  return `/${apiVersion}/${kind === "batch" ? "batch/scrape" : "crawl"}/${id}`;
}

export const DEFAULT_STATUS_PAGE_SIZE = 100;
export const MAX_STATUS_PAGE_SIZE = 1000;
/**
 * How long a status request for data that is not there yet waits for it (spares auto-paginating clients a busy loop).
 */
const LONG_POLL_MS = 1_000;
const LONG_POLL_STEP_MS = 200;

const ROBOTS_WARNING =
  "One or more pages were unable to be crawled because the robots.txt file " +
  "prevented this. Please use the /scrape endpoint instead.";

export interface StatusQuery {
  skip?: string;
  limit?: string;
}

function parsePagination(query: StatusQuery): { skip: number; limit: number; limitGiven: boolean } {
  const parse = (value: string | undefined, name: string, min: number, max: number) => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new ApiError("BAD_REQUEST", `${name} must be an integer from ${min} to ${max}`, [
        { path: [name], message: "invalid", code: "custom" },
      ]);
    }
    return Number(value);
  };
  const skip = parse(query.skip, "skip", 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const limit = parse(query.limit, "limit", 1, MAX_STATUS_PAGE_SIZE);
  return { skip, limit: limit ?? DEFAULT_STATUS_PAGE_SIZE, limitGiven: limit !== undefined };
}

/**
 * GET status: one page of documents plus the job's counters; 404 for unknown ids, other teams' jobs and jobs of
 * a kind the route does not serve (`kinds`).
 */
export async function jobStatusBody(
  env: Env,
  teamId: string,
  id: string,
  kinds: readonly JobKind[],
  query: StatusQuery,
  requestUrl: string,
) {
  const { skip, limit, limitGiven } = parsePagination(query);
  const stub = jobStub(env, id);
  let page = await stub.status(teamId, skip, limit);
  if (!page || !kinds.includes(page.kind)) throw new ApiError("JOB_NOT_FOUND", "Job not found");
  for (
    let waited = 0;
    page.status === "scraping" && page.scrapeIds.length === 0 && waited < LONG_POLL_MS;
    waited += LONG_POLL_STEP_MS
  ) {
    await new Promise((r) => setTimeout(r, LONG_POLL_STEP_MS));
    page = (await stub.status(teamId, skip, limit)) ?? page;
  }
  const documents = await presentAll(env, page, new URL(requestUrl).origin);
  const returned = page.scrapeIds.length;
  const more = page.resultCount > skip + returned || page.status === "scraping";
  const body: Record<string, unknown> = {
    success: !(page.status === "failed" && page.completed === 0),
    status: page.status,
    completed: page.completed,
    total: page.total,
    creditsUsed: page.creditsUsed,
    expiresAt: new Date(page.expiresAt).toISOString(),
    createdAt: new Date(page.createdAt).toISOString(),
  };
  if (page.completedAt) {
    body.completedAt = new Date(page.completedAt).toISOString();
    body.duration = (page.completedAt - page.createdAt) / 1000;
  }
  if (more) {
    const next = new URL(jobPath(page.kind, page.apiVersion, id), requestUrl);
    next.searchParams.set("skip", String(skip + returned));
    if (limitGiven) next.searchParams.set("limit", String(limit));
    body.next = next.href;
  }
  if (page.error) body.error = page.error;
  if (page.robotsBlocked > 0 && page.status !== "scraping") body.warning = ROBOTS_WARNING;
  body.data = documents;
  return body;
}

async function presentAll(env: Env, page: StatusPage, origin: string): Promise<ScrapeDocument[]> {
  const documents = await loadDocuments(env, page.scrapeIds);
  return Promise.all(
    documents.filter((d): d is ScrapeDocument => d !== null).map((d) => presentDocument(env, d, origin)),
  );
}

/** DELETE: cancel a running job. */
export async function cancelJob(env: Env, teamId: string, id: string, kind: JobKind): Promise<void> {
  const stub = jobStub(env, id);
  const info = await stub.info(teamId);
  if (!info || info.kind !== kind) throw new ApiError("JOB_NOT_FOUND", "Job not found");
  const outcome = await stub.cancel(teamId);
  if (outcome === "finished")
    throw new ApiError("CONFLICT", `${kind === "batch" ? "Batch scrape" : "Crawl"} is already completed`);
}

/** GET errors. */
export async function jobErrors(env: Env, teamId: string, id: string, kind: JobKind) {
  const stub = jobStub(env, id);
  const info = await stub.info(teamId);
  if (!info || info.kind !== kind) throw new ApiError("JOB_NOT_FOUND", "Job not found");
  return (await stub.errors(teamId))!;
}

/** Hands a WebSocket upgrade to the job's Durable Object (after the route checked key and team). */
export async function watchJob(
  env: Env,
  teamId: string,
  id: string,
  kinds: readonly JobKind[],
  request: Request,
): Promise<Response> {
  const stub = jobStub(env, id);
  const info = await stub.info(teamId);
  if (!info || !kinds.includes(info.kind)) throw new ApiError("JOB_NOT_FOUND", "Job not found");
  const headers = new Headers(request.headers);
  headers.set("x-edgecrawl-team", teamId);
  return stub.fetch(new Request(request.url, { headers }));
}

export function isWebSocketUpgrade(request: Request): boolean {
  return request.headers.get("upgrade")?.toLowerCase() === "websocket";
}
