/**
 * GET /v2/artifacts/{key} — screenshots and action PDFs, served from R2 to whoever holds a signed URL
 * (no API key: these URLs are meant to be handed on). Expired or forged signatures → 403, gone → 404.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { verifyArtifactSignature } from "../../artifacts";
import { createRouter } from "../../hono";
import { ApiError, errorResponses } from "../../errors";

const artifactRoute = createRoute({
  method: "get",
  path: "/v2/artifacts/shots/{file}",
  tags: ["Scrape"],
  summary: "A screenshot or PDF produced by a scrape (signed URL, valid 24 hours)",
  security: [],
  request: {
    params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpeg|pdf)$/, "Unknown artifact") }),
    query: z.object({ expires: z.string(), sig: z.string() }),
  },
  responses: {
    200: {
      description: "The file",
      content: { "image/png": { schema: z.any() }, "application/pdf": { schema: z.any() } },
    },
    ...errorResponses(400, 403, 404),
  },
});

export const artifactRoutes = createRouter().openapi(artifactRoute, async (c) => {
  const key = `shots/${c.req.valid("param").file}`;
  const { expires, sig } = c.req.valid("query");
  await verifyArtifactSignature(c.env, key, expires, sig);
  const object = await c.env.BUCKET.get(key);
  if (!object) throw new ApiError("NOT_FOUND", "This artifact no longer exists");
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "cache-control": "private, max-age=3600",
    },
  }) as never;
});
