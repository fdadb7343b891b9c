/**
 * The scraped document — the `data` of a scrape response and each item of a crawl's `data` — written once, as
 * the zod schema that also describes it in the OpenAPI document; the TypeScript types are derived from it.
 * Only the requested formats are present; `metadata` always is.
 */
import { z } from "@hono/zod-openapi";

const ChangeTrackingSchema = z
  .object({
    previousScrapeAt: z
      .string()
      .nullable()
      .openapi({ description: "When the previous scrape compared with was made; null for a new page." }),
    changeStatus: z.enum(["new", "same", "changed", "removed"]),
    visibility: z.enum(["visible", "hidden"]).openapi({
      description: "hidden: a crawl page found only because it was tracked before, not by links or sitemaps.",
    }),
    diff: z
      .object({
        text: z.string().openapi({ description: "Unified diff of previous.md and current.md." }),
        json: z.object({ files: z.array(z.any()) }),
      })
      .optional()
      .openapi({ description: "git-diff mode, when the page changed." }),
    json: z.any().optional().openapi({
      description: "json mode: {field: {previous, current}} with a schema; a description of the change without one.",
    }),
  })
  .openapi("ChangeTracking");

export const DocumentSchema = z
  .object({
    markdown: z.string().optional(),
    summary: z.string().optional(),
    html: z.string().optional(),
    rawHtml: z.string().optional(),
    screenshot: z.string().optional().openapi({ description: "URL of the screenshot (valid for 24 hours)." }),
    links: z.array(z.string()).optional(),
    images: z.array(z.string()).optional(),
    attributes: z
      .array(z.object({ selector: z.string(), attribute: z.string(), values: z.array(z.string()) }))
      .optional(),
    actions: z
      .object({
        screenshots: z.array(z.string()),
        scrapes: z.array(z.object({ url: z.string(), html: z.string() })),
        javascriptReturns: z.array(z.object({ type: z.string(), value: z.any() })),
        pdfs: z.array(z.string()),
      })
      .optional(),
    json: z.any().optional(),
    changeTracking: ChangeTrackingSchema.optional(),
    branding: z
      .object({
        colorScheme: z.enum(["light", "dark"]),
        brandName: z.string().nullable(),
        logo: z.string().nullable(),
        colors: z.record(z.string(), z.string()).openapi({
          description:
            "primary, secondary, accent, background, textPrimary, textSecondary, link (#RRGGBB), those the page shows.",
        }),
        fonts: z.array(z.object({ family: z.string(), role: z.string() })),
        typography: z
          .record(z.string(), z.any())
          .openapi({ description: "fontFamilies, fontStacks, fontSizes, fontWeights, lineHeights." }),
        spacing: z.record(z.string(), z.any()).openapi({ description: "baseUnit, borderRadius, padding." }),
        components: z.record(z.string(), z.any()).openapi({
          description:
            "buttonPrimary, buttonSecondary, input: background, textColor, borderColor, borderRadius, padding.",
        }),
        images: z
          .record(z.string(), z.string().nullable())
          .openapi({ description: "logo, logoHref, logoAlt, favicon, ogImage." }),
        animations: z.record(z.string(), z.string()),
        layout: z.record(z.string(), z.string()),
      })
      .optional()
      .openapi({ description: "The page's brand identity (the branding format)." }),
    product: z
      .record(z.string(), z.any())
      .optional()
      .openapi({
        description:
          "The product format: title, brand, category, url, description and variants (price, sale, availability, " +
          "images), from the page's schema.org Product markup, else read by the LLM.",
      }),
    menu: z
      .record(z.string(), z.any())
      .optional()
      .openapi({
        description:
          "The menu format: isMenu, confidence, merchant, currency and sections of items, from the page's " +
          "schema.org Menu markup, else read by the LLM.",
      }),
    answer: z.string().optional().openapi({ description: "The question format's answer, from the page alone." }),
    highlights: z
      .string()
      .optional()
      .openapi({ description: "The highlights format: the page's passages on the query, verbatim." }),
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
