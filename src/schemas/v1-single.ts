/**
 * The v1 requests of one page or one site that the v1 client (firecrawl-js 4.42 `FirecrawlAppV1`) sends —
 * POST /v1/scrape and POST /v1/map — and their translation onto the v2 options the service runs: the scrape
 * options through `v1ToScrapeOptions` (./v1.ts), with v1's older `extract` options read as `jsonOptions`; map's
 * `ignoreSitemap` and `sitemapOnly` as v2's `sitemap`.
 */
import { z } from "@hono/zod-openapi";
import { ApiError } from "../errors";
import { targetUrl } from "./common";
import { MapRequestSchema, type MapRequest } from "./map";
import type { ScrapeRequest } from "./scrape";
import { v1ToScrapeOptions, V1ScrapeOptionsSchema } from "./v1";

const { jsonOptions } = V1ScrapeOptionsSchema.shape;

export const V1ScrapeRequestSchema = z
  .strictObject({
    url: targetUrl,
    ...V1ScrapeOptionsSchema.shape,
    extract: jsonOptions.openapi({ deprecated: true, description: "v1's older name of jsonOptions." }),
    zeroDataRetention: z.boolean().default(false),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("V1ScrapeRequest");
export type V1ScrapeRequest = z.output<typeof V1ScrapeRequestSchema>;

/** A v1 scrape in v2 terms; `extract` says whether the json result is answered under v1's `extract` key. */
export function v1ScrapeToV2(body: V1ScrapeRequest): { request: ScrapeRequest; extractKey: boolean } {
  const { url, extract, zeroDataRetention, origin, integration, ...v1Options } = body;
  if (extract && v1Options.jsonOptions) {
    throw new ApiError("BAD_REQUEST", "extract: give jsonOptions or its older name extract, not both", [
      { path: ["extract"], message: "jsonOptions is given too", code: "custom" },
    ]);
  }
  const options = v1ToScrapeOptions({ ...v1Options, jsonOptions: v1Options.jsonOptions ?? extract }, []);
  const request = { url, ...options, zeroDataRetention, origin, integration };
  return { request, extractKey: v1Options.formats.includes("extract") && !v1Options.formats.includes("json") };
}

const { sitemap: _sitemap, ...mapFields } = MapRequestSchema.shape;

export const V1MapRequestSchema = z
  .strictObject({
    ...mapFields,
    url: targetUrl,
    ignoreSitemap: z.boolean().default(false).openapi({ description: "Leave the sitemaps out (v2 `sitemap: skip`)." }),
    sitemapOnly: z.boolean().default(false).openapi({ description: "Only the sitemaps' URLs (v2 `sitemap: only`)." }),
  })
  .openapi("V1MapRequest");
export type V1MapRequest = z.output<typeof V1MapRequestSchema>;

export function v1MapToV2(body: V1MapRequest): MapRequest {
  const { ignoreSitemap, sitemapOnly, ...rest } = body;
  if (ignoreSitemap && sitemapOnly) {
    throw new ApiError("BAD_REQUEST", "sitemapOnly: cannot be combined with ignoreSitemap", [
      { path: ["sitemapOnly"], message: "ignoreSitemap is true too", code: "custom" },
    ]);
  }
  return { ...rest, sitemap: sitemapOnly ? "only" : ignoreSitemap ? "skip" : "include" };
}
