/**
 * The v1 requests of one page, one site or one query that the v1 client (firecrawl-js 4.42 `FirecrawlAppV1`)
 * sends — POST /v1/scrape, /v1/map and /v1/search — and their translation onto the v2 options the service runs:
 * the scrape options through `v1ToScrapeOptions` (./v1.ts), with v1's older `extract` options read as
 * `jsonOptions`; map's `ignoreSitemap` and `sitemapOnly` as v2's `sitemap`; search's `lang` as the provider's
 * language.
 */
import { z } from "@hono/zod-openapi";
import { ApiError } from "../errors";
import { targetUrl } from "./common";
import { MapRequestSchema, type MapRequest } from "./map";
import { SearchRequestSchema } from "./search";
import type { SearchInput } from "../search/service";
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

const { query, limit, tbs, location, timeout } = SearchRequestSchema.shape;

/** POST /v1/search (the v1 client's `search()`): one list of web results, scraped with v1 scrape options. */
export const V1SearchRequestSchema = z
  .strictObject({
    query,
    limit,
    tbs,
    lang: z
      .string()
      .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, "lang must be a language code such as en or pt-BR")
      .optional()
      .openapi({ description: "The results' language, passed to the search provider." }),
    country: z.string().length(2).optional().openapi({ description: "Accepted with a warning, as in v2." }),
    location,
    timeout,
    scrapeOptions: V1ScrapeOptionsSchema.extend({ formats: V1ScrapeOptionsSchema.shape.formats.unwrap().default([]) })
      .optional()
      .openapi({ description: "v1 scrape options; the results are scraped only when formats lists some." }),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("V1SearchRequest");
export type V1SearchRequest = z.output<typeof V1SearchRequestSchema>;

export function v1SearchToV2(body: V1SearchRequest): SearchInput {
  const { lang, scrapeOptions, ...rest } = body;
  const scrape = scrapeOptions?.formats.length ? v1ToScrapeOptions(scrapeOptions, ["scrapeOptions"]) : undefined;
  const v2 = SearchRequestSchema.parse({ ...rest, sources: ["web"], highlights: false });
  return { ...v2, ...(scrape ? { scrapeOptions: scrape } : {}), ...(lang ? { language: lang } : {}) };
}
