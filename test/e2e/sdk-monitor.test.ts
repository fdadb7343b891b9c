/**
 * Monitors through `npm start` with the official SDK (4.42): a monitor on a fixture page with a schedule of a
 * few seconds (the e2e server allows MONITOR_MIN_INTERVAL_SECONDS=1), checks run by the Durable Object's alarm,
 * a `changed` page with its diff after the fixture page changes, the signed webhook, pause, delete. And a restart
 * of the server (SIGKILL, same state folder) that loses no schedule.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Firecrawl from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";

const apiUrl = inject("e2eApiUrl");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setPage(name: string, text: string): Promise<void> {
  expect(
    (await fetch(`${site}/__changing/${name}/offer?text=${encodeURIComponent(text)}`, { method: "POST" })).status,
  ).toBe(200);
}

type Check = Awaited<ReturnType<Firecrawl["listMonitorChecks"]>>[number];
const ran = (c: Check) => c.status === "completed" || c.status === "partial" || c.status === "failed";

async function waitForCheck(
  list: () => Promise<Check[]>,
  predicate: (c: Check) => boolean,
  timeoutMs = 40_000,
): Promise<Check> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checks = await list();
    const found = checks.find(predicate);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no such check: ${JSON.stringify(checks.map((c) => [c.status, c.trigger, c.summary]))}`);
    await sleep(300);
  }
}

describe("official SDK: monitors", () => {
  it("createMonitor → checks by alarm → a changed page with its diff and a webhook → pause → delete", async () => {
    const name = `mon-e2e-${crypto.randomUUID().slice(0, 8)}`;
    const receiver = `mon-e2e-${crypto.randomUUID().slice(0, 8)}`;
    const url = `${site}/changing/${name}/offer`;
    await setPage(name, "Price: 10|Shipping: free");
    const monitor = await client.createMonitor({
      name: "Offer watch",
      schedule: { text: "every 2 seconds" },
      targets: [{ type: "scrape", urls: [url] }],
      webhook: { url: `${site}/hooks/${receiver}`, events: ["page"] },
    });
    expect(monitor).toMatchObject({
      name: "Offer watch",
      status: "active",
      schedule: { cron: "*/2 * * * * *", timezone: "UTC" },
      retentionDays: 30,
    });
    expect(monitor.targets[0]).toMatchObject({ id: "target-1", type: "scrape", urls: [url] });
    expect((await client.listMonitors({ limit: 100 })).map((m) => m.id)).toContain(monitor.id);

    const checks = () => client.listMonitorChecks(monitor.id, { limit: 100 });
    await waitForCheck(checks, (c) => ran(c) && c.summary.new === 1);
    await waitForCheck(checks, (c) => ran(c) && c.summary.same === 1);
    await setPage(name, "Price: 12|Shipping: free");
    const changed = await waitForCheck(checks, (c) => ran(c) && c.summary.changed === 1);
    expect(changed).toMatchObject({ monitorId: monitor.id, trigger: "scheduled", status: "completed" });

    const detail = await client.getMonitorCheck(monitor.id, changed.id, { status: "changed" });
    expect(detail.pages).toHaveLength(1);
    expect(detail.pages[0]).toMatchObject({ url, status: "changed", targetId: "target-1" });
    expect(detail.pages[0].diff?.text).toContain("\n-Price: 10\n+Price: 12\n");

    let deliveries: { body: string }[] = [];
    for (let i = 0; i < 50 && deliveries.length === 0; i++, await sleep(200))
      deliveries = await (await fetch(`${site}/__webhooks/${receiver}`)).json();
    expect(JSON.parse(deliveries[0].body)).toMatchObject({
      type: "monitor.page",
      id: monitor.id,
      data: [{ checkId: changed.id, url, status: "changed" }],
    });

    const manual = await client.runMonitor(monitor.id);
    expect(manual).toMatchObject({ monitorId: monitor.id, trigger: "manual" });
    expect(["queued", "skipped_overlap"]).toContain(manual.status);

    const paused = await client.updateMonitor(monitor.id, { status: "paused" });
    expect(paused).toMatchObject({ status: "paused", nextRunAt: null });
    await sleep(1500); // a check already under way may still end
    const count = (await checks()).length;
    await sleep(4000);
    expect((await checks()).length).toBe(count);
    expect((await client.getMonitor(monitor.id)).status).toBe("paused");

    expect(await client.deleteMonitor(monitor.id)).toBe(true);
    await expect(client.getMonitor(monitor.id)).rejects.toThrow(/not found/i);
  });

  it(
    "search targets through the search provider: results " + "filtered by domain, new the first time, then same",
    async () => {
      const monitor = await client.createMonitor({
        name: "Search watch",
        schedule: { cron: "0 0 1 1 *" },
        targets: [
          { type: "search", id: "posts", queries: ["post", "guide"], maxResults: 5, excludeDomains: ["example.com"] },
          { type: "search", id: "elsewhere", queries: ["post"], includeDomains: ["example.com"] },
          { type: "search", id: "first-only", queries: ["post"], maxResults: 1 },
        ],
      });
      const run = async () => {
        const { id } = await client.runMonitor(monitor.id);
        await waitForCheck(
          () => client.listMonitorChecks(monitor.id),
          (c) => c.id === id && ran(c),
        );
        return client.getMonitorCheck(monitor.id, id);
      };
      const first = await run();
      const urlsOf = (target: string) =>
        first.pages.filter((p) => p.targetId === target).map((p) => new URL(p.url).pathname);
      expect(urlsOf("posts").sort()).toEqual(["/blog/post-1", "/blog/post-2", "/docs/a"]);
      expect(urlsOf("elsewhere")).toEqual([]);
      expect(urlsOf("first-only")).toEqual(["/blog/post-1"]);
      expect(first.summary).toMatchObject({ totalPages: 4, new: 4 });
      expect(first.targetResults).toContainEqual({
        targetId: "posts",
        type: "search",
        searchCompleted: true,
        resultCount: 3,
        matches: 3,
        searchCredits: 2,
      });
      expect(first.actualCredits).toBe(4); // one per query
      // Pages come in pages: the SDK follows `next` unless told not to.
      const onePage = await client.getMonitorCheck(monitor.id, first.id, { limit: 1, autoPaginate: false });
      expect(onePage.pages).toHaveLength(1);
      expect(onePage.next).toBe(`${apiUrl}/v2/monitor/${monitor.id}/checks/${first.id}?skip=1&limit=1`);
      expect((await client.getMonitorCheck(monitor.id, first.id, { limit: 1 })).pages.map((p) => p.id)).toEqual(
        first.pages.map((p) => p.id),
      );
      const second = await run();
      expect(second.summary).toMatchObject({ totalPages: 4, same: 4, new: 0 });
      expect(await client.deleteMonitor(monitor.id)).toBe(true);
    },
  );

  it("searchWindow keeps the results published within it, and those without a date", async () => {
    // The fake SearXNG answers "semaphore" with results 2 h, 30 h and 5,000 h old, and a PDF without a date.
    const targets = (["6h", "7d"] as const).map((searchWindow) => ({
      type: "search" as const,
      id: `within-${searchWindow}`,
      queries: ["semaphore"],
      maxResults: 10,
      searchWindow,
    }));
    const monitor = await client.createMonitor({ name: "Windows", schedule: { cron: "0 0 1 1 *" }, targets });
    const { id } = await client.runMonitor(monitor.id);
    await waitForCheck(
      () => client.listMonitorChecks(monitor.id),
      (c) => c.id === id && ran(c),
    );
    const check = await client.getMonitorCheck(monitor.id, id);
    const hosts = (target: string) =>
      check.pages
        .filter((p) => p.targetId === target)
        .map((p) => new URL(p.url).hostname)
        .sort();
    const fixtureHost = new URL(site).hostname;
    expect(hosts("within-6h")).toEqual(["github.com", fixtureHost].sort());
    expect(hosts("within-7d")).toEqual(["github.com", fixtureHost, "semaphore-shop.example"].sort());
    expect(await client.deleteMonitor(monitor.id)).toBe(true);
  });
});

it("a monitor's schedule survives a restart of the dev server", async () => {
  const state = mkdtempSync(join(tmpdir(), "edgecrawl-monitor-restart-"));
  let server = await startServer({ persistTo: state, vars: { MONITOR_MIN_INTERVAL_SECONDS: "1" } });
  try {
    const restarted = () => new Firecrawl({ apiKey: server.apiKey, apiUrl: server.url });
    const monitor = await restarted().createMonitor({
      name: "restart",
      schedule: { text: "every 2 seconds" },
      targets: [{ type: "scrape", urls: [`${site}/article.html`] }],
    });
    await waitForCheck(() => restarted().listMonitorChecks(monitor.id), ran);
    await server.stop({ keepState: true, signal: "SIGKILL" });

    server = await startServer({ persistTo: state, vars: { MONITOR_MIN_INTERVAL_SECONDS: "1" } });
    const back = Date.now();
    // Only the persisted alarm schedules runs: a check scheduled after the restart shows it fired.
    const after = await waitForCheck(
      () => restarted().listMonitorChecks(monitor.id),
      (c) => ran(c) && c.trigger === "scheduled" && Date.parse(c.scheduledFor!) >= back,
    );
    expect(after.status).toBe("completed");
    expect(await restarted().deleteMonitor(monitor.id)).toBe(true);
  } finally {
    await server.stop({ keepState: false });
    rmSync(state, { recursive: true, force: true });
  }
}, 180_000);
