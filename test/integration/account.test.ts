/**
 * The account routes the official clients call: queue status, token usage and the monthly credit and token
 * history from the team's usage ledger. The LLM here is the fixture site's fake OpenAI-compatible model (no
 * real model runs in tests); it reports 120 tokens for every answer, which is what the ledger must add up.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { UsageLedger } from "../../src/credits/ledger";
import { ADMIN_TOKEN, callJson, fixture, newTeam, unique } from "../helpers";

const thisMonth = () => {
  const now = new Date();
  return {
    startDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    endDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1).toISOString(),
  };
};

describe("token usage", () => {
  it("counts the tokens the model reports for a team's json and summary formats, per key by month", async () => {
    const { teamId, key } = await newTeam();
    const empty = await callJson("GET", "/v2/team/token-usage", undefined, { key });
    expect(empty.body).toEqual({ success: true, data: { remainingTokens: 99999999, tokensUsed: 0, unlimited: true } });
    expect((await callJson("GET", "/v2/team/token-usage/historical", undefined, { key })).body).toEqual({
      success: true,
      periods: [],
    });

    const json = await callJson(
      "POST",
      "/v2/scrape",
      { url: unique("/article.html"), formats: [{ type: "json", prompt: "the title" }] },
      { key },
    );
    expect(json.status).toBe(200);
    expect((await callJson("GET", "/v2/team/token-usage", undefined, { key })).body.data.tokensUsed).toBe(120);

    const second = await callJson("POST", "/admin/keys", { teamId, name: "second-key" }, { key: ADMIN_TOKEN });
    const summary = await callJson(
      "POST",
      "/v2/scrape",
      { url: unique("/article.html"), formats: ["summary"] },
      { key: second.body.key },
    );
    expect(summary.status).toBe(200);

    const total = await callJson("GET", "/v2/team/token-usage/historical", undefined, { key });
    expect(total.body).toEqual({ success: true, periods: [{ ...thisMonth(), tokensUsed: 240 }] });
    const byKey = await callJson("GET", "/v2/team/token-usage/historical?byApiKey=true", undefined, { key });
    expect(byKey.body.periods).toEqual([
      { ...thisMonth(), apiKey: `minted:${teamId}`, tokensUsed: 120 },
      { ...thisMonth(), apiKey: "second-key", tokensUsed: 120 },
    ]);
    // another team's usage is its own
    expect(
      (await callJson("GET", "/v2/team/token-usage", undefined, { key: (await newTeam()).key })).body.data.tokensUsed,
    ).toBe(0);
  });

  it("counts the tokens of a batch scrape's pages for the key that started it", async () => {
    const { teamId } = await newTeam();
    const batchKey = (await callJson("POST", "/admin/keys", { teamId, name: "batcher" }, { key: ADMIN_TOKEN })).body
      .key as string;
    const urls = ["/article.html", "/about.html"].map((p) => unique(p));
    const batch = await callJson(
      "POST",
      "/v2/batch/scrape",
      { urls, formats: ["summary"], maxAge: 0 },
      { key: batchKey },
    );
    expect(batch.status).toBe(200);
    for (let i = 0; i < 120; i++) {
      if (
        (await callJson("GET", `/v2/batch/scrape/${batch.body.id}`, undefined, { key: batchKey })).body.status ===
        "completed"
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const byKey = await callJson("GET", "/v2/team/token-usage/historical?byApiKey=true", undefined, { key: batchKey });
    expect(byKey.body.periods).toEqual([{ ...thisMonth(), apiKey: "batcher", tokensUsed: 240 }]);
  });

  it("refuses a byApiKey that is not a boolean, naming the field", async () => {
    const bad = await callJson("GET", "/v2/team/credit-usage/historical?byApiKey=yes");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/byApiKey/);
  });
});

describe("credit usage history", () => {
  it(
    "sums charges by month, and by the key that made them — a " + "crawl's pages count for the key that started it",
    async () => {
      const { teamId, key } = await newTeam();
      const other = (await callJson("POST", "/admin/keys", { teamId, name: "crawler" }, { key: ADMIN_TOKEN })).body
        .key as string;
      expect((await callJson("POST", "/v2/scrape", { url: unique("/article.html") }, { key })).status).toBe(200);
      const crawl = await callJson(
        "POST",
        "/v2/crawl",
        { url: fixture("/blog/"), limit: 2, scrapeOptions: { maxAge: 0 } },
        { key: other },
      );
      expect(crawl.status).toBe(200);
      for (let i = 0; i < 120; i++) {
        const status = await callJson("GET", `/v2/crawl/${crawl.body.id}`, undefined, { key: other });
        if (status.body.status === "completed") break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const byKey = await callJson("GET", "/v2/team/credit-usage/historical?byApiKey=true", undefined, { key });
      expect(byKey.body.periods).toEqual([
        { ...thisMonth(), apiKey: "crawler", creditsUsed: 2 },
        { ...thisMonth(), apiKey: `minted:${teamId}`, creditsUsed: 1 },
      ]);
      const total = await callJson("GET", "/v2/team/credit-usage/historical", undefined, { key });
      expect(total.body).toEqual({ success: true, periods: [{ ...thisMonth(), creditsUsed: 3 }] });
    },
  );
});

describe("the usage ledger", () => {
  it("sums by calendar month (UTC), oldest first, and per key with unattributed usage named so", async () => {
    const stub = env.TEAM.get(env.TEAM.idFromName(`ledger-${crypto.randomUUID()}`));
    await runInDurableObject(stub, async (_instance, state) => {
      const ledger = new UsageLedger(state.storage.sql);
      ledger.recordTokens(10, "a", Date.UTC(2026, 0, 31, 23, 59, 59));
      ledger.recordTokens(5, undefined, Date.UTC(2026, 1, 1, 0, 0, 0));
      ledger.recordTokens(7, "a", Date.UTC(2026, 1, 28, 12));
      const january = { startDate: "2026-01-01T00:00:00.000Z", endDate: "2026-01-31T23:59:59.999Z" };
      const february = { startDate: "2026-02-01T00:00:00.000Z", endDate: "2026-02-28T23:59:59.999Z" };
      expect(ledger.monthly("tokens", false)).toEqual([
        { ...january, used: 10 },
        { ...february, used: 12 },
      ]);
      expect(ledger.monthly("tokens", true)).toEqual([
        { ...january, apiKey: "a", used: 10 },
        { ...february, apiKey: "unattributed", used: 5 },
        { ...february, apiKey: "a", used: 7 },
      ]);
      ledger.rememberJobKey("job-1", "starter");
      expect(ledger.keyFor(undefined, "job-1:model:3")).toBe("starter");
      expect(ledger.keyFor("given", "job-1")).toBe("given");
      expect(ledger.keyFor(undefined, "other")).toBeNull();
    });
  });
});

describe("queue status", () => {
  it("answers the SDK's shape: nothing queued for an idle team, the limit, and when work last succeeded", async () => {
    const { key } = await newTeam({ concurrency: 3 });
    const idle = await callJson("GET", "/v2/team/queue-status", undefined, { key });
    expect(idle.body).toEqual({
      success: true,
      jobsInQueue: 0,
      activeJobsInQueue: 0,
      waitingJobsInQueue: 0,
      maxConcurrency: 3,
      mostRecentSuccess: null,
    });
    const before = Date.now();
    expect((await callJson("POST", "/v2/scrape", { url: unique("/article.html") }, { key })).status).toBe(200);
    const after = await callJson("GET", "/v2/team/queue-status", undefined, { key });
    expect(Date.parse(after.body.mostRecentSuccess)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("counts the pages a running batch scrape holds queued and in flight", async () => {
    const { key } = await newTeam({ concurrency: 1 });
    // pages held open keep the batch running while the status is read
    const heldKey = `queue-${crypto.randomUUID().slice(0, 8)}`;
    const urls = [0, 1, 2, 3].map((i) => fixture(`/held?key=${heldKey}&ms=1500&n=${i}`));
    const batch = await callJson("POST", "/v2/batch/scrape", { urls, maxAge: 0 }, { key });
    expect(batch.status).toBe(200);
    let seen = { jobsInQueue: 0, activeJobsInQueue: 0, waitingJobsInQueue: 0 };
    for (let i = 0; i < 80 && !(seen.waitingJobsInQueue > 0 && seen.activeJobsInQueue > 0); i++) {
      seen = (await callJson("GET", "/v2/team/queue-status", undefined, { key })).body;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.activeJobsInQueue).toBe(1);
    expect(seen.waitingJobsInQueue).toBeGreaterThan(0);
    expect(seen.jobsInQueue).toBe(seen.activeJobsInQueue + seen.waitingJobsInQueue);
    await callJson("DELETE", `/v2/batch/scrape/${batch.body.id}`, undefined, { key });
  });
});
