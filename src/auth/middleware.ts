/**
 * Authentication: `Authorization: Bearer <key>` on every API request. WebSocket upgrades may carry the key as
 * the `Sec-WebSocket-Protocol` value instead (browsers cannot set headers on sockets), which the server echoes.
 */
import type { MiddlewareHandler } from "hono";
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
  if (key === null) throw new ApiError("UNAUTHORIZED", "Unauthorized: send your API key as Authorization: Bearer <key>");
  if (!key) throw new ApiError("UNAUTHORIZED", "Unauthorized: Token missing");
  const principal = await authenticateKey(c.env, key);
  if (!principal) throw new ApiError("UNAUTHORIZED", "Unauthorized: Invalid token");
  c.set("principal", principal);
  await next();
};
