/**
 * The v1 routes that remain (docs/api.md, "v1"): crawl and batch scrape with v1 option names, translated onto
 * the same job engine by src/schemas/v1.ts; status, cancel, errors and the watcher socket answer in the same shape as
 * v2.
 */
import { createRoute } from "@hono/zod-openapi";
import { startBatch } from "../../crawl/batch";
import { createJob, jobPath } from "../../crawl/service";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { v1BatchToV2, V1BatchScrapeRequestSchema, v1CrawlToV2, V1CrawlRequestSchema } from "../../schemas/v1";
import { addActiveRoutes, addJobRoutes, BatchStartedSchema, JobStartedSchema } from "../jobs";

const crawlStart = createRoute({
  method: "post",
  path: "/v1/crawl",
  tags: ["v1"],
  summary: "Start a crawl (v1 option names)",
  request: { body: { required: true, content: { "application/json": { schema: V1CrawlRequestSchema } } } },
  responses: {
    200: { description: "The crawl job", content: { "application/json": { schema: JobStartedSchema } } },
    ...errorResponses(400, 401, 402, 403),
  },
});

const batchStart = createRoute({
  method: "post",
  path: "/v1/batch/scrape",
  tags: ["v1"],
  summary: "Start a batch scrape (v1 option names; ignoreInvalidURLs defaults to false)",
  request: { body: { required: true, content: { "application/json": { schema: V1BatchScrapeRequestSchema } } } },
  responses: {
    200: {
      description: "The batch job",
      content: { "application/json": { schema: BatchStartedSchema } },
    },
    ...errorResponses(400, 401, 402),
  },
});

const router = createRouter();
addActiveRoutes(router, ["/v1/crawl/active", "/v1/crawl/ongoing"], "v1");
router
  .openapi(crawlStart, async (c) => {
    const origin = new URL(c.req.url).origin;
    const crawl = v1CrawlToV2(c.req.valid("json"));
    const displayOptions = { ...crawl.crawler, scrapeOptions: crawl.scrapeOptions };
    const config = await createJob(c.env, {
      ...crawl,
      kind: "crawl",
      apiVersion: "v1",
      teamId: c.get("principal").teamId,
      apiOrigin: origin,
      displayOptions,
    });
    return c.json({ success: true as const, id: config.id, url: `${origin}${jobPath("crawl", "v1", config.id)}` }, 200);
  })
  .openapi(batchStart, async (c) => {
    const batch = v1BatchToV2(c.req.valid("json"));
    return c.json(
      await startBatch(c.env, {
        ...batch,
        apiVersion: "v1",
        teamId: c.get("principal").teamId,
        apiOrigin: new URL(c.req.url).origin,
      }),
      200,
    );
  });

// The v1 client (firecrawl-js 4.42) polls its batch scrapes at /v1/crawl/{id}, as Firecrawl's own v1 served them.
addJobRoutes(router, "crawl", "/v1/crawl", "v1", [], ["batch"]);
addJobRoutes(router, "batch", "/v1/batch/scrape", "v1");

export const v1Routes = router;
