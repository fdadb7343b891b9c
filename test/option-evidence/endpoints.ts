/**
 * Every request schema the API takes, with the evidence for each of its own fields and the shared options it
 * takes (scrape options, v1 scrape options, the webhook object). option-effects.test.ts walks the schemas' fields
 * against this table.
 */
import { ScrapeRequestSchema } from "../../src/schemas/scrape";
import { BatchScrapeRequestSchema, CrawlParamsPreviewSchema, CrawlRequestSchema } from "../../src/schemas/crawl";
import { V1BatchScrapeRequestSchema, V1CrawlRequestSchema } from "../../src/schemas/v1";
import { MapRequestSchema } from "../../src/schemas/map";
import { AgentRequestSchema } from "../../src/schemas/agent";
import { ParseOptionsSchema } from "../../src/schemas/parse";
import { ExtractRequestSchema } from "../../src/schemas/extract";
import { fixture } from "../helpers";
import { probe, sdkField, shown, v1, type Endpoint } from "./kinds";
import { monitorEndpoints } from "./monitor";
import {
  AGENT,
  BATCH,
  CRAWL,
  EXTRACT,
  LLM,
  MAP,
  PARSE,
  parseRefusedFormats,
  RETENTION,
  SCRAPE,
  SCRAPE_OPTIONS,
  SURFACE,
  webhook,
  zdrRefusedByJobs,
} from "./shared";
import { V1_SCRAPE_OPTIONS, v1Webhook } from "./v1-options";
import { v1SingleEndpoints } from "./v1-single";
import { searchEndpoint } from "./search";

export const ENDPOINTS: Record<string, Endpoint> = {
  "POST /v2/scrape": {
    schema: ScrapeRequestSchema,
    own: {
      url: shown(SCRAPE, "follows redirects: metadata.url is the final URL, sourceURL the caller's"),
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "", options: SCRAPE_OPTIONS },
  },
  "POST /v2/batch/scrape": {
    schema: BatchScrapeRequestSchema,
    own: {
      urls: shown(BATCH, "scrapes every valid URL, drops invalid ones by default and lists them"),
      ignoreInvalidURLs: shown(
        BATCH,
        "with ignoreInvalidURLs false, any invalid URL is a 400 naming it; none valid is a 400",
      ),
      maxConcurrency: probe("batch maxConcurrency"),
      ...webhook,
      "webhook.headers": probe("batch webhook object"),
      "webhook.metadata": probe("batch webhook object"),
      "webhook.events": probe("batch webhook object"),
      "webhook.url": probe("batch webhook object"),
      zeroDataRetention: zdrRefusedByJobs,
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "", options: SCRAPE_OPTIONS },
  },
  "POST /v2/crawl": {
    schema: CrawlRequestSchema,
    own: {
      url: shown(CRAWL, "follows links below the start path, deduplicates variants, and keeps HTTP errors in data"),
      prompt: shown(LLM, "crawl prompt: generated options fill what the caller left out; params-preview shows them"),
      includePaths: shown(CRAWL, "includePaths, excludePaths and regexOnFullURL"),
      excludePaths: shown(CRAWL, "includePaths, excludePaths and regexOnFullURL"),
      regexOnFullURL: shown(CRAWL, "includePaths, excludePaths and regexOnFullURL"),
      maxDiscoveryDepth: shown(CRAWL, "maxDiscoveryDepth counts link hops from the start page"),
      limit: shown(CRAWL, "never exceeds limit"),
      crawlEntireDomain: shown(CRAWL, "crawlEntireDomain follows siblings and parents"),
      allowExternalLinks: shown(CRAWL, "stays on the start host unless allowExternalLinks"),
      allowSubdomains: shown(
        "unit/scope.test.ts",
        "allowSubdomains admits any host of the registrable domain, with any path",
      ),
      sitemap: shown(CRAWL, "reads the sitemap index (with a gzipped child) for orphan pages unless sitemap is skip"),
      ignoreQueryParameters: shown(CRAWL, "ignoreQueryParameters and deduplicateSimilarURLs"),
      deduplicateSimilarURLs: shown(CRAWL, "ignoreQueryParameters and deduplicateSimilarURLs"),
      delay: shown(CRAWL, "paces scrapes with delay (one at a time, seconds apart)"),
      maxConcurrency: probe("crawl maxConcurrency"),
      scrapeOptions: probe("crawl scrapeOptions"),
      ...webhook,
      zeroDataRetention: zdrRefusedByJobs,
      "scrapeOptions.zeroDataRetention": zdrRefusedByJobs,
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "scrapeOptions.", options: SCRAPE_OPTIONS },
  },
  "POST /v2/crawl/params-preview": {
    schema: CrawlParamsPreviewSchema,
    own: {
      url: shown(LLM, "crawl prompt: generated options fill what the caller left out; params-preview shows them"),
      prompt: shown(LLM, "crawl prompt: generated options fill what the caller left out; params-preview shows them"),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v2/map": {
    schema: MapRequestSchema,
    own: {
      url: shown(MAP, "sitemap only: the start URL and the sitemaps' URLs, orphans included, in discovery order"),
      search: shown(MAP, "search keeps matching URLs, most relevant first; limit is exact"),
      limit: shown(MAP, "search keeps matching URLs, most relevant first; limit is exact"),
      sitemap: shown(MAP, "include: both sources, deduplicated"),
      includeSubdomains: shown("unit/map-scope.test.ts", "includeSubdomains adds the other hosts of the start's site"),
      ignoreQueryParameters: shown(MAP, "keeps query variants apart with ignoreQueryParameters false"),
      timeout: shown(MAP, "times out with 408 MAP_TIMEOUT, and validates its body"),
      location: probe("map location"),
      "location.country": probe("map location"),
      "location.languages": probe("map location"),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v2/search": searchEndpoint,
  "POST /v2/parse (options)": {
    schema: ParseOptionsSchema,
    own: {
      ...parseRefusedFormats,
      formats: shown(PARSE, "HTML: markdown, html and links like a scrape of the page, stored for GET /v2/scrape/{id}"),
      "formats[json]": shown(PARSE, "json and summary through the LLM, billed like a scrape's json"),
      "formats[summary]": shown(PARSE, "json and summary through the LLM, billed like a scrape's json"),
      onlyMainContent: shown(PARSE, "onlyMainContent, includeTags and excludeTags shape the markdown as for a scrape"),
      includeTags: shown(PARSE, "onlyMainContent, includeTags and excludeTags shape the markdown as for a scrape"),
      excludeTags: shown(PARSE, "onlyMainContent, includeTags and excludeTags shape the markdown as for a scrape"),
      zeroDataRetention: shown(PARSE, "zeroDataRetention: the result is not stored"),
      origin: sdkField,
      integration: sdkField,
    },
    // The rest (other formats, parsers, timeout, removeBase64Images) is the scrape pipeline's document stage.
    shares: { at: "", options: SCRAPE_OPTIONS },
  },
  "POST /v2/extract": {
    schema: ExtractRequestSchema,
    own: {
      urls: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      prompt: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      schema: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      systemPrompt: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      showSources: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      ignoreInvalidURLs: shown(EXTRACT, "refuses an unusable URL naming it, or leaves it out with ignoreInvalidURLs"),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v2/agent": {
    schema: AgentRequestSchema,
    own: {
      prompt: shown(AGENT, "agent() runs scrape → finish and returns the answer with its steps and sources"),
      urls: shown(AGENT, "map → scrape two pages → finish"),
      schema: shown(AGENT, "repairs an answer that does not match the schema, once"),
      maxCredits: shown(AGENT, "stops at maxCredits and answers with what it has"),
      strictConstrainToURLs: shown(
        AGENT,
        "refuses a URL outside strictConstrainToURLs back to the model, without fetching it",
      ),
      model: shown(AGENT, "spark-1-pro runs on LLM_MODEL_PRO at 5 credits a step"),
      webhook: shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.url": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.headers": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.metadata": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.events": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v1/crawl": {
    schema: V1CrawlRequestSchema,
    own: {
      url: v1({ url: fixture("/blog/") }, "url"),
      includePaths: v1({ includePaths: ["^/a"] }, "crawler.includePaths"),
      excludePaths: v1({ excludePaths: ["^/a"] }, "crawler.excludePaths"),
      regexOnFullURL: v1({ regexOnFullURL: true }, "crawler.regexOnFullURL"),
      maxDepth: shown(
        BATCH,
        "POST /v1/crawl translates maxDepth, ignoreSitemap, allowBackwardLinks and v1 scrape options",
      ),
      maxDiscoveryDepth: v1({ maxDiscoveryDepth: 1 }, "crawler.maxDiscoveryDepth"),
      ignoreSitemap: v1({ ignoreSitemap: true }, "crawler.sitemap"),
      ignoreQueryParameters: v1({ ignoreQueryParameters: true }, "crawler.ignoreQueryParameters"),
      limit: v1({ limit: 5 }, "crawler.limit"),
      allowBackwardLinks: v1({ allowBackwardLinks: true }, "crawler.crawlEntireDomain"),
      crawlEntireDomain: v1({ crawlEntireDomain: true }, "crawler.crawlEntireDomain"),
      allowExternalLinks: v1({ allowExternalLinks: true }, "crawler.allowExternalLinks"),
      allowSubdomains: v1({ allowSubdomains: true }, "crawler.allowSubdomains"),
      deduplicateSimilarURLs: v1({ deduplicateSimilarURLs: false }, "crawler.deduplicateSimilarURLs"),
      delay: v1({ delay: 1 }, "crawler.delay"),
      maxConcurrency: v1({ maxConcurrency: 2 }, "maxConcurrency"),
      ...v1Webhook,
      scrapeOptions: v1({ scrapeOptions: { formats: ["html"] } }, "scrapeOptions"),
      zeroDataRetention: shown(RETENTION, "is refused by %s with 400 ZERO_DATA_RETENTION_NOT_SUPPORTED"),
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "scrapeOptions.", options: V1_SCRAPE_OPTIONS },
  },
  "POST /v1/batch/scrape": {
    schema: V1BatchScrapeRequestSchema,
    own: {
      urls: v1({ urls: [fixture("/blog/")] }, "urls"),
      ignoreInvalidURLs: v1({ ignoreInvalidURLs: true }, "ignoreInvalidURLs"),
      maxConcurrency: v1({ maxConcurrency: 2 }, "maxConcurrency"),
      ...v1Webhook,
      zeroDataRetention: shown(RETENTION, "is refused by %s with 400 ZERO_DATA_RETENTION_NOT_SUPPORTED"),
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "", options: V1_SCRAPE_OPTIONS },
  },
};

Object.assign(ENDPOINTS, monitorEndpoints(SCRAPE_OPTIONS, ENDPOINTS["POST /v2/crawl"]));
Object.assign(ENDPOINTS, v1SingleEndpoints(ENDPOINTS, V1_SCRAPE_OPTIONS));
