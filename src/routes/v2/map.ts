/**
 * POST /v2/map (docs/api.md, "Map"): the URLs of a site from its sitemaps and links.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { charge, ensureCredits } from "../../credits/charge";
import { mapSite } from "../../crawl/map";
import { createRouter } from "../../hono";
import { errorResponses } from "../../errors";
import { coerceUrlInput } from "../../schemas/common";
import { MapRequestSchema, type MapRequest } from "../../schemas/map";

const MapResponseSchema = z
  .object({
    success: z.literal(true),
    links: z.array(z.object({ url: z.string(), title: z.string().optional(), description: z.string().optional() })),
    warning: z.string().optional(),
  })
  .openapi("MapResponse");

const mapRoute = createRoute({
  method: "post",
  path: "/v2/map",
  tags: ["Map"],
  summary: "List the URLs of a site",
  request: { body: { required: true, content: { "application/json": { schema: MapRequestSchema } } } },
  responses: {
    200: { description: "The site's URLs", content: { "application/json": { schema: MapResponseSchema } } },
    ...errorResponses(400, 401, 402, 403, 408),
  },
});

/** The answer to a map request (v2 terms) for a team, charged to the key that asked; v1 shapes it for its clients. */
export async function answerMap(
  env: Env,
  principal: { teamId: string; keyName?: string },
  body: MapRequest,
): Promise<z.infer<typeof MapResponseSchema>> {
  await ensureCredits(env, principal.teamId);
  const links = await mapSite(env, principal.teamId, body);
  await charge(env, principal.teamId, 1, "map", undefined, principal.keyName);
  const answer: z.infer<typeof MapResponseSchema> = { success: true, links };
  const start = new URL(coerceUrlInput(body.url));
  if (links.length <= 1 && body.limit !== 1 && start.pathname !== "/") {
    answer.warning =
      `Only ${links.length} result(s) found. For broader coverage, ` + `try mapping the base domain: ${start.origin}`;
  }
  return answer;
}

export const mapRoutes = createRouter().openapi(mapRoute, async (c) =>
  c.json(await answerMap(c.env, c.get("principal"), c.req.valid("json")), 200),
);
