/**
 * Batch scrape (SPEC §4.3, COMPAT §4.5): start, status (+ WebSocket watcher), cancel, errors.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { startBatch } from "../../crawl/batch";
import { cancelJob, isWebSocketUpgrade, jobErrors, jobStatusBody, watchJob } from "../../crawl/service";
import { createRouter } from "../../hono";
import { errorResponses, JobIdParams } from "../../schemas/common";
import { BatchScrapeRequestSchema } from "../../schemas/crawl";
import { CancelledSchema, JobErrorsSchema, JobStatusSchema, StatusQuerySchema } from "./crawl";

const BatchStartedSchema = z
  .object({ success: z.literal(true), id: z.string(), url: z.string(), invalidURLs: z.array(z.string()).optional() })
  .openapi("BatchStarted");

const startRoute = createRoute({
  method: "post",
  path: "/v2/batch/scrape",
  tags: ["Batch scrape"],
  summary: "Scrape many URLs in one asynchronous job",
  request: { body: { required: true, content: { "application/json": { schema: BatchScrapeRequestSchema } } } },
  responses: {
    200: { description: "The batch job", content: { "application/json": { schema: BatchStartedSchema } } },
    ...errorResponses(400, 401, 402),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/v2/batch/scrape/{id}",
  tags: ["Batch scrape"],
  summary: "Batch status and results (or a WebSocket watcher with Upgrade: websocket)",
  request: { params: JobIdParams, query: StatusQuerySchema },
  responses: {
    200: { description: "Status and one page of results", content: { "application/json": { schema: JobStatusSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/v2/batch/scrape/{id}",
  tags: ["Batch scrape"],
  summary: "Cancel a batch scrape",
  request: { params: JobIdParams },
  responses: {
    200: { description: "Cancelled", content: { "application/json": { schema: CancelledSchema } } },
    ...errorResponses(400, 401, 404, 409),
  },
});

const errorsRoute = createRoute({
  method: "get",
  path: "/v2/batch/scrape/{id}/errors",
  tags: ["Batch scrape"],
  summary: "URLs the batch failed to scrape",
  request: { params: JobIdParams },
  responses: { 200: { description: "Errors", content: { "application/json": { schema: JobErrorsSchema } } }, ...errorResponses(400, 401, 404) },
});

export const batchRoutes = createRouter()
  .openapi(startRoute, async (c) => {
    const { urls, webhook, maxConcurrency, ignoreInvalidURLs, origin: _origin, integration: _integration, ...scrapeOptions } = c.req.valid("json");
    const body = await startBatch(c.env, {
      apiVersion: "v2",
      teamId: c.get("principal").teamId,
      urls,
      ignoreInvalidURLs,
      scrapeOptions,
      maxConcurrency,
      webhook,
      apiOrigin: new URL(c.req.url).origin,
    });
    return c.json(body, 200);
  })
  .openapi(statusRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { teamId } = c.get("principal");
    if (isWebSocketUpgrade(c.req.raw)) return (await watchJob(c.env, teamId, id, "batch", c.req.raw)) as never;
    const body = await jobStatusBody(c.env, teamId, id, "batch", c.req.valid("query"), c.req.url);
    return c.json(body as z.infer<typeof JobStatusSchema>, 200);
  })
  .openapi(cancelRoute, async (c) => {
    await cancelJob(c.env, c.get("principal").teamId, c.req.valid("param").id, "batch");
    return c.json({ status: "cancelled" as const }, 200);
  })
  .openapi(errorsRoute, async (c) => c.json(await jobErrors(c.env, c.get("principal").teamId, c.req.valid("param").id, "batch"), 200));
