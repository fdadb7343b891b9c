/**
 * Formats (docs/api.md, "Scrape"): the names and objects a scrape, crawl, batch or parse request asks for, and
 * their normal form. Scrape options (./scrape.ts) hold them in `formats`.
 */
import { z } from "@hono/zod-openapi";

/**
 * Lists of a few known values (formats, parsers, modes, languages): a bound keeps a 100,000-entry list from being
 * validated entry by entry (zod stops at the length check; without one it built 100,000 issues, ~110 MB).
 */
export const MAX_SMALL_LIST = 20;
export const MAX_VIEWPORT_WIDTH = 7680;
export const MAX_VIEWPORT_HEIGHT = 4320;
export const MAX_PROMPT_CHARS = 10_000;

const viewport = z
  .strictObject({
    width: z.int().min(1).max(MAX_VIEWPORT_WIDTH),
    height: z.int().min(1).max(MAX_VIEWPORT_HEIGHT),
  })
  .openapi({ description: `Browser viewport, at most ${MAX_VIEWPORT_WIDTH}x${MAX_VIEWPORT_HEIGHT}.` });

export const screenshotOptions = {
  fullPage: z.boolean().default(false),
  quality: z.int().min(1).max(100).optional().openapi({ description: "JPEG quality; PNG when absent." }),
  viewport: viewport.optional(),
};

// prettier-ignore
export const SIMPLE_FORMATS = [
  "markdown", "html", "rawHtml", "links", "images", "summary", "branding", "audio", "video", "screenshot",
  "changeTracking", "product", "menu",
] as const;
export type SimpleFormat = (typeof SIMPLE_FORMATS)[number];

const jsonSchemaObject = z.record(z.string(), z.any()).openapi({ description: "A JSON Schema object." });

const JsonFormat = z
  .strictObject({
    type: z.literal("json"),
    prompt: z.string().max(MAX_PROMPT_CHARS).optional(),
    schema: jsonSchemaObject.optional(),
  })
  .refine((f) => f.prompt !== undefined || f.schema !== undefined, {
    message: "The json format needs a schema, a prompt, or both",
  });

const ScreenshotFormat = z.strictObject({ type: z.literal("screenshot"), ...screenshotOptions });

const ChangeTrackingFormat = z.strictObject({
  type: z.literal("changeTracking"),
  modes: z
    .array(z.enum(["json", "git-diff"]))
    .max(MAX_SMALL_LIST)
    .default([]),
  tag: z.string().nullable().default(null),
  schema: jsonSchemaObject.optional(),
  prompt: z.string().max(MAX_PROMPT_CHARS).optional(),
});

const AttributesFormat = z.strictObject({
  type: z.literal("attributes"),
  selectors: z
    .array(z.strictObject({ selector: z.string().min(1), attribute: z.string().min(1) }))
    .min(1)
    .max(100),
});

/** The simple formats also written as `{type}`. */
// prettier-ignore
const OBJECT_SIMPLE_FORMATS = [
  "markdown", "html", "rawHtml", "links", "images", "summary", "branding", "audio", "video", "product", "menu",
] as const;

const QuestionFormat = z.strictObject({
  type: z.literal("question"),
  question: z.string().min(1).max(MAX_PROMPT_CHARS),
});

const HighlightsFormat = z.strictObject({
  type: z.literal("highlights"),
  query: z.string().min(1).max(MAX_PROMPT_CHARS),
});

/** Deprecated by the SDK for question (`freeform`) and highlights (`directQuote`), which it is. */
const QueryFormat = z.strictObject({
  type: z.literal("query"),
  prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
  mode: z.enum(["freeform", "directQuote"]).default("freeform"),
});

const SimpleFormatObject = z.strictObject({
  type: z.enum(OBJECT_SIMPLE_FORMATS),
});

/** The formats that exist only as objects, with what each object needs. */
const OPTIONED_FORMATS = new Map(
  Object.entries({
    json: '{"type": "json", "prompt": "…"} or {"type": "json", "schema": {…}}',
    attributes: '{"type": "attributes", "selectors": [{"selector": "…", "attribute": "…"}]}',
    question: '{"type": "question", "question": "…"}',
    highlights: '{"type": "highlights", "query": "…"}',
    query: '{"type": "query", "prompt": "…"}',
  }),
);

/**
 * Why a format matched none of the forms, when it is a name (or an object's `type`) that is not a format or a format
 * that needs options: the names to choose from, or how to write it. Undefined leaves the object's own issues.
 */
function unknownFormat(input: unknown): string | undefined {
  const name = typeof input === "string" ? input : (input as { type?: unknown } | null)?.type;
  if (typeof name !== "string") return undefined;
  const options = OPTIONED_FORMATS.get(name);
  if (options)
    return typeof input === "string" ? `The ${name} format takes options: write it as ${options}` : undefined;
  if ((SIMPLE_FORMATS as readonly string[]).includes(name)) return undefined;
  return (
    `Unknown format "${name.slice(0, 100)}": the formats are ${SIMPLE_FORMATS.join(", ")}, and as objects ` +
    `${[...OPTIONED_FORMATS.keys()].join(", ")}`
  );
}

export const FormatSchema = z
  .union(
    [
      z.enum(SIMPLE_FORMATS),
      SimpleFormatObject,
      JsonFormat,
      ScreenshotFormat,
      ChangeTrackingFormat,
      AttributesFormat,
      QuestionFormat,
      HighlightsFormat,
      QueryFormat,
    ],
    { error: (issue) => unknownFormat(issue.input) },
  )
  .openapi("Format", { description: "A format name, or an object format `{type, ...options}`." });

export type FormatInput = z.infer<typeof FormatSchema>;
export type JsonFormatOptions = z.infer<typeof JsonFormat>;
export type ScreenshotFormatOptions = z.infer<typeof ScreenshotFormat>;
export type ChangeTrackingFormatOptions = z.infer<typeof ChangeTrackingFormat>;
export type AttributesFormatOptions = z.infer<typeof AttributesFormat>;
export type FormatObject =
  | { type: (typeof OBJECT_SIMPLE_FORMATS)[number] }
  | JsonFormatOptions
  | ScreenshotFormatOptions
  | ChangeTrackingFormatOptions
  | AttributesFormatOptions
  | z.infer<typeof QuestionFormat>
  | z.infer<typeof HighlightsFormat>
  | z.infer<typeof QueryFormat>;

/** Every format as an object (`"markdown"` → `{type:"markdown"}`), with the object formats' defaults applied. */
export function normalizeFormats(formats: FormatInput[]): FormatObject[] {
  return formats.map((f) => {
    if (typeof f !== "string") return f;
    if (f === "screenshot") return ScreenshotFormat.parse({ type: "screenshot" });
    if (f === "changeTracking") return ChangeTrackingFormat.parse({ type: "changeTracking" });
    return { type: f };
  });
}
