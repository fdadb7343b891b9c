/**
 * Agent routes (docs/api.md, "Agent"): start a job, read its status and progress, cancel it.
 */
import { createRoute } from "@hono/zod-openapi";
import { agentStatus, cancelAgent, startAgent } from "../../agent/service";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { AgentCancelledSchema, AgentRequestSchema, AgentStartedSchema, AgentStatusSchema } from "../../schemas/agent";
import { JobIdParams } from "../../schemas/common";

const startRoute = createRoute({
  method: "post",
  path: "/v2/agent",
  tags: ["Agent"],
  summary: "Start an agent job: multi-page extraction from a prompt (needs an LLM with tool calling)",
  description:
    "The agent reads pages (scrape, map, web search when configured) as the " +
    "model decides, then answers with data matching `schema`. " +
    "Poll GET /v2/agent/{id} or receive webhooks.",
  request: { body: { required: true, content: { "application/json": { schema: AgentRequestSchema } } } },
  responses: {
    200: { description: "The job", content: { "application/json": { schema: AgentStartedSchema } } },
    ...errorResponses(400, 401, 402, 403),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/v2/agent/{id}",
  tags: ["Agent"],
  summary: "Status, progress (steps and sources) and, once completed, the answer of an agent job",
  request: { params: JobIdParams },
  responses: {
    200: { description: "The job's status", content: { "application/json": { schema: AgentStatusSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/v2/agent/{id}",
  tags: ["Agent"],
  summary: "Cancel an agent job",
  request: { params: JobIdParams },
  responses: {
    200: { description: "Cancelled", content: { "application/json": { schema: AgentCancelledSchema } } },
    ...errorResponses(400, 401, 404, 409),
  },
});

export const agentRoutes = createRouter()
  .openapi(startRoute, async (c) => {
    const { teamId, keyName } = c.get("principal");
    const id = await startAgent(c.env, teamId, c.req.valid("json"), new URL(c.req.url).origin, { apiKey: keyName });
    return c.json({ success: true as const, id }, 200);
  })
  .openapi(statusRoute, async (c) => {
    const view = await agentStatus(c.env, c.get("principal").teamId, c.req.valid("param").id);
    return c.json({ success: true as const, ...view }, 200);
  })
  .openapi(cancelRoute, async (c) => {
    await cancelAgent(c.env, c.get("principal").teamId, c.req.valid("param").id);
    return c.json({ success: true as const }, 200);
  });
