/**
 * Evidence shared by several endpoints (read by ./endpoints.ts): the test files it cites, the scrape options that
 * /v2/scrape, batch scrape (top level), crawl (`scrapeOptions`), search and the monitors take, and the webhook
 * object.
 */
import { ParseOptionsSchema } from "../../src/schemas/parse";
import { PII_ENTITIES } from "../../src/schemas/redact";
import { fixture } from "../helpers";
import { requestFields } from "../request-fields";
import { probe, shown, warns, type Evidence } from "./kinds";

const url = fixture("/article.html");
export const SCRAPE = "integration/scrape.test.ts";
const SCRAPE_PDF = "integration/scrape-pdf.test.ts";
const BROWSER = "integration/browser.test.ts";
const ARTIFACTS = "integration/browser-artifacts.test.ts";
const EMULATION = "integration/browser-emulation.test.ts";
export const CRAWL = "integration/crawl.test.ts";
const DELIVERY = "integration/crawl-delivery.test.ts";
export const MAP = "integration/map.test.ts";
export const LLM = "integration/llm.test.ts";
export const BATCH = "integration/batch-and-v1.test.ts";
const TRACKING = "integration/change-tracking.test.ts";
const BRANDING = "integration/branding.test.ts";
export const AGENT = "e2e/agent.test.ts";
export const SEARCH = "integration/search.test.ts";
export const webResults = shown(
  SEARCH,
  "web results in the SDK's shape, at most limit, with positions; 2 credits per 10 results",
);
export const CATEGORIES = "integration/search-categories.test.ts";
export const githubPdf = shown(
  CATEGORIES,
  "github and pdf: each category's operator in the query, and only results that are what it names",
);
export const PARSE = "integration/parse.test.ts";
export const EXTRACT = "integration/extract.test.ts";
export const SURFACE = "e2e/sdk-surface.test.ts";
/** Parse refuses the formats that need a live page (all their sub-fields with them). */
export const parseRefusedFormats = Object.fromEntries(
  requestFields(ParseOptionsSchema)
    .filter((f) => /^formats\[(screenshot|changeTracking|branding|audio|video)\]/.test(f))
    .map((f) => [f, shown(PARSE, "refuses bad options and a missing file naming the field")]),
);
export const RETENTION = "integration/data-retention.test.ts";
const trackingLifecycle = shown(
  TRACKING,
  "new → same → changed (with a git diff) → removed, each against the previous scrape",
);
const trackingSchema = shown(
  TRACKING,
  "json mode with a schema: the fields that differ, as {previous, current}; billed 5",
);

const viewportShot = shown(ARTIFACTS, "stores a viewport screenshot in R2 and returns a signed URL the API serves");
const emulation = shown(
  EMULATION,
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
export const SCRAPE_OPTIONS: Record<string, Evidence> = {
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
  "formats[screenshot]": shown(ARTIFACTS, "stores a viewport screenshot in R2 and returns a signed URL the API serves"),
  "formats[screenshot].fullPage": shown(ARTIFACTS, "takes full-page and JPEG screenshots, also as actions"),
  "formats[screenshot].quality": shown(ARTIFACTS, "takes full-page and JPEG screenshots, also as actions"),
  "formats[screenshot].viewport": viewportShot,
  "formats[screenshot].viewport.width": viewportShot,
  "formats[screenshot].viewport.height": viewportShot,
  "formats[attributes]": shown(SCRAPE, "extracts attributes"),
  "formats[attributes].selectors": shown(SCRAPE, "extracts attributes"),
  "formats[attributes].selectors.selector": shown(SCRAPE, "extracts attributes"),
  "formats[attributes].selectors.attribute": shown(SCRAPE, "extracts attributes"),
  "formats[audio]": warns(/The audio format is not available on this service/, { url, formats: ["markdown", "audio"] }),
  "formats[video]": warns(/The video format is not available on this service/, { url, formats: ["markdown", "video"] }),
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
  "actions[screenshot]": shown(ARTIFACTS, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].fullPage": shown(
    "e2e/sdk-browser.test.ts",
    "runs actions and returns a screenshot URL served by the API",
  ),
  "actions[screenshot].quality": shown(ARTIFACTS, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].viewport": shown(ARTIFACTS, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].viewport.width": shown(ARTIFACTS, "takes full-page and JPEG screenshots, also as actions"),
  "actions[screenshot].viewport.height": shown(ARTIFACTS, "takes full-page and JPEG screenshots, also as actions"),
  "actions[scrape]": shown(BROWSER, "captures the page with scrape and returns script results as {type, value}"),
  "actions[executeJavascript]": scriptResults,
  "actions[executeJavascript].script": scriptResults,
  "actions[pdf]": shown(ARTIFACTS, "makes PDFs of the page"),
  "actions[pdf].format": shown(ARTIFACTS, "makes PDFs of the page"),
  "actions[pdf].landscape": shown(ARTIFACTS, "makes PDFs of the page"),
  "actions[pdf].scale": shown(ARTIFACTS, "makes PDFs of the page"),
  blockAds: shown(EMULATION, "removes a cookie-consent popup the site shows itself, unless blockAds is false"),
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
export const zdrRefusedByJobs = shown(RETENTION, "is refused by %s with 400 ZERO_DATA_RETENTION_NOT_SUPPORTED");

export const webhook = {
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
