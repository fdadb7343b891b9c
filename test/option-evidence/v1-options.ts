/**
 * Evidence for the v1 scrape options (v1 crawl's `scrapeOptions`, v1 batch at the top level) and the v1 webhook
 * object: each lands on a v2 option through the translation (`v1(...)`, run by option-effects.test.ts).
 */
import { fixture } from "../helpers";
import { v1, type Evidence } from "./kinds";
import { SCRAPE_OPTIONS } from "./shared";

/** v1 scrape options, shared by v1 crawl (`scrapeOptions`) and v1 batch (top level): each lands on a v2 option. */
export const V1_SCRAPE_OPTIONS: Record<string, Evidence> = {
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
export const v1Webhook = {
  webhook: v1({ webhook: fixture("/hooks/x") }, "webhook"),
  "webhook.url": v1({ webhook: { url: fixture("/hooks/x") } }, "webhook"),
  "webhook.headers": v1({ webhook: { url: fixture("/hooks/x"), headers: { a: "b" } } }, "webhook"),
  "webhook.metadata": v1({ webhook: { url: fixture("/hooks/x"), metadata: { a: 1 } } }, "webhook"),
  "webhook.events": v1({ webhook: { url: fixture("/hooks/x"), events: ["completed"] } }, "webhook"),
};
