/**
 * Helpers for monitor tests: create a monitor, wait for its checks, read a check's pages, set a page of the
 * fixture site's changing pages, reach a monitor's Durable Object.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { callJson, fixture } from "./helpers";
import type { MonitorDO } from "../durable-objects/monitor";

export const newSite = () => `mon-${crypto.randomUUID().slice(0, 8)}`;

/** Sets a page of the fixture site's /changing/<site>/ pages. */
export async function setPage(site: string, page: string, state: { text?: string; gone?: boolean }): Promise<void> {
  const query = new URLSearchParams();
  if (state.text !== undefined) query.set("text", state.text);
  if (state.gone !== undefined) query.set("gone", state.gone ? "1" : "0");
  expect((await fetch(fixture(`/__changing/${site}/${page}?${query}`), { method: "POST" })).status).toBe(200);
}

export async function createMonitor(body: Record<string, unknown>, key?: string): Promise<any> {
  const { status, body: answer } = await callJson(
    "POST",
    "/v2/monitor",
    { name: "test monitor", ...body },
    key ? { key } : undefined,
  );
  expect(status, JSON.stringify(answer)).toBe(200);
  expect(answer.success).toBe(true);
  return answer.data;
}

export async function checksOf(id: string, key?: string): Promise<any[]> {
  const { status, body } = await callJson(
    "GET",
    `/v2/monitor/${id}/checks?limit=100`,
    undefined,
    key ? { key } : undefined,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** Polls the monitor's checks until `predicate` holds (newest first); returns them. */
export async function waitForChecks(
  id: string,
  predicate: (checks: any[]) => boolean,
  timeoutMs = 25_000,
  key?: string,
): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checks = await checksOf(id, key);
    if (predicate(checks)) return checks;
    if (Date.now() > deadline)
      throw new Error(`monitor ${id}: checks ${JSON.stringify(checks.map((c) => [c.status, c.trigger, c.summary]))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const finished = (checks: any[]) =>
  checks.filter((c) => c.status === "completed" || c.status === "partial" || c.status === "failed");

export async function checkDetail(id: string, checkId: string, query = ""): Promise<any> {
  const { status, body } = await callJson("GET", `/v2/monitor/${id}/checks/${checkId}${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const namespace = () => (env as Env).MONITOR as DurableObjectNamespace<MonitorDO>;
export const monitorObject = (id: string) => namespace().get(namespace().idFromName(id));

/** Runs a check now and waits for it to finish; returns its detail with its pages. */
export async function runAndWait(id: string, key?: string): Promise<any> {
  const { status, body } = await callJson("POST", `/v2/monitor/${id}/run`, {}, key ? { key } : undefined);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.data).toMatchObject({ monitorId: id, trigger: "manual", status: "queued" });
  await waitForChecks(id, (checks) => finished(checks).some((c) => c.id === body.data.id), 25_000, key);
  return (await checkDetail(id, body.data.id)).data;
}
