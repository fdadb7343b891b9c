/**
 * Monitor checks against the fixture site's changing pages (/changing/<site>/…, changed between checks through
 * its admin URL): checks run by the Durable Object's alarm (new → same → changed with its diff → removed), pause
 * and resume, overlap and no-credit skips, retention and a crawl target. Webhooks and the judge:
 * monitor-webhooks.test.ts.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callJson, fixture, newTeam, restartObject } from "../helpers";
import {
  checkDetail,
  checksOf,
  createMonitor,
  finished,
  monitorObject,
  newSite,
  runAndWait,
  setPage,
  waitForChecks,
} from "../monitor-helpers";

const hourly = { cron: "0 * * * *" };

describe("checks run by the alarm", () => {
  it(
    "new → same → changed (with its diff) → removed, each check " + "on the schedule; pause stops it, active resumes",
    async () => {
      const site = newSite();
      await setPage(site, "offer", { text: "Price: 10|Shipping: free" });
      const monitor = await createMonitor({
        schedule: { text: "every 2 seconds" },
        targets: [{ type: "scrape", urls: [fixture(`/changing/${site}/offer`)] }],
      });
      const has = (key: "new" | "same" | "changed" | "removed") => (checks: any[]) =>
        finished(checks).some((c) => c.summary[key] === 1);

      await waitForChecks(monitor.id, has("new"));
      await waitForChecks(monitor.id, has("same"));
      await setPage(site, "offer", { text: "Price: 12|Shipping: free" });
      const checks = await waitForChecks(monitor.id, has("changed"));
      const changedCheck = checks.find((c) => c.summary.changed === 1);
      expect(changedCheck).toMatchObject({
        trigger: "scheduled",
        status: "completed",
        actualCredits: 1,
        billingStatus: "confirmed",
        summary: { totalPages: 1, changed: 1 },
      });
      expect(Date.parse(changedCheck.finishedAt)).toBeGreaterThanOrEqual(Date.parse(changedCheck.startedAt));
      const [page] = (await checkDetail(monitor.id, changedCheck.id)).data.pages;
      expect(page).toMatchObject({
        url: fixture(`/changing/${site}/offer`),
        status: "changed",
        statusCode: 200,
        previousScrapeId: expect.any(String),
        currentScrapeId: expect.any(String),
      });
      expect(page.diff.text).toContain("\n-Price: 10\n+Price: 12\n");
      expect(page.diff.json.files[0]).toMatchObject({ additions: 1, deletions: 1 });
      // The current scrape is a stored document, readable like any scrape.
      expect((await callJson("GET", `/v2/scrape/${page.currentScrapeId}`)).body.data.markdown).toContain("Price: 12");

      await setPage(site, "offer", { gone: true });
      await waitForChecks(monitor.id, has("removed"));
      const view = (await callJson("GET", `/v2/monitor/${monitor.id}`)).body.data;
      expect(view.lastRunAt).not.toBeNull();
      expect(view.lastCheckSummary).toMatchObject({ totalPages: 1 });

      const paused = await callJson("PATCH", `/v2/monitor/${monitor.id}`, { status: "paused" });
      expect(paused.body.data).toMatchObject({ status: "paused", nextRunAt: null });
      await new Promise((r) => setTimeout(r, 500)); // a check already under way may still end
      const before = (await checksOf(monitor.id)).length;
      await new Promise((r) => setTimeout(r, 4500));
      expect((await checksOf(monitor.id)).length).toBe(before);
      expect(await runInDurableObject(monitorObject(monitor.id), (_i, state) => state.storage.getAlarm())).toBeNull();

      const resumed = await callJson("PATCH", `/v2/monitor/${monitor.id}`, { status: "active" });
      expect(resumed.body.data.status).toBe("active");
      expect(Date.parse(resumed.body.data.nextRunAt)).toBeGreaterThan(Date.now() - 1000);
      await waitForChecks(monitor.id, (c) => c.length > before);
      expect((await callJson("DELETE", `/v2/monitor/${monitor.id}`)).status).toBe(200);
    },
    60_000,
  );

  it("never overlaps a running check: a manual run and a scheduled one are skipped_overlap", async () => {
    const key = `mon-held-${crypto.randomUUID().slice(0, 8)}`;
    const monitor = await createMonitor({
      schedule: { text: "every 1 second" },
      targets: [{ type: "scrape", urls: [fixture(`/held?key=${key}&ms=2500`)] }],
    });
    const running = await waitForChecks(monitor.id, (checks) => checks.some((c) => c.status === "running"));
    expect((await callJson("GET", `/v2/monitor/${monitor.id}`)).body.data.currentCheckId).toBe(
      running.find((c) => c.status === "running").id,
    );
    const manual = await callJson("POST", `/v2/monitor/${monitor.id}/run`, {});
    expect(manual.body.data).toMatchObject({
      status: "skipped_overlap",
      trigger: "manual",
      error: "The previous check was still running",
    });
    const checks = await waitForChecks(
      monitor.id,
      (c) => c.some((x) => x.status === "skipped_overlap" && x.trigger === "scheduled") && finished(c).length > 0,
    );
    // A skipped run scrapes nothing and costs nothing.
    expect(checks.find((c) => c.trigger === "scheduled" && c.status === "skipped_overlap")).toMatchObject({
      actualCredits: null,
      billingStatus: "not_applicable",
      summary: { totalPages: 0 },
    });
    await callJson("DELETE", `/v2/monitor/${monitor.id}`);
  });

  it("never runs without credits: skipped_no_credits", async () => {
    const team = await newTeam({ balance: 0 });
    const monitor = await createMonitor(
      { schedule: { text: "every 1 second" }, targets: [{ type: "scrape", urls: [fixture("/article.html")] }] },
      team.key,
    );
    const manual = await callJson("POST", `/v2/monitor/${monitor.id}/run`, {}, { key: team.key });
    expect(manual.body.data).toMatchObject({ status: "skipped_no_credits", trigger: "manual" });
    await waitForChecks(
      monitor.id,
      (c) => c.some((x) => x.status === "skipped_no_credits" && x.trigger === "scheduled"),
      10_000,
      team.key,
    );
    expect((await checksOf(monitor.id, team.key)).every((c) => c.status === "skipped_no_credits")).toBe(true);
    await callJson("DELETE", `/v2/monitor/${monitor.id}`, undefined, { key: team.key });
  });
});

describe("checks", () => {
  it("prunes checks older than retentionDays, with the documents only they held", async () => {
    const monitor = await createMonitor({
      schedule: hourly,
      retentionDays: 7,
      targets: [
        { type: "scrape", urls: [fixture("/article.html")], scrapeOptions: { formats: ["markdown", "links"] } },
      ],
    });
    const first = await runAndWait(monitor.id);
    const oldScrape = first.pages[0].currentScrapeId;
    // The target's scrapeOptions are what its pages were scraped with.
    expect((await callJson("GET", `/v2/scrape/${oldScrape}`)).body.data.links).toEqual(
      expect.arrayContaining([expect.stringMatching(/^http/)]),
    );
    await runInDurableObject(monitorObject(monitor.id), (_i, state) => {
      state.storage.sql.exec(
        "UPDATE checks SET created_at = created_at - ?, finished_at = finished_at - ? WHERE id = ?",
        8 * 86400_000,
        8 * 86400_000,
        first.id,
      );
    });
    const second = await runAndWait(monitor.id);
    expect((await checksOf(monitor.id)).map((c) => c.id)).toEqual([second.id]);
    expect((await callJson("GET", `/v2/monitor/${monitor.id}/checks/${first.id}`)).status).toBe(404);
    expect((await callJson("GET", `/v2/scrape/${oldScrape}`)).status).toBe(404);
    expect((await callJson("GET", `/v2/scrape/${second.pages[0].currentScrapeId}`)).status).toBe(200);
    // Deleting the monitor deletes the documents it still held.
    await callJson("DELETE", `/v2/monitor/${monitor.id}`);
    expect((await callJson("GET", `/v2/scrape/${second.pages[0].currentScrapeId}`)).status).toBe(404);
  });

  it("marks a check cut off by a restart as failed, and the monitor goes on", async () => {
    const monitor = await createMonitor({
      schedule: hourly,
      targets: [{ type: "scrape", urls: [fixture("/article.html")] }],
    });
    const cutOff = crypto.randomUUID();
    await runInDurableObject(monitorObject(monitor.id), (_i, state) => {
      const now = Date.now();
      state.storage.sql.exec(
        "INSERT INTO checks (id, status, trigger, started_at, created_at, " +
          "updated_at) VALUES (?, 'running', 'scheduled', ?, ?, ?)",
        cutOff,
        now,
        now,
        now,
      );
    });
    await restartObject(monitorObject(monitor.id)); // a fresh instance, as after a restart
    const [check] = await checksOf(monitor.id);
    expect(check).toMatchObject({ id: cutOff, status: "failed", error: expect.stringMatching(/interrupted/) });
    expect((await runAndWait(monitor.id)).status).toBe("completed");
    expect((await callJson("GET", `/v2/monitor/${monitor.id}`)).body.data).toMatchObject({
      status: "active",
      nextRunAt: expect.any(String),
      currentCheckId: null,
    });
    await callJson("DELETE", `/v2/monitor/${monitor.id}`);
  });

  it(
    "crawls a crawl target with change tracking: pages gone are " +
      "removed; pages filter by status and page with next",
    async () => {
      const site = newSite();
      await setPage(site, "a", { text: "Alpha one" });
      await setPage(site, "b", { text: "Beta one" });
      // Whole pages: the index is a heading over one-letter links, which the main-content extractor reads as a menu.
      const monitor = await createMonitor({
        schedule: hourly,
        targets: [
          {
            type: "crawl",
            id: "site",
            url: fixture(`/changing/${site}/`),
            crawlOptions: { limit: 10, sitemap: "skip" },
            scrapeOptions: { formats: ["markdown", "links"], onlyMainContent: false },
          },
        ],
      });
      const first = await runAndWait(monitor.id);
      expect(first.summary).toMatchObject({ totalPages: 3, new: 3 });
      expect(first.targetResults).toEqual([{ targetId: "site", type: "crawl", crawlId: expect.any(String) }]);
      const index = first.pages.find((p: any) => p.url.endsWith(`/changing/${site}/`));
      expect((await callJson("GET", `/v2/scrape/${index.currentScrapeId}`)).body.data.links).toEqual([
        fixture(`/changing/${site}/a`),
        fixture(`/changing/${site}/b`),
      ]);

      await setPage(site, "a", { gone: true });
      await setPage(site, "b", { text: "Beta two" });
      const second = await runAndWait(monitor.id);
      expect(second.summary).toMatchObject({ totalPages: 3, same: 1, changed: 1, removed: 1 });
      const changed = await checkDetail(monitor.id, second.id, "?status=changed");
      expect(changed.data.pages.map((p: any) => p.url)).toEqual([fixture(`/changing/${site}/b`)]);
      expect(changed.data.pages[0].diff.text).toContain("+Beta two");
      const firstPage = await checkDetail(monitor.id, second.id, "?limit=2");
      expect(firstPage.data.pages).toHaveLength(2);
      expect(firstPage.next).toMatch(/\?skip=2&limit=2$/);
      await callJson("DELETE", `/v2/monitor/${monitor.id}`);
    },
  );
});
