/**
 * POST /v2/parse (docs/api.md, "Parse"): a file uploaded as multipart/form-data — the part `file` (with its file
 * name) and the part `options` (ParseOptions as JSON), as the SDK's `parse()` sends them — converted like a
 * scrape (src/parse/service.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { charge } from "../../credits/charge";
import { createRouter } from "../../hono";
import { ApiError, errorResponses } from "../../errors";
import { ACCEPTED_TYPES } from "../../parse/convert";
import { MAX_PARSE_BYTES, parseFile } from "../../parse/service";
import { ParseOptionsSchema } from "../../schemas/parse";
import { presentDocument } from "../../scrape/present";
import { validationError } from "../../validation";
import { ScrapeResponseSchema } from "./scrape";

const ParseFormSchema = z.object({
  file: z.any().openapi({
    type: "string",
    format: "binary",
    description: `The file (${ACCEPTED_TYPES}), at most ${MAX_PARSE_BYTES / 1024 / 1024} MB.`,
  }),
  options: z
    .string()
    .optional()
    .openapi({ description: "ParseOptions as JSON (the ParseOptions schema in components)." }),
});

const parseRoute = createRoute({
  method: "post",
  path: "/v2/parse",
  tags: ["Parse"],
  summary: "Convert an uploaded file (HTML, PDF, DOCX, text) to the formats of a scrape",
  request: { body: { required: true, content: { "multipart/form-data": { schema: ParseFormSchema } } } },
  responses: {
    200: { description: "The document", content: { "application/json": { schema: ScrapeResponseSchema } } },
    ...errorResponses(400, 401, 402, 413, 415, 502),
  },
});

function badField(field: string, message: string): ApiError {
  return new ApiError("BAD_REQUEST", `${field}: ${message}`, [{ path: [field], message, code: "custom" }]);
}

/** The `options` part as ParseOptions; a 400 names the field (`options.formats[0]`…). */
function readOptions(raw: unknown) {
  if (raw !== undefined && typeof raw !== "string")
    throw badField("options", "must be a JSON object sent as a text part");
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badField("options", "is not valid JSON");
    }
  }
  const parsed = ParseOptionsSchema.safeParse(value);
  if (!parsed.success) {
    const error = validationError(parsed.error);
    const details = (error.details as { path: (string | number)[] }[] | undefined)?.map((d) => ({
      ...d,
      path: ["options", ...d.path],
    }));
    throw new ApiError("BAD_REQUEST", `options.${error.message}`, details);
  }
  return parsed.data;
}

export const parseRoutes = createRouter();
// The JSON the `options` part holds, described in the document's components.
parseRoutes.openAPIRegistry.register("ParseOptions", ParseOptionsSchema);
parseRoutes.openapi(parseRoute, async (c) => {
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
    throw new ApiError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Content-Type must be multipart/form-data with a `file` part (and an optional `options` part)",
    );
  }
  const form = c.req.valid("form") as { file?: unknown; options?: unknown };
  const file = form.file;
  if (!(file instanceof File)) throw badField("file", "a file part named `file` (with a file name) is required");
  const options = readOptions(form.options);
  const { teamId, keyName } = c.get("principal");
  const { document, credits } = await parseFile(
    { env: c.env, teamId, waitUntil: (p) => c.executionCtx.waitUntil(p) },
    file,
    options,
  );
  await charge(c.env, teamId, credits, "parse", document.metadata.scrapeId, keyName);
  return c.json(
    { success: true as const, data: await presentDocument(c.env, document, new URL(c.req.url).origin) },
    200,
  );
});
