/**
 * Stopping `npm start` hard while single scrapes hold all of the team's concurrency slots, and starting it again
 * on the same state: the slots of the scrapes that died go back within their lease (15 s, renewed while a scrape
 * runs), so the next scrape gets one instead of waiting its whole timeout out behind them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";

const site = inject("e2eFixtureUrl");

it("a kill -9 with the team's slots in use: the next scrape after the restart gets one", async () => {
  const state = mkdtempSync(join(tmpdir(), "edgecrawl-restart-slots-"));
  const vars = { TEAM_CONCURRENCY: "2" };
  let server = await startServer({ persistTo: state, vars });
  try {
    const scrape = (apiUrl: string, url: string) =>
      fetch(`${apiUrl}/v2/scrape`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ url, formats: ["markdown"], timeout: 30_000 }),
      });
    const run = crypto.randomUUID();
    const held = [1, 2].map((i) => scrape(server.url, `${site}/slow?ms=25000&run=${run}&i=${i}`).catch(() => null));
    const seen = async () =>
      ((await (await fetch(`${site}/__requests`)).json()) as { requests: { path: string }[] }).requests.filter((r) =>
        r.path.includes(run),
      ).length;
    for (let i = 0; i < 100 && (await seen()) < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await seen()).toBe(2);
    await server.stop({ keepState: true, signal: "SIGKILL" });
    await Promise.all(held);

    server = await startServer({ persistTo: state, vars });
    const response = await scrape(server.url, `${site}/blog/post-1?run=${run}`);
    const body = (await response.json()) as { data?: { metadata: { concurrencyLimited: boolean } }; code?: string };
    expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.data?.metadata.concurrencyLimited).toBe(true);
  } finally {
    await server.stop({ keepState: false });
    rmSync(state, { recursive: true, force: true });
  }
}, 120_000);
