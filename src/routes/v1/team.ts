/**
 * The v1 account routes with a shape of their own (firecrawl-js 4.42 `CreditUsageResponseV1`,
 * `TokenUsageResponseV1`: snake_case): GET /v1/team/credit-usage and GET /v1/team/token-usage. There are no plans
 * or billing periods here: `plan_credits` is what the team has left plus what it used (the unlimited marker
 * without a balance), `plan_tokens` the unlimited marker, the period dates null. The v1 queue status and
 * histories are the v2 routes under /v1 (src/routes/v2/usage.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { teamStub } from "../../../durable-objects/team";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { UNLIMITED_CREDITS } from "../v2/team";

const usage = (kind: "credits" | "tokens") =>
  z.object({
    success: z.literal(true),
    data: z.object({
      [`remaining_${kind}`]: z.int(),
      [`plan_${kind}`]: z.int(),
      billing_period_start: z.null(),
      billing_period_end: z.null(),
    }),
  });

const route = (kind: "credit" | "token") =>
  createRoute({
    method: "get",
    path: `/v1/team/${kind}-usage`,
    tags: ["v1"],
    summary: `Remaining ${kind === "credit" ? "credits" : "LLM tokens"} of the caller's team (v1 shape)`,
    responses: {
      200: {
        description: `${UNLIMITED_CREDITS} stands for unlimited`,
        content: { "application/json": { schema: usage(kind === "credit" ? "credits" : "tokens") } },
      },
      ...errorResponses(401),
    },
  });

const noPeriod = { billing_period_start: null, billing_period_end: null };

export const v1TeamRoutes = createRouter()
  .openapi(route("credit"), async (c) => {
    const credits = await teamStub(c.env, c.get("principal").teamId).credits();
    const remaining = credits.remaining ?? UNLIMITED_CREDITS;
    const plan = credits.remaining === null ? UNLIMITED_CREDITS : credits.remaining + credits.used;
    return c.json(
      { success: true as const, data: { remaining_credits: remaining, plan_credits: plan, ...noPeriod } },
      200,
    );
  })
  .openapi(route("token"), async (c) => {
    const data = { remaining_tokens: UNLIMITED_CREDITS, plan_tokens: UNLIMITED_CREDITS, ...noPeriod };
    return c.json({ success: true as const, data }, 200);
  });
