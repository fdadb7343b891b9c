/**
 * Crawl routes (SPEC §4.4–4.8, COMPAT §5.4–5.8, §8): start, status (+ WebSocket watcher), cancel, errors,
 * active list, params preview.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { teamStub } from "../../../durable-objects/team";
import { cancelJob, createJob, isWebSocketUpgrade, jobErrors, jobPath, jobStatusBody, watchJob } from "../../crawl/service";
import type { CrawlerSettings } from "../../crawl/types";
import { createRouter } from "../../hono";
import { errorResponses, JobIdParams } from "../../schemas/common";
import { CrawlParamsPreviewSchema, CrawlRequestSchema, type CrawlRequest } from "../../schemas/crawl";
import { DocumentSchema } from "../../scrape/document";
import { crawlOptionsFromPrompt } from "../../crawl/prompt";

export const JobStartedSchema = z.object({ success: z.literal(true), id: z.string(), url: z.string() }).openapi("JobStarted");

export const JobStatusSchema = z
  .object({
    success: z.boolean(),
    status: z.enum(["scraping", "completed", "failed", "cancelled"]),
    total: z.int(),
    completed: z.int(),
    creditsUsed: z.int(),
    expiresAt: z.string(),
    createdAt: z.string(),
    completedAt: z.string().optional(),
    duration: z.number().optional(),
    next: z.string().optional().openapi({ description: "Absolute URL of the next page; absent at the end of the data." }),
    warning: z.string().optional(),
    error: z.string().optional(),
    data: z.array(DocumentSchema),
  })
  .openapi("JobStatus");

export const JobErrorsSchema = z
  .object({
    errors: z.array(z.object({ id: z.string(), timestamp: z.string(), url: z.string(), code: z.string(), error: z.string() })),
    robotsBlocked: z.array(z.string()),
  })
  .openapi("JobErrors");

export const CancelledSchema = z.object({ status: z.literal("cancelled") });

export const StatusQuerySchema = z.object({
  skip: z.string().optional().openapi({ description: "Documents to skip (pagination)." }),
  limit: z.string().optional().openapi({ description: "Documents per page, 1–1000 (default 100)." }),
});

/** The crawler settings of a v2 request (the prompt's suggestions fill only what the caller left out). */
export function crawlerSettings(body: CrawlRequest): CrawlerSettings {
  return {
    includePaths: body.includePaths,
    excludePaths: body.excludePaths,
    regexOnFullURL: body.regexOnFullURL,
    maxDiscoveryDepth: body.maxDiscoveryDepth,
    limit: body.limit,
    crawlEntireDomain: body.crawlEntireDomain,
    allowExternalLinks: body.allowExternalLinks,
    allowSubdomains: body.allowSubdomains,
    sitemap: body.sitemap,
    ignoreQueryParameters: body.ignoreQueryParameters,
    deduplicateSimilarURLs: body.deduplicateSimilarURLs,
    delay: body.delay,
  };
}

const startRoute = createRoute({
  method: "post",
  path: "/v2/crawl",
  tags: ["Crawl"],
  summary: "Start a crawl",
  description: "Discovers pages from the sitemap and links, scrapes each with scrapeOptions. Poll the returned URL, watch it over a WebSocket, or receive webhooks.",
  request: { body: { required: true, content: { "application/json": { schema: CrawlRequestSchema } } } },
  responses: {
    200: { description: "The crawl job", content: { "application/json": { schema: JobStartedSchema } } },
    ...errorResponses(400, 401, 402, 403),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/v2/crawl/{id}",
  tags: ["Crawl"],
  summary: "Crawl status and results (or a WebSocket watcher with Upgrade: websocket)",
  description:
    "Paginated with skip/limit; `next` is present while more data exists or the crawl runs. With `Upgrade: websocket` " +
    "(API key as the subprotocol): a `catchup` message, a `document` message per page, then close 1000 with reason {\"type\":\"done\"}.",
  request: { params: JobIdParams, query: StatusQuerySchema },
  responses: {
    200: { description: "Status and one page of results", content: { "application/json": { schema: JobStatusSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/v2/crawl/{id}",
  tags: ["Crawl"],
  summary: "Cancel a crawl",
  request: { params: JobIdParams },
  responses: {
    200: { description: "Cancelled", content: { "application/json": { schema: CancelledSchema } } },
    ...errorResponses(400, 401, 404, 409),
  },
});

const errorsRoute = createRoute({
  method: "get",
  path: "/v2/crawl/{id}/errors",
  tags: ["Crawl"],
  summary: "Pages the crawl failed to scrape, and URLs robots.txt kept it from",
  request: { params: JobIdParams },
  responses: {
    200: { description: "Errors", content: { "application/json": { schema: JobErrorsSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

const unversionedErrorsRoute = createRoute({ ...errorsRoute, path: "/crawl/{id}/errors", summary: "Same as /v2/crawl/{id}/errors" });

const ActiveSchema = z.object({
  success: z.literal(true),
  crawls: z.array(z.object({ id: z.string(), teamId: z.string(), url: z.string(), created_at: z.string(), options: z.record(z.string(), z.any()) })),
});

const activeRoute = createRoute({
  method: "get",
  path: "/v2/crawl/active",
  tags: ["Crawl"],
  summary: "The team's running crawls and batch scrapes",
  responses: { 200: { description: "Active jobs", content: { "application/json": { schema: ActiveSchema } } }, ...errorResponses(401) },
});
const ongoingRoute = createRoute({ ...activeRoute, path: "/v2/crawl/ongoing", summary: "Alias of /v2/crawl/active" });

const previewRoute = createRoute({
  method: "post",
  path: "/v2/crawl/params-preview",
  tags: ["Crawl"],
  summary: "The crawl options the service would derive from a natural-language prompt (needs an LLM)",
  request: { body: { required: true, content: { "application/json": { schema: CrawlParamsPreviewSchema } } } },
  responses: {
    200: {
      description: "Derived options",
      content: { "application/json": { schema: z.object({ success: z.literal(true), data: z.record(z.string(), z.any()) }) } },
    },
    ...errorResponses(400, 401),
  },
});

export const crawlRoutes = createRouter()
  .openapi(activeRoute, async (c) => c.json(await activeJobs(c.env, c.get("principal").teamId), 200))
  .openapi(ongoingRoute, async (c) => c.json(await activeJobs(c.env, c.get("principal").teamId), 200))
  .openapi(startRoute, async (c) => {
    const body = c.req.valid("json");
    const { teamId } = c.get("principal");
    let crawler = crawlerSettings(body);
    let generated: Record<string, unknown> | undefined;
    if (body.prompt) {
      const raw = (await c.req.json()) as Record<string, unknown>;
      generated = await crawlOptionsFromPrompt(c.env, body.url, body.prompt);
      // Explicit parameters win over generated ones.
      const fill = Object.fromEntries(Object.entries(generated).filter(([key]) => !(key in raw)));
      crawler = { ...crawler, ...fill };
    }
    const origin = new URL(c.req.url).origin;
    const config = await createJob(c.env, {
      kind: "crawl",
      apiVersion: "v2",
      teamId,
      url: body.url,
      crawler,
      scrapeOptions: { ...body.scrapeOptions, zeroDataRetention: body.zeroDataRetention || body.scrapeOptions.zeroDataRetention },
      maxConcurrency: body.maxConcurrency,
      webhook: body.webhook,
      apiOrigin: origin,
      displayOptions: { ...crawler, scrapeOptions: body.scrapeOptions },
    });
    const started: Record<string, unknown> = { success: true as const, id: config.id, url: `${origin}${jobPath("crawl", "v2", config.id)}` };
    if (generated) {
      started.promptGeneratedOptions = generated;
      started.finalCrawlerOptions = config.crawler;
    }
    return c.json(started as z.infer<typeof JobStartedSchema>, 200);
  })
  .openapi(previewRoute, async (c) => {
    const body = c.req.valid("json");
    const generated = await crawlOptionsFromPrompt(c.env, body.url, body.prompt);
    return c.json({ success: true as const, data: { url: body.url, ...generated } }, 200);
  })
  .openapi(statusRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { teamId } = c.get("principal");
    if (isWebSocketUpgrade(c.req.raw)) return (await watchJob(c.env, teamId, id, "crawl", c.req.raw)) as never;
    const body = await jobStatusBody(c.env, teamId, id, "crawl", c.req.valid("query"), c.req.url);
    return c.json(body as z.infer<typeof JobStatusSchema>, 200);
  })
  .openapi(cancelRoute, async (c) => {
    await cancelJob(c.env, c.get("principal").teamId, c.req.valid("param").id, "crawl");
    return c.json({ status: "cancelled" as const }, 200);
  })
  .openapi(errorsRoute, async (c) => c.json(await jobErrors(c.env, c.get("principal").teamId, c.req.valid("param").id, "crawl"), 200))
  .openapi(unversionedErrorsRoute, async (c) => c.json(await jobErrors(c.env, c.get("principal").teamId, c.req.valid("param").id, "crawl"), 200));

export async function activeJobs(env: Env, teamId: string) {
  const jobs = await teamStub(env, teamId).activeJobs();
  return {
    success: true as const,
    crawls: jobs.map((j) => ({ id: j.id, teamId, url: j.url, created_at: new Date(j.createdAt).toISOString(), options: j.options })),
  };
}
