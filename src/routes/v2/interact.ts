/**
 * POST /v2/scrape/{id}/interact and DELETE /v2/scrape/{id}/interact: a browser
 * session on a scraped page, driven by code or by the LLM.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../hono";
import { InteractResultSchema, InteractSchema, SessionStoppedSchema } from "../../schemas/browser";
import { errorResponses } from "../../errors";
import { JobIdParams } from "../../schemas/common";
import { interact, stopInteract } from "../../sessions/interact";

const TAG = "Scrape";

const interactRoute = createRoute({
  method: "post",
  path: "/v2/scrape/{id}/interact",
  tags: [TAG],
  summary: "Act on a scraped page in a browser session",
  description:
    "The first call opens a browser session on the scrape's page (same URL, " +
    "headers, device, location and profile; its actions replayed); " +
    ("later calls reuse it. `code` runs as in POST /v2/browser/{id}/execute; " +
      "`prompt` lets the LLM drive the page step by step and returns ") +
    "its answer as `output` (the session is then billed 420 credits per hour instead of 120).",
  request: {
    params: JobIdParams,
    body: { required: true, content: { "application/json": { schema: InteractSchema } } },
  },
  responses: {
    200: {
      description: "The run's result and the session's addresses",
      content: { "application/json": { schema: InteractResultSchema } },
    },
    ...errorResponses(400, 401, 402, 404, 409, 410, 429, 502),
  },
});

const stopRoute = createRoute({
  method: "delete",
  path: "/v2/scrape/{id}/interact",
  tags: [TAG],
  summary: "End the browser session of a scrape's interact calls",
  request: { params: JobIdParams },
  responses: {
    200: {
      description: "Duration and credits billed",
      content: { "application/json": { schema: SessionStoppedSchema } },
    },
    ...errorResponses(400, 401, 404, 410),
  },
});

export const interactRoutes = createRouter()
  .openapi(interactRoute, async (c) => {
    const body = await interact(
      c.env,
      c.get("principal").teamId,
      c.req.valid("param").id,
      c.req.valid("json"),
      new URL(c.req.url).origin,
    );
    return c.json(body, 200);
  })
  .openapi(stopRoute, async (c) => {
    const stopped = await stopInteract(c.env, c.get("principal").teamId, c.req.valid("param").id);
    return c.json({ success: true as const, ...stopped, cleanupQueued: true }, 200);
  });
