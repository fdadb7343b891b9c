/**
 * Which routes need which credential, in one list rather than by the order routes are registered: the routes
 * below answer anyone; `/admin/*` needs ADMIN_TOKEN; every other path needs an API key (401 without one).
 * test/integration/access.test.ts walks every registered route to hold this true.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono";
import { requireAdmin, requireApiKey } from "./middleware";

/**
 * `token` routes skip the API-key check because they carry their own credential in the URL (a signature or a
 * session-scoped token), which the route itself verifies.
 */
export const PUBLIC_ROUTES: readonly { method: "GET"; path: string; why: string; token?: true }[] = [
  { method: "GET", path: "/", why: "the service banner" },
  { method: "GET", path: "/docs", why: "the human documentation page" },
  { method: "GET", path: "/v2/openapi.json", why: "the OpenAPI document" },
  {
    method: "GET",
    path: "/v2/artifacts/shots/:file",
    why: "signed screenshot/PDF URLs, handed on without a key",
    token: true,
  },
  {
    method: "GET",
    path: "/v2/browser/:id/cdp",
    why: "a session's CDP socket: its session-scoped token (or the team's key) is checked by the route",
    token: true,
  },
  {
    method: "GET",
    path: "/v2/browser/:id/live",
    why: "a session's live view: its signed, expiring token is checked by the route",
    token: true,
  },
];

const patterns = PUBLIC_ROUTES.map((r) => ({
  method: r.method,
  regex: new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`),
}));

export function isPublicRoute(method: string, path: string): boolean {
  const asGet = method === "HEAD" ? "GET" : method;
  return patterns.some((p) => p.method === asGet && p.regex.test(path));
}

export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

/** The one access check, in front of every route. */
export const accessControl: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isPublicRoute(c.req.method, c.req.path)) return next();
  if (isAdminPath(c.req.path)) return requireAdmin(c, next);
  return requireApiKey(c, next);
};
