/**
 * The v1 routes that remain (SPEC §4.13, §9): crawl and batch scrape with v1 option names, translated onto the
 * same job engine; status, cancel, errors and the watcher socket answer in the same shape as v2.
 */
import { createRoute } from "@hono/zod-openapi";
import { startBatch } from "../../crawl/batch";
import { createJob, jobPath } from "../../crawl/service";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { V1BatchScrapeRequestSchema, V1CrawlRequestSchema, v1ToScrapeOptions } from "../../schemas/v1";
import { addActiveRoutes, addJobRoutes, BatchStartedSchema, JobStartedSchema } from "../jobs";

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
      content: { "application/json": { schema: BatchStartedSchema } },
    },
    ...errorResponses(400, 401, 402),
  },
});

const router = createRouter();
addActiveRoutes(router, ["/v1/crawl/active", "/v1/crawl/ongoing"], "v1");
router
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

addJobRoutes(router, "crawl", "/v1/crawl", "v1");
addJobRoutes(router, "batch", "/v1/batch/scrape", "v1");

export const v1Routes = router;
