/**
 * The team's concurrency limit holds across every crawl, batch and scrape of the team: the fixture's /held
 * pages count how many of them are being served at once, the team Durable Object counts its slots, and
 * GET /v2/concurrency-check reports them. Work beyond the limit waits (queued, not failed) and says so.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callJson, fixture, newTeam } from "../helpers";
import { allDocuments } from "../crawl-helpers";
import type { TeamDO } from "../../durable-objects/team";

const teamNamespace = () => (env as Env).TEAM as DurableObjectNamespace<TeamDO>;
const teamObject = (teamId: string) => teamNamespace().get(teamNamespace().idFromName(teamId));

async function heldStats(key: string): Promise<{ current: number; max: number; total: number }> {
  return (await fetch(fixture(`/__held/${key}`))).json();
}

const heldUrls = (key: string, n: number, ms: number) =>
  Array.from({ length: n }, (_, i) => fixture(`/held?key=${key}&ms=${ms}&i=${i}`));

describe("the team's concurrency limit", () => {
  it("holds across two jobs of one team: the second waits, is woken, and both complete", async () => {
    const { teamId, key } = await newTeam({ concurrency: 2 });
    const heldKey = `jobs-${crypto.randomUUID().slice(0, 8)}`;
    const start = (urls: string[]) => callJson("POST", "/v2/batch/scrape", { urls, maxAge: 0 }, { key });
    const first = await start(heldUrls(heldKey, 6, 400));
    const second = await start(heldUrls(heldKey, 6, 400).map((u) => `${u}&second=1`));
    expect([first.status, second.status]).toEqual([200, 200]);

    const seenInUse: number[] = [];
    let sawWaiter = false;
    for (let i = 0; i < 200; i++) {
      seenInUse.push((await callJson("GET", "/v2/concurrency-check", undefined, { key })).body.concurrency);
      sawWaiter ||= await runInDurableObject(teamObject(teamId), (_instance, state) => {
        return state.storage.sql.exec("SELECT COUNT(*) AS n FROM slot_waiters").one().n !== 0;
      });
      const statuses = await Promise.all(
        [first, second].map((j) => callJson("GET", `/v2/batch/scrape/${j.body.id}`, undefined, { key })),
      );
      if (statuses.every((s) => s.body.status !== "scraping")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const job of [first, second]) {
      const final = await callJson("GET", `/v2/batch/scrape/${job.body.id}`, undefined, { key });
      expect(final.body).toMatchObject({ status: "completed", completed: 6 });
    }
    const stats = await heldStats(heldKey);
    expect(stats.total).toBe(12);
    expect(stats.max).toBe(2); // two jobs with a cap of 2 each would reach 4 without the team's limit
    expect(Math.max(...seenInUse)).toBe(2);
    expect(seenInUse.every((n) => n <= 2)).toBe(true);
    expect(sawWaiter).toBe(true);
    // Everything handed back: nothing in use, nobody waiting.
    expect((await callJson("GET", "/v2/concurrency-check", undefined, { key })).body).toEqual({
      success: true,
      concurrency: 0,
      maxConcurrency: 2,
    });

    // Pages the limit held back say so in their metadata; every page carries the flag.
    const documents = [
      ...(await allDocuments(`/v2/batch/scrape/${first.body.id}`, undefined, key)),
      ...(await allDocuments(`/v2/batch/scrape/${second.body.id}`, undefined, key)),
    ];
    expect(documents.every((d) => typeof d.metadata.concurrencyLimited === "boolean")).toBe(true);
    const limited = documents.filter((d) => d.metadata.concurrencyLimited);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((d) => d.metadata.concurrencyQueueDurationMs >= 0)).toBe(true);
  });

  it(
    "makes a scrape at the limit wait within its timeout and say so; " +
      "a scrape that finds a slot says it did not wait",
    async () => {
      const { key } = await newTeam({ concurrency: 1 });
      const heldKey = `scrapes-${crypto.randomUUID().slice(0, 8)}`;
      const [a, b] = await Promise.all(
        heldUrls(heldKey, 2, 800).map((url) =>
          callJson("POST", "/v2/scrape", { url, maxAge: 0, timeout: 10_000 }, { key }),
        ),
      );
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await heldStats(heldKey)).max).toBe(1);
      const flags = [a, b].map((r) => r.body.data.metadata.concurrencyLimited).sort();
      expect(flags).toEqual([false, true]);
      const waited = [a, b].find((r) => r.body.data.metadata.concurrencyLimited)!;
      expect(waited.body.data.metadata.concurrencyQueueDurationMs).toBeGreaterThan(300);
      const direct = [a, b].find((r) => !r.body.data.metadata.concurrencyLimited)!;
      expect(direct.body.data.metadata.concurrencyQueueDurationMs).toBeUndefined();
    },
  );

  it("answers 408 CONCURRENCY_QUEUE_TIMEOUT when no slot frees up within the timeout", async () => {
    const { key } = await newTeam({ concurrency: 1 });
    const busy = callJson(
      "POST",
      "/v2/scrape",
      { url: fixture(`/slow?ms=3000&t=${crypto.randomUUID()}`), maxAge: 0, timeout: 8_000 },
      { key },
    );
    await new Promise((r) => setTimeout(r, 300));
    const refused = await callJson(
      "POST",
      "/v2/scrape",
      { url: fixture(`/article.html?t=${crypto.randomUUID()}`), timeout: 1_000 },
      { key },
    );
    expect(refused.status).toBe(408);
    expect(refused.body).toMatchObject({ success: false, code: "CONCURRENCY_QUEUE_TIMEOUT" });
    expect((await busy).status).toBe(200);
    expect((await callJson("GET", "/v2/concurrency-check", undefined, { key })).body.concurrency).toBe(0);
  });

  it("leases slots: a holder that never gives them back loses them when the lease ends", async () => {
    const { teamId, key } = await newTeam({ concurrency: 3 });
    const team = teamObject(teamId);
    const grant = await team.exchangeSlots("crashed-consumer", { hold: 0, want: 2, leaseMs: 300, wake: false });
    expect(grant).toEqual({ granted: 2, inUse: 2, limit: 3, contended: false });
    expect((await callJson("GET", "/v2/concurrency-check", undefined, { key })).body).toMatchObject({
      concurrency: 2,
      maxConcurrency: 3,
    });
    await new Promise((r) => setTimeout(r, 400));
    expect((await callJson("GET", "/v2/concurrency-check", undefined, { key })).body).toMatchObject({ concurrency: 0 });
  });

  it("renews a running scrape's slot, so one that outlasts the lease keeps it and the next scrape waits", async () => {
    const { key } = await newTeam({ concurrency: 1 });
    const heldKey = `renew-${crypto.randomUUID().slice(0, 8)}`;
    const scrape = (url: string) => callJson("POST", "/v2/scrape", { url, maxAge: 0, timeout: 40_000 }, { key });
    // 18 s against a lease of 15 s: only the renewals keep the slot; the second scrape asks at 16 s.
    const long = scrape(fixture(`/held?key=${heldKey}&ms=18000`));
    await new Promise((r) => setTimeout(r, 16_000));
    const next = await scrape(fixture(`/held?key=${heldKey}&ms=10&next=1`));
    expect(next.status).toBe(200);
    expect(next.body.data.metadata.concurrencyLimited).toBe(true);
    expect((await long).status).toBe(200);
    expect(await heldStats(heldKey)).toMatchObject({ max: 1, total: 2 });
  }, 60_000);

  it("shares the limit fairly while others wait", async () => {
    const { teamId } = await newTeam({ concurrency: 4 });
    const team = teamObject(teamId);
    expect((await team.exchangeSlots("job-a", { hold: 0, want: 4, leaseMs: 60_000, wake: true })).granted).toBe(4);
    expect((await team.exchangeSlots("job-b", { hold: 0, want: 4, leaseMs: 60_000, wake: true })).granted).toBe(0);
    // job-a finishes a page and asks for another: it is above its fair share (2 of 4) while job-b waits.
    expect((await team.exchangeSlots("job-a", { hold: 3, want: 1, leaseMs: 60_000, wake: true })).granted).toBe(0);
    expect((await team.exchangeSlots("job-b", { hold: 0, want: 4, leaseMs: 60_000, wake: true })).granted).toBe(1);
    await team.exchangeSlots("job-a", { hold: 0, want: 0, leaseMs: 0, wake: false });
    expect((await team.exchangeSlots("job-b", { hold: 1, want: 3, leaseMs: 60_000, wake: true })).granted).toBe(3);
  });
});

describe("nobody waits behind jobs that hold their shares", () => {
  const lease = 60_000;
  /** Five jobs holding two slots each of the team's 10, each wanting more: their shares fill the limit. */
  async function fiveJobsAtTheirShares() {
    const { teamId, key } = await newTeam({ concurrency: 10 });
    const team = teamObject(teamId);
    for (let i = 1; i <= 5; i++) {
      expect((await team.exchangeSlots(`job-${i}`, { hold: 0, want: 2, leaseMs: lease, wake: true })).granted).toBe(2);
    }
    return { team, key };
  }

  it("a slot a job gives back goes to the single scrape waiting, not back to the job", async () => {
    const { team } = await fiveJobsAtTheirShares();
    const waiting = team.beginScrape("scrape:waiting", { leaseMs: lease, waitMs: 5_000 });
    await new Promise((r) => setTimeout(r, 100));
    // job-1 finishes a page and asks for another: below its share (2 of 10 among six), but the slot is the scrape's.
    expect((await team.exchangeSlots("job-1", { hold: 1, want: 1, leaseMs: lease, wake: true })).granted).toBe(0);
    expect(await waiting).toEqual({ credits: true, slot: true, waited: true });
  });

  it("a job that starts while the others fill the limit gets the next slots, even before it is woken", async () => {
    const { team } = await fiveJobsAtTheirShares();
    const late = (hold: number) => team.exchangeSlots("late", { hold, want: 5, leaseMs: lease, wake: true });
    expect((await late(0)).granted).toBe(0);
    // Two pages end; the late job was woken by the first but has not asked yet: both slots are kept for it.
    expect((await team.exchangeSlots("job-1", { hold: 1, want: 1, leaseMs: lease, wake: true })).granted).toBe(0);
    expect((await team.exchangeSlots("job-2", { hold: 1, want: 1, leaseMs: lease, wake: true })).granted).toBe(0);
    expect((await late(0)).granted).toBe(2);
    // Now at its share, it has no claim on the next slot: the job that gives one back may take it again.
    expect((await team.exchangeSlots("job-3", { hold: 1, want: 1, leaseMs: lease, wake: true })).granted).toBe(1);
  });

  it("a waiter's claim lapses with the lease it asked for", async () => {
    const { team } = await fiveJobsAtTheirShares();
    expect((await team.exchangeSlots("gone", { hold: 0, want: 5, leaseMs: 200, wake: true })).granted).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect((await team.exchangeSlots("job-1", { hold: 1, want: 1, leaseMs: lease, wake: true })).granted).toBe(1);
  });

  it("through the API: a scrape runs while the team's batches still have pages to go", async () => {
    const { key } = await newTeam({ concurrency: 2 });
    const heldKey = `starve-${crypto.randomUUID().slice(0, 8)}`;
    const start = (urls: string[]) => callJson("POST", "/v2/batch/scrape", { urls, maxAge: 0 }, { key });
    const batches = await Promise.all([
      start(heldUrls(heldKey, 6, 500)),
      start(heldUrls(heldKey, 6, 500).map((u) => `${u}&second=1`)),
    ]);
    expect(batches.map((b) => b.status)).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 600));
    const scrape = await callJson(
      "POST",
      "/v2/scrape",
      { url: fixture(`/article.html?t=${crypto.randomUUID()}`), maxAge: 0, timeout: 20_000 },
      { key },
    );
    expect(scrape.status).toBe(200);
    expect(scrape.body.data.metadata.concurrencyLimited).toBe(true);
    // Each batch holds one of the two slots (its share of three); before, the scrape waited for all 12 pages.
    expect((await heldStats(heldKey)).total).toBeLessThan(10);
    for (const batch of batches) {
      for (let i = 0; i < 100; i++) {
        const status = await callJson("GET", `/v2/batch/scrape/${batch.body.id}`, undefined, { key });
        if (status.body.status !== "scraping") break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect((await heldStats(heldKey)).total).toBe(12);
  });
});
