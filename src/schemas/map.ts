/**
 * POST /v2/map request (docs/api.md, "Map").
 */
import { z } from "@hono/zod-openapi";
import { targetUrl } from "./common";
import { LocationSchema } from "./scrape";

export const MapRequestSchema = z
  .strictObject({
    url: targetUrl,
    search: z
      .string()
      .max(1000)
      .optional()
      .openapi({ description: "Only links matching this text, most relevant first." }),
    limit: z.int().min(1).max(100_000).default(100),
    sitemap: z.enum(["include", "skip", "only"]).default("include"),
    includeSubdomains: z.boolean().default(true),
    ignoreQueryParameters: z.boolean().default(true),
    timeout: z
      .int()
      .min(1)
      .max(300_000)
      .optional()
      .openapi({ description: "Milliseconds; 408 MAP_TIMEOUT when exceeded." }),
    location: LocationSchema.optional(),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("MapRequest");
export type MapRequest = z.output<typeof MapRequestSchema>;
