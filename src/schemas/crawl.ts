/**
 * Crawl and batch-scrape request schemas (docs/api.md: "Batch scrape", "Crawl", "Jobs"), the webhook object, and the
 * crawl options the job Durable Object runs with.
 */
import { z } from "@hono/zod-openapi";
import type { CrawlerSettings } from "../crawl/types";
import { targetUrl } from "./common";
import { webhookSchema } from "./webhook";
import { ScrapeOptionsSchema, refineScrapeOptions, scrapeOptionFields } from "./scrape";
import { MAX_PROMPT_CHARS } from "./formats";

export const WEBHOOK_EVENT_NAMES = ["started", "page", "completed", "failed"] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

export const WebhookSchema = webhookSchema(WEBHOOK_EVENT_NAMES, /^(crawl|batch_scrape)\./, "Webhook");
export type WebhookConfig = z.output<typeof WebhookSchema>;

/** Each pattern is compiled once per job and tried on every discovered URL. */
export const MAX_PATTERNS = 1000;
const paths = z.array(z.string()).max(MAX_PATTERNS).default([]);

/** The most pages one crawl may take (Firecrawl's largest documented `limit`). */
export const MAX_CRAWL_LIMIT = 100_000;
/** The most URLs one batch scrape may list. */
export const MAX_BATCH_URLS = 10_000;
/** A job's own cap on pages in flight; the team's concurrency slots bound it anyway. */
export const MAX_JOB_CONCURRENCY = 1000;

/** Crawler options of §4.4 (everything but url, scrapeOptions, webhook and the client fields). */
export const crawlerOptionFields = {
  includePaths: paths.openapi({
    description: "Regexes on the pathname (or the full URL with regexOnFullURL); only matching URLs are crawled.",
  }),
  excludePaths: paths.openapi({ description: "Regexes on the pathname (or full URL) that exclude matching URLs." }),
  regexOnFullURL: z.boolean().default(false),
  maxDiscoveryDepth: z
    .int()
    .min(0)
    .max(1000)
    .optional()
    .openapi({ description: "Link hops from the start URL (sitemap pages have depth 0)." }),
  limit: z.int().min(1).max(MAX_CRAWL_LIMIT).default(10_000),
  crawlEntireDomain: z.boolean().default(false),
  allowExternalLinks: z.boolean().default(false),
  allowSubdomains: z.boolean().default(false),
  sitemap: z.enum(["skip", "include", "only"]).default("include"),
  ignoreQueryParameters: z.boolean().default(false),
  deduplicateSimilarURLs: z.boolean().default(true),
  delay: z
    .number()
    .positive()
    .max(60, "The delay parameter is measured in seconds and cannot exceed 60 seconds.")
    .optional()
    .openapi({ description: "Seconds between scrapes; forces concurrency 1." }),
  maxConcurrency: z.int().min(1).max(MAX_JOB_CONCURRENCY).optional(),
};

/** The crawler settings among a request's fields (v1 requests name theirs the v2 way first, see v1CrawlToV2). */
export function pickCrawlerSettings(body: Omit<CrawlerSettings, "maxPathDepth">): CrawlerSettings {
  return {
    includePaths: body.includePaths,
    excludePaths: body.excludePaths,
    regexOnFullURL: body.regexOnFullURL,
    maxDiscoveryDepth: body.maxDiscoveryDepth,
    limit: body.limit,
    crawlEntireDomain: body.crawlEntireDomain,
    allowExternalLinks: body.allowExternalLinks,
    allowSubdomains: body.allowSubdomains,
    sitemap: body.sitemap,
    ignoreQueryParameters: body.ignoreQueryParameters,
    deduplicateSimilarURLs: body.deduplicateSimilarURLs,
    delay: body.delay,
  };
}

export const CrawlRequestSchema = z
  .strictObject({
    url: targetUrl,
    prompt: z.string().max(MAX_PROMPT_CHARS).optional(),
    ...crawlerOptionFields,
    scrapeOptions: ScrapeOptionsSchema.prefault({}),
    webhook: WebhookSchema.optional(),
    zeroDataRetention: z.boolean().default(false),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("CrawlRequest");
export type CrawlRequest = z.output<typeof CrawlRequestSchema>;

export const CrawlParamsPreviewSchema = z
  .strictObject({
    url: targetUrl,
    prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("CrawlParamsPreviewRequest");

/** Batch scrape (§4.3): scrape options at the top level plus the URL list. */
export const BatchScrapeRequestSchema = z
  .strictObject({
    urls: z
      .array(z.string())
      .min(1, "urls must list at least one URL")
      .max(MAX_BATCH_URLS, `urls may list at most ${MAX_BATCH_URLS} URLs`),
    ...scrapeOptionFields,
    webhook: WebhookSchema.optional(),
    maxConcurrency: z.int().min(1).max(MAX_JOB_CONCURRENCY).optional(),
    ignoreInvalidURLs: z.boolean().default(true),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .superRefine((o, ctx) => refineScrapeOptions(o, ctx))
  .openapi("BatchScrapeRequest");
export type BatchScrapeRequest = z.output<typeof BatchScrapeRequestSchema>;
