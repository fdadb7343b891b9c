/**
 * POST /v2/search request (firecrawl-js 4.42 `SearchRequest`): what the SearXNG adapter can honour. Fields of the
 * SDK type the service cannot honour (`enterprise`, the `developer` category…) are not in the schema, so sending
 * one is a 400 naming it rather than silently ignored; tool discovery is a 403 (src/search/tool-discovery.ts).
 */
import { z } from "@hono/zod-openapi";
import { refineScrapeOptions, scrapeOptionFields } from "./scrape";
import { SEARCH_CATEGORIES } from "../search/categories";

export const SEARCH_SOURCES = ["web", "news", "images"] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** `tbs` values the adapter maps to SearXNG's `time_range` (Google's "past hour" is read as the past day). */
export const TBS_TIME_RANGES = {
  "qdr:h": "day",
  "qdr:d": "day",
  "qdr:w": "week",
  "qdr:m": "month",
  "qdr:y": "year",
} as const;

/** What a search may name as a source: the result groups, and Firecrawl's tool discovery (search/tool-discovery.ts). */
const SOURCE_NAMES = [...SEARCH_SOURCES, "alexandria"] as const;
const source = z.union([z.enum(SOURCE_NAMES), z.strictObject({ type: z.enum(SOURCE_NAMES) })]);
const CATEGORY_NAMES = [...SEARCH_CATEGORIES, "developer"] as const;
const category = z.union([z.enum(CATEGORY_NAMES), z.strictObject({ type: z.enum(CATEGORY_NAMES) })]);
const domain = z.string().min(1).max(253);

export const SearchRequestSchema = z
  .strictObject({
    query: z.string().trim().min(1, "query must not be empty").max(2000),
    sources: z
      .array(source)
      .min(1)
      .default(["web"])
      .openapi({
        description:
          "Which result groups to fill: web (SearXNG `general`), news, images. alexandria (Firecrawl's tool " +
          "discovery) is answered 403 NOT_ENABLED, as Firecrawl answers a team without it.",
      }),
    domainTools: z.boolean().optional().openapi({
      description: "Tools matched to the results' sites: true is answered 403 NOT_ENABLED, like the alexandria source.",
    }),
    toolDetail: z.enum(["compact", "summary", "full"]).optional().openapi({
      description: "How much of each tool `data.tools` gives; no tools are given here, so it changes nothing.",
    }),
    includeDomains: z
      .array(domain)
      .max(100)
      .optional()
      .openapi({ description: "Keep only results on these hosts (or their subdomains)." }),
    excludeDomains: z
      .array(domain)
      .max(100)
      .optional()
      .openapi({ description: "Drop results on these hosts (or their subdomains)." }),
    categories: z
      .array(category)
      .min(1)
      .max(CATEGORY_NAMES.length)
      .optional()
      .openapi({
        description:
          "Narrow web results: github (github.com), research (a fixed list of academic sites), pdf (a .pdf path or " +
          "an application/pdf media type). Each is one search with its operator (site:, filetype:) and a check on " +
          "every result, tagged `category`; several are a union, taken in turn; includeDomains/excludeDomains " +
          "apply on top. developer (Firecrawl's own index) is a 400: only Firecrawl's cloud has it.",
      }),
    highlights: z
      .boolean()
      .default(true)
      .openapi({
        description:
          "Scraped results (scrapeOptions) get `highlights`: up to three sentences of the snippet and the markdown " +
          "holding the most query words, verbatim (no model).",
      }),
    limit: z.int().min(1).max(100).default(5).openapi({ description: "At most this many results per source." }),
    tbs: z
      .enum(Object.keys(TBS_TIME_RANGES) as [keyof typeof TBS_TIME_RANGES])
      .optional()
      .openapi({ description: "Time filter: qdr:h|d|w|m|y (SearXNG's time_range; past hour is read as past day)." }),
    location: z
      .string()
      .max(200)
      .optional()
      .openapi({ description: "SearXNG cannot geo-target: accepted with a warning in the answer." }),
    country: z
      .string()
      .length(2)
      .optional()
      .openapi({ description: "SearXNG cannot geo-target: accepted with a warning in the answer." }),
    timeout: z
      .int()
      .min(1000)
      .max(300_000)
      .default(60_000)
      .openapi({ description: "Deadline (ms) for the search and the scrapes of its results." }),
    ignoreInvalidURLs: z.boolean().default(false).openapi({
      description: "With scrapeOptions: results whose scrape fails are dropped instead of listed with their error.",
    }),
    scrapeOptions: z.strictObject(scrapeOptionFields).optional().openapi({
      description:
        "Scrape every result with these options (billed as scrapes); results then carry the document's formats.",
    }),
    origin: z.string().optional().openapi({ description: "Client identifier (sent by the official SDKs)." }),
    integration: z.string().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.scrapeOptions) refineScrapeOptions(o.scrapeOptions, ctx, ["scrapeOptions"]);
    o.categories?.forEach((c, i) => {
      if ((typeof c === "string" ? c : c.type) === "developer")
        ctx.addIssue({
          code: "custom",
          path: ["categories", i],
          message: "developer searches Firecrawl's own developer index, which only Firecrawl's cloud has",
        });
    });
    if (o.includeDomains?.length && o.excludeDomains?.length) {
      ctx.addIssue({
        code: "custom",
        path: ["includeDomains"],
        message: "includeDomains and excludeDomains cannot both be given",
      });
    }
  })
  .openapi("SearchRequest");

export type SearchRequest = z.output<typeof SearchRequestSchema>;
