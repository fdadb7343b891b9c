/**
 * Shapes shared by the crawl routes, the crawl-job Durable Object and the queue consumers.
 */
import type { WebhookConfig } from "../schemas/crawl";
import type { ScrapeOptions } from "../schemas/scrape";
import type { ScrapeDocument } from "../schemas/document";

export type JobKind = "crawl" | "batch";
export type JobStatus = "scraping" | "completed" | "failed" | "cancelled";

/** The crawler settings a job runs with (v2 names; v1 requests are translated into these). */
export interface CrawlerSettings {
  includePaths: string[];
  excludePaths: string[];
  regexOnFullURL: boolean;
  maxDiscoveryDepth?: number;
  /** v1 `maxDepth`: path segments below the start URL. */
  maxPathDepth?: number;
  limit: number;
  crawlEntireDomain: boolean;
  allowExternalLinks: boolean;
  allowSubdomains: boolean;
  sitemap: "skip" | "include" | "only";
  ignoreQueryParameters: boolean;
  deduplicateSimilarURLs: boolean;
  /** Seconds between scrapes (forces concurrency 1). */
  delay?: number;
}

/** What a crawl request asks for, in v2 terms (the v1 routes translate theirs into this). */
export interface JobRequest {
  url: string;
  crawler: CrawlerSettings;
  scrapeOptions: ScrapeOptions;
  maxConcurrency?: number;
  webhook?: WebhookConfig;
}

export interface JobConfig {
  id: string;
  teamId: string;
  kind: JobKind;
  apiVersion: "v1" | "v2";
  /** Crawl: the start URL. Batch: the first URL. */
  url: string;
  /** Batch: the URLs to scrape, in order. */
  urls?: string[];
  crawler: CrawlerSettings;
  scrapeOptions: ScrapeOptions;
  maxConcurrency: number;
  webhook?: WebhookConfig;
  /** Origin of the API as the client reached it (status `next` links, signed artifact URLs). */
  apiOrigin: string;
  createdAt: number;
  /** Options as shown by GET /v2/crawl/active. */
  displayOptions: Record<string, unknown>;
}

/** A page-scrape message on the scrape queue. `dispatch` tells a stale (re-dispatched) message from the live one. */
export interface PageMessage {
  type: "page";
  jobId: string;
  pageId: number;
  dispatch: number;
}

/** A webhook-drain message: deliver the job's pending webhook events, in order. */
export interface WebhookDrainMessage {
  type: "webhook-drain";
  jobId: string;
  /** Whose outbox: an agent job's, a monitor's, or (absent) a crawl or batch job's. */
  kind?: "agent" | "monitor";
}

/** Which dispatch of which page a message speaks of (what a consumer claims and reports on). */
export interface PageRef {
  pageId: number;
  dispatch: number;
}

/** Whether the team's concurrency limit held the page back, and for how long (stamped on its metadata). */
export interface ConcurrencyStamp {
  limited: boolean;
  queueDurationMs?: number;
}

/** What a consumer needs to scrape a claimed page. */
export interface PageClaim {
  url: string;
  teamId: string;
  kind: JobKind;
  scrapeId: string;
  scrapeOptions: ScrapeOptions;
  /** Whether the page's links will be followed. */
  discoverLinks: boolean;
  /** Change tracking: hidden for a page admitted only because the team tracked it before. */
  visibility: "visible" | "hidden";
  concurrency: ConcurrencyStamp;
  /** Whether the job has watchers: only then does the report carry the document itself (else it is read from R2). */
  watched: boolean;
}

export interface PageResult {
  /** Sent only when the claim said the job is watched; the document is stored in R2 either way. */
  document?: ScrapeDocument;
  scrapeId: string;
  /** Size of the stored document (for cutting status pages at 10 MB). */
  bytes: number;
  credits: number;
  discoveredLinks?: string[];
}

/**
 * What a consumer reports about a claimed page: scraped (`done`), failed for now with the queue retrying the
 * message (`retry`), or failed for good (`failed`; without a code, the last recorded reason is kept).
 */
export type PageReport = PageRef &
  (
    | { outcome: "done"; result: PageResult }
    | { outcome: "retry"; code: string; message: string; retryInSeconds: number }
    | { outcome: "failed"; code?: string; message?: string }
  );

export interface JobSnapshot {
  status: JobStatus;
  kind: JobKind;
  total: number;
  completed: number;
  creditsUsed: number;
  createdAt: number;
  completedAt?: number;
  expiresAt: number;
  error?: string;
  apiOrigin: string;
  apiVersion: "v1" | "v2";
  robotsBlocked: number;
}

export interface StatusPage extends JobSnapshot {
  /** scrapeIds of the results in this page, in completion order. */
  scrapeIds: string[];
  /** Results the job has in all. */
  resultCount: number;
}

export interface JobErrors {
  errors: { id: string; timestamp: string; url: string; code: string; error: string }[];
  robotsBlocked: string[];
}

export interface PendingWebhook {
  seq: number;
  event: string;
  success: boolean;
  scrapeId: string | null;
  error: string | null;
  /** The payload's `data`, when the event carries it itself (agent events) rather than a document's scrapeId. */
  data?: unknown[];
}
