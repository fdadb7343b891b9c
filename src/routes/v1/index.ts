/**
 * The v1 routes that remain (SPEC §4.13, §9): crawl and batch scrape with v1 option names, translated onto the
 * same job engine; status, cancel, errors and the watcher socket answer in the same shape as v2.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { startBatch } from "../../crawl/batch";
import { cancelJob, createJob, isWebSocketUpgrade, jobErrors, jobPath, jobStatusBody, watchJob } from "../../crawl/service";
import type { JobKind } from "../../crawl/types";
import { createRouter } from "../../hono";
import { errorResponses, JobIdParams } from "../../schemas/common";
import { V1BatchScrapeRequestSchema, V1CrawlRequestSchema, v1ToScrapeOptions } from "../../schemas/v1";
import { activeJobs, CancelledSchema, JobErrorsSchema, JobStartedSchema, JobStatusSchema, StatusQuerySchema } from "../v2/crawl";

const crawlStart = createRoute({
  method: "post",
  path: "/v1/crawl",
  tags: ["v1"],
  summary: "Start a crawl (v1 option names)",
  request: { body: { required: true, content: { "application/json": { schema: V1CrawlRequestSchema } } } },
  responses: { 200: { description: "The crawl job", content: { "application/json": { schema: JobStartedSchema } } }, ...errorResponses(400, 401, 402, 403) },
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
      content: { "application/json": { schema: z.object({ success: z.literal(true), id: z.string(), url: z.string(), invalidURLs: z.array(z.string()).optional() }) } },
    },
    ...errorResponses(400, 401, 402),
  },
});

function jobRoutes(kind: JobKind, base: string) {
  const tag = ["v1"];
  return {
    status: createRoute({
      method: "get",
      path: `${base}/{id}`,
      tags: tag,
      summary: `${kind === "crawl" ? "Crawl" : "Batch"} status (v1)`,
      request: { params: JobIdParams, query: StatusQuerySchema },
      responses: { 200: { description: "Status", content: { "application/json": { schema: JobStatusSchema } } }, ...errorResponses(400, 401, 404) },
    }),
    cancel: createRoute({
      method: "delete",
      path: `${base}/{id}`,
      tags: tag,
      summary: `Cancel a ${kind === "crawl" ? "crawl" : "batch scrape"} (v1)`,
      request: { params: JobIdParams },
      responses: { 200: { description: "Cancelled", content: { "application/json": { schema: CancelledSchema } } }, ...errorResponses(400, 401, 404, 409) },
    }),
    errors: createRoute({
      method: "get",
      path: `${base}/{id}/errors`,
      tags: tag,
      summary: `${kind === "crawl" ? "Crawl" : "Batch"} errors (v1)`,
      request: { params: JobIdParams },
      responses: { 200: { description: "Errors", content: { "application/json": { schema: JobErrorsSchema } } }, ...errorResponses(400, 401, 404) },
    }),
  };
}

const activeRoute = createRoute({
  method: "get",
  path: "/v1/crawl/active",
  tags: ["v1"],
  summary: "Active jobs (v1)",
  responses: {
    200: { description: "Active jobs", content: { "application/json": { schema: z.object({ success: z.literal(true), crawls: z.array(z.any()) }) } } },
    ...errorResponses(401),
  },
});

function addJobRoutes(router: ReturnType<typeof createRouter>, kind: JobKind, base: string) {
  const routes = jobRoutes(kind, base);
  return router
    .openapi(routes.status, async (c) => {
      const { id } = c.req.valid("param");
      const { teamId } = c.get("principal");
      if (isWebSocketUpgrade(c.req.raw)) return (await watchJob(c.env, teamId, id, kind, c.req.raw)) as never;
      return c.json((await jobStatusBody(c.env, teamId, id, kind, c.req.valid("query"), c.req.url)) as z.infer<typeof JobStatusSchema>, 200);
    })
    .openapi(routes.cancel, async (c) => {
      await cancelJob(c.env, c.get("principal").teamId, c.req.valid("param").id, kind);
      return c.json({ status: "cancelled" as const }, 200);
    })
    .openapi(routes.errors, async (c) => c.json(await jobErrors(c.env, c.get("principal").teamId, c.req.valid("param").id, kind), 200));
}

const router = createRouter()
  .openapi(activeRoute, async (c) => c.json(await activeJobs(c.env, c.get("principal").teamId), 200))
  .openapi({ ...activeRoute, path: "/v1/crawl/ongoing", summary: "Alias of /v1/crawl/active" }, async (c) => c.json(await activeJobs(c.env, c.get("principal").teamId), 200))
  .openapi(crawlStart, async (c) => {
    const body = c.req.valid("json");
    const origin = new URL(c.req.url).origin;
    const scrapeOptions = { ...v1ToScrapeOptions(body.scrapeOptions, ["scrapeOptions"]), zeroDataRetention: body.zeroDataRetention };
    const crawler = {
      includePaths: body.includePaths,
      excludePaths: body.excludePaths,
      regexOnFullURL: body.regexOnFullURL,
      maxDiscoveryDepth: body.maxDiscoveryDepth,
      maxPathDepth: body.maxDepth,
      limit: body.limit,
      crawlEntireDomain: body.crawlEntireDomain ?? body.allowBackwardLinks,
      allowExternalLinks: body.allowExternalLinks,
      allowSubdomains: body.allowSubdomains,
      sitemap: body.ignoreSitemap ? ("skip" as const) : ("include" as const),
      ignoreQueryParameters: body.ignoreQueryParameters,
      deduplicateSimilarURLs: body.deduplicateSimilarURLs,
      delay: body.delay,
    };
    const config = await createJob(c.env, {
      kind: "crawl",
      apiVersion: "v1",
      teamId: c.get("principal").teamId,
      url: body.url,
      crawler,
      scrapeOptions,
      maxConcurrency: body.maxConcurrency,
      webhook: body.webhook,
      apiOrigin: origin,
      displayOptions: { ...crawler, scrapeOptions },
    });
    return c.json({ success: true as const, id: config.id, url: `${origin}${jobPath("crawl", "v1", config.id)}` }, 200);
  })
  .openapi(batchStart, async (c) => {
    const { urls, webhook, maxConcurrency, ignoreInvalidURLs, zeroDataRetention, origin: _o, integration: _i, ...v1Options } = c.req.valid("json");
    const body = await startBatch(c.env, {
      apiVersion: "v1",
      teamId: c.get("principal").teamId,
      urls,
      ignoreInvalidURLs,
      scrapeOptions: { ...v1ToScrapeOptions(v1Options, []), zeroDataRetention },
      maxConcurrency,
      webhook,
      apiOrigin: new URL(c.req.url).origin,
    });
    return c.json(body, 200);
  });

addJobRoutes(router, "crawl", "/v1/crawl");
addJobRoutes(router, "batch", "/v1/batch/scrape");

export const v1Routes = router;
