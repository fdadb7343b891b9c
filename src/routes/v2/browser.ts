/**
 * Remote browser sessions: POST/GET /v2/browser, DELETE /v2/browser/{id},
 * POST /v2/browser/{id}/execute. The CDP relay and the live view, which authenticate by token, are in
 * browser-sockets.ts.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import {
  BrowserCreatedSchema,
  BrowserCreateSchema,
  BrowserExecutedSchema,
  BrowserExecuteSchema,
  BrowserListQuery,
  BrowserListSchema,
  SessionIdParams,
  SessionStoppedSchema,
} from "../../schemas/browser";
import { checkRunnable } from "../../sessions/execute";
import {
  executeBody,
  executeInSessionById,
  listSessions,
  openSession,
  sessionAddresses,
  stopSession,
} from "../../sessions/service";

const TAG = "Browser sessions";

const createSessionRoute = createRoute({
  method: "post",
  path: "/v2/browser",
  tags: [TAG],
  summary: "Open a remote browser session",
  description:
    "A browser of your own for up to `ttl` seconds (ended earlier after " +
    "`activityTtl` seconds without activity): drive it over CDP at " +
    ("`cdpUrl` (puppeteer.connect, Playwright connectOverCDP…), watch it at " +
      "`liveViewUrl`, run code in it with execute. Needs 2 credits; ") +
    "billed 120 credits per hour, per started minute, when it ends.",
  request: { body: { required: false, content: { "application/json": { schema: BrowserCreateSchema } } } },
  responses: {
    200: {
      description: "The session and its addresses",
      content: { "application/json": { schema: BrowserCreatedSchema } },
    },
    ...errorResponses(400, 401, 402, 409, 429, 502),
  },
});

const listSessionsRoute = createRoute({
  method: "get",
  path: "/v2/browser",
  tags: [TAG],
  summary: "The team's browser sessions (ended ones are listed for a day)",
  request: { query: BrowserListQuery },
  responses: {
    200: { description: "Sessions, newest first", content: { "application/json": { schema: BrowserListSchema } } },
    ...errorResponses(400, 401),
  },
});

const deleteSessionRoute = createRoute({
  method: "delete",
  path: "/v2/browser/{id}",
  tags: [TAG],
  summary: "End a browser session",
  description: "Closes the browser (saving its profile when asked to) and bills the session's time.",
  request: { params: SessionIdParams },
  responses: {
    200: {
      description: "Duration and credits billed",
      content: { "application/json": { schema: SessionStoppedSchema } },
    },
    ...errorResponses(401, 404, 410),
  },
});

const executeRoute = createRoute({
  method: "post",
  path: "/v2/browser/{id}/execute",
  tags: [TAG],
  summary: "Run code in a browser session",
  description:
    "`node`: JavaScript (top-level await, `return` gives `result`, console " +
    "output in stdout/stderr) with `page`, the session's current tab, " +
    ("puppeteer-style. `bash`: agent-browser command lines, one per " +
      "line. The run is stopped at `timeout` (killed: true)."),
  request: {
    params: SessionIdParams,
    body: { required: true, content: { "application/json": { schema: BrowserExecuteSchema } } },
  },
  responses: {
    200: { description: "The run's result", content: { "application/json": { schema: BrowserExecutedSchema } } },
    ...errorResponses(400, 401, 404, 409, 410),
  },
});

export const browserRoutes = createRouter()
  .openapi(createSessionRoute, async (c) => {
    // Without a JSON body the validator passes `{}` through as is: the defaults still have to be applied.
    const body = BrowserCreateSchema.parse(c.req.valid("json"));
    const info = await openSession(c.env, c.get("principal").teamId, body);
    return c.json({ success: true as const, ...(await sessionAddresses(c.env, info, new URL(c.req.url).origin)) }, 200);
  })
  .openapi(listSessionsRoute, async (c) => {
    const sessions = await listSessions(
      c.env,
      c.get("principal").teamId,
      c.req.valid("query").status,
      new URL(c.req.url).origin,
    );
    return c.json({ success: true as const, sessions }, 200);
  })
  .openapi(deleteSessionRoute, async (c) => {
    const stopped = await stopSession(c.env, c.get("principal").teamId, c.req.valid("param").id);
    return c.json({ success: true as const, ...stopped }, 200);
  })
  .openapi(executeRoute, async (c) => {
    const body = c.req.valid("json");
    checkRunnable(body.language, body.code);
    const result = await executeInSessionById(
      c.env,
      c.get("principal").teamId,
      c.req.valid("param").id,
      body,
      new URL(c.req.url).origin,
    );
    return c.json({ success: true as const, ...executeBody(result) }, 200);
  });
