/**
 * Crawl and batch-scrape request schemas (docs/api.md: "Batch scrape", "Crawl", "Jobs"), the webhook object, and the crawl options the
 * job Durable Object runs with.
 */
import { z } from "@hono/zod-openapi";
import type { CrawlerSettings } from "../crawl/types";
import { targetUrl } from "./common";
import { MAX_PROMPT_CHARS, ScrapeOptionsSchema, refineScrapeOptions, scrapeOptionFields } from "./scrape";

export const WEBHOOK_EVENT_NAMES = ["started", "page", "completed", "failed"] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

const webhookEvent = z
  .string()
  .transform((e) => e.replace(/^(crawl|batch_scrape)\./, ""))
  .pipe(z.enum(WEBHOOK_EVENT_NAMES));

const webhookUrl = z.url({ protocol: /^https?$/, error: "The webhook URL must be an http(s) URL" });

export const WebhookSchema = z
  .union([
    webhookUrl.transform((url) => ({ url, headers: {}, metadata: {}, events: [...WEBHOOK_EVENT_NAMES] })),
    z.strictObject({
      url: webhookUrl,
      headers: z.record(z.string(), z.string()).default({}),
      metadata: z.record(z.string(), z.any()).default({}),
      events: z.array(webhookEvent).default([...WEBHOOK_EVENT_NAMES]),
    }),
  ])
  .openapi("Webhook", {
    description: "A URL, or {url, headers, metadata, events}. Events: started, page, completed, failed (all by default).",
  });
export type WebhookConfig = z.output<typeof WebhookSchema>;

const paths = z.array(z.string()).default([]);

/** Crawler options of §4.4 (everything but url, scrapeOptions, webhook and the client fields). */
export const crawlerOptionFields = {
  includePaths: paths.openapi({ description: "Regexes on the pathname (or the full URL with regexOnFullURL); only matching URLs are crawled." }),
  excludePaths: paths.openapi({ description: "Regexes on the pathname (or full URL) that exclude matching URLs." }),
  regexOnFullURL: z.boolean().default(false),
  maxDiscoveryDepth: z.int().min(0).optional().openapi({ description: "Link hops from the start URL (sitemap pages have depth 0)." }),
  limit: z.int().min(1).default(10_000),
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
  maxConcurrency: z.int().min(1).optional(),
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
    urls: z.array(z.string()).min(1, "urls must list at least one URL"),
    ...scrapeOptionFields,
    webhook: WebhookSchema.optional(),
    maxConcurrency: z.int().min(1).optional(),
    ignoreInvalidURLs: z.boolean().default(true),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .superRefine((o, ctx) => refineScrapeOptions(o, ctx))
  .openapi("BatchScrapeRequest");
export type BatchScrapeRequest = z.output<typeof BatchScrapeRequestSchema>;
