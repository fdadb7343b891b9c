/**
 * Shared test helpers: the API called through the Worker's own fetch handler (in workerd, real bindings),
 * the fixture site's addresses, and the test keys (set as bindings in vitest.config.ts).
 */
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";

export const API_KEY = "ec-test-key-default";
export const OTHER_TEAM_KEY = "ec-test-key-other";
export const ADMIN_TOKEN = "test-admin-token";

interface TestBindings {
  FIXTURE_URL: string;
  OTHER_FIXTURE_URL: string;
}
const testEnv = env as unknown as Env & TestBindings;

/** The fixture site on 127.0.0.1 ("the site") and 127.0.0.2 ("another site"). */
export const fixture = (path = "/") => new URL(path, testEnv.FIXTURE_URL).href;
export const otherFixture = (path = "/") => new URL(path, testEnv.OTHER_FIXTURE_URL).href;

export const API = "http://edgecrawl.test";

export interface CallOptions {
  key?: string | null;
  headers?: Record<string, string>;
}

/** Calls the API; `body` objects are sent as JSON. */
export async function call(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? API_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    headers["content-type"] ??= "application/json";
  }
  return exports.default.fetch(new Request(`${API}${path}`, { method, headers, body: payload }));
}

/**
 * Calls the API with some settings changed (e.g. no LLM configured): the app runs on a copy of the test
 * bindings with `settings` laid over them. Work the request hands to queues still runs with the real bindings.
 */
export async function callJsonWith<T = any>(
  settings: Partial<Record<keyof Env, unknown>>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const { createApp } = await import("../src/app");
  const { createExecutionContext } = await import("cloudflare:test");
  const request = new Request(`${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await createApp().fetch(request, { ...testEnv, ...settings } as Env, createExecutionContext());
  return { status: response.status, body: (await response.json()) as T };
}

/** The test bindings without an LLM (the workers tests have the fixture site's fake model configured). */
export const NO_LLM = { LLM_BASE_URL: "" } as const;

/** Calls the API and parses the JSON answer. */
export async function callJson<T = any>(
  method: string,
  path: string,
  body?: unknown,
  options?: CallOptions,
): Promise<{ status: number; body: T }> {
  const response = await call(method, path, body, options);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Expected JSON from ${method} ${path}, got HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, body: parsed as T };
}

/** Requests the fixture site has received since `since` (its own request log). */
export async function fixtureRequests(
  since = 0,
  base = testEnv.FIXTURE_URL,
): Promise<{
  total: number;
  requests: { method: string; path: string; headers: Record<string, string>; at: number }[];
}> {
  return (await fetch(`${base}/__requests?since=${since}`)).json();
}

/** A URL unique to the calling test, so cache entries never collide between tests. */
export function unique(path: string): string {
  const u = new URL(fixture(path));
  u.searchParams.set("t", crypto.randomUUID());
  return u.href;
}

/** A fresh team with a minted key, and optionally a credit balance and a concurrency limit (admin routes). */
export async function newTeam(
  settings: { balance?: number | null; concurrency?: number } = {},
): Promise<{ teamId: string; key: string }> {
  const teamId = `team-${crypto.randomUUID().slice(0, 8)}`;
  const minted = await callJson("POST", "/admin/keys", { teamId }, { key: ADMIN_TOKEN });
  if (minted.status !== 200) throw new Error(`minting a key failed: ${JSON.stringify(minted.body)}`);
  if (settings.balance != null || settings.concurrency !== undefined) {
    const set = await callJson("PUT", `/admin/teams/${teamId}`, settings, { key: ADMIN_TOKEN });
    if (set.status !== 200) throw new Error(`team settings failed: ${JSON.stringify(set.body)}`);
  }
  return { teamId, key: minted.body.key as string };
}

/**
 * Resets one Durable Object as a restart would: its instance (memory, open sockets, running promises) is thrown
 * away and the next request builds a fresh one over the same storage. `ctx.abort()` run inside the object does it
 * (the test pool of wrangler 4.86 has no per-object eviction; `abortAllDurableObjects` would reset every object,
 * other tests' too).
 */
export async function restartObject(stub: DurableObjectStub): Promise<void> {
  await runInDurableObject(stub, (_instance, state) => state.abort("restarted by the test")).catch(() => {});
}
