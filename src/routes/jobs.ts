/**
 * What every job resource (v2 crawl, v2 batch, v1 crawl, v1 batch) shares: the response schemas and the
 * status (+ WebSocket watcher), cancel and errors routes, built once per resource path.
 */
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { teamStub } from "../../durable-objects/team";
import { cancelJob, isWebSocketUpgrade, jobErrors, jobStatusBody, watchJob } from "../crawl/service";
import type { JobKind } from "../crawl/types";
import type { AppEnv } from "../hono";
import { errorResponses } from "../errors";
import { JobIdParams } from "../schemas/common";
import { DocumentSchema } from "../schemas/document";

export const JobStartedSchema = z
  .object({ success: z.literal(true), id: z.string(), url: z.string() })
  .openapi("JobStarted");

export const BatchStartedSchema = z
  .object({ success: z.literal(true), id: z.string(), url: z.string(), invalidURLs: z.array(z.string()).optional() })
  .openapi("BatchStarted");

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
    next: z
      .string()
      .optional()
      .openapi({ description: "Absolute URL of the next page; absent at the end of the data." }),
    warning: z.string().optional(),
    error: z.string().optional(),
    data: z.array(DocumentSchema),
  })
  .openapi("JobStatus");

export const JobErrorsSchema = z
  .object({
    errors: z.array(
      z.object({ id: z.string(), timestamp: z.string(), url: z.string(), code: z.string(), error: z.string() }),
    ),
    robotsBlocked: z.array(z.string()),
  })
  .openapi("JobErrors");

const CancelledSchema = z.object({ status: z.literal("cancelled") });

const StatusQuerySchema = z.object({
  skip: z.string().optional().openapi({ description: "Documents to skip (pagination)." }),
  limit: z.string().optional().openapi({ description: "Documents per page, 1–1000 (default 100)." }),
});

const ActiveSchema = z.object({
  success: z.literal(true),
  crawls: z.array(
    z.object({
      id: z.string(),
      teamId: z.string(),
      url: z.string(),
      created_at: z.string(),
      options: z.record(z.string(), z.any()),
    }),
  ),
});

/** The running crawls and batch scrapes of a team (GET /v2/crawl/active). */
export async function activeJobs(env: Env, teamId: string) {
  const jobs = await teamStub(env, teamId).activeJobs();
  return {
    success: true as const,
    crawls: jobs.map((j) => ({
      id: j.id,
      teamId,
      url: j.url,
      created_at: new Date(j.createdAt).toISOString(),
      options: j.options,
    })),
  };
}

/** GET `paths` → the team's active jobs. */
export function addActiveRoutes(router: OpenAPIHono<AppEnv>, paths: string[], tag: string) {
  for (const [i, path] of paths.entries()) {
    const route = createRoute({
      method: "get",
      path,
      tags: [tag],
      summary: i === 0 ? "The team's running crawls and batch scrapes" : `Alias of ${paths[0]}`,
      responses: {
        200: { description: "Active jobs", content: { "application/json": { schema: ActiveSchema } } },
        ...errorResponses(401),
      },
    });
    router.openapi(route, async (c) => c.json(await activeJobs(c.env, c.get("principal").teamId), 200));
  }
}

/**
 * GET `{base}/{id}` (status, or a watcher socket with `Upgrade: websocket`), DELETE `{base}/{id}` and
 * GET `{base}/{id}/errors` (plus any `extraErrorPaths`) for one kind of job. `statusAlso`: other kinds whose
 * status (and watcher) this route serves too (the v1 client polls and watches its batch scrapes at /v1/crawl/{id}).
 */
export function addJobRoutes(
  router: OpenAPIHono<AppEnv>,
  kind: JobKind,
  base: string,
  tag: string,
  extraErrorPaths: string[] = [],
  statusAlso: JobKind[] = [],
) {
  const noun = kind === "crawl" ? "crawl" : "batch scrape";
  const status = createRoute({
    method: "get",
    path: `${base}/{id}`,
    tags: [tag],
    summary: `Status and results of a ${noun} (or a WebSocket watcher with Upgrade: websocket)`,
    description:
      "Paginated with skip/limit; `next` is present while more data " +
      "exists or the job runs. With `Upgrade: websocket` " +
      "(API key as the subprotocol): a `catchup` message, a `document` message per page, a final `status` message, " +
      'then close 1000 with reason {"type":"done"}.',
    request: { params: JobIdParams, query: StatusQuerySchema },
    responses: {
      200: {
        description: "Status and one page of results",
        content: { "application/json": { schema: JobStatusSchema } },
      },
      ...errorResponses(400, 401, 404),
    },
  });
  const cancel = createRoute({
    method: "delete",
    path: `${base}/{id}`,
    tags: [tag],
    summary: `Cancel a ${noun}`,
    request: { params: JobIdParams },
    responses: {
      200: { description: "Cancelled", content: { "application/json": { schema: CancelledSchema } } },
      ...errorResponses(400, 401, 404, 409),
    },
  });
  router
    .openapi(status, async (c) => {
      const { id } = c.req.valid("param");
      const { teamId } = c.get("principal");
      const kinds = [kind, ...statusAlso];
      if (isWebSocketUpgrade(c.req.raw)) return (await watchJob(c.env, teamId, id, kinds, c.req.raw)) as never;
      const body = await jobStatusBody(c.env, teamId, id, kinds, c.req.valid("query"), c.req.url);
      return c.json(body as z.infer<typeof JobStatusSchema>, 200);
    })
    .openapi(cancel, async (c) => {
      await cancelJob(c.env, c.get("principal").teamId, c.req.valid("param").id, kind);
      return c.json({ status: "cancelled" as const }, 200);
    });
  for (const path of [`${base}/{id}/errors`, ...extraErrorPaths]) {
    const errors = createRoute({
      method: "get",
      path,
      tags: [tag],
      summary: `Pages the ${noun} failed to scrape, and URLs robots.txt kept it from`,
      request: { params: JobIdParams },
      responses: {
        200: { description: "Errors", content: { "application/json": { schema: JobErrorsSchema } } },
        ...errorResponses(400, 401, 404),
      },
    });
    router.openapi(errors, async (c) =>
      c.json(await jobErrors(c.env, c.get("principal").teamId, c.req.valid("param").id, kind), 200),
    );
  }
}
