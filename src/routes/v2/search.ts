/**
 * POST /v2/search (docs/api.md, "Search"): web, news and image search through the configured provider
 * (SEARCH_URL), results optionally scraped (src/search/service.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { charge } from "../../credits/charge";
import type { Context } from "hono";
import { createRouter, type AppEnv } from "../../hono";
import { errorResponses } from "../../errors";
import { SearchRequestSchema } from "../../schemas/search";
import { presentDocument } from "../../scrape/present";
import { runSearch, type SearchAnswer, type SearchInput } from "../../search/service";

const resultList = z.array(z.record(z.string(), z.unknown())).optional();

const SearchResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ web: resultList, news: resultList, images: resultList }),
    warning: z.string().optional(),
    creditsUsed: z.int(),
  })
  .openapi("SearchResponse");

const searchRoute = createRoute({
  method: "post",
  path: "/v2/search",
  tags: ["Search"],
  summary: "Search the web, news or images, and optionally scrape the results",
  description:
    "Needs SEARCH_URL (a SearXNG instance with the JSON format enabled); without it 400 " +
    "SEARCH_NOT_CONFIGURED. Web results are `{url, title, description, position}`, news `{title, url, " +
    "snippet, date?, imageUrl?, position}`, images `{title, imageUrl, imageWidth?, imageHeight?, url, " +
    "position}`; with scrapeOptions each web and news result is also a scraped document.",
  request: { body: { required: true, content: { "application/json": { schema: SearchRequestSchema } } } },
  responses: {
    200: {
      description: "Results grouped by source",
      content: { "application/json": { schema: SearchResponseSchema } },
    },
    ...errorResponses(400, 401, 402, 403, 408, 502),
  },
});

/** A search for the calling team, charged to the key that asked; v1 answers it in its own shape. */
export async function answerSearch(c: Context<AppEnv>, body: SearchInput): Promise<SearchAnswer> {
  const { teamId, keyName } = c.get("principal");
  const origin = new URL(c.req.url).origin;
  const ctx = { env: c.env, teamId, apiKey: keyName, waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p) };
  const answer = await runSearch(ctx, body, (document) => presentDocument(c.env, document, origin));
  if (answer.creditsUsed > 0) await charge(c.env, teamId, answer.creditsUsed, "search", undefined, keyName);
  return answer;
}

export const searchRoutes = createRouter().openapi(searchRoute, async (c) =>
  c.json({ success: true as const, ...(await answerSearch(c, c.req.valid("json"))) }, 200),
);
