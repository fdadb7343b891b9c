/**
 * POST /v2/parse options (firecrawl-js 4.42 `ParseOptions`, sent as the multipart field `options`): the scrape
 * options that make sense for an uploaded file. What the SDK itself refuses for parse (waitFor, actions,
 * location, mobile, cache options) and what needs a live page (screenshot, changeTracking, branding formats;
 * headers, proxy…) is not accepted: a 400 naming the field.
 */
import { z } from "@hono/zod-openapi";
import { scrapeOptionFields } from "./scrape";

/** Formats that need a page fetched by a browser or a previous scrape, so an uploaded file cannot have them. */
const PAGE_ONLY_FORMATS = new Set(["screenshot", "changeTracking", "branding", "audio", "video"]);

export const ParseOptionsSchema = z
  .strictObject({
    formats: scrapeOptionFields.formats,
    onlyMainContent: scrapeOptionFields.onlyMainContent,
    includeTags: scrapeOptionFields.includeTags,
    excludeTags: scrapeOptionFields.excludeTags,
    timeout: scrapeOptionFields.timeout,
    parsers: scrapeOptionFields.parsers,
    removeBase64Images: scrapeOptionFields.removeBase64Images,
    zeroDataRetention: scrapeOptionFields.zeroDataRetention,
    redactPII: scrapeOptionFields.redactPII,
    origin: z.string().optional().openapi({ description: "Client identifier (sent by the official SDKs)." }),
    integration: z.string().optional(),
  })
  .superRefine((o, ctx) => {
    o.formats.forEach((f, i) => {
      const type = typeof f === "string" ? f : f.type;
      if (PAGE_ONLY_FORMATS.has(type))
        ctx.addIssue({
          code: "custom",
          path: ["formats", i],
          message: `the ${type} format needs a live page and is not available for an uploaded file`,
        });
    });
  })
  .openapi("ParseOptions");

export type ParseOptions = z.output<typeof ParseOptionsSchema>;
