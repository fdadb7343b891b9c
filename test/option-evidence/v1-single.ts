/**
 * Evidence for the v1 routes of one page, one site or one query (/v1/scrape, /v1/map, /v1/search) and /v1/extract:
 * v1 fields are checked through their translation onto v2 (`v1(...)`, run by option-effects.test.ts); fields that
 * are v2's own schema pieces take the v2 endpoint's evidence.
 */
import { fixture } from "../helpers";
import { ExtractRequestSchema } from "../../src/schemas/extract";
import { V1MapRequestSchema, V1ScrapeRequestSchema, V1SearchRequestSchema } from "../../src/schemas/v1-single";
import { sdkField, shown, v1, type Endpoint, type Evidence } from "./kinds";

const V1_SINGLE = "integration/v1-single.test.ts";
const v1Search = shown(
  V1_SINGLE,
  "answers one list of results; lang goes to the provider; scrapeOptions with formats scrape them",
);
const extract = (options: Record<string, unknown>) =>
  v1({ formats: ["extract"], extract: options }, "formats", { formats: ["extract"] });

export function v1SingleEndpoints(
  v2: Record<string, Endpoint>,
  V1_SCRAPE_OPTIONS: Record<string, Evidence>,
): Record<string, Endpoint> {
  const { url: _url, sitemap: _sitemap, ...mapOwn } = v2["POST /v2/map"].own;
  return {
    "POST /v1/scrape": {
      schema: V1ScrapeRequestSchema,
      own: {
        url: v1({ url: fixture("/docs/b") }, "url"),
        extract: extract({ prompt: "the title" }),
        "extract.prompt": extract({ prompt: "the title" }),
        "extract.schema": extract({ schema: { type: "object" } }),
        "extract.systemPrompt": extract({ systemPrompt: "Answer in French." }),
        zeroDataRetention: v1({ zeroDataRetention: true }, "zeroDataRetention"),
        origin: sdkField,
        integration: sdkField,
      },
      shares: { at: "", options: V1_SCRAPE_OPTIONS },
    },
    "POST /v1/map": {
      schema: V1MapRequestSchema,
      own: {
        url: v1({ url: fixture("/blog/") }, "url"),
        ignoreSitemap: v1({ ignoreSitemap: true }, "sitemap"),
        sitemapOnly: v1({ sitemapOnly: true }, "sitemap"),
      },
      shares: { at: "", options: mapOwn },
    },
    "POST /v1/search": {
      schema: V1SearchRequestSchema,
      own: { lang: v1Search, scrapeOptions: v1Search, origin: sdkField, integration: sdkField },
      shares: [
        { at: "", options: v2["POST /v2/search"].own },
        { at: "scrapeOptions.", options: V1_SCRAPE_OPTIONS },
      ],
    },
    "POST /v1/extract": {
      schema: ExtractRequestSchema,
      own: {},
      shares: { at: "", options: v2["POST /v2/extract"].own },
    },
  };
}
