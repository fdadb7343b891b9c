/**
 * Builds the API: one OpenAPIHono app with the error envelope, CORS, body limit, access control (the public
 * routes are listed in auth/public-routes.ts), every route group, the OpenAPI document (/v2/openapi.json) and a
 * human docs page (/docs).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { accessControl } from "./auth/public-routes";
import { ApiError, renderHttpError } from "./errors";
import type { AppEnv } from "./hono";
import { adminRoutes } from "./routes/admin";
import { agentRoutes } from "./routes/v2/agent";
import { artifactRoutes } from "./routes/v2/artifacts";
import { browserRoutes } from "./routes/v2/browser";
import { browserSocketRoutes } from "./routes/v2/browser-sockets";
import { interactRoutes } from "./routes/v2/interact";
import { docsPage } from "./routes/docs";
import { scrapeRoutes } from "./routes/v2/scrape";
import { crawlRoutes } from "./routes/v2/crawl";
import { batchRoutes } from "./routes/v2/batch";
import { mapRoutes } from "./routes/v2/map";
import { searchRoutes } from "./routes/v2/search";
import { parseRoutes } from "./routes/v2/parse";
import { extractRoutes } from "./routes/v2/extract";
import { monitorRoutes } from "./routes/v2/monitor";
import { v1Routes } from "./routes/v1";
import { v1SingleRoutes } from "./routes/v1/single";
import { v1TeamRoutes } from "./routes/v1/team";
import { notAvailableRoutes } from "./routes/v2/not-available";
import { teamRoutes } from "./routes/v2/team";
import { usageRoutes } from "./routes/v2/usage";
import { meterRequestTokens } from "./credits/tokens";
import { validationError } from "./validation";

export const API_VERSION = "0.1.0";

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });

  app.onError((err, c) => renderHttpError(err, `${c.req.method} ${c.req.path}`));
  app.notFound((c) =>
    renderHttpError(new ApiError("NOT_FOUND", `Not found: ${c.req.method} ${c.req.path}`), c.req.path),
  );

  app.use("*", cors());
  app.use("*", bodyLimit({ maxSize: 10 * 1024 * 1024 }));
  app.use("*", accessControl);
  app.use("*", meterRequestTokens);

  app.get("/", (c) =>
    c.json({ message: "edgecrawl API", version: API_VERSION, documentation_url: `${new URL(c.req.url).origin}/docs` }),
  );
  app.get("/docs", (c) => c.html(docsPage(new URL(c.req.url).origin)));
  app.doc31("/v2/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "edgecrawl API",
      version: API_VERSION,
      description:
        "Web-data extraction (scrape, crawl, map, batch scrape, agent, monitors) compatible with the Firecrawl v2 API.",
    },
    servers: [{ url: new URL(c.req.url).origin }],
    security: [{ bearerAuth: [] }],
  }));
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });

  app.route("/", notAvailableRoutes);
  app.route("/", artifactRoutes);
  app.route("/", browserSocketRoutes);
  app.route("/", scrapeRoutes);
  app.route("/", interactRoutes);
  app.route("/", browserRoutes);
  app.route("/", teamRoutes);
  app.route("/", usageRoutes);
  app.route("/", crawlRoutes);
  app.route("/", batchRoutes);
  app.route("/", mapRoutes);
  app.route("/", searchRoutes);
  app.route("/", parseRoutes);
  app.route("/", extractRoutes);
  app.route("/", agentRoutes);
  app.route("/", monitorRoutes);
  app.route("/", v1Routes);
  app.route("/", v1SingleRoutes);
  app.route("/", v1TeamRoutes);
  app.route("/", adminRoutes);
  return app;
}

export type App = ReturnType<typeof createApp>;
