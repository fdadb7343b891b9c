/**
 * Scrape options (docs/api.md, "Scrape"): one strict zod shape shared by `/v2/scrape` (top level), batch scrape (top
 * level, with `urls`) and crawl (`scrapeOptions`). The same schemas validate requests and produce the OpenAPI
 * document, so defaults and ranges here are the contract.
 */
import { z } from "@hono/zod-openapi";
import { targetUrl } from "./common";
import { FormatSchema, MAX_SMALL_LIST, screenshotOptions, type FormatInput } from "./formats";
import { RedactPIISchema } from "./redact";

export const MAX_ACTIONS = 50;
export const MAX_TOTAL_WAIT_MS = 60_000;
export const DEFAULT_MAX_AGE_MS = 172_800_000;
/** A `wait` action with a selector counts as this much towards the 60 s budget. */
const SELECTOR_WAIT_BUDGET_MS = 1_000;

// ---------------------------------------------------------------------------------------------------------------
// Parsers (§2.3)

export const ParserSchema = z.union([
  z.literal("pdf"),
  z.strictObject({
    type: z.literal("pdf"),
    mode: z.enum(["fast", "auto", "ocr"]).default("auto"),
    maxPages: z.int().min(1).max(10_000).optional(),
  }),
]);
export type ParserInput = z.infer<typeof ParserSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Actions (§2.4)

const PDF_PAPER_FORMATS = ["A0", "A1", "A2", "A3", "A4", "A5", "A6", "Letter", "Legal", "Tabloid", "Ledger"] as const;

export const ActionSchema = z
  .discriminatedUnion("type", [
    z
      .strictObject({
        type: z.literal("wait"),
        milliseconds: z.int().min(1).optional(),
        selector: z.string().min(1).optional(),
      })
      .refine((a) => (a.milliseconds === undefined) !== (a.selector === undefined), {
        message: "A wait action needs either milliseconds or selector, not both",
      }),
    z.strictObject({ type: z.literal("click"), selector: z.string().min(1), all: z.boolean().default(false) }),
    z.strictObject({ type: z.literal("write"), text: z.string() }),
    z.strictObject({ type: z.literal("press"), key: z.string().min(1) }),
    z.strictObject({
      type: z.literal("scroll"),
      direction: z.enum(["up", "down"]).default("down"),
      selector: z.string().min(1).optional(),
    }),
    z.strictObject({ type: z.literal("screenshot"), ...screenshotOptions }),
    z.strictObject({ type: z.literal("scrape") }),
    z.strictObject({ type: z.literal("executeJavascript"), script: z.string().min(1) }),
    z.strictObject({
      type: z.literal("pdf"),
      format: z.enum(PDF_PAPER_FORMATS).default("Letter"),
      landscape: z.boolean().default(false),
      scale: z.number().min(0.1).max(2).default(1),
    }),
  ])
  .openapi("Action");
export type Action = z.infer<typeof ActionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Scrape options (§2.1)

export const LocationSchema = z
  .strictObject({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "country must be a two-letter country code")
      .transform((c) => c.toUpperCase())
      .default("US"),
    languages: z.array(z.string().min(1)).max(MAX_SMALL_LIST).optional(),
  })
  .openapi({ description: "Country (two letters, default US) and languages to emulate." });

const ProfileSchema = z.strictObject({
  name: z.string().min(1).max(128),
  saveChanges: z.boolean().default(true),
});

/** Each selector is tried on every element of the page. */
export const MAX_TAG_SELECTORS = 1000;

/** The fields of §2.1 except `url`, with the spec's defaults. */
export const scrapeOptionFields = {
  formats: z.array(FormatSchema).max(MAX_SMALL_LIST).default(["markdown"]),
  onlyMainContent: z.boolean().default(true),
  includeTags: z
    .array(z.string())
    .max(MAX_TAG_SELECTORS)
    .optional()
    .openapi({
      description:
        "CSS selectors (tags, `.class`, `#id`, attributes, combinators, `:has()`) of " +
        "the elements to keep (original DOM); unparseable ones are ignored.",
    }),
  excludeTags: z
    .array(z.string())
    .max(MAX_TAG_SELECTORS)
    .optional()
    .openapi({ description: "CSS selectors of the elements to drop (original DOM); unparseable ones are ignored." }),
  maxAge: z
    .int()
    .min(0)
    .default(DEFAULT_MAX_AGE_MS)
    .openapi({ description: "Serve a cached copy younger than this (ms); 0 = fresh." }),
  minAge: z
    .int()
    .min(0)
    .optional()
    .openapi({ description: "Cache only: serve a cached copy at least this old (ms), else 404." }),
  headers: z.record(z.string(), z.string()).optional(),
  waitFor: z.int().min(0).max(MAX_TOTAL_WAIT_MS).default(0),
  mobile: z.boolean().default(false),
  skipTlsVerification: z.boolean().default(true),
  timeout: z.int().min(1000).max(300_000).default(30_000),
  parsers: z.array(ParserSchema).max(MAX_SMALL_LIST).default(["pdf"]),
  actions: z.array(ActionSchema).max(MAX_ACTIONS, `Number of actions cannot exceed ${MAX_ACTIONS}`).optional(),
  location: LocationSchema.optional(),
  removeBase64Images: z.boolean().default(true),
  blockAds: z.boolean().default(true),
  proxy: z
    .enum(["basic", "enhanced", "auto", "stealth"])
    .default("auto")
    .openapi({ description: "basic, enhanced or auto (`stealth` is read as enhanced)." }),
  storeInCache: z.boolean().default(true),
  profile: ProfileSchema.optional(),
  zeroDataRetention: z.boolean().default(false),
  redactPII: RedactPIISchema,
};

export type ScrapeOptions = z.output<z.ZodObject<typeof scrapeOptionFields>>;

type RefineCtx = z.RefinementCtx;

/** The cross-field rules of §2.2 and §2.4, reported against the field they concern. */
export function refineScrapeOptions(o: ScrapeOptions, ctx: RefineCtx, path: (string | number)[] = []): void {
  const formats = o.formats ?? [];
  const typeOf = (f: FormatInput) => (typeof f === "string" ? f : f.type);
  const screenshots = formats.filter((f) => typeOf(f) === "screenshot").length;
  if (screenshots > 1) {
    ctx.addIssue({ code: "custom", path: [...path, "formats"], message: "You may only specify one screenshot format" });
  }
  if (formats.some((f) => typeOf(f) === "changeTracking") && !formats.some((f) => typeOf(f) === "markdown")) {
    ctx.addIssue({
      code: "custom",
      path: [...path, "formats"],
      message: "The changeTracking format requires the markdown format to be specified as well",
    });
  }
  const waitActions = (o.actions ?? []).reduce(
    (sum, a) => sum + (a.type === "wait" ? (a.milliseconds ?? SELECTOR_WAIT_BUDGET_MS) : 0),
    0,
  );
  if ((o.waitFor ?? 0) + waitActions > MAX_TOTAL_WAIT_MS) {
    ctx.addIssue({
      code: "custom",
      path: [...path, "waitFor"],
      message: "Total wait time (waitFor + wait actions) cannot exceed 60 seconds",
    });
  }
  if (o.waitFor > o.timeout / 2) {
    ctx.addIssue({ code: "custom", path: [...path, "waitFor"], message: "waitFor must not exceed half of timeout" });
  }
}

export const ScrapeOptionsSchema = z
  .strictObject(scrapeOptionFields)
  .superRefine((o, ctx) => refineScrapeOptions(o, ctx))
  .openapi("ScrapeOptions");

export const ScrapeRequestSchema = z
  .strictObject({
    url: targetUrl,
    ...scrapeOptionFields,
    origin: z.string().optional().openapi({ description: "Client identifier (sent by the official SDKs)." }),
    integration: z.string().optional(),
  })
  .superRefine((o, ctx) => refineScrapeOptions(o, ctx))
  .openapi("ScrapeRequest");

export type ScrapeRequest = z.output<typeof ScrapeRequestSchema>;
