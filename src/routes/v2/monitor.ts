/**
 * Monitor routes (docs/monitors.md): create, list, read, update and delete monitors, run a check now, list a
 * monitor's checks and read one check with its pages (paged, filterable by page status). Answers are
 * `{success, data}` as the official SDK reads them.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import {
  createMonitor,
  deleteMonitor,
  getCheck,
  getMonitor,
  listChecks,
  listMonitors,
  runMonitor,
  updateMonitor,
} from "../../monitor/service";
import {
  CheckPagesQuerySchema,
  CreateMonitorRequestSchema,
  ListQuerySchema,
  MonitorCheckDetailSchema,
  MonitorCheckParams,
  MonitorCheckSchema,
  MonitorIdParams,
  MonitorSchema,
  UpdateMonitorRequestSchema,
} from "../../schemas/monitor";

const tags = ["Monitor"];
const envelope = <T extends z.ZodType>(schema: T, name: string) =>
  z.object({ success: z.literal(true), data: schema }).openapi(name);
const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});
const MonitorResponse = envelope(MonitorSchema, "MonitorResponse");
const DEFAULT_LIST = 20;
const DEFAULT_PAGES = 100;

const createMonitorRoute = createRoute({
  method: "post",
  path: "/v2/monitor",
  tags,
  summary: "Create a monitor: scheduled change tracking of pages, a crawl or searches",
  request: { body: { required: true, content: { "application/json": { schema: CreateMonitorRequestSchema } } } },
  responses: { 200: json("The monitor", MonitorResponse), ...errorResponses(400, 401, 403, 409) },
});

const listRoute = createRoute({
  method: "get",
  path: "/v2/monitor",
  tags,
  summary: "The team's monitors, newest first",
  request: { query: ListQuerySchema },
  responses: { 200: json("Monitors", envelope(z.array(MonitorSchema), "MonitorList")), ...errorResponses(400, 401) },
});

const getRoute = createRoute({
  method: "get",
  path: "/v2/monitor/{id}",
  tags,
  summary: "A monitor",
  request: { params: MonitorIdParams },
  responses: { 200: json("The monitor", MonitorResponse), ...errorResponses(400, 401, 404) },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/v2/monitor/{id}",
  tags,
  summary: "Update a monitor (status paused stops its schedule, active starts it again)",
  request: {
    params: MonitorIdParams,
    body: { required: true, content: { "application/json": { schema: UpdateMonitorRequestSchema } } },
  },
  responses: { 200: json("The monitor", MonitorResponse), ...errorResponses(400, 401, 403, 404) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/monitor/{id}",
  tags,
  summary: "Delete a monitor with its schedule, checks and stored pages",
  request: { params: MonitorIdParams },
  responses: {
    200: json("Deleted", z.object({ success: z.literal(true) }).openapi("MonitorDeleted")),
    ...errorResponses(400, 401, 404),
  },
});

const runRoute = createRoute({
  method: "post",
  path: "/v2/monitor/{id}/run",
  tags,
  summary: "Run a check now (queued; skipped_overlap while one runs, skipped_no_credits without credits)",
  request: { params: MonitorIdParams },
  responses: {
    200: json("The check", envelope(MonitorCheckSchema, "MonitorCheckResponse")),
    ...errorResponses(400, 401, 404),
  },
});

const checksRoute = createRoute({
  method: "get",
  path: "/v2/monitor/{id}/checks",
  tags,
  summary: "A monitor's checks, newest first",
  request: { params: MonitorIdParams, query: ListQuerySchema },
  responses: {
    200: json("Checks", envelope(z.array(MonitorCheckSchema), "MonitorCheckList")),
    ...errorResponses(400, 401, 404),
  },
});

const checkRoute = createRoute({
  method: "get",
  path: "/v2/monitor/{id}/checks/{checkId}",
  tags,
  summary: "A check with its pages (status and diff of each), paged with skip/limit, filtered by page status",
  request: { params: MonitorCheckParams, query: CheckPagesQuerySchema },
  responses: {
    200: json(
      "The check",
      z
        .object({ success: z.literal(true), data: MonitorCheckDetailSchema, next: z.string().nullable() })
        .openapi("MonitorCheckDetailResponse"),
    ),
    ...errorResponses(400, 401, 404),
  },
});

export const monitorRoutes = createRouter()
  .openapi(createMonitorRoute, async (c) => {
    const data = await createMonitor(c.env, c.get("principal").teamId, c.req.valid("json"), new URL(c.req.url).origin);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(listRoute, async (c) => {
    const { limit, offset } = c.req.valid("query");
    return c.json(
      {
        success: true as const,
        data: await listMonitors(c.env, c.get("principal").teamId, limit ?? DEFAULT_LIST, offset ?? 0),
      },
      200,
    );
  })
  .openapi(getRoute, async (c) =>
    c.json(
      { success: true as const, data: await getMonitor(c.env, c.get("principal").teamId, c.req.valid("param").id) },
      200,
    ),
  )
  .openapi(updateRoute, async (c) => {
    const data = await updateMonitor(
      c.env,
      c.get("principal").teamId,
      c.req.valid("param").id,
      c.req.valid("json"),
      new URL(c.req.url).origin,
    );
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteMonitor(c.env, c.get("principal").teamId, c.req.valid("param").id);
    return c.json({ success: true as const }, 200);
  })
  .openapi(runRoute, async (c) =>
    c.json(
      { success: true as const, data: await runMonitor(c.env, c.get("principal").teamId, c.req.valid("param").id) },
      200,
    ),
  )
  .openapi(checksRoute, async (c) => {
    const { limit, offset } = c.req.valid("query");
    const data = await listChecks(
      c.env,
      c.get("principal").teamId,
      c.req.valid("param").id,
      limit ?? DEFAULT_LIST,
      offset ?? 0,
    );
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(checkRoute, async (c) => {
    const { id, checkId } = c.req.valid("param");
    const { skip = 0, limit = DEFAULT_PAGES, status } = c.req.valid("query");
    const found = await getCheck(c.env, c.get("principal").teamId, id, checkId, { skip, limit, status });
    let next: string | null = null;
    if (skip + found.pages.length < found.total) {
      const url = new URL(`/v2/monitor/${id}/checks/${checkId}`, c.req.url);
      url.searchParams.set("skip", String(skip + found.pages.length));
      url.searchParams.set("limit", String(limit));
      if (status) url.searchParams.set("status", status);
      next = url.href;
    }
    return c.json({ success: true as const, data: { ...found.check, pages: found.pages, next }, next }, 200);
  });
