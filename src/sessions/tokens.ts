/**
 * Session-scoped credentials carried in URLs. Many CDP clients cannot set headers on a WebSocket and a live-view
 * page is opened by a browser, so `cdpUrl` and the live-view URLs carry `?token=`: an HMAC (the service's signing
 * secret) over the session id, what the token opens, and its expiry — the session's own end. A token opens one
 * thing of one session and nothing else; a destroyed session answers 410 whatever the token says.
 */
import { signingSecret } from "../artifacts";
import { hmacSha256Hex, timingSafeEqualStrings } from "../crypto";

/** `cdp`: the DevTools relay; `view`: the live view; `control`: the live view with input. */
export type TokenScope = "cdp" | "view" | "control";

const SCOPES: readonly TokenScope[] = ["cdp", "view", "control"];

function material(sessionId: string, scope: TokenScope, expiresAt: number): string {
  return `browser-session:${sessionId}:${scope}:${expiresAt}`;
}

export async function sessionToken(env: Env, sessionId: string, scope: TokenScope, expiresAt: number): Promise<string> {
  return `${scope}.${expiresAt}.${await hmacSha256Hex(signingSecret(env), material(sessionId, scope, expiresAt))}`;
}

/** The scope `token` grants on `sessionId`, or null when it is not this service's token for it or has expired. */
export async function verifySessionToken(
  env: Env,
  sessionId: string,
  token: string,
  now = Date.now(),
): Promise<TokenScope | null> {
  const [scope, expires, signature] = token.split(".");
  if (!SCOPES.includes(scope as TokenScope) || !/^\d+$/.test(expires ?? "") || !signature) return null;
  const expected = await hmacSha256Hex(signingSecret(env), material(sessionId, scope as TokenScope, Number(expires)));
  if (!timingSafeEqualStrings(expected, signature)) return null;
  return Number(expires) > now ? (scope as TokenScope) : null;
}

/** The addresses a session hands out; live views only when it streams. */
export async function sessionUrls(
  env: Env,
  origin: string,
  sessionId: string,
  expiresAt: number,
  streamWebView: boolean,
) {
  const base = `${origin}/v2/browser/${sessionId}`;
  const wsBase = base.replace(/^http/, "ws");
  const cdpUrl = `${wsBase}/cdp?token=${await sessionToken(env, sessionId, "cdp", expiresAt)}`;
  if (!streamWebView) return { cdpUrl, liveViewUrl: "", interactiveLiveViewUrl: "" };
  return {
    cdpUrl,
    liveViewUrl: `${base}/live?token=${await sessionToken(env, sessionId, "view", expiresAt)}`,
    interactiveLiveViewUrl: `${base}/live?token=${await sessionToken(env, sessionId, "control", expiresAt)}`,
  };
}
