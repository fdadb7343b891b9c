/**
 * The scraped document — the `data` of a scrape response and each item of a crawl's `data` (SPEC §2.5) — and
 * its OpenAPI schema. Only the requested formats are present; `metadata` always is.
 */
import { z } from "@hono/zod-openapi";

export interface DocumentMetadata {
  title?: string;
  description?: string;
  language?: string;
  keywords?: string;
  favicon?: string;
  /** The URL the caller asked for, as they spelled it. */
  sourceURL: string;
  /** The final URL after redirects. */
  url: string;
  statusCode: number;
  contentType?: string;
  scrapeId: string;
  proxyUsed: "basic" | "enhanced";
  cacheState: "hit" | "miss";
  cachedAt?: string;
  creditsUsed: number;
  /** Which engine produced the page: fetch, browser, or pdf. */
  engine: string;
  numPages?: number;
  error?: string;
  [key: string]: unknown;
}

export interface ActionResults {
  screenshots: string[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: string[];
}

export interface ScrapeDocument {
  markdown?: string;
  summary?: string;
  html?: string;
  rawHtml?: string;
  screenshot?: string;
  links?: string[];
  images?: string[];
  attributes?: { selector: string; attribute: string; values: string[] }[];
  actions?: ActionResults;
  json?: unknown;
  changeTracking?: Record<string, unknown>;
  branding?: Record<string, unknown>;
  audio?: string;
  warning?: string;
  metadata: DocumentMetadata;
}

export const DocumentSchema = z
  .object({
    markdown: z.string().optional(),
    summary: z.string().optional(),
    html: z.string().optional(),
    rawHtml: z.string().optional(),
    screenshot: z.string().optional().openapi({ description: "URL of the screenshot (valid for 24 hours)." }),
    links: z.array(z.string()).optional(),
    images: z.array(z.string()).optional(),
    attributes: z.array(z.object({ selector: z.string(), attribute: z.string(), values: z.array(z.string()) })).optional(),
    actions: z
      .object({
        screenshots: z.array(z.string()),
        scrapes: z.array(z.object({ url: z.string(), html: z.string() })),
        javascriptReturns: z.array(z.object({ type: z.string(), value: z.any() })),
        pdfs: z.array(z.string()),
      })
      .optional(),
    json: z.any().optional(),
    changeTracking: z.record(z.string(), z.any()).optional(),
    branding: z.record(z.string(), z.any()).optional(),
    warning: z.string().optional(),
    metadata: z
      .object({
        title: z.string().optional(),
        description: z.string().optional(),
        language: z.string().optional(),
        sourceURL: z.string(),
        url: z.string(),
        statusCode: z.int(),
        contentType: z.string().optional(),
        scrapeId: z.string(),
        proxyUsed: z.enum(["basic", "enhanced"]),
        cacheState: z.enum(["hit", "miss"]),
        cachedAt: z.string().optional(),
        creditsUsed: z.int(),
        engine: z.string(),
        numPages: z.int().optional(),
      })
      .catchall(z.any()),
  })
  .openapi("Document");
