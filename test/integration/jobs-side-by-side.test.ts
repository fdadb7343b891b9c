/**
 * Jobs side by side: several crawls and batches started at once, from two teams, each wanting more than its
 * fair share of its team's slots. Every job completes with every page exactly once, the Worker keeps answering
 * meanwhile, and the team's slot exchanges stay bounded — a refusal tells a holder once, never a chain of
 * notices (two crawls that each wanted more than half of the team's slots used to tell each other without end).
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, callJson, fixture, newTeam } from "../helpers";
import { allDocuments } from "../crawl-helpers";
import type { TeamDO } from "../../durable-objects/team";

const teamNamespace = () => (env as Env).TEAM as DurableObjectNamespace<TeamDO>;
const teamObject = (teamId: string) => teamNamespace().get(teamNamespace().idFromName(teamId));

const told = (teamId: string) =>
  runInDurableObject(teamObject(teamId), (_instance, state) =>
    Object.fromEntries(
      state.storage.sql
        .exec<{ holder: string; told: number }>("SELECT holder, told FROM slot_holders WHERE slots > 0")
        .toArray()
        .map((r) => [r.holder, r.told]),
    ),
  );

describe("jobs side by side", () => {
  it(
    "runs crawls and batches of two teams at once: all complete, " + "every page once, the Worker answers throughout",
    async () => {
      const teams = [await newTeam({ concurrency: 10 }), await newTeam({ concurrency: 6 })];
      const tag = crypto.randomUUID().slice(0, 8);
      const starts = teams.flatMap(({ key }, t) => [
        ...[0, 1, 2, 3].map((i) => ({
          key,
          kind: "crawl",
          limit: 15,
          body: {
            url: fixture(`/tree/60/0?run=${tag}-${t}-${i}`),
            crawlEntireDomain: true,
            sitemap: "skip",
            limit: 15,
            scrapeOptions: { maxAge: 0 },
          },
        })),
        {
          key,
          kind: "batch/scrape",
          limit: 8,
          body: {
            urls: Array.from({ length: 8 }, (_, i) => fixture(`/tree/60/${i + 1}?batch=${tag}-${t}`)),
            maxAge: 0,
          },
        },
      ]);
      const jobs = await Promise.all(
        starts.map(async (s) => {
          const answer = await callJson("POST", `/v2/${s.kind}`, s.body, { key: s.key });
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          return { ...s, id: answer.body.id as string };
        }),
      );

      // The Worker keeps answering while they run; the jobs are polled until all have ended.
      const frontLatencies: number[] = [];
      const deadline = Date.now() + 60_000;
      for (;;) {
        const t0 = Date.now();
        expect((await call("GET", "/")).status).toBe(200);
        frontLatencies.push(Date.now() - t0);
        const statuses = await Promise.all(
          jobs.map(
            async (j) =>
              (await callJson("GET", `/v2/${j.kind}/${j.id}?limit=1`, undefined, { key: j.key })).body.status,
          ),
        );
        if (statuses.every((s) => s !== "scraping")) break;
        if (Date.now() > deadline) throw new Error(`jobs still running after 60 s: ${JSON.stringify(statuses)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(Math.max(...frontLatencies)).toBeLessThan(2000);

      for (const job of jobs) {
        const final = await callJson("GET", `/v2/${job.kind}/${job.id}`, undefined, { key: job.key });
        expect(final.body, `${job.kind} ${job.id}`).toMatchObject({
          status: "completed",
          completed: job.limit,
          total: job.limit,
        });
        const documents = await allDocuments(`/v2/${job.kind}/${job.id}`, 5, job.key);
        const urls = documents.map((d) => d.metadata.sourceURL);
        expect(urls).toHaveLength(job.limit);
        expect(new Set(urls).size).toBe(job.limit);
        expect(
          (await callJson("GET", `/v2/${job.kind}/${job.id}/errors`, undefined, { key: job.key })).body.errors,
        ).toEqual([]);
      }
      // Every slot handed back, nobody left waiting.
      for (const { teamId, key } of teams) {
        expect((await callJson("GET", "/v2/concurrency-check", undefined, { key })).body.concurrency).toBe(0);
        expect(await told(teamId)).toEqual({});
      }
    },
    90_000,
  );

  it("tells a holder once that others wait, and again only after it heard they stopped", async () => {
    const { teamId } = await newTeam({ concurrency: 4 });
    const team = teamObject(teamId);
    const lease = 60_000;
    expect((await team.exchangeSlots("job-a", { hold: 0, want: 4, leaseMs: lease, wake: true })).granted).toBe(4);
    expect(await told(teamId)).toEqual({ "job-a": 0 });
    // job-b is refused: job-a is told (once); job-b's own grant says others hold and wait.
    expect((await team.exchangeSlots("job-b", { hold: 0, want: 3, leaseMs: lease, wake: true })).granted).toBe(0);
    expect(await told(teamId)).toEqual({ "job-a": 1 });
    // Refused again and again: job-a already knows, so nothing changes and nobody is told anew.
    for (let i = 0; i < 3; i++) await team.exchangeSlots("job-b", { hold: 0, want: 3, leaseMs: lease, wake: true });
    expect(await told(teamId)).toEqual({ "job-a": 1 });
    // job-a gives back two of its slots; job-b takes its fair share and then has what it wants.
    expect((await team.exchangeSlots("job-a", { hold: 2, want: 0, leaseMs: lease, wake: false })).contended).toBe(true);
    expect((await team.exchangeSlots("job-b", { hold: 0, want: 2, leaseMs: lease, wake: true })).granted).toBe(2);
    // Nobody waits any more: job-a's next grant says so, and it may be told again when someone next waits.
    expect((await team.exchangeSlots("job-a", { hold: 2, want: 0, leaseMs: lease, wake: false })).contended).toBe(
      false,
    );
    expect(await told(teamId)).toEqual({ "job-a": 0, "job-b": 0 });
    await team.exchangeSlots("job-c", { hold: 0, want: 1, leaseMs: lease, wake: true });
    expect(await told(teamId)).toEqual({ "job-a": 1, "job-b": 1 });
  });
});
