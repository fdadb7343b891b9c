/**
 * Batch scrape (docs/api.md, "Batch scrape"): start, status (+ WebSocket watcher), cancel, errors.
 */
import { createRoute } from "@hono/zod-openapi";
import { startBatch } from "../../crawl/batch";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { BatchScrapeRequestSchema } from "../../schemas/crawl";
import { addJobRoutes, BatchStartedSchema } from "../jobs";

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

export const batchRoutes = createRouter().openapi(startRoute, async (c) => {
  const {
    urls,
    webhook,
    maxConcurrency,
    ignoreInvalidURLs,
    origin: _origin,
    integration: _integration,
    ...scrapeOptions
  } = c.req.valid("json");
  const batch = { urls, webhook, maxConcurrency, ignoreInvalidURLs, scrapeOptions };
  return c.json(
    await startBatch(c.env, {
      ...batch,
      apiVersion: "v2",
      teamId: c.get("principal").teamId,
      apiKey: c.get("principal").keyName,
      apiOrigin: new URL(c.req.url).origin,
    }),
    200,
  );
});

addJobRoutes(batchRoutes, "batch", "/v2/batch/scrape", "Batch scrape");
