/**
 * The scraped document — the `data` of a scrape response and each item of a crawl's `data` — written once, as
 * the zod schema that also describes it in the OpenAPI document; the TypeScript types are derived from it.
 * Only the requested formats are present; `metadata` always is.
 */
import { z } from "@hono/zod-openapi";

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
    audio: z.string().optional(),
    warning: z.string().optional(),
    metadata: z
      .object({
        title: z.string().optional(),
        description: z.string().optional(),
        language: z.string().optional(),
        keywords: z.string().optional(),
        favicon: z.string().optional(),
        sourceURL: z.string().openapi({ description: "The URL the caller asked for, as they spelled it." }),
        url: z.string().openapi({ description: "The final URL after redirects." }),
        statusCode: z.int().openapi({ description: "The HTTP status the target answered." }),
        contentType: z.string().optional(),
        scrapeId: z.string(),
        proxyUsed: z.enum(["basic", "enhanced"]),
        cacheState: z.enum(["hit", "miss"]),
        cachedAt: z.string().optional(),
        creditsUsed: z.int(),
        engine: z.string().openapi({ description: "Which engine produced the page: fetch, browser or pdf." }),
        numPages: z.int().optional(),
        error: z.string().optional().openapi({ description: "Set when the target answered with an HTTP error." }),
        concurrencyLimited: z
          .boolean()
          .optional()
          .openapi({ description: "Whether the team's concurrency limit made this page wait before it was scraped." }),
        concurrencyQueueDurationMs: z.int().optional().openapi({ description: "How long it waited, when it did." }),
      })
      .catchall(z.any())
      .openapi({ description: "Page metadata; any further key is a <meta> name or property of the page." }),
  })
  .openapi("Document");

export type ScrapeDocument = z.infer<typeof DocumentSchema>;
export type DocumentMetadata = ScrapeDocument["metadata"];
export type ActionResults = NonNullable<ScrapeDocument["actions"]>;
