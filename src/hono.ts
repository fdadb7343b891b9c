/**
 * The Hono environment shared by the app and every route: bindings plus what the auth middleware sets.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Principal } from "./auth/keys";

export interface AppEnv {
  Bindings: Env;
  Variables: { principal: Principal };
}

/** A router for one group of routes; the app mounts it and supplies the validation hook. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>();
}
