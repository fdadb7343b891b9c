/**
 * Authentication: `Authorization: Bearer <key>` on every API request. WebSocket upgrades may carry the key as
 * the `Sec-WebSocket-Protocol` value instead (browsers cannot set headers on sockets), which the server echoes.
 * Operator routes take ADMIN_TOKEN the same way. Which routes need which is decided in ./public-routes.ts.
 */
import type { MiddlewareHandler } from "hono";
import { timingSafeEqualStrings } from "../crypto";
import { ApiError } from "../errors";
import type { AppEnv } from "../hono";
import { authenticateKey } from "./keys";

/** The key a request presents, from the Authorization header or, failing that, the WebSocket subprotocol. */
export function presentedKey(headers: Headers): string | null {
  const auth = headers.get("authorization");
  if (auth) {
    const match = /^Bearer\s+(.*)$/i.exec(auth.trim());
    return match ? match[1].trim() : auth.trim();
  }
  const protocol = headers.get("sec-websocket-protocol");
  if (protocol) return protocol.split(",")[0].trim();
  return null;
}

export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = presentedKey(c.req.raw.headers);
  if (key === null)
    throw new ApiError("UNAUTHORIZED", "Unauthorized: send your API key as Authorization: Bearer <key>");
  if (!key) throw new ApiError("UNAUTHORIZED", "Unauthorized: Token missing");
  const principal = await authenticateKey(c.env, key);
  if (!principal) throw new ApiError("UNAUTHORIZED", "Unauthorized: Invalid token");
  c.set("principal", principal);
  await next();
};

/** Operator routes: the ADMIN_TOKEN as Bearer; the routes answer 404 while ADMIN_TOKEN is empty. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.env.ADMIN_TOKEN;
  if (!token) throw new ApiError("NOT_FOUND", "Admin routes are disabled (ADMIN_TOKEN is not set)");
  const presented = presentedKey(c.req.raw.headers) ?? "";
  if (!timingSafeEqualStrings(presented, token))
    throw new ApiError("UNAUTHORIZED", "Unauthorized: admin token required");
  await next();
};
