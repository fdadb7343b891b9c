/**
 * POST /v2/extract request (firecrawl-js 4.42 `startExtract` / `extract` arguments): URLs (a trailing `/*` maps the
 * site under that path first), a prompt and/or a JSON Schema. The job runs as an agent job bounded to its URLs,
 * so what would let it leave them (`allowExternalLinks`, `enableWebSearch`) and what it cannot honour
 * (`scrapeOptions`, `agent`, `webhook`, `threatProtection`) are not accepted: a 400 naming the field.
 */
import { z } from "@hono/zod-openapi";
import { jsonSchemaField } from "./json-schema";
import { MAX_PROMPT_CHARS } from "./formats";

/** URLs an extract job may read (the agent's own bound), wildcard expansions included. */
export const MAX_EXTRACT_URLS = 100;

export const ExtractRequestSchema = z
  .strictObject({
    urls: z.array(z.string().min(1).max(2048)).min(1, "urls must list at least one URL").max(MAX_EXTRACT_URLS).openapi({
      description:
        "The pages to extract from; `https://site/path/*` stands for the site's pages under /path (mapped first).",
    }),
    prompt: z
      .string()
      .min(1)
      .max(MAX_PROMPT_CHARS)
      .optional()
      .openapi({ description: "What to extract, in natural language." }),
    schema: jsonSchemaField("A JSON Schema the extracted data must match."),
    systemPrompt: z
      .string()
      .max(MAX_PROMPT_CHARS)
      .optional()
      .openapi({ description: "Extra instructions, put before the prompt." }),
    showSources: z.boolean().default(false).openapi({ description: "List the pages read (`sources`) in the status." }),
    ignoreInvalidURLs: z.boolean().default(false).openapi({
      description: "Leave out URLs that cannot be read (listed as invalidURLs) instead of refusing the request.",
    }),
    origin: z.string().optional().openapi({ description: "Client identifier (sent by the official SDKs)." }),
    integration: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.prompt && !body.schema)
      ctx.addIssue({ code: "custom", path: ["prompt"], message: "give a prompt, a schema, or both" });
  })
  .openapi("ExtractRequest");

export type ExtractRequest = z.output<typeof ExtractRequestSchema>;
