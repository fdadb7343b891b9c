/**
 * The addresses a browser session hands out, authenticated by the session-scoped token in their URL (many CDP
 * clients cannot set headers, and a live view is opened by a browser): the CDP relay (`cdpUrl`) and the live
 * view (`liveViewUrl`, `interactiveLiveViewUrl`) — an HTML page, and the WebSocket it opens on the same URL.
 * The CDP relay also accepts the owning team's API key as `Authorization: Bearer`.
 *
 * Registered before the API-key middleware, like signed artifact URLs.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sessionStub } from "../../../durable-objects/browser-session";
import { presentedKey } from "../../auth/middleware";
import { authenticateKey } from "../../auth/keys";
import { isWebSocketUpgrade } from "../../crawl/service";
import { ApiError, errorResponses } from "../../errors";
import type { AppEnv } from "../../hono";
import { createRouter } from "../../hono";
import { SessionIdParams } from "../../schemas/browser";
import { liveViewPage } from "../../sessions/live-view-page";
import { verifySessionToken, type TokenScope } from "../../sessions/tokens";

const TAG = "Browser sessions";
const TokenQuery = z.object({
  token: z.string().optional().openapi({ description: "The session-scoped token from the session's URLs." }),
});

const cdpRoute = createRoute({
  method: "get",
  path: "/v2/browser/{id}/cdp",
  tags: [TAG],
  summary: "The session's DevTools protocol (WebSocket; the session's cdpUrl)",
  description:
    "Open with any CDP client, e.g. `puppeteer.connect({ browserWSEndpoint: " +
    "cdpUrl })` or Playwright's `chromium.connectOverCDP(cdpUrl)`.",
  request: { params: SessionIdParams, query: TokenQuery },
  responses: { 101: { description: "CDP over WebSocket" }, ...errorResponses(401, 404, 410, 426) },
  security: [],
});

const liveRoute = createRoute({
  method: "get",
  path: "/v2/browser/{id}/live",
  tags: [TAG],
  summary: "The session's live view (an HTML page; its WebSocket uses the same URL)",
  request: { params: SessionIdParams, query: TokenQuery },
  responses: {
    200: { description: "The live-view page", content: { "text/html": { schema: z.string() } } },
    101: { description: "Screencast frames (and input from the interactive view) over WebSocket" },
    ...errorResponses(401, 403, 404, 410),
  },
  security: [],
});

export const browserSocketRoutes = createRouter()
  .openapi(cdpRoute, async (c) => {
    const { id } = c.req.valid("param");
    const access = await authorize(c, id, c.req.valid("query").token, ["cdp"], true);
    if (!isWebSocketUpgrade(c.req.raw)) {
      throw new ApiError("UPGRADE_REQUIRED", "This is the session's CDP WebSocket: connect a CDP client to it");
    }
    return (await forward(c, id, "cdp", access.teamId)) as never;
  })
  .openapi(liveRoute, async (c) => {
    const { id } = c.req.valid("param");
    const access = await authorize(c, id, c.req.valid("query").token, ["view", "control"], false);
    if (isWebSocketUpgrade(c.req.raw)) return (await forward(c, id, access.scope, null)) as never;
    return c.html(liveViewPage({ sessionId: id, interactive: access.scope === "control" }), 200);
  });

/** The scope the request's token grants (or the team of its API key, where keys are accepted); 401 otherwise. */
async function authorize(
  c: Context<AppEnv>,
  id: string,
  token: string | undefined,
  scopes: TokenScope[],
  keyAllowed: boolean,
): Promise<{ scope: TokenScope; teamId: string | null }> {
  if (token) {
    const scope = await verifySessionToken(c.env, id, token);
    if (scope && scopes.includes(scope)) return { scope, teamId: null };
    throw new ApiError(
      "UNAUTHORIZED",
      "This session URL's token is not valid (or has expired): use the URLs the session was created with",
    );
  }
  const key = keyAllowed ? presentedKey(c.req.raw.headers) : null;
  const principal = key ? await authenticateKey(c.env, key) : null;
  if (principal) return { scope: scopes[0], teamId: principal.teamId };
  throw new ApiError(
    "UNAUTHORIZED",
    keyAllowed
      ? "Unauthorized: use the session's cdpUrl (it carries a token) or " +
          "send your API key as Authorization: Bearer <key>"
      : "Unauthorized: use the session's live-view URL as given (it carries a token)",
  );
}

/** Hands the upgrade to the session's object; `teamId` null means the token vouched for the session. */
async function forward(c: Context<AppEnv>, id: string, scope: TokenScope, teamId: string | null): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.set("x-edgecrawl-socket", scope);
  if (teamId) headers.set("x-edgecrawl-team", teamId);
  else headers.delete("x-edgecrawl-team");
  return sessionStub(c.env, id).fetch(new Request(c.req.url, { headers }));
}
