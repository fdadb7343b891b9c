/**
 * Jobs side by side through `npm start`, the way teams load it: crawls, batches and agent jobs of two teams
 * started at once, `GET /` timed all along; and a kill -9 of the server with several teams' jobs in flight,
 * then a start on the same state. Every job completes with every page exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { DEV_API_KEY, startServer } from "../../scripts/dev-server.mjs";

const site = inject("e2eFixtureUrl");
const OTHER_KEY = "ec-e2e-jobs-other";

interface Job {
  kind: "crawl" | "batch/scrape" | "agent";
  key: string;
  id: string;
  pages: number;
}

async function api(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Starts `perTeam` crawls and a batch for each key (and an agent job with `agents`). Crawls take `limit` pages
 * of the fixture's /tree site, or with `heldMs` of pages the fixture holds open that long.
 */
async function startJobs(
  base: string,
  keys: string[],
  options: { perTeam: number; limit: number; heldMs?: number; agents?: boolean },
): Promise<Job[]> {
  const tag = crypto.randomUUID().slice(0, 8);
  const starts = keys.flatMap((key, t) => [
    ...Array.from({ length: options.perTeam }, (_, i) => ({
      kind: "crawl" as const,
      key,
      pages: options.limit,
      body: {
        url: options.heldMs
          ? `${site}/held?key=${tag}-${t}-${i}&ms=${options.heldMs}&links=30`
          : `${site}/tree/200/0?run=${tag}-${t}-${i}`,
        crawlEntireDomain: true,
        sitemap: "skip",
        limit: options.limit,
        scrapeOptions: { maxAge: 0, timeout: 5000 },
      },
    })),
    {
      kind: "batch/scrape" as const,
      key,
      pages: 6,
      body: { urls: Array.from({ length: 6 }, (_, i) => `${site}/tree/200/${i + 1}?batch=${tag}-${t}`), maxAge: 0 },
    },
    ...(options.agents
      ? [
          {
            kind: "agent" as const,
            key,
            pages: 0,
            body: {
              urls: [`${site}/article.html`],
              prompt:
                `What is the article's title? ` +
                (`(jobs-${tag}-${t})\nFAKE-AGENT: ` +
                  `${JSON.stringify([{ scrape: "$start[0]" }, { finish: { title: "$titles[0]" } }])}`),
              schema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
            },
          },
        ]
      : []),
  ]);
  return Promise.all(
    starts.map(async ({ body, ...job }) => {
      const answer = await api(base, job.key, "POST", `/v2/${job.kind}`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { ...job, id: answer.body.id as string };
    }),
  );
}

const running = (job: Job, status: string) => (job.kind === "agent" ? status === "processing" : status === "scraping");

/** Polls every job until none runs; meanwhile `GET /` is timed. Returns the slowest `GET /` answer in ms. */
async function awaitJobs(base: string, jobs: Job[], timeoutMs: number): Promise<number> {
  let slowest = 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const t0 = Date.now();
    expect((await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    slowest = Math.max(slowest, Date.now() - t0);
    const statuses = await Promise.all(
      jobs.map(
        async (j) =>
          (await api(base, j.key, "GET", `/v2/${j.kind}/${j.id}${j.kind === "agent" ? "" : "?limit=1"}`)).body
            .status as string,
      ),
    );
    if (jobs.every((j, i) => !running(j, statuses[i]))) return slowest;
    if (Date.now() > deadline) throw new Error(`jobs still running after ${timeoutMs} ms: ${JSON.stringify(statuses)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every job completed; crawls and batches hold every page exactly once and no error. */
async function expectAllComplete(base: string, jobs: Job[]): Promise<void> {
  for (const job of jobs) {
    if (job.kind === "agent") {
      const { body } = await api(base, job.key, "GET", `/v2/agent/${job.id}`);
      expect(body, job.id).toMatchObject({
        status: "completed",
        data: { title: "How Lighthouses Work | The Coastal Journal" },
      });
      continue;
    }
    const urls: string[] = [];
    let path: string | null = `/v2/${job.kind}/${job.id}?limit=5`;
    let first: any = null;
    while (path) {
      const { body }: { body: any } = await api(base, job.key, "GET", path);
      first ??= body;
      urls.push(...body.data.map((d: any) => d.metadata.sourceURL));
      path = body.next ? new URL(body.next).pathname + new URL(body.next).search : null;
    }
    expect(first, `${job.kind} ${job.id}`).toMatchObject({
      status: "completed",
      completed: job.pages,
      total: job.pages,
    });
    expect(urls).toHaveLength(job.pages);
    expect(new Set(urls).size).toBe(job.pages);
    expect((await api(base, job.key, "GET", `/v2/${job.kind}/${job.id}/errors`)).body.errors).toEqual([]);
  }
}

it("crawls, batches and agent jobs of two teams at once all complete while GET / keeps answering", async () => {
  const base = inject("e2eApiUrl");
  const jobs = await startJobs(base, [inject("e2eApiKey"), inject("e2eOtherTeamKey")], {
    perTeam: 5,
    limit: 30,
    agents: true,
  });
  const slowest = await awaitJobs(base, jobs, 120_000);
  expect(slowest).toBeLessThan(2000);
  await expectAllComplete(base, jobs);
}, 180_000);

it(
  "a kill -9 with several teams' jobs in flight: a start on the " + "same state completes them all, every page once",
  async () => {
    const state = mkdtempSync(join(tmpdir(), "edgecrawl-jobs-restart-"));
    // Four slots a team for three crawls each, of pages held open 300 ms: the crawls contend for their team's
    // slots, and the kill finds every one part-way.
    const vars = { API_KEYS: `default:${DEV_API_KEY},other:${OTHER_KEY}`, TEAM_CONCURRENCY: "4" };
    let server = await startServer({ persistTo: state, vars });
    try {
      const jobs = await startJobs(server.url, [DEV_API_KEY, OTHER_KEY], { perTeam: 3, limit: 12, heldMs: 300 });
      const crawls = jobs.filter((j) => j.kind === "crawl");
      for (let i = 0; i < 100; i++) {
        const done = await Promise.all(
          crawls.map(
            async (j) => (await api(server.url, j.key, "GET", `/v2/crawl/${j.id}?limit=1`)).body.completed as number,
          ),
        );
        if (done.every((n) => n >= 2)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const before = await Promise.all(
        crawls.map(async (j) => (await api(server.url, j.key, "GET", `/v2/crawl/${j.id}?limit=1`)).body.status),
      );
      expect(before.every((s) => s === "scraping")).toBe(true);
      await server.stop({ keepState: true, signal: "SIGKILL" });

      server = await startServer({ persistTo: state, vars });
      await awaitJobs(server.url, jobs, 150_000);
      await expectAllComplete(server.url, jobs);
    } finally {
      await server.stop({ keepState: false });
      rmSync(state, { recursive: true, force: true });
    }
  },
  240_000,
);
