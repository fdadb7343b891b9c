/**
 * The monitor API (docs/monitors.md): validation with the field named, create → list → get → update → delete,
 * schedules (cron, phrases, timezones, the shortest interval), teams kept apart, and what needs a service this
 * setup lacks (search provider, mail, LLM) refused with 400. Checks run by the alarm are in monitor-checks.test.ts.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callJson, callJsonWith, fixture, NO_LLM, OTHER_TEAM_KEY } from "../helpers";
import { createMonitor, monitorObject } from "../monitor-helpers";
import { cronFromText, normalizeSchedule, runsPerMonth } from "../../src/monitor/schedule";

const page = fixture("/article.html");
const scrapeTarget = { type: "scrape", urls: [page] };
const hourly = { cron: "0 * * * *" };

async function refused(body: Record<string, unknown>, code = "BAD_REQUEST") {
  const { status, body: answer } = await callJson("POST", "/v2/monitor", {
    name: "m",
    schedule: hourly,
    targets: [scrapeTarget],
    ...body,
  });
  expect(status, JSON.stringify(answer)).toBe(code === "URL_BLOCKED" ? 403 : 400);
  expect(answer).toMatchObject({ success: false, code });
  return answer;
}

describe("schedules", () => {
  it("turns phrases into cron and refuses what it does not understand", () => {
    expect(cronFromText("hourly")).toBe("0 * * * *");
    expect(cronFromText("every 15 minutes")).toBe("*/15 * * * *");
    expect(cronFromText("daily at 9:00")).toBe("0 9 * * *");
    expect(cronFromText("Daily at 6:30 pm")).toBe("30 18 * * *");
    expect(cronFromText("weekdays at 8:30")).toBe("30 8 * * 1-5");
    expect(cronFromText("every monday at 10:00")).toBe("0 10 * * 1");
    expect(cronFromText("every 5 seconds")).toBe("*/5 * * * * *");
    expect(cronFromText("whenever it rains")).toBeNull();
    expect(cronFromText("daily at 25:00")).toBeNull();
  });

  it("reads the schedule in its timezone and estimates runs per month", () => {
    const berlin = normalizeSchedule({ cron: "0 9 * * *", timezone: "Europe/Berlin" }, 60);
    expect(runsPerMonth(berlin)).toBe(30);
    expect(runsPerMonth(normalizeSchedule({ text: "every 15 minutes" }, 60))).toBe(30 * 24 * 4);
  });
});

describe("validation", () => {
  it(
    "names the field of a bad schedule: unknown text, bad cron, " +
      "unknown timezone, too short an interval, both or neither",
    async () => {
      expect((await refused({ schedule: { text: "whenever it rains" } })).details[0].path).toEqual([
        "schedule",
        "text",
      ]);
      expect((await refused({ schedule: { cron: "61 * * * *" } })).details[0].path).toEqual(["schedule", "cron"]);
      expect((await refused({ schedule: { cron: "* * *" } })).error).toMatch(/5 fields/);
      expect((await refused({ schedule: { cron: "0 9 * * *", timezone: "Mars/Olympus" } })).details[0].path).toEqual([
        "schedule",
        "timezone",
      ]);
      // The test setting allows one run a second; half a second is below it.
      const tooOften = await callJsonWith({ MONITOR_MIN_INTERVAL_SECONDS: "60" }, "POST", "/v2/monitor", {
        name: "m",
        schedule: { text: "every 5 seconds" },
        targets: [scrapeTarget],
      });
      expect(tooOften.status).toBe(400);
      expect(tooOften.body.error).toMatch(/shortest interval allowed is 60 s \(MONITOR_MIN_INTERVAL_SECONDS\)/);
      await refused({ schedule: { cron: "0 * * * *", text: "hourly" } });
      await refused({ schedule: {} });
    },
  );

  it("refuses bad targets, a blocked webhook, a recipient not allowed, and judging without a goal", async () => {
    await refused({ targets: [] });
    await refused({ targets: [{ type: "scrape", urls: ["not a url"] }] });
    await refused({ targets: [scrapeTarget, { ...scrapeTarget, id: "target-1" }] });
    await refused({ targets: [{ type: "crawl", url: page, crawlOptions: { includePaths: ["(unclosed"] } }] });
    await refused(
      {
        targets: [{ type: "scrape", urls: [page], scrapeOptions: { formats: ["markdown"], zeroDataRetention: true } }],
      },
      "SCRAPE_CHANGE_TRACKING_NOT_SUPPORTED",
    );
    const email = await refused({ notification: { email: { enabled: true, recipients: ["ops@example.com"] } } });
    expect(email.details[0].path).toEqual(["notification", "email", "recipients", 0]);
    expect(email.error).toMatch(/not on this deployment's MONITOR_EMAIL_RECIPIENTS allow-list/);
    expect((await refused({ judgeEnabled: true })).details[0].path).toEqual(["goal"]);
    await refused({ retentionDays: 0 });
    expect(
      (await refused({ targets: [{ type: "search", queries: ["news"], searchWindow: "2h" }] })).details[0].path,
    ).toEqual(["targets", 0, "searchWindow"]);
  });

  it("refuses search targets without SEARCH_URL, naming the setting", async () => {
    const answer = await refused(
      { targets: [{ type: "search", queries: ["lighthouse keepers"] }] },
      "SEARCH_NOT_CONFIGURED",
    );
    expect(answer.error).toMatch(/SEARCH_URL/);
  });

  it("refuses judgeEnabled without an LLM with LLM_NOT_CONFIGURED", async () => {
    const { status, body } = await callJsonWith(NO_LLM, "POST", "/v2/monitor", {
      name: "m",
      schedule: hourly,
      targets: [scrapeTarget],
      judgeEnabled: true,
      goal: "price changes",
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "LLM_NOT_CONFIGURED", error: expect.stringMatching(/LLM_BASE_URL/) });
  });
});

describe("monitor lifecycle", () => {
  it("creates, lists, reads, updates and deletes a monitor; other teams see none of it", async () => {
    const created = await createMonitor({
      name: "Docs watch",
      schedule: { text: "daily at 9:00", timezone: "Europe/Berlin" },
      targets: [{ type: "scrape", urls: [page, fixture("/about.html")] }],
      notification: { email: { enabled: false } },
      goal: "pricing",
      retentionDays: 7,
    });
    expect(created).toMatchObject({
      name: "Docs watch",
      status: "active",
      schedule: { cron: "0 9 * * *", timezone: "Europe/Berlin", text: "daily at 9:00" },
      lastRunAt: null,
      currentCheckId: null,
      retentionDays: 7,
      goal: "pricing",
      judgeEnabled: false,
      lastCheckSummary: null,
      notification: { email: { enabled: false } },
      webhook: null,
      estimatedCreditsPerMonth: 60, // 30 runs × 2 pages × 1 credit
    });
    expect(created.targets).toEqual([
      expect.objectContaining({ id: "target-1", type: "scrape", urls: [page, fixture("/about.html")] }),
    ]);
    // 9:00 in Berlin is 8:00 UTC in winter, 7:00 in summer.
    expect(new Date(created.nextRunAt).getUTCHours()).toBeOneOf([7, 8]);
    expect(Date.parse(created.nextRunAt)).toBeGreaterThan(Date.now());

    const second = await createMonitor({ schedule: hourly, targets: [scrapeTarget] });
    const list = await callJson("GET", "/v2/monitor?limit=100");
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([created.id, second.id]));
    const paged = await callJson("GET", "/v2/monitor?limit=1&offset=0");
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0].id).toBe(second.id); // newest first

    expect((await callJson("GET", `/v2/monitor/${created.id}`)).body.data).toMatchObject({
      id: created.id,
      name: "Docs watch",
    });
    const patched = await callJson("PATCH", `/v2/monitor/${created.id}`, {
      name: "Renamed",
      schedule: { cron: "*/30 * * * *" },
      goal: null,
      retentionDays: 3,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: "Renamed",
      schedule: { cron: "*/30 * * * *", timezone: "UTC" },
      goal: null,
      retentionDays: 3,
      estimatedCreditsPerMonth: 30 * 48 * 2,
    });
    expect(Date.parse(patched.body.data.nextRunAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const retargeted = await callJson("PATCH", `/v2/monitor/${created.id}`, {
      schedule: { text: "daily at 6:00", timezone: "Asia/Tokyo" },
      targets: [scrapeTarget],
    });
    expect(retargeted.body.data).toMatchObject({
      schedule: { cron: "0 6 * * *", timezone: "Asia/Tokyo" },
      estimatedCreditsPerMonth: 30,
      name: "Renamed",
    });
    expect(new Date(retargeted.body.data.nextRunAt).getUTCHours()).toBe(21); // 6:00 in Tokyo

    for (const [method, path] of [
      ["GET", ""],
      ["PATCH", ""],
      ["POST", "/run"],
      ["GET", "/checks"],
      ["DELETE", ""],
    ] as const) {
      const other = await callJson(
        method,
        `/v2/monitor/${created.id}${path}`,
        method === "PATCH" ? { name: "x" } : undefined,
        { key: OTHER_TEAM_KEY },
      );
      expect(other.status, `${method} ${path}`).toBe(404);
    }
    expect(
      (await callJson("GET", "/v2/monitor", undefined, { key: OTHER_TEAM_KEY })).body.data.map(
        (m: { id: string }) => m.id,
      ),
    ).not.toContain(created.id);

    expect((await callJson("DELETE", `/v2/monitor/${created.id}`)).body).toEqual({ success: true });
    expect((await callJson("GET", `/v2/monitor/${created.id}`)).status).toBe(404);
    expect((await callJson("DELETE", `/v2/monitor/${created.id}`)).status).toBe(404);
    expect((await callJson("GET", "/v2/monitor?limit=100")).body.data.map((m: { id: string }) => m.id)).not.toContain(
      created.id,
    );
    // The deleted monitor's alarm is gone with it.
    expect(
      await runInDurableObject(monitorObject(created.id), (_instance, state) => state.storage.getAlarm()),
    ).toBeNull();
    await callJson("DELETE", `/v2/monitor/${second.id}`);
  });

  it("is described in the OpenAPI document", async () => {
    const { body } = await callJson("GET", "/v2/openapi.json", undefined, { key: null });
    expect(Object.keys(body.paths["/v2/monitor"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(body.paths["/v2/monitor/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(body.paths["/v2/monitor/{id}/run"].post).toBeDefined();
    expect(body.paths["/v2/monitor/{id}/checks"].get).toBeDefined();
    expect(
      body.paths["/v2/monitor/{id}/checks/{checkId}"].get.parameters.map((p: { name: string }) => p.name).sort(),
    ).toEqual(["checkId", "id", "limit", "skip", "status"]);
    expect(body.components.schemas.CreateMonitorRequest.required.sort()).toEqual(["name", "schedule", "targets"]);
  });

  it("answers 400 for malformed ids and 404 for unknown ones", async () => {
    expect((await callJson("GET", "/v2/monitor/nope")).status).toBe(400);
    expect((await callJson("GET", `/v2/monitor/${crypto.randomUUID()}`)).status).toBe(404);
    const monitor = await createMonitor({ schedule: hourly, targets: [scrapeTarget] });
    expect((await callJson("GET", `/v2/monitor/${monitor.id}/checks/${crypto.randomUUID()}`)).status).toBe(404);
    await callJson("DELETE", `/v2/monitor/${monitor.id}`);
  });
});
