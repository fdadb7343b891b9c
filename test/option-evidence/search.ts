/**
 * POST /v2/search's own fields and what shows each (test/integration/search*.test.ts); its scrapeOptions take the
 * scrape options' evidence (shared.ts).
 */
import { SearchRequestSchema } from "../../src/schemas/search";
import { accepted, refused, sdkField, shown, type Endpoint } from "./kinds";
import { CATEGORIES, githubPdf, SCRAPE_OPTIONS, SEARCH, webResults } from "./shared";

const toolDiscovery = shown(
  SEARCH,
  "answers tool discovery as Firecrawl answers a team without it: 403, then web results without it",
);

export const searchEndpoint: Endpoint = {
  schema: SearchRequestSchema,
  own: {
    query: webResults,
    limit: webResults,
    sources: shown(SEARCH, "news and images sources: dates, pictures and their sizes"),
    "sources[web]": webResults,
    "sources[alexandria]": toolDiscovery,
    domainTools: toolDiscovery,
    toolDetail: accepted("`toolDetail` is accepted and has no effect"),
    categories: githubPdf,
    "categories[github]": githubPdf,
    "categories[pdf]": githubPdf,
    "categories[research]": shown(
      CATEGORIES,
      "research keeps the academic sites only; includeDomains narrows further; no category keeps all",
    ),
    "categories[developer]": refused("BAD_REQUEST", "/v2/search", { query: "q", categories: ["developer"] }),
    highlights: shown(
      CATEGORIES,
      "gives a scraped result the sentences of its page on the query, verbatim; none with highlights off",
    ),
    "sources[news]": shown(SEARCH, "news and images sources: dates, pictures and their sizes"),
    "sources[images]": shown(SEARCH, "news and images sources: dates, pictures and their sizes"),
    tbs: shown(SEARCH, "tbs asks the provider for recent results only; other tbs values are refused naming the field"),
    includeDomains: shown(SEARCH, "includeDomains and excludeDomains filter results by host"),
    excludeDomains: shown(SEARCH, "includeDomains and excludeDomains filter results by host"),
    location: shown(SEARCH, "location and country are accepted with a warning: SearXNG cannot geo-target"),
    country: shown(SEARCH, "location and country are accepted with a warning: SearXNG cannot geo-target"),
    timeout: shown(SEARCH, "times out with 408 SEARCH_TIMEOUT, and refuses what it cannot honour naming the field"),
    ignoreInvalidURLs: shown(
      SEARCH,
      "a result whose scrape fails is listed with a warning, or left out with ignoreInvalidURLs",
    ),
    scrapeOptions: shown(SEARCH, "scrapeOptions scrapes each result through the pipeline, billed as scrapes"),
    origin: sdkField,
    integration: sdkField,
  },
  shares: { at: "scrapeOptions.", options: SCRAPE_OPTIONS },
};
