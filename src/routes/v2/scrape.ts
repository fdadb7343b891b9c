/**
 * POST /v2/scrape and GET /v2/scrape/{id}, a stored scrape result (docs/api.md, "Scrape").
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createRouter, type AppEnv } from "../../hono";
import { ApiError, errorResponses, quietError } from "../../errors";
import { JobIdParams } from "../../schemas/common";
import { ScrapeRequestSchema, type ScrapeRequest } from "../../schemas/scrape";
import { loadDocument } from "../../scrape/cache";
import { DocumentSchema, type ScrapeDocument } from "../../schemas/document";
import { scrapeForTeam } from "../../scrape/for-team";
import { checkScrapeRequest } from "../../scrape/pipeline";
import { presentDocument } from "../../scrape/present";

export const ScrapeResponseSchema = z
  .object({ success: z.literal(true), data: DocumentSchema })
  .openapi("ScrapeResponse");

const scrapeRoute = createRoute({
  method: "post",
  path: "/v2/scrape",
  tags: ["Scrape"],
  summary: "Scrape one URL",
  description: "Fetches one page and returns the requested formats. Cached copies younger than maxAge are reused.",
  request: { body: { required: true, content: { "application/json": { schema: ScrapeRequestSchema } } } },
  responses: {
    200: { description: "The scraped document", content: { "application/json": { schema: ScrapeResponseSchema } } },
    ...errorResponses(400, 401, 402, 403, 404, 408, 500),
  },
});

const scrapeStatusRoute = createRoute({
  method: "get",
  path: "/v2/scrape/{id}",
  tags: ["Scrape"],
  summary: "A stored scrape result",
  request: { params: JobIdParams },
  responses: {
    200: {
      description: "The document as it was returned",
      content: { "application/json": { schema: ScrapeResponseSchema } },
    },
    ...errorResponses(400, 401, 404),
  },
});

/** A scrape for the calling team, as the document the API answers with (v1 renames a format for its clients). */
export async function scrapeAndPresent(c: Context<AppEnv>, body: ScrapeRequest): Promise<ScrapeDocument> {
  const { teamId, keyName } = c.get("principal");
  checkScrapeRequest(c.env, body);
  let outcome;
  try {
    outcome = await scrapeForTeam(
      { env: c.env, teamId, apiKey: keyName, waitUntil: (p) => c.executionCtx.waitUntil(p) },
      body,
    );
  } catch (e) {
    throw body.zeroDataRetention ? quietError(e) : e;
  }
  return presentDocument(c.env, outcome.document, new URL(c.req.url).origin);
}

export const scrapeRoutes = createRouter()
  .openapi(scrapeRoute, async (c) =>
    c.json({ success: true as const, data: await scrapeAndPresent(c, c.req.valid("json")) }, 200),
  )
  .openapi(scrapeStatusRoute, async (c) => {
    const { id } = c.req.valid("param");
    const document = await loadDocument(c.env, id, c.get("principal").teamId);
    if (!document) throw new ApiError("JOB_NOT_FOUND", "Job not found.");
    return c.json(
      { success: true as const, data: await presentDocument(c.env, document, new URL(c.req.url).origin) },
      200,
    );
  });
