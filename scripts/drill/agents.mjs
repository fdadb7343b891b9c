/**
 * Drill, agent jobs side by side: 10 + 10 agent jobs of two teams started at once against the fixture site's fake
 * model while `GET /` is timed, then kill -9 with 20 jobs running and a start on the same state. Each job reads
 * two pages and makes three calls the service refuses in one reply (units without I/O, one alarm straight after
 * another) before it answers. A job passes when it completes with both pages' titles, the six steps in order and
 * the credits they cost (four model steps at 2, two scrapes at 1).
 */
import { call, DRILL_KEYS, frontText, probeFront, sleep } from "./crawls.mjs";
import { sampleRss } from "./processes.mjs";

const SCHEMA = { type: "object", properties: { titles: { type: "array", items: { type: "string" } } } };
const STEPS = ["scrape:done", "nosuchtool:refused", "nosuchtool:refused", "nosuchtool:refused", "scrape:done"];
const CREDITS = 4 * 2 + 2;

/** The fake model's script (test/fixtures/fake-agent.mjs): read, three refused calls, read, answer. */
function prompt(slowMs) {
  const refused = [{ nosuchtool: {} }, { nosuchtool: {} }, { nosuchtool: {} }];
  const script = [{ scrape: "$start[0]" }, refused, { scrape: "$start[1]" }, { finish: { titles: "$titles" } }];
  return `Read both pages (${slowMs} ms each)\nFAKE-AGENT: ${JSON.stringify(script)}`;
}

/** Starts `perTeam` jobs for each team at once; its pages answer after `slowMs` (0: at once). */
export async function startAgents({ url, site, teams, perTeam, slowMs = 0, tag = "" }) {
  const page = (n, team, i) =>
    slowMs > 0
      ? `${site}/slow?ms=${slowMs}&agent=${team}-${i}-${n}${tag}`
      : `${site}/blog/post-${n}?agent=${team}-${i}${tag}`;
  const starts = teams.flatMap((team) =>
    Array.from({ length: perTeam }, async (_, i) => {
      const body = { urls: [page(1, team, i), page(2, team, i)], prompt: prompt(slowMs), schema: SCHEMA };
      const { status, body: started } = await call(url, DRILL_KEYS[team], "POST", "/v2/agent", body);
      return { team, id: status === 200 ? started.id : null, startError: status === 200 ? null : started };
    }),
  );
  return Promise.all(starts);
}

function verdict(status, titles) {
  const steps = (status.steps ?? []).map((s) => `${s.action}:${s.status}`);
  const good =
    status.status === "completed" &&
    JSON.stringify(status.data?.titles) === JSON.stringify(titles) &&
    JSON.stringify(steps) === JSON.stringify([...STEPS, "finish:done"]) &&
    status.creditsUsed === CREDITS;
  return { good, status: status.status, steps: steps.length, credits: status.creditsUsed, error: status.error };
}

/** Polls every job until none is processing (or `timeoutMs`), while `GET /` is timed and RSS sampled. */
export async function awaitAgents({ server, jobs, titles, t0, timeoutMs = 180_000 }) {
  const front = probeFront(server.url);
  const rss = sampleRss(server.pid);
  const rows = jobs.map((job) => ({ ...job, good: false, status: job.id ? "processing" : "not started" }));
  try {
    while (Date.now() - t0 < timeoutMs && rows.some((r) => r.status === "processing")) {
      for (const row of rows.filter((r) => r.status === "processing")) {
        const { status, body } = await call(server.url, DRILL_KEYS[row.team], "GET", `/v2/agent/${row.id}`);
        if (status === 200) Object.assign(row, verdict(body, titles));
      }
      await sleep(250);
    }
  } finally {
    rss.stop();
  }
  const seconds = (Date.now() - t0) / 1000;
  return {
    rows,
    good: rows.filter((r) => r.good).length,
    total: rows.length,
    seconds,
    front: await front.stop(),
    peakMb: rss.peakMb(),
  };
}

function logRound(round, what, log) {
  log(
    `  ${round.good}/${round.total} ${what} in ${round.seconds.toFixed(1)} s; ${frontText(round.front, round.peakMb)}`,
  );
  for (const r of round.rows.filter((row) => !row.good).slice(0, 5))
    log(`    ${r.team} ${r.id}: ${r.status}, ${r.steps ?? 0} steps, ${r.credits ?? 0} credits ${r.error ?? ""}`);
}

const summary = (round) => ({
  jobs: round.total,
  good: round.good,
  seconds: round.seconds,
  front: round.front,
  peakMb: round.peakMb,
});

/**
 * The agents section on `serverOptions` (ALLOW_LOCAL_NETWORK and the two teams' keys), with the fixture site's fake
 * model as the LLM endpoint: 10 + 10 jobs of two teams, then kill -9 with 20 jobs on slow pages and a fresh start.
 */
export async function runAgentsDrill({ startServer, serverOptions, site, log = console.log }) {
  const options = {
    ...serverOptions,
    vars: { ...serverOptions.vars, LLM_BASE_URL: `${site}/v1`, LLM_MODEL: "fake-model" },
  };
  const teams = ["drill-a", "drill-b"];
  const results = {};
  let server = await startServer(options);
  try {
    log("\n== Agent jobs side by side, 10 of each of two teams ==");
    let t0 = Date.now();
    let jobs = await startAgents({ url: server.url, site, teams, perTeam: 10 });
    const round = await awaitAgents({ server, jobs, titles: ["Post 1", "Post 2"], t0 });
    logRound(round, "agent jobs complete with both titles, six steps and 10 credits", log);
    results.sideBySide = summary(round);

    log("\n== kill -9 with 20 agent jobs reading slow pages, then a start on the same state ==");
    jobs = await startAgents({ url: server.url, site, teams, perTeam: 10, slowMs: 1500, tag: "&restart=1" });
    await sleep(1000);
    log(`  ${jobs.filter((j) => j.id).length} jobs started: kill -9`);
    await server.stop({ keepState: true, signal: "SIGKILL" });
    t0 = Date.now();
    server = await startServer({ ...options, persistTo: server.persistTo });
    log(`  started again on the same state in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const again = await awaitAgents({ server, jobs, titles: ["Slow", "Slow"], t0 });
    logRound(again, "agent jobs complete after the restart", log);
    results.restart = summary(again);
  } finally {
    await server.stop({ keepState: false });
  }
  return results;
}
