/**
 * No option that is accepted and silently ignored. Every field of every request schema (read from the zod
 * schemas by test/request-fields.ts, so a new field shows up by itself) must have evidence here:
 * - `shown(file, title)`: a test of this repository that shows the field's effect (the test must exist);
 * - `probe(name)`: a probe in this file that shows it;
 * - `refused(...)`: a request with the field is answered with a clear 4xx code (run here);
 * - `warns(...)`: the field makes a documented warning appear in the answer (run here);
 * - `v1(value, path, baseline?)`: a v1 field, translated onto the v2 field at `path` — setting it changes what
 *   the translation puts there (checked here); the v2 field has evidence of its own;
 * - `accepted(why)`: a client field the SDKs send, documented in docs/compatibility.md as having no effect.
 * A field without evidence fails the first test; so does evidence for a field that no longer exists. The kinds
 * are in test/option-evidence/kinds.ts, the monitors' evidence in test/option-evidence/monitor.ts.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import type { z } from "@hono/zod-openapi";
import { API, callJson, fixture, fixtureRequests, unique } from "../helpers";
import { allDocuments, waitForJob } from "../crawl-helpers";
import { requestFields } from "../request-fields";
import { ScrapeRequestSchema } from "../../src/schemas/scrape";
import { BatchScrapeRequestSchema, CrawlParamsPreviewSchema, CrawlRequestSchema } from "../../src/schemas/crawl";
import { V1BatchScrapeRequestSchema, v1BatchToV2, V1CrawlRequestSchema, v1CrawlToV2 } from "../../src/schemas/v1";
import { MapRequestSchema } from "../../src/schemas/map";
import { AgentRequestSchema } from "../../src/schemas/agent";
import { SearchRequestSchema } from "../../src/schemas/search";
import { ParseOptionsSchema } from "../../src/schemas/parse";
import { PII_ENTITIES } from "../../src/schemas/redact";
import { ExtractRequestSchema } from "../../src/schemas/extract";
import {
  probe,
  refused,
  sdkField,
  sharesOf,
  shown,
  v1,
  warns,
  type Endpoint,
  type Evidence,
} from "../option-evidence/kinds";
import { monitorEndpoints } from "../option-evidence/monitor";
import { v1SingleEndpoints } from "../option-evidence/v1-single";
import {
  v1MapToV2,
  V1MapRequestSchema,
  v1ScrapeToV2,
  V1ScrapeRequestSchema,
  v1SearchToV2,
  V1SearchRequestSchema,
} from "../../src/schemas/v1-single";

const testFiles = import.meta.glob("/test/**/*.test.ts", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;
const compatibility = import.meta.glob("/docs/compatibility.md", { query: "?raw", import: "default", eager: true });
const readme = Object.values(compatibility)[0] as string;

const url = fixture("/article.html");
const SCRAPE = "integration/scrape.test.ts";
const SCRAPE_PDF = "integration/scrape-pdf.test.ts";
const BROWSER = "integration/browser.test.ts";
const CRAWL = "integration/crawl.test.ts";
const DELIVERY = "integration/crawl-delivery.test.ts";
const MAP = "integration/map.test.ts";
const LLM = "integration/llm.test.ts";
const BATCH = "integration/batch-and-v1.test.ts";
const TRACKING = "integration/change-tracking.test.ts";
const BRANDING = "integration/branding.test.ts";
const AGENT = "e2e/agent.test.ts";
const SEARCH = "integration/search.test.ts";
const webResults = shown(
  SEARCH,
  "web results in the SDK's shape, at most limit, with positions; 2 credits per 10 results",
);
const CATEGORIES = "integration/search-categories.test.ts";
const githubPdf = shown(
  CATEGORIES,
  "github and pdf: each category's operator in the query, and only results that are what it names",
);
const PARSE = "integration/parse.test.ts";
const EXTRACT = "integration/extract.test.ts";
const SURFACE = "e2e/sdk-surface.test.ts";
/** Parse refuses the formats that need a live page (all their sub-fields with them). */
const parseRefusedFormats = Object.fromEntries(
  requestFields(ParseOptionsSchema)
    .filter((f) => /^formats\[(screenshot|changeTracking|branding|audio)\]/.test(f))
    .map((f) => [f, shown(PARSE, "refuses bad options and a missing file naming the field")]),
);
const RETENTION = "integration/data-retention.test.ts";
const trackingLifecycle = shown(
  TRACKING,
  "new → same → changed (with a git diff) → removed, each against the previous scrape",
);
const trackingSchema = shown(
  TRACKING,
  "json mode with a schema: the fields that differ, as {previous, current}; billed 5",
);

const viewportShot = shown(BROWSER, "stores a viewport screenshot in R2 and returns a signed URL the API serves");
const emulation = shown(
  BROWSER,
  "emulates a phone in a country: user agent, touch viewport, languages and timezone, as the site sees them",
);
const scriptResults = shown(BROWSER, "captures the page with scrape and returns script results as {type, value}");
const BROWSER_PROFILES = "integration/browser-profiles.test.ts";
const savedProfile = shown(BROWSER_PROFILES, "saves what the page stored and starts the next scrape from it");
const boilerplateKept = shown(
  SCRAPE,
  "keeps boilerplate with onlyMainContent false and the base64 image with removeBase64Images false",
);
const PROFILES = "integration/profiles.test.ts";
const ANSWERS = "integration/answers.test.ts";
const quotedHighlights = shown(ANSWERS, "quotes the page's passages on a query, leaving out one it does not hold");
const deprecatedQuery = shown(ANSWERS, "reads the deprecated query format as question or highlights");
const REDACT = "integration/redact.test.ts";
const redacted = shown(REDACT, "leaves no e-mail, phone, card, secret, person or place of the page in any format");
const redactKinds = shown(REDACT, "masks or removes instead of tagging, and redacts only the kinds listed");
const redactFast = shown(REDACT, "in fast mode calls no LLM, and says people and places were not redacted");
// prettier-ignore
const redaction = Object.fromEntries([
  ["redactPII", redacted], ["redactPII.replaceStyle", redactKinds], ["redactPII.entities", redactKinds],
  ["redactPII.mode", redactFast], ...PII_ENTITIES.map((e) => [`redactPII.entities[${e}]`, redacted]),
]);

/** The scrape options, shared by /v2/scrape, batch scrape (top level) and crawl (`scrapeOptions`). */
const SCRAPE_OPTIONS: Record<string, Evidence> = {
  formats: shown(SCRAPE, "returns html, rawHtml, links and images on request"),
  "formats[markdown]": shown(SCRAPE, "returns clean markdown and the page's metadata"),
  "formats[html]": shown(SCRAPE, "returns html, rawHtml, links and images on request"),
  "formats[rawHtml]": shown(SCRAPE, "returns html, rawHtml, links and images on request"),
  "formats[links]": shown(SCRAPE, "returns html, rawHtml, links and images on request"),
  "formats[images]": shown(SCRAPE, "returns html, rawHtml, links and images on request"),
  "formats[summary]": shown(LLM, "summary format"),
  "formats[json]": shown(LLM, "json format: sends the schema and markdown, returns the object, bills 5 credits"),
  "formats[json].prompt": shown(LLM, "json format: sends the schema and markdown, returns the object, bills 5 credits"),
  "formats[json].schema": shown(LLM, "warns when the answer does not match the schema"),
  "formats[screenshot]": shown(BROWSER, "stores a viewport screenshot in R2 and returns a signed URL the API serves"),
  "formats[screenshot].fullPage": shown(BROWSER, "takes full-page and JPEG screenshots, also as actions"),
  "formats[screenshot].quality": shown(BROWSER, "takes full-page and JPEG screenshots, also as actions"),
  "formats[screenshot].viewport": viewportShot,
  "formats[screenshot].viewport.width": viewportShot,
  "formats[screenshot].viewport.height": viewportShot,
  "formats[attributes]": shown(SCRAPE, "extracts attributes"),
  "formats[attributes].selectors": shown(SCRAPE, "extracts attributes"),
  "formats[attributes].selectors.selector": shown(SCRAPE, "extracts attributes"),
  "formats[attributes].selectors.attribute": shown(SCRAPE, "extracts attributes"),
  "formats[audio]": warns(/The audio format is not available on this service/, { url, formats: ["markdown", "audio"] }),
  "formats[branding]": shown(
    BRANDING,
    "reads colors, fonts, typography, spacing, buttons, inputs and the logo of a rendered page",
  ),
  "formats[question]": shown(ANSWERS, "answers a question from the page, at no extra cost"),
  "formats[question].question": shown(ANSWERS, "answers a question from the page, at no extra cost"),
  "formats[highlights]": quotedHighlights,
  "formats[highlights].query": quotedHighlights,
  "formats[query]": deprecatedQuery,
  "formats[query].prompt": deprecatedQuery,
  "formats[query].mode": deprecatedQuery,
  "formats[product]": shown(PROFILES, "reads a product group's variants from JSON-LD, with no LLM call and 1 credit"),
  "formats[menu]": shown(PROFILES, "reads a restaurant's menu from microdata, with no LLM call"),
  "formats[changeTracking]": trackingLifecycle,
  "formats[changeTracking].modes": trackingLifecycle,
  "formats[changeTracking].modes[git-diff]": trackingLifecycle,
  "formats[changeTracking].modes[json]": trackingSchema,
  "formats[changeTracking].prompt": shown(
    TRACKING,
    "json mode without a schema: the model describes what changed (with the prompt), only when something did",
  ),
  "formats[changeTracking].schema": trackingSchema,
  "formats[changeTracking].tag": shown(
    TRACKING,
    "keeps histories apart per tag and per team, and never uses the shared cache",
  ),
  onlyMainContent: boilerplateKept,
  removeBase64Images: boilerplateKept,
  includeTags: shown(SCRAPE, "applies includeTags and excludeTags to the original page"),
  excludeTags: shown(SCRAPE, "applies includeTags and excludeTags to the original page"),
  maxAge: shown(SCRAPE, "fetches fresh with maxAge 0, and treats different options as different entries"),
  minAge: shown(SCRAPE, "minAge answers only from the cache: 404 SCRAPE_NO_CACHED_DATA on a miss"),
  headers: shown(SCRAPE, "identifies as ServiceAgent and passes the caller's headers"),
  waitFor: shown(BROWSER, "waitFor waits after the page has settled; without it late content is missing"),
  mobile: emulation,
  location: emulation,
  "location.country": emulation,
  "location.languages": emulation,
  skipTlsVerification: shown(
    BROWSER,
    "retries a TLS failure of the fetch engine on the browser, which skips verification by default",
  ),
  timeout: shown(SCRAPE, "times out with 408 SCRAPE_TIMEOUT and does not bill"),
  parsers: shown(SCRAPE_PDF, "returns base64 for parsers: [] at a flat 1 credit"),
  "parsers[pdf]": shown(SCRAPE_PDF, "parses the text into markdown and bills per page"),
  "parsers[pdf].maxPages": shown(SCRAPE_PDF, "honours maxPages"),
  "parsers[pdf].mode": shown(
    SCRAPE_PDF,
    "refuses OCR without an OCR provider, and warns about image-only pages in auto mode",
  ),
  actions: shown(BROWSER, "fills a form with click, write and press"),
  "actions[wait]": shown(BROWSER, "a wait action with a selector waits until the element is visible"),
  "actions[wait].selector": shown(BROWSER, "a wait action with a selector waits until the element is visible"),
  "actions[wait].milliseconds": probe("wait action milliseconds"),
  "actions[click]": shown(BROWSER, "fills a form with click, write and press"),
  "actions[click].selector": shown(BROWSER, "fills a form with click, write and press"),
  "actions[click].all": shown(BROWSER, "clicks the first match, or every match with all"),
  "actions[write]": shown(BROWSER, "fills a form with click, write and press"),
  "actions[write].text": shown(BROWSER, "fills a form with click, write and press"),
  "actions[press]": shown(BROWSER, "fills a form with click, write and press"),
  "actions[press].key": shown(BROWSER, "fills a form with click, write and press"),
  "actions[scroll]": shown(BROWSER, "scrolls the page (loading more) and an element"),
  "actions[scroll].direction": shown(BROWSER, "scrolls the page (loading more) and an element"),
  "actions[scroll].selector": shown(BROWSER, "scrolls the page (loading more) and an element"),
  "actions[screenshot]": shown(BROWSER, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].fullPage": shown(
    "e2e/sdk-browser.test.ts",
    "runs actions and returns a screenshot URL served by the API",
  ),
  "actions[screenshot].quality": shown(BROWSER, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].viewport": shown(BROWSER, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].viewport.width": shown(BROWSER, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].viewport.height": shown(BROWSER, "takes full-page and JPEG screenshots, also as actions"),
  "actions[scrape]": shown(BROWSER, "captures the page with scrape and returns script results as {type, value}"),
  "actions[executeJavascript]": scriptResults,
  "actions[executeJavascript].script": scriptResults,
  "actions[pdf]": shown(BROWSER, "makes PDFs of the page"),
  "actions[pdf].format": shown(BROWSER, "makes PDFs of the page"),
  "actions[pdf].landscape": shown(BROWSER, "makes PDFs of the page"),
  "actions[pdf].scale": shown(BROWSER, "makes PDFs of the page"),
  blockAds: shown(BROWSER, "removes a cookie-consent popup the site shows itself, unless blockAds is false"),
  proxy: shown(
    "integration/browser-proxy.test.ts",
    "basic never uses the proxy, and auto without a proxy returns the blocked page as it is",
  ),
  storeInCache: shown(SCRAPE, "keeps requests with headers, and storeInCache false, out of the cache"),
  profile: savedProfile,
  "profile.name": savedProfile,
  "profile.saveChanges": shown(
    BROWSER_PROFILES,
    "a saving scrape needs the profile's saver lock; a read-only one does not",
  ),
  zeroDataRetention: shown(RETENTION, "on /v2/scrape returns the document and writes nothing"),
  ...redaction,
};

/** Jobs refuse zeroDataRetention (their results must be stored to be read back). */
const zdrRefusedByJobs = shown(RETENTION, "is refused by %s with 400 ZERO_DATA_RETENTION_NOT_SUPPORTED");

const webhook = {
  webhook: shown(BATCH, "sends batch_scrape.* webhooks"),
  "webhook.url": shown(
    DELIVERY,
    "sends started, one page event per page and completed, signed with X-Service-Signature",
  ),
  "webhook.headers": shown(
    DELIVERY,
    "sends started, one page event per page and completed, signed with X-Service-Signature",
  ),
  "webhook.metadata": shown(
    DELIVERY,
    "sends started, one page event per page and completed, signed with X-Service-Signature",
  ),
  "webhook.events": shown(DELIVERY, "filters events and refuses a webhook to a non-http URL"),
};

/** v1 scrape options, shared by v1 crawl (`scrapeOptions`) and v1 batch (top level): each lands on a v2 option. */
const V1_SCRAPE_OPTIONS: Record<string, Evidence> = {
  formats: v1({ formats: ["html"] }, "formats"),
  "formats[markdown]": v1({ formats: ["markdown", "html"] }, "formats"),
  "formats[html]": v1({ formats: ["html"] }, "formats"),
  "formats[rawHtml]": v1({ formats: ["rawHtml"] }, "formats"),
  "formats[links]": v1({ formats: ["links"] }, "formats"),
  "formats[screenshot]": v1({ formats: ["screenshot"] }, "formats"),
  "formats[screenshot@fullPage]": v1({ formats: ["screenshot@fullPage"] }, "formats"),
  "formats[json]": v1({ formats: ["json"], jsonOptions: { prompt: "title" } }, "formats"),
  "formats[extract]": v1({ formats: ["extract"], jsonOptions: { prompt: "title" } }, "formats"),
  "formats[changeTracking]": v1({ formats: ["markdown", "changeTracking"] }, "formats"),
  headers: v1({ headers: { "x-a": "1" } }, "headers"),
  includeTags: v1({ includeTags: ["main"] }, "includeTags"),
  excludeTags: v1({ excludeTags: ["nav"] }, "excludeTags"),
  onlyMainContent: v1({ onlyMainContent: false }, "onlyMainContent"),
  timeout: v1({ timeout: 5000 }, "timeout"),
  waitFor: v1({ waitFor: 1000 }, "waitFor"),
  mobile: v1({ mobile: true }, "mobile"),
  parsePDF: v1({ parsePDF: false }, "parsers"),
  jsonOptions: v1({ formats: ["json"], jsonOptions: { schema: { type: "object" } } }, "formats", { formats: ["json"] }),
  "jsonOptions.prompt": v1({ formats: ["json"], jsonOptions: { prompt: "the title" } }, "formats", {
    formats: ["json"],
  }),
  "jsonOptions.systemPrompt": v1(
    { formats: ["json"], jsonOptions: { systemPrompt: "be brief", prompt: "title" } },
    "formats",
    { formats: ["json"], jsonOptions: { prompt: "title" } },
  ),
  "jsonOptions.schema": v1({ formats: ["json"], jsonOptions: { schema: { type: "object" } } }, "formats", {
    formats: ["json"],
  }),
  actions: v1({ actions: [{ type: "scrape" }] }, "actions"),
  location: v1({ location: { country: "DE" } }, "location"),
  "location.country": v1({ location: { country: "DE" } }, "location"),
  "location.languages": v1({ location: { languages: ["de"] } }, "location"),
  skipTlsVerification: v1({ skipTlsVerification: true }, "skipTlsVerification"),
  removeBase64Images: v1({ removeBase64Images: false }, "removeBase64Images"),
  blockAds: v1({ blockAds: false }, "blockAds"),
  proxy: v1({ proxy: "stealth" }, "proxy"),
  maxAge: v1({ maxAge: 1000 }, "maxAge"),
  storeInCache: v1({ storeInCache: false }, "storeInCache"),
  changeTrackingOptions: v1(
    { formats: ["markdown", "changeTracking"], changeTrackingOptions: { modes: ["git-diff"] } },
    "formats",
    { formats: ["markdown", "changeTracking"] },
  ),
  ...Object.fromEntries(
    Object.entries({
      modes: ["json"],
      "modes[json]": ["json"],
      "modes[git-diff]": ["git-diff"],
      prompt: "x",
      schema: {},
      tag: "x",
    }).map(([k, value]) => [
      `changeTrackingOptions.${k}`,
      v1(
        { formats: ["markdown", "changeTracking"], changeTrackingOptions: { [k.replace(/\[.*/, "")]: value } },
        "formats",
        { formats: ["markdown", "changeTracking"] },
      ),
    ]),
  ),
};
/** The action sub-fields are the v2 ActionSchema itself (its own evidence is in SCRAPE_OPTIONS). */
for (const key of Object.keys(SCRAPE_OPTIONS).filter((k) => k.startsWith("actions[")))
  V1_SCRAPE_OPTIONS[key] = v1({ actions: [{ type: "scrape" }] }, "actions");

/** The v1 webhook object: the v2 schema itself, carried over by the translation. */
const v1Webhook = {
  webhook: v1({ webhook: fixture("/hooks/x") }, "webhook"),
  "webhook.url": v1({ webhook: { url: fixture("/hooks/x") } }, "webhook"),
  "webhook.headers": v1({ webhook: { url: fixture("/hooks/x"), headers: { a: "b" } } }, "webhook"),
  "webhook.metadata": v1({ webhook: { url: fixture("/hooks/x"), metadata: { a: 1 } } }, "webhook"),
  "webhook.events": v1({ webhook: { url: fixture("/hooks/x"), events: ["completed"] } }, "webhook"),
};

const ENDPOINTS: Record<string, Endpoint> = {
  "POST /v2/scrape": {
    schema: ScrapeRequestSchema,
    own: {
      url: shown(SCRAPE, "follows redirects: metadata.url is the final URL, sourceURL the caller's"),
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "", options: SCRAPE_OPTIONS },
  },
  "POST /v2/batch/scrape": {
    schema: BatchScrapeRequestSchema,
    own: {
      urls: shown(BATCH, "scrapes every valid URL, drops invalid ones by default and lists them"),
      ignoreInvalidURLs: shown(
        BATCH,
        "with ignoreInvalidURLs false, any invalid URL is a 400 naming it; none valid is a 400",
      ),
      maxConcurrency: probe("batch maxConcurrency"),
      ...webhook,
      "webhook.headers": probe("batch webhook object"),
      "webhook.metadata": probe("batch webhook object"),
      "webhook.events": probe("batch webhook object"),
      "webhook.url": probe("batch webhook object"),
      zeroDataRetention: zdrRefusedByJobs,
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "", options: SCRAPE_OPTIONS },
  },
  "POST /v2/crawl": {
    schema: CrawlRequestSchema,
    own: {
      url: shown(CRAWL, "follows links below the start path, deduplicates variants, and keeps HTTP errors in data"),
      prompt: shown(LLM, "crawl prompt: generated options fill what the caller left out; params-preview shows them"),
      includePaths: shown(CRAWL, "includePaths, excludePaths and regexOnFullURL"),
      excludePaths: shown(CRAWL, "includePaths, excludePaths and regexOnFullURL"),
      regexOnFullURL: shown(CRAWL, "includePaths, excludePaths and regexOnFullURL"),
      maxDiscoveryDepth: shown(CRAWL, "maxDiscoveryDepth counts link hops from the start page"),
      limit: shown(CRAWL, "never exceeds limit"),
      crawlEntireDomain: shown(CRAWL, "crawlEntireDomain follows siblings and parents"),
      allowExternalLinks: shown(CRAWL, "stays on the start host unless allowExternalLinks"),
      allowSubdomains: shown(
        "unit/scope.test.ts",
        "allowSubdomains admits any host of the registrable domain, with any path",
      ),
      sitemap: shown(CRAWL, "reads the sitemap index (with a gzipped child) for orphan pages unless sitemap is skip"),
      ignoreQueryParameters: shown(CRAWL, "ignoreQueryParameters and deduplicateSimilarURLs"),
      deduplicateSimilarURLs: shown(CRAWL, "ignoreQueryParameters and deduplicateSimilarURLs"),
      delay: shown(CRAWL, "paces scrapes with delay (one at a time, seconds apart)"),
      maxConcurrency: probe("crawl maxConcurrency"),
      scrapeOptions: probe("crawl scrapeOptions"),
      ...webhook,
      zeroDataRetention: zdrRefusedByJobs,
      "scrapeOptions.zeroDataRetention": zdrRefusedByJobs,
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "scrapeOptions.", options: SCRAPE_OPTIONS },
  },
  "POST /v2/crawl/params-preview": {
    schema: CrawlParamsPreviewSchema,
    own: {
      url: shown(LLM, "crawl prompt: generated options fill what the caller left out; params-preview shows them"),
      prompt: shown(LLM, "crawl prompt: generated options fill what the caller left out; params-preview shows them"),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v2/map": {
    schema: MapRequestSchema,
    own: {
      url: shown(MAP, "sitemap only: the start URL and the sitemaps' URLs, orphans included, in discovery order"),
      search: shown(MAP, "search keeps matching URLs, most relevant first; limit is exact"),
      limit: shown(MAP, "search keeps matching URLs, most relevant first; limit is exact"),
      sitemap: shown(MAP, "include: both sources, deduplicated"),
      includeSubdomains: shown("unit/map-scope.test.ts", "includeSubdomains adds the other hosts of the start's site"),
      ignoreQueryParameters: shown(MAP, "keeps query variants apart with ignoreQueryParameters false"),
      timeout: shown(MAP, "times out with 408 MAP_TIMEOUT, and validates its body"),
      location: probe("map location"),
      "location.country": probe("map location"),
      "location.languages": probe("map location"),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v2/search": {
    schema: SearchRequestSchema,
    own: {
      query: webResults,
      limit: webResults,
      sources: shown(SEARCH, "news and images sources: dates, pictures and their sizes"),
      "sources[web]": webResults,
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
      tbs: shown(
        SEARCH,
        "tbs asks the provider for recent results only; other tbs values are refused naming the field",
      ),
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
  },
  "POST /v2/parse (options)": {
    schema: ParseOptionsSchema,
    own: {
      ...parseRefusedFormats,
      formats: shown(PARSE, "HTML: markdown, html and links like a scrape of the page, stored for GET /v2/scrape/{id}"),
      "formats[json]": shown(PARSE, "json and summary through the LLM, billed like a scrape's json"),
      "formats[summary]": shown(PARSE, "json and summary through the LLM, billed like a scrape's json"),
      onlyMainContent: shown(PARSE, "onlyMainContent, includeTags and excludeTags shape the markdown as for a scrape"),
      includeTags: shown(PARSE, "onlyMainContent, includeTags and excludeTags shape the markdown as for a scrape"),
      excludeTags: shown(PARSE, "onlyMainContent, includeTags and excludeTags shape the markdown as for a scrape"),
      zeroDataRetention: shown(PARSE, "zeroDataRetention: the result is not stored"),
      origin: sdkField,
      integration: sdkField,
    },
    // The rest (other formats, parsers, timeout, removeBase64Images) is the scrape pipeline's document stage.
    shares: { at: "", options: SCRAPE_OPTIONS },
  },
  "POST /v2/extract": {
    schema: ExtractRequestSchema,
    own: {
      urls: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      prompt: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      schema: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      systemPrompt: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      showSources: shown(
        SURFACE,
        "extract() over two fixture pages: the model reads only them, and the answer matches the schema",
      ),
      ignoreInvalidURLs: shown(EXTRACT, "refuses an unusable URL naming it, or leaves it out with ignoreInvalidURLs"),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v2/agent": {
    schema: AgentRequestSchema,
    own: {
      prompt: shown(AGENT, "agent() runs scrape → finish and returns the answer with its steps and sources"),
      urls: shown(AGENT, "map → scrape two pages → finish"),
      schema: shown(AGENT, "repairs an answer that does not match the schema, once"),
      maxCredits: shown(AGENT, "stops at maxCredits and answers with what it has"),
      strictConstrainToURLs: shown(
        AGENT,
        "refuses a URL outside strictConstrainToURLs back to the model, without fetching it",
      ),
      model: shown(AGENT, "spark-1-pro runs on LLM_MODEL_PRO at 5 credits a step"),
      webhook: shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.url": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.headers": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.metadata": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      "webhook.events": shown(
        AGENT,
        "delivers signed webhooks in order: started, an action per step, completed " +
          "with the answer; only the events asked for, with the headers given",
      ),
      origin: sdkField,
      integration: sdkField,
    },
  },
  "POST /v1/crawl": {
    schema: V1CrawlRequestSchema,
    own: {
      url: v1({ url: fixture("/blog/") }, "url"),
      includePaths: v1({ includePaths: ["^/a"] }, "crawler.includePaths"),
      excludePaths: v1({ excludePaths: ["^/a"] }, "crawler.excludePaths"),
      regexOnFullURL: v1({ regexOnFullURL: true }, "crawler.regexOnFullURL"),
      maxDepth: shown(
        BATCH,
        "POST /v1/crawl translates maxDepth, ignoreSitemap, allowBackwardLinks and v1 scrape options",
      ),
      maxDiscoveryDepth: v1({ maxDiscoveryDepth: 1 }, "crawler.maxDiscoveryDepth"),
      ignoreSitemap: v1({ ignoreSitemap: true }, "crawler.sitemap"),
      ignoreQueryParameters: v1({ ignoreQueryParameters: true }, "crawler.ignoreQueryParameters"),
      limit: v1({ limit: 5 }, "crawler.limit"),
      allowBackwardLinks: v1({ allowBackwardLinks: true }, "crawler.crawlEntireDomain"),
      crawlEntireDomain: v1({ crawlEntireDomain: true }, "crawler.crawlEntireDomain"),
      allowExternalLinks: v1({ allowExternalLinks: true }, "crawler.allowExternalLinks"),
      allowSubdomains: v1({ allowSubdomains: true }, "crawler.allowSubdomains"),
      deduplicateSimilarURLs: v1({ deduplicateSimilarURLs: false }, "crawler.deduplicateSimilarURLs"),
      delay: v1({ delay: 1 }, "crawler.delay"),
      maxConcurrency: v1({ maxConcurrency: 2 }, "maxConcurrency"),
      ...v1Webhook,
      scrapeOptions: v1({ scrapeOptions: { formats: ["html"] } }, "scrapeOptions"),
      zeroDataRetention: shown(RETENTION, "is refused by %s with 400 ZERO_DATA_RETENTION_NOT_SUPPORTED"),
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "scrapeOptions.", options: V1_SCRAPE_OPTIONS },
  },
  "POST /v1/batch/scrape": {
    schema: V1BatchScrapeRequestSchema,
    own: {
      urls: v1({ urls: [fixture("/blog/")] }, "urls"),
      ignoreInvalidURLs: v1({ ignoreInvalidURLs: true }, "ignoreInvalidURLs"),
      maxConcurrency: v1({ maxConcurrency: 2 }, "maxConcurrency"),
      ...v1Webhook,
      zeroDataRetention: shown(RETENTION, "is refused by %s with 400 ZERO_DATA_RETENTION_NOT_SUPPORTED"),
      origin: sdkField,
      integration: sdkField,
    },
    shares: { at: "", options: V1_SCRAPE_OPTIONS },
  },
};

Object.assign(ENDPOINTS, monitorEndpoints(SCRAPE_OPTIONS, ENDPOINTS["POST /v2/crawl"]));
Object.assign(ENDPOINTS, v1SingleEndpoints(ENDPOINTS, V1_SCRAPE_OPTIONS));

/** The evidence for one field of one endpoint: its own entry, else the shared option's. */
function evidenceFor(endpoint: Endpoint, field: string): Evidence | undefined {
  if (endpoint.own[field]) return endpoint.own[field];
  for (const shared of sharesOf(endpoint))
    if (field.startsWith(shared.at) && shared.options[field.slice(shared.at.length)])
      return shared.options[field.slice(shared.at.length)];
  return undefined;
}

/** Every (endpoint, field, evidence) the schemas call for. */
const rows = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) =>
  requestFields(endpoint.schema).map((field) => ({ name, endpoint, field, evidence: evidenceFor(endpoint, field) })),
);

/** The v1 translation of a body (a minimal valid body plus `extra`), as a plain object to look paths up in. */
function translateV1(name: string, extra: Record<string, unknown>): Record<string, unknown> {
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
  if (name === "POST /v1/scrape") return plain(v1ScrapeToV2(V1ScrapeRequestSchema.parse({ url, ...extra })).request);
  if (name === "POST /v1/map") return plain(v1MapToV2(V1MapRequestSchema.parse({ url: fixture("/docs/"), ...extra })));
  if (name === "POST /v1/search") {
    // Search results are scraped only when scrapeOptions lists formats: a v1 scrape option is checked with one.
    const { scrapeOptions: so, ...rest } = extra as { scrapeOptions?: Record<string, unknown> };
    const body = { query: "q", ...rest, ...(so ? { scrapeOptions: { formats: ["markdown"], ...so } } : {}) };
    return plain(v1SearchToV2(V1SearchRequestSchema.parse(body)));
  }
  if (name === "POST /v1/crawl") {
    const { scrapeOptions: so, ...rest } = extra as { scrapeOptions?: Record<string, unknown> };
    const body = { url: fixture("/docs/"), ...rest, scrapeOptions: so ?? {} };
    return JSON.parse(JSON.stringify(v1CrawlToV2(V1CrawlRequestSchema.parse(body))));
  }
  return JSON.parse(
    JSON.stringify(v1BatchToV2(V1BatchScrapeRequestSchema.parse({ urls: [fixture("/docs/a")], ...extra }))),
  );
}

const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);

describe("every request field has an effect, a documented warning or a clear error", () => {
  it("lists evidence for every field of every request schema, and for no field that does not exist", () => {
    const missing = rows.filter((r) => !r.evidence).map((r) => `${r.name} ${r.field}`);
    expect(missing.join("\n"), "fields without evidence").toBe("");
    const walked = new Set(rows.map((r) => `${r.name} ${r.field}`));
    const stale = Object.entries(ENDPOINTS).flatMap(([name, e]) =>
      Object.keys(e.own)
        .filter((f) => !walked.has(`${name} ${f}`))
        .map((f) => `${name} ${f}`),
    );
    const sharedUsed = new Set(
      rows.flatMap((r) =>
        sharesOf(r.endpoint).flatMap((shared) =>
          r.field.startsWith(shared.at) ? [r.field.slice(shared.at.length)] : [],
        ),
      ),
    );
    const staleShared = [...Object.keys(SCRAPE_OPTIONS), ...Object.keys(V1_SCRAPE_OPTIONS)].filter(
      (f) => !sharedUsed.has(f),
    );
    expect([...stale, ...staleShared].join("\n"), "evidence for fields that do not exist").toBe("");
  });

  it("cites only tests that exist", () => {
    const cited = new Set(
      rows.flatMap((r) => (r.evidence?.kind === "shown" ? [`${r.evidence.file}\n${r.evidence.title}`] : [])),
    );
    for (const entry of cited) {
      const [file, title] = entry.split("\n");
      expect(testFiles[`/test/${file}`], `test file ${file}`).toBeTypeOf("string");
      // A long title is written as a concatenation of strings: read it joined, as the test runner does.
      const text = testFiles[`/test/${file}`]!.replace(/(["'])\s*\+\s*["']/g, "");
      expect(text.includes(`"${title}`) || text.includes(`'${title}`), `${file}: a test titled "${title}"`).toBe(true);
    }
  });

  it("documents in docs/compatibility.md the client fields that have no effect", () => {
    expect(readme).toContain(sdkField.readme);
  });

  it.each(rows.filter((r) => r.evidence?.kind === "v1").map((r) => [r.name, r.field, r.evidence] as const))(
    "%s %s is translated onto its v2 option",
    (name, field, evidence) => {
      const { value, becomes, baseline: base } = evidence as Extract<Evidence, { kind: "v1" }>;
      const v1Scrape = ["POST /v1/crawl", "POST /v1/search"].includes(name) && field.startsWith("scrapeOptions.");
      const translated = translateV1(name, v1Scrape ? { scrapeOptions: value } : value);
      const baseline = translateV1(name, v1Scrape ? { scrapeOptions: base } : base);
      const path =
        v1Scrape || (name === "POST /v1/batch/scrape" && !ENDPOINTS[name].own[field])
          ? `scrapeOptions.${becomes}`
          : becomes;
      expect(at(translated, path), `${path} after translation`).not.toEqual(at(baseline, path));
    },
  );

  const checks = new Map<string, Extract<Evidence, { kind: "refused" | "warns" }>>();
  for (const r of rows)
    if (r.evidence?.kind === "refused" || r.evidence?.kind === "warns")
      checks.set(
        JSON.stringify(r.evidence, (_k, v) => (v instanceof RegExp ? String(v) : v)),
        r.evidence,
      );

  it.each([...checks.values()].map((e) => [e.kind, JSON.stringify(e.body).slice(0, 90), e] as const))(
    "%s: %s",
    async (_kind, _body, evidence) => {
      if (evidence.kind === "refused") {
        const { status, body } = await callJson("POST", evidence.path, evidence.body);
        expect(status).toBe(400);
        expect(body).toMatchObject({ success: false, code: evidence.code });
        return;
      }
      const { status, body } = await callJson("POST", "/v2/scrape", evidence.body);
      expect(status).toBe(200);
      expect(body.data.warning).toMatch(evidence.pattern);
    },
  );

  it("refuses v1 jsonOptions without the json format rather than ignoring them", async () => {
    const { status, body } = await callJson("POST", "/v1/batch/scrape", {
      urls: [url],
      formats: ["markdown"],
      jsonOptions: { prompt: "the title" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "BAD_REQUEST", error: expect.stringMatching(/^jsonOptions: /) });
  });

  const probed = [...new Set(rows.flatMap((r) => (r.evidence?.kind === "probe" ? [r.evidence.name] : [])))];
  it.each(probed)("probe: %s", async (name) => {
    expect(PROBES, "a probe of that name").toHaveProperty([name]);
    await PROBES[name as keyof typeof PROBES]();
  });
});

async function heldMax(key: string): Promise<number> {
  return ((await (await fetch(fixture(`/__held/${key}`))).json()) as { max: number }).max;
}

const PROBES = {
  "wait action milliseconds": async () => {
    const started = Date.now();
    const { status } = await callJson("POST", "/v2/scrape", {
      url: unique("/index.html"),
      actions: [{ type: "wait", milliseconds: 1500 }],
    });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  },
  "batch maxConcurrency": async () => {
    const key = `batchcap-${crypto.randomUUID().slice(0, 8)}`;
    const urls = Array.from({ length: 4 }, (_, i) => fixture(`/held?key=${key}&ms=250&i=${i}`));
    const { body } = await callJson("POST", "/v2/batch/scrape", { urls, maxConcurrency: 1 });
    expect(await waitForJob(`/v2/batch/scrape/${body.id}`)).toMatchObject({ status: "completed", completed: 4 });
    expect(await heldMax(key)).toBe(1); // the team's limit (10) would allow all 4 at once
  },
  "crawl maxConcurrency": async () => {
    const key = `crawlcap-${crypto.randomUUID().slice(0, 8)}`;
    const { body } = await callJson("POST", "/v2/crawl", {
      url: fixture(`/held?key=${key}&ms=250&links=4`),
      sitemap: "skip",
      maxConcurrency: 1,
    });
    expect(await waitForJob(`/v2/crawl/${body.id}`)).toMatchObject({ status: "completed", completed: 5 });
    expect(await heldMax(key)).toBe(1);
  },
  "crawl scrapeOptions": async () => {
    const { body } = await callJson("POST", "/v2/crawl", {
      url: fixture("/docs/"),
      sitemap: "only",
      scrapeOptions: { formats: ["links"] },
    });
    await waitForJob(`/v2/crawl/${body.id}`);
    const documents = await allDocuments(`/v2/crawl/${body.id}`);
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) {
      expect(d.markdown).toBeUndefined();
      expect(Array.isArray(d.links)).toBe(true);
    }
  },
  "batch webhook object": async () => {
    const receiver = `batchhook-${crypto.randomUUID().slice(0, 8)}`;
    const webhookObject = {
      url: fixture(`/hooks/${receiver}`),
      headers: { "x-probe": "yes" },
      metadata: { probe: 1 },
      events: ["completed"],
    };
    const { body } = await callJson("POST", "/v2/batch/scrape", { urls: [fixture("/docs/a")], webhook: webhookObject });
    await waitForJob(`/v2/batch/scrape/${body.id}`);
    let got: { headers: Record<string, string>; body: string }[] = [];
    for (let i = 0; i < 100 && got.length === 0; i++) {
      got = await (await fetch(fixture(`/__webhooks/${receiver}`))).json();
      if (got.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300));
    got = await (await fetch(fixture(`/__webhooks/${receiver}`))).json();
    expect(got.map((d) => JSON.parse(d.body).type)).toEqual(["batch_scrape.completed"]);
    expect(got[0].headers["x-probe"]).toBe("yes");
    expect(JSON.parse(got[0].body).metadata).toEqual({ probe: 1 });
  },
  "map location": async () => {
    const { total: before } = await fixtureRequests();
    const { status } = await callJson("POST", "/v2/map", {
      url: unique("/browser/emulation.html"),
      sitemap: "skip",
      limit: 1,
      location: { country: "DE", languages: ["de-DE"] },
    });
    expect(status).toBe(200);
    const beacons = (await fixtureRequests(before)).requests.filter((r) => r.path.startsWith("/browser/beacon"));
    expect(beacons.length).toBeGreaterThan(0);
    const seen = Object.fromEntries(new URL(beacons[0].path, API).searchParams);
    expect(seen).toMatchObject({ languages: "de-DE", timezone: "Europe/Berlin" });
  },
} satisfies Record<string, () => Promise<void>>;
