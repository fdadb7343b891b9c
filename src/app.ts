/**
 * Builds the API: one OpenAPIHono app with the error envelope, CORS, body limit, authentication, every route
 * group, the OpenAPI document (/v2/openapi.json) and a human docs page (/docs).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import type { Context } from "hono";
import { requireApiKey } from "./auth/middleware";
import { ApiError, describeError, type ErrorBody } from "./errors";
import type { AppEnv } from "./hono";
import { newId } from "./ids";
import { adminRoutes, requireAdmin } from "./routes/admin";
import { artifactRoutes } from "./routes/v2/artifacts";
import { browserRoutes } from "./routes/v2/browser";
import { browserSocketRoutes } from "./routes/v2/browser-sockets";
import { interactRoutes } from "./routes/v2/interact";
import { docsPage } from "./routes/docs";
import { scrapeRoutes } from "./routes/v2/scrape";
import { crawlRoutes } from "./routes/v2/crawl";
import { batchRoutes } from "./routes/v2/batch";
import { mapRoutes } from "./routes/v2/map";
import { v1Routes } from "./routes/v1";
import { teamRoutes } from "./routes/v2/team";
import { validationError } from "./validation";

export const API_VERSION = "0.1.0";

export function errorResponse(c: Context, err: unknown): Response {
  if (err instanceof ApiError) return c.json(err.toBody(), err.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 400 && /json/i.test(err.message)) {
      return c.json({ success: false, code: "BAD_REQUEST_INVALID_JSON", error: "Bad request, malformed JSON" } satisfies ErrorBody, 400);
    }
    if (status === 413) return c.json({ success: false, code: "PAYLOAD_TOO_LARGE", error: "Request body is larger than 10 MB" } satisfies ErrorBody, 413);
    if (status === 415) {
      return c.json({ success: false, code: "BAD_REQUEST", error: "Content-Type must be application/json" } satisfies ErrorBody, 415);
    }
    return c.json({ success: false, error: err.message || "Request failed" } satisfies ErrorBody, status);
  }
  const errorId = newId();
  console.error(`[${errorId}] ${c.req.method} ${new URL(c.req.url).pathname}:`, err instanceof Error ? (err.stack ?? err.message) : describeError(err));
  return c.json(
    { success: false, code: "UNKNOWN_ERROR", error: `An unexpected error occurred. Please contact the operator with error id ${errorId}.` } satisfies ErrorBody,
    500,
  );
}

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });

  app.onError((err, c) => {
    if (err instanceof ApiError && err.status >= 500) console.error(`${c.req.method} ${c.req.path}: ${err.code} ${err.message}`);
    return errorResponse(c, err);
  });
  app.notFound((c) => c.json({ success: false, code: "NOT_FOUND", error: `Not found: ${c.req.method} ${c.req.path}` } satisfies ErrorBody, 404));

  app.use("*", cors());
  app.use("*", bodyLimit({ maxSize: 10 * 1024 * 1024 }));

  app.get("/", (c) => c.json({ message: "edgecrawl API", version: API_VERSION, documentation_url: `${new URL(c.req.url).origin}/docs` }));
  app.get("/docs", (c) => c.html(docsPage(new URL(c.req.url).origin)));
  app.doc31("/v2/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "edgecrawl API",
      version: API_VERSION,
      description: "Web-data extraction (scrape, crawl, map, batch scrape) compatible with the Firecrawl v2 API.",
    },
    servers: [{ url: new URL(c.req.url).origin }],
    security: [{ bearerAuth: [] }],
  }));
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });

  // Signed artifact URLs and a browser session's token URLs are shared without a key; everything else under /v1
  // and /v2 needs one.
  app.route("/", artifactRoutes);
  app.route("/", browserSocketRoutes);
  app.use("/v1/*", requireApiKey);
  app.use("/v2/*", requireApiKey);
  app.use("/crawl/*", requireApiKey);
  app.use("/admin/*", requireAdmin);

  app.route("/", scrapeRoutes);
  app.route("/", interactRoutes);
  app.route("/", browserRoutes);
  app.route("/", teamRoutes);
  app.route("/", crawlRoutes);
  app.route("/", batchRoutes);
  app.route("/", mapRoutes);
  app.route("/", v1Routes);
  app.route("/", adminRoutes);
  return app;
}

export type App = ReturnType<typeof createApp>;
