/**
 * Account usage routes (docs/api.md, "Account"): GET /v2/team/queue-status, GET /v2/team/token-usage and the
 * monthly `…/historical` credit and token usage, from the team Durable Object's usage ledger (src/credits/ledger.ts).
 * The queue status and the histories answer under /v1/team/... too, in the same shape (the v1 client's).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { jobStub } from "../../../durable-objects/crawl-job";
import { teamStub } from "../../../durable-objects/team";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { UNLIMITED_CREDITS } from "./team";

const HistoricalQuery = z.object({
  byApiKey: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "`true`: one period per month and key (the key's name, never the key itself)" }),
});

type Version = "v1" | "v2";

function historicalRoute(kind: "credit" | "token", version: Version) {
  const used = kind === "credit" ? "creditsUsed" : "tokensUsed";
  const period = z.object({
    startDate: z.string(),
    endDate: z.string(),
    apiKey: z.string().optional(),
    [used]: z.int(),
  });
  return createRoute({
    method: "get",
    path: `/${version}/team/${kind}-usage/historical`,
    tags: ["Account"],
    summary: `${kind === "credit" ? "Credits" : "LLM tokens"} used per calendar month (UTC)`,
    request: { query: HistoricalQuery },
    responses: {
      200: {
        description:
          "One period per month with usage, oldest first; per key with " +
          "byApiKey=true (charges no key can be tied to: `unattributed`)",
        content: { "application/json": { schema: z.object({ success: z.literal(true), periods: z.array(period) }) } },
      },
      ...errorResponses(400, 401),
    },
  });
}

const tokenUsageRoute = createRoute({
  method: "get",
  path: "/v2/team/token-usage",
  tags: ["Account"],
  summary: "LLM tokens used by the caller's team",
  description:
    "Tokens the configured LLM reported (or, when it reports none, an estimate of 4 characters per " +
    "token) for the team's json, summary, change tracking, branding, prompt, agent and extract " +
    "calls. There is no token budget: `remainingTokens` is the unlimited marker.",
  responses: {
    200: {
      description: "Tokens used and the (unlimited) remainder",
      content: {
        "application/json": {
          schema: z.object({
            success: z.literal(true),
            data: z.object({ remainingTokens: z.int(), tokensUsed: z.int(), unlimited: z.literal(true) }),
          }),
        },
      },
    },
    ...errorResponses(401),
  },
});

const queueStatusRoute = (version: Version) =>
  createRoute({
    method: "get",
    path: `/${version}/team/queue-status`,
    tags: ["Account"],
    summary: "The team's pages queued and being scraped",
    description:
      "`activeJobsInQueue`: pages being scraped for the team now (its concurrency slots in use); " +
      "`waitingJobsInQueue`: pages its running crawls and batch scrapes have queued but not dispatched; " +
      "`jobsInQueue`: both. `mostRecentSuccess`: when the team's last charged piece of work finished.",
    responses: {
      200: {
        description: "Queue counts",
        content: {
          "application/json": {
            schema: z.object({
              success: z.literal(true),
              jobsInQueue: z.int(),
              activeJobsInQueue: z.int(),
              waitingJobsInQueue: z.int(),
              maxConcurrency: z.int(),
              mostRecentSuccess: z.string().nullable(),
            }),
          },
        },
      },
      ...errorResponses(401),
    },
  });

export const usageRoutes = createRouter().openapi(tokenUsageRoute, async (c) => {
  const tokensUsed = await teamStub(c.env, c.get("principal").teamId).tokensUsed();
  return c.json(
    { success: true as const, data: { remainingTokens: UNLIMITED_CREDITS, tokensUsed, unlimited: true as const } },
    200,
  );
});

for (const version of ["v2", "v1"] as const) {
  usageRoutes
    .openapi(queueStatusRoute(version), async (c) => {
      const { teamId } = c.get("principal");
      const team = teamStub(c.env, teamId);
      const [{ inUse, limit }, jobs, last] = await Promise.all([
        team.concurrency(),
        team.activeJobs(),
        team.lastCharge(),
      ]);
      const counts = await Promise.all(jobs.map((job) => jobStub(c.env, job.id).queueCounts(teamId)));
      const waiting = counts.reduce((sum, n) => sum + (n?.queued ?? 0), 0);
      return c.json(
        {
          success: true as const,
          jobsInQueue: inUse + waiting,
          activeJobsInQueue: inUse,
          waitingJobsInQueue: waiting,
          maxConcurrency: limit,
          mostRecentSuccess: last === null ? null : new Date(last).toISOString(),
        },
        200,
      );
    })
    .openapi(historicalRoute("credit", version), async (c) => {
      const periods = await teamStub(c.env, c.get("principal").teamId).usageHistory(
        "credits",
        c.req.valid("query").byApiKey === "true",
      );
      return c.json(
        { success: true as const, periods: periods.map(({ used, ...p }) => ({ ...p, creditsUsed: used })) },
        200,
      );
    })
    .openapi(historicalRoute("token", version), async (c) => {
      const periods = await teamStub(c.env, c.get("principal").teamId).usageHistory(
        "tokens",
        c.req.valid("query").byApiKey === "true",
      );
      return c.json(
        { success: true as const, periods: periods.map(({ used, ...p }) => ({ ...p, tokensUsed: used })) },
        200,
      );
    });
}
