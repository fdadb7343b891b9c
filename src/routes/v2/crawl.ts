/**
 * Crawl routes (docs/api.md: "Crawl", "Jobs"): start, status (+ WebSocket watcher), cancel, errors,
 * active list, params preview.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createJob, jobPath } from "../../crawl/service";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { CrawlParamsPreviewSchema, CrawlRequestSchema, pickCrawlerSettings } from "../../schemas/crawl";
import { crawlOptionsFromPrompt } from "../../crawl/prompt";
import { addActiveRoutes, addJobRoutes, JobStartedSchema } from "../jobs";

const startRoute = createRoute({
  method: "post",
  path: "/v2/crawl",
  tags: ["Crawl"],
  summary: "Start a crawl",
  description:
    "Discovers pages from the sitemap and links, scrapes each with scrapeOptions. Poll " +
    "the returned URL, watch it over a WebSocket, or receive webhooks.",
  request: { body: { required: true, content: { "application/json": { schema: CrawlRequestSchema } } } },
  responses: {
    200: { description: "The crawl job", content: { "application/json": { schema: JobStartedSchema } } },
    ...errorResponses(400, 401, 402, 403),
  },
});

const previewRoute = createRoute({
  method: "post",
  path: "/v2/crawl/params-preview",
  tags: ["Crawl"],
  summary: "The crawl options the service would derive from a natural-language prompt (needs an LLM)",
  request: { body: { required: true, content: { "application/json": { schema: CrawlParamsPreviewSchema } } } },
  responses: {
    200: {
      description: "Derived options",
      content: {
        "application/json": { schema: z.object({ success: z.literal(true), data: z.record(z.string(), z.any()) }) },
      },
    },
    ...errorResponses(400, 401),
  },
});

export const crawlRoutes = createRouter();
// Registered before /v2/crawl/{id} so that "active" is not read as a job id.
addActiveRoutes(crawlRoutes, ["/v2/crawl/active", "/v2/crawl/ongoing"], "Crawl");
crawlRoutes
  .openapi(startRoute, async (c) => {
    const body = c.req.valid("json");
    const { teamId, keyName } = c.get("principal");
    let crawler = pickCrawlerSettings(body);
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
      apiKey: keyName,
      url: body.url,
      crawler,
      scrapeOptions: {
        ...body.scrapeOptions,
        zeroDataRetention: body.zeroDataRetention || body.scrapeOptions.zeroDataRetention,
      },
      maxConcurrency: body.maxConcurrency,
      webhook: body.webhook,
      apiOrigin: origin,
      displayOptions: { ...crawler, scrapeOptions: body.scrapeOptions },
    });
    const started: Record<string, unknown> = {
      success: true as const,
      id: config.id,
      url: `${origin}${jobPath("crawl", "v2", config.id)}`,
    };
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
  });

addJobRoutes(crawlRoutes, "crawl", "/v2/crawl", "Crawl", ["/crawl/{id}/errors"]);
