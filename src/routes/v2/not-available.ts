/**
 * Routes the official SDK (firecrawl-js 4.42) calls that this service does not offer, answered with 400
 * NOT_AVAILABLE naming the SDK method and why rather than a bare 404 (docs/api.md, "Not available"): Firecrawl's
 * own indexes and tool providers, which only its cloud has; feedback meant for Firecrawl's team; and the agent's
 * list, traces, snapshots and threads, which this service does not keep.
 */
import { Hono, type Context, type Next } from "hono";
import { ApiError } from "../../errors";

const CLOUD = "which only Firecrawl's cloud has";

function refuse(message: string) {
  return () => {
    throw new ApiError("NOT_AVAILABLE", message);
  };
}

/** findTools() and Alexandria calls are scrapes with an `alexandria` field and no URL. */
async function refuseAlexandria(c: Context, next: Next) {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  if (body && typeof body === "object" && "alexandria" in body) {
    throw new ApiError(
      "NOT_AVAILABLE",
      `findTools() and alexandria calls (POST /v2/scrape with "alexandria") use Firecrawl's Alexandria tool ` +
        `providers, ${CLOUD}`,
      [{ path: ["alexandria"], message: "cloud only", code: "custom" }],
    );
  }
  return next();
}

const agentRecords = (what: string) =>
  refuse(
    `${what} is not available here: the service keeps an agent job's status, result and events only ` +
      "(getAgentStatus)",
  );

export const notAvailableRoutes = new Hono<{ Bindings: Env }>()
  .post("/v2/scrape", refuseAlexandria)
  .all(
    "/v2/search/developer",
    refuse(
      `developerSearch() (/v2/search/developer: the SDK posts, the MCP server's firecrawl_developer_search gets) ` +
        `searches Firecrawl's developer index, ${CLOUD}`,
    ),
  )
  .all(
    "/v2/search/research/*",
    refuse(
      `research.searchPapers(), getPaper(), similarPapers() and searchGithub() (/v2/search/research) read ` +
        `Firecrawl's research-paper and GitHub indexes, ${CLOUD}`,
    ),
  )
  .post(
    "/v2/feedback",
    refuse("feedback() (POST /v2/feedback) sends a rating to Firecrawl's team; this service has no one to receive it"),
  )
  .post(
    "/v2/search/:id/feedback",
    refuse("searchFeedback() rates Firecrawl's search results for its team; this service has no one to receive it"),
  )
  .get("/v2/agent", agentRecords("listAgents() (GET /v2/agent)"))
  .get("/v2/agent/threads/:id", agentRecords("getAgentThread() (GET /v2/agent/threads/{id})"))
  .get("/v2/agent/:id/trace", agentRecords("getAgentTrace() (GET /v2/agent/{id}/trace)"))
  .get("/v2/agent/:id/snapshots/:snapshot", agentRecords("getAgentSnapshot() (GET /v2/agent/{id}/snapshots/{sid})"));
