/**
 * Batch scrape = a job without discovery: the URL list is checked (ignoreInvalidURLs drops and reports the bad
 * ones, otherwise any bad one is a 400), then a job Durable Object scrapes each URL through the scrape queue.
 */
import { ApiError } from "../errors";
import { coerceUrlInput, fetchableUrlProblem } from "../schemas/common";
import type { WebhookConfig } from "../schemas/crawl";
import type { ScrapeOptions } from "../schemas/scrape";
import { createJob, jobPath } from "./service";
import type { CrawlerSettings } from "./types";

/** What a batch request asks for, in v2 terms (v1 requests are translated by `v1BatchToV2`). */
export interface BatchFields {
  urls: string[];
  ignoreInvalidURLs: boolean;
  scrapeOptions: ScrapeOptions;
  maxConcurrency?: number;
  webhook?: WebhookConfig;
}

export interface BatchInput extends BatchFields {
  apiVersion: "v1" | "v2";
  teamId: string;
  /** The name of the key that started the batch. */
  apiKey?: string;
  apiOrigin: string;
}

/** A batch is a job that discovers nothing: no scope rule, no dedup beyond the exact URL, exactly its URLs. */
export function batchCrawlerSettings(urlCount: number): CrawlerSettings {
  return {
    includePaths: [],
    excludePaths: [],
    regexOnFullURL: false,
    limit: urlCount,
    crawlEntireDomain: true,
    allowExternalLinks: true,
    allowSubdomains: true,
    sitemap: "skip",
    ignoreQueryParameters: false,
    deduplicateSimilarURLs: false,
  };
}

export async function startBatch(env: Env, input: BatchInput) {
  const valid: string[] = [];
  const invalid: { url: string; problem: string; index: number }[] = [];
  input.urls.forEach((url, index) => {
    const problem = fetchableUrlProblem(env, url);
    if (problem) invalid.push({ url, problem, index });
    else valid.push(new URL(coerceUrlInput(url)).href);
  });
  if (invalid.length && !input.ignoreInvalidURLs) {
    const first = invalid[0];
    throw new ApiError(
      "BAD_REQUEST",
      `urls[${first.index}]: ${first.problem} (${invalid.length} invalid ` +
        `URL${invalid.length > 1 ? "s" : ""}: ${invalid.map((i) => JSON.stringify(i.url)).join(", ")})`,
      invalid.map((i) => ({ path: ["urls", i.index], message: i.problem, code: "custom" })),
    );
  }
  if (valid.length === 0) throw new ApiError("BAD_REQUEST", "No valid URLs provided");
  const config = await createJob(env, {
    kind: "batch",
    apiVersion: input.apiVersion,
    teamId: input.teamId,
    apiKey: input.apiKey,
    url: valid[0],
    urls: valid,
    crawler: batchCrawlerSettings(valid.length),
    scrapeOptions: input.scrapeOptions,
    maxConcurrency: input.maxConcurrency,
    webhook: input.webhook,
    apiOrigin: input.apiOrigin,
    displayOptions: { urls: valid.length, scrapeOptions: input.scrapeOptions },
  });
  const body: { success: true; id: string; url: string; invalidURLs?: string[] } = {
    success: true,
    id: config.id,
    url: `${input.apiOrigin}${jobPath("batch", input.apiVersion, config.id)}`,
  };
  if (input.ignoreInvalidURLs) body.invalidURLs = invalid.map((i) => i.url);
  return body;
}
