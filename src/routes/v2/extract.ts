/**
 * POST /v2/extract and GET /v2/extract/{id} (docs/api.md, "Extract"): extraction over a list of URLs as an
 * agent job bounded to them (src/extract/service.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { extractStatus, startExtract } from "../../extract/service";
import { JobIdParams } from "../../schemas/common";
import { ExtractRequestSchema } from "../../schemas/extract";

const ExtractStartedSchema = z
  .object({ success: z.literal(true), id: z.string(), invalidURLs: z.array(z.string()).optional() })
  .openapi("ExtractStarted");

const ExtractStatusSchema = z
  .object({
    success: z.literal(true),
    id: z.string(),
    status: z.enum(["processing", "completed", "failed", "cancelled"]),
    data: z.any().openapi({ description: "The extracted data once completed; null before." }),
    error: z.string().optional(),
    warning: z.string().optional(),
    sources: z
      .object({ pages: z.array(z.string()) })
      .optional()
      .openapi({ description: "With showSources: the pages read." }),
    expiresAt: z.string(),
    creditsUsed: z.int(),
  })
  .openapi("ExtractStatus");

const startRoute = createRoute({
  method: "post",
  path: "/v2/extract",
  tags: ["Extract"],
  summary: "Extract structured data from a list of pages (an async job)",
  description:
    "Needs an LLM with tool calling (LLM_BASE_URL); 400 LLM_NOT_CONFIGURED without one. Poll GET /v2/extract/{id}.",
  request: { body: { required: true, content: { "application/json": { schema: ExtractRequestSchema } } } },
  responses: {
    200: { description: "The job was started", content: { "application/json": { schema: ExtractStartedSchema } } },
    ...errorResponses(400, 401, 402, 403, 408),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/v2/extract/{id}",
  tags: ["Extract"],
  summary: "An extract job's status and data",
  request: { params: JobIdParams },
  responses: {
    200: { description: "The job", content: { "application/json": { schema: ExtractStatusSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

export const extractRoutes = createRouter()
  .openapi(startRoute, async (c) => {
    const { teamId, keyName } = c.get("principal");
    const started = await startExtract(
      { env: c.env, teamId, apiKey: keyName, apiOrigin: new URL(c.req.url).origin },
      c.req.valid("json"),
    );
    return c.json({ success: true as const, ...started }, 200);
  })
  .openapi(statusRoute, async (c) => {
    return c.json(await extractStatus(c.env, c.get("principal").teamId, c.req.valid("param").id), 200);
  });
