/**
 * The v1 request shapes still in use (docs/api.md, "v1") and the one translation onto the v2 options the
 * engine runs (`v1CrawlToV2`, `v1BatchToV2`): `maxDepth` (path depth, default 10), `ignoreSitemap`,
 * `allowBackwardLinks`; scrape options with `parsePDF`, `jsonOptions`, `changeTrackingOptions`, string formats
 * such as `screenshot@fullPage`, `maxAge` default 0, `skipTlsVerification` default false, `proxy` as basic.
 */
import { z } from "@hono/zod-openapi";
import type { BatchFields } from "../crawl/batch";
import type { CrawlerSettings, JobRequest } from "../crawl/types";
import { ApiError } from "../errors";
import { flattenIssues } from "../validation";
import { targetUrl } from "./common";
import { crawlerOptionFields, MAX_BATCH_URLS, MAX_JOB_CONCURRENCY, pickCrawlerSettings, WebhookSchema } from "./crawl";
import { ActionSchema, MAX_ACTIONS, MAX_TAG_SELECTORS, ScrapeOptionsSchema, type ScrapeOptions } from "./scrape";
import { MAX_SMALL_LIST } from "./formats";
import { MAX_PROMPT_CHARS, type FormatInput } from "./formats";

// prettier-ignore
const V1_FORMATS = [
  "markdown", "html", "rawHtml", "links", "screenshot", "screenshot@fullPage", "json", "extract", "changeTracking",
] as const;

export const V1ScrapeOptionsSchema = z
  .strictObject({
    formats: z.array(z.enum(V1_FORMATS)).max(MAX_SMALL_LIST).default(["markdown"]),
    headers: z.record(z.string(), z.string()).optional(),
    includeTags: z.array(z.string()).max(MAX_TAG_SELECTORS).optional(),
    excludeTags: z.array(z.string()).max(MAX_TAG_SELECTORS).optional(),
    onlyMainContent: z.boolean().default(true),
    timeout: z.int().min(1000).max(300_000).default(30_000),
    waitFor: z.int().min(0).max(60_000).default(0),
    mobile: z.boolean().default(false),
    parsePDF: z.boolean().default(true),
    jsonOptions: z
      .strictObject({
        schema: z.record(z.string(), z.any()).optional(),
        systemPrompt: z.string().optional(),
        prompt: z.string().max(MAX_PROMPT_CHARS).optional(),
      })
      .optional(),
    changeTrackingOptions: z
      .strictObject({
        modes: z
          .array(z.enum(["json", "git-diff"]))
          .max(MAX_SMALL_LIST)
          .optional(),
        schema: z.record(z.string(), z.any()).optional(),
        prompt: z.string().optional(),
        tag: z.string().nullable().optional(),
      })
      .optional(),
    actions: z.array(ActionSchema).max(MAX_ACTIONS, `Number of actions cannot exceed ${MAX_ACTIONS}`).optional(),
    location: z
      .strictObject({ country: z.string().optional(), languages: z.array(z.string()).max(MAX_SMALL_LIST).optional() })
      .optional(),
    skipTlsVerification: z.boolean().default(false),
    removeBase64Images: z.boolean().default(true),
    blockAds: z.boolean().default(true),
    proxy: z.enum(["basic", "stealth", "enhanced", "auto"]).optional(),
    maxAge: z.int().min(0).default(0),
    storeInCache: z.boolean().default(true),
  })
  .openapi("V1ScrapeOptions");
export type V1ScrapeOptions = z.output<typeof V1ScrapeOptionsSchema>;

/** v1 scrape options → v2, validated by the v2 schema (its refinements apply); errors name `prefix.field`. */
export function v1ToScrapeOptions(v1: V1ScrapeOptions, prefix: string[]): ScrapeOptions {
  const field = (name: string) => [...prefix, name].join(".");
  if (v1.changeTrackingOptions && !v1.formats.includes("changeTracking")) {
    throw new ApiError(
      "BAD_REQUEST",
      `${field("changeTrackingOptions")}: changeTrackingOptions only applies ` +
        `with the changeTracking format, which formats does not list`,
      [{ path: [...prefix, "changeTrackingOptions"], message: "needs the changeTracking format", code: "custom" }],
    );
  }
  if (v1.jsonOptions && !v1.formats.some((f) => f === "json" || f === "extract")) {
    throw new ApiError(
      "BAD_REQUEST",
      `${field("jsonOptions")}: jsonOptions only applies with the json ` +
        `(or extract) format, which formats does not list`,
      [{ path: [...prefix, "jsonOptions"], message: "needs the json format", code: "custom" }],
    );
  }
  const formats: FormatInput[] = v1.formats.map((f): FormatInput => {
    switch (f) {
      case "screenshot@fullPage":
        return { type: "screenshot", fullPage: true };
      case "json":
      case "extract": {
        const prompt = [v1.jsonOptions?.systemPrompt, v1.jsonOptions?.prompt].filter(Boolean).join("\n\n") || undefined;
        return {
          type: "json",
          prompt: prompt ?? (v1.jsonOptions?.schema ? undefined : "Extract the main data of the page."),
          schema: v1.jsonOptions?.schema,
        };
      }
      case "changeTracking":
        return {
          type: "changeTracking",
          modes: v1.changeTrackingOptions?.modes ?? [],
          tag: v1.changeTrackingOptions?.tag ?? null,
          schema: v1.changeTrackingOptions?.schema,
          prompt: v1.changeTrackingOptions?.prompt,
        };
      default:
        return f;
    }
  });
  const candidate = {
    formats,
    headers: v1.headers,
    includeTags: v1.includeTags,
    excludeTags: v1.excludeTags,
    onlyMainContent: v1.onlyMainContent,
    timeout: v1.timeout,
    waitFor: v1.waitFor,
    mobile: v1.mobile,
    parsers: v1.parsePDF ? ["pdf"] : [],
    actions: v1.actions,
    location: v1.location,
    skipTlsVerification: v1.skipTlsVerification,
    removeBase64Images: v1.removeBase64Images,
    blockAds: v1.blockAds,
    proxy: v1.proxy ?? "basic",
    maxAge: v1.maxAge,
    storeInCache: v1.storeInCache,
  };
  const parsed = ScrapeOptionsSchema.safeParse(JSON.parse(JSON.stringify(candidate)));
  if (parsed.success) return parsed.data;
  const details = flattenIssues(parsed.error.issues, prefix);
  const first = details[0];
  throw new ApiError("BAD_REQUEST", `${first.path.join(".")}: ${first.message}`, details);
}

export const V1CrawlRequestSchema = z
  .strictObject({
    url: targetUrl,
    includePaths: crawlerOptionFields.includePaths,
    excludePaths: crawlerOptionFields.excludePaths,
    regexOnFullURL: crawlerOptionFields.regexOnFullURL,
    maxDepth: z.int().min(0).default(10).openapi({ description: "Path segments below the start URL." }),
    maxDiscoveryDepth: crawlerOptionFields.maxDiscoveryDepth,
    ignoreSitemap: z.boolean().default(false),
    ignoreQueryParameters: crawlerOptionFields.ignoreQueryParameters,
    limit: crawlerOptionFields.limit,
    allowBackwardLinks: z.boolean().default(false).openapi({ deprecated: true, description: "Use crawlEntireDomain." }),
    crawlEntireDomain: z.boolean().optional(),
    allowExternalLinks: crawlerOptionFields.allowExternalLinks,
    allowSubdomains: crawlerOptionFields.allowSubdomains,
    deduplicateSimilarURLs: crawlerOptionFields.deduplicateSimilarURLs,
    delay: crawlerOptionFields.delay,
    maxConcurrency: crawlerOptionFields.maxConcurrency,
    webhook: WebhookSchema.optional(),
    scrapeOptions: V1ScrapeOptionsSchema.prefault({}),
    zeroDataRetention: z.boolean().default(false),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("V1CrawlRequest");
export type V1CrawlRequest = z.output<typeof V1CrawlRequestSchema>;

export const V1BatchScrapeRequestSchema = z
  .strictObject({
    urls: z
      .array(z.string())
      .min(1, "urls must list at least one URL")
      .max(MAX_BATCH_URLS, `urls may list at most ${MAX_BATCH_URLS} URLs`),
    ...V1ScrapeOptionsSchema.shape,
    webhook: WebhookSchema.optional(),
    maxConcurrency: z.int().min(1).max(MAX_JOB_CONCURRENCY).optional(),
    ignoreInvalidURLs: z.boolean().default(false),
    zeroDataRetention: z.boolean().default(false),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("V1BatchScrapeRequest");
export type V1BatchScrapeRequest = z.output<typeof V1BatchScrapeRequestSchema>;

/** A v1 crawl request in v2 terms: everything a crawl job is made of (the request's zeroDataRetention included). */
export function v1CrawlToV2(body: V1CrawlRequest): JobRequest {
  const crawler: CrawlerSettings = {
    ...pickCrawlerSettings({
      ...body,
      crawlEntireDomain: body.crawlEntireDomain ?? body.allowBackwardLinks,
      sitemap: body.ignoreSitemap ? "skip" : "include",
    }),
    maxPathDepth: body.maxDepth,
  };
  const scrapeOptions = {
    ...v1ToScrapeOptions(body.scrapeOptions, ["scrapeOptions"]),
    zeroDataRetention: body.zeroDataRetention,
  };
  return { url: body.url, crawler, scrapeOptions, maxConcurrency: body.maxConcurrency, webhook: body.webhook };
}

/** A v1 batch request in v2 terms. */
export function v1BatchToV2(body: V1BatchScrapeRequest): BatchFields {
  const {
    urls,
    webhook,
    maxConcurrency,
    ignoreInvalidURLs,
    zeroDataRetention,
    origin: _origin,
    integration: _integration,
    ...v1Options
  } = body;
  return {
    urls,
    webhook,
    maxConcurrency,
    ignoreInvalidURLs,
    scrapeOptions: { ...v1ToScrapeOptions(v1Options, []), zeroDataRetention },
  };
}
