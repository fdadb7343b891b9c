/**
 * Which routes answer without a key is decided by one list (src/auth/public-routes.ts), not by the order routes
 * are registered: every registered route is called without credentials, and only the listed ones may answer.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { isPublicRoute, PUBLIC_ROUTES } from "../../src/auth/public-routes";
import { call, callJson } from "../helpers";

/** Every route the app registers (method, path), once each. */
function registeredRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of createApp().routes)
    if (r.method !== "ALL") seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
}

/** A concrete path for a route pattern (the parameters only need the right shape). */
function concrete(path: string): string {
  return path
    .replace(":id", crypto.randomUUID())
    .replace(":file", `${crypto.randomUUID()}.png`)
    .replace(/:[A-Za-z]+/g, "x");
}

describe("access control", () => {
  it("answers 401 on every route but the public ones when no key is sent", async () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const publicSeen: string[] = [];
    for (const route of routes) {
      const path = concrete(route.path);
      const body = route.method === "POST" || route.method === "PUT" ? {} : undefined;
      const response = await call(route.method, path, body, { key: null });
      if (isPublicRoute(route.method, path)) {
        publicSeen.push(`${route.method} ${route.path}`);
        const listed = PUBLIC_ROUTES.find((r) => r.method === route.method && r.path === route.path);
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        // A route with its own credential may refuse a missing one, but never with the API-key check's answer.
        if (listed?.token)
          expect(body?.error ?? "", `${route.method} ${route.path}`).not.toMatch(
            /^Unauthorized$|API key is missing|Invalid token/,
          );
        else expect(response.status, `${route.method} ${route.path}`).not.toBe(401);
      } else {
        expect(response.status, `${route.method} ${route.path}`).toBe(401);
        expect((await response.json()) as object).toMatchObject({ success: false, code: "UNAUTHORIZED" });
      }
    }
    // Every listed public route exists (a stale entry would open a path nobody reviewed).
    expect(publicSeen.sort()).toEqual(PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("marks in the OpenAPI document exactly the public API routes as needing no key", async () => {
    const { body: doc } = await callJson("GET", "/v2/openapi.json", undefined, { key: null });
    const keyless: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, { security?: unknown[] }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (Array.isArray(operation.security) && operation.security.length === 0)
          keyless.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
      }
    }
    const documentedPublic = PUBLIC_ROUTES.filter((r) => r.token).map((r) => `${r.method} ${r.path}`);
    expect(keyless.sort()).toEqual(documentedPublic.sort());
  });

  it("answers 401 for an unknown path without a key, and 404 with one", async () => {
    expect((await call("GET", "/v2/nothing-here", undefined, { key: null })).status).toBe(401);
    expect((await call("GET", "/v2/nothing-here")).status).toBe(404);
  });
});
