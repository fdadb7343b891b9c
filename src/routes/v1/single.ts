/**
 * The v1 routes of the v1 client (firecrawl-js 4.42 `FirecrawlAppV1`) beyond jobs (docs/api.md, "v1"):
 * POST /v1/scrape, /v1/map and /v1/search, translated onto the v2 scrape, map and search
 * (src/schemas/v1-single.ts) and answered in v1's shapes (`extract` for the extract format; map links as URLs;
 * search results as one list); POST /v1/extract and GET /v1/extract/{id}, the v2 extract job under its v1 path;
 * and /v1/deep-research and /v1/llmstxt, which Firecrawl deprecated and this service does not offer: 400
 * NOT_AVAILABLE naming them. The v1 client's checkCrawlErrors() and checkBatchScrapeErrors() send DELETE to the
 * errors routes, which is read as GET.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../hono";
import { ApiError, errorResponses } from "../../errors";
import { extractStatus, startExtract } from "../../extract/service";
import { JobIdParams } from "../../schemas/common";
import { DocumentSchema } from "../../schemas/document";
import { ExtractRequestSchema } from "../../schemas/extract";
import {
  v1MapToV2,
  V1MapRequestSchema,
  v1ScrapeToV2,
  V1ScrapeRequestSchema,
  v1SearchToV2,
  V1SearchRequestSchema,
} from "../../schemas/v1-single";
import { answerSearch } from "../v2/search";
import { jobErrors } from "../../crawl/service";
import { JobErrorsSchema } from "../jobs";
import { answerMap } from "../v2/map";
import { scrapeAndPresent } from "../v2/scrape";

const V1ScrapeResponseSchema = z
  .object({
    success: z.literal(true),
    data: DocumentSchema.extend({ extract: z.any().optional() }),
    warning: z.string().optional(),
  })
  .openapi("V1ScrapeResponse");

const V1MapResponseSchema = z
  .object({ success: z.literal(true), links: z.array(z.string()), warning: z.string().optional() })
  .openapi("V1MapResponse");

const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { "application/json": { schema } } },
});

const scrapeRoute = createRoute({
  method: "post",
  path: "/v1/scrape",
  tags: ["v1"],
  summary: "Scrape one URL (v1 options)",
  request: json(V1ScrapeRequestSchema),
  responses: { ...ok("The scraped document", V1ScrapeResponseSchema), ...errorResponses(400, 401, 402, 403, 408, 500) },
});

const mapRoute = createRoute({
  method: "post",
  path: "/v1/map",
  tags: ["v1"],
  summary: "List the URLs of a site (v1 options; links as URLs)",
  request: json(V1MapRequestSchema),
  responses: { ...ok("The site's URLs", V1MapResponseSchema), ...errorResponses(400, 401, 402, 403, 408) },
});

const searchRoute = createRoute({
  method: "post",
  path: "/v1/search",
  tags: ["v1"],
  summary: "Search the web, and optionally scrape the results (v1 options; one list of results)",
  request: json(V1SearchRequestSchema),
  responses: {
    ...ok(
      "The web results",
      z.object({
        success: z.literal(true),
        data: z.array(z.record(z.string(), z.unknown())),
        warning: z.string().optional(),
      }),
    ),
    ...errorResponses(400, 401, 402, 408, 502),
  },
});

const extractRoute = createRoute({
  method: "post",
  path: "/v1/extract",
  tags: ["v1"],
  summary: "Start an extract job (as POST /v2/extract)",
  request: json(ExtractRequestSchema),
  responses: {
    ...ok("The job was started", z.object({ success: z.literal(true), id: z.string() })),
    ...errorResponses(400, 401, 402, 403),
  },
});

const extractStatusRoute = createRoute({
  method: "get",
  path: "/v1/extract/{id}",
  tags: ["v1"],
  summary: "An extract job's status and data (as GET /v2/extract/{id})",
  request: { params: JobIdParams },
  responses: { ...ok("The job", z.object({ success: z.literal(true) }).passthrough()), ...errorResponses(400, 404) },
});

/** The v1 client (firecrawl-js 4.42) sends checkCrawlErrors() and checkBatchScrapeErrors() as DELETE. */
const errorsByDelete = (path: string) =>
  createRoute({
    method: "delete",
    path,
    tags: ["v1"],
    summary: "A job's errors, as GET (the v1 client's checkCrawlErrors and checkBatchScrapeErrors send DELETE)",
    description: "Nothing is deleted.",
    request: { params: JobIdParams },
    responses: { ...ok("Errors", JobErrorsSchema), ...errorResponses(400, 401, 404) },
  });

const deprecated = (what: string, instead: string) => () => {
  throw new ApiError("NOT_AVAILABLE", `${what} was deprecated by Firecrawl and is not offered here: ${instead}`);
};

export const v1SingleRoutes = createRouter()
  .openapi(scrapeRoute, async (c) => {
    const { request, extractKey } = v1ScrapeToV2(c.req.valid("json"));
    const { json: extracted, ...data } = await scrapeAndPresent(c, request);
    const named = extracted === undefined ? {} : extractKey ? { extract: extracted } : { json: extracted };
    return c.json({ success: true as const, data: { ...data, ...named } }, 200);
  })
  .openapi(mapRoute, async (c) => {
    const answer = await answerMap(c.env, c.get("principal"), v1MapToV2(c.req.valid("json")));
    return c.json({ ...answer, links: answer.links.map((l) => l.url) }, 200);
  })
  .openapi(searchRoute, async (c) => {
    const { data, warning } = await answerSearch(c, v1SearchToV2(c.req.valid("json")));
    return c.json({ success: true as const, data: data.web ?? [], ...(warning ? { warning } : {}) }, 200);
  })
  .openapi(extractRoute, async (c) => {
    const { teamId, keyName } = c.get("principal");
    const context = { env: c.env, teamId, apiKey: keyName, apiOrigin: new URL(c.req.url).origin };
    return c.json({ success: true as const, ...(await startExtract(context, c.req.valid("json"))) }, 200);
  })
  .openapi(extractStatusRoute, async (c) =>
    c.json(await extractStatus(c.env, c.get("principal").teamId, c.req.valid("param").id), 200),
  )
  .openapi(errorsByDelete("/v1/crawl/{id}/errors"), async (c) =>
    c.json(await jobErrors(c.env, c.get("principal").teamId, c.req.valid("param").id, "crawl"), 200),
  )
  .openapi(errorsByDelete("/v1/batch/scrape/{id}/errors"), async (c) =>
    c.json(await jobErrors(c.env, c.get("principal").teamId, c.req.valid("param").id, "batch"), 200),
  );

// Deprecated v1 features (the SDK marks them so): named refusals rather than a bare 404.
v1SingleRoutes.all(
  "/v1/deep-research/*",
  deprecated("deepResearch() (/v1/deep-research)", "use the agent (POST /v2/agent) or search (POST /v2/search)"),
);
v1SingleRoutes.all(
  "/v1/llmstxt/*",
  deprecated("generateLLMsText() (/v1/llmstxt)", "map the site (POST /v2/map) and scrape its pages with summary"),
);
