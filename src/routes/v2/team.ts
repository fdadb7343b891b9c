/**
 * Account routes: GET /v2/team/credit-usage and GET /v2/concurrency-check (docs/api.md, "Account").
 */
import { createRoute, z } from "@hono/zod-openapi";
import { teamStub } from "../../../durable-objects/team";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";

/** What `remainingCredits` reports for a team without a balance (self-hosted default: unlimited). */
export const UNLIMITED_CREDITS = 99_999_999;

const creditUsageRoute = createRoute({
  method: "get",
  path: "/v2/team/credit-usage",
  tags: ["Account"],
  summary: "Remaining credits of the caller's team",
  responses: {
    200: {
      description: `Remaining credits (${UNLIMITED_CREDITS} and unlimited: true when the team has no balance)`,
      content: {
        "application/json": {
          schema: z.object({
            success: z.literal(true),
            data: z.object({ remainingCredits: z.int(), creditsUsed: z.int(), unlimited: z.boolean() }),
          }),
        },
      },
    },
    ...errorResponses(401),
  },
});

const concurrencyRoute = createRoute({
  method: "get",
  path: "/v2/concurrency-check",
  tags: ["Account"],
  summary: "Pages being scraped for the team right now, and the team's limit",
  description:
    "`concurrency` counts the team's pages in flight across all its crawls, batch scrapes and scrapes; work beyond " +
    "`maxConcurrency` waits (jobs stay queued, a scrape waits within its timeout).",
  responses: {
    200: {
      description: "Current and maximum concurrency",
      content: {
        "application/json": {
          schema: z.object({ success: z.literal(true), concurrency: z.int(), maxConcurrency: z.int() }),
        },
      },
    },
    ...errorResponses(401),
  },
});

export const teamRoutes = createRouter()
  .openapi(creditUsageRoute, async (c) => {
    const credits = await teamStub(c.env, c.get("principal").teamId).credits();
    const unlimited = credits.remaining === null;
    return c.json(
      {
        success: true as const,
        data: { remainingCredits: credits.remaining ?? UNLIMITED_CREDITS, creditsUsed: credits.used, unlimited },
      },
      200,
    );
  })
  .openapi(concurrencyRoute, async (c) => {
    const { inUse, limit } = await teamStub(c.env, c.get("principal").teamId).concurrency();
    return c.json({ success: true as const, concurrency: inUse, maxConcurrency: limit }, 200);
  });
