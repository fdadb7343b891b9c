/**
 * Drill, jobs side by side: crawls started at once, from one team or two, while `GET /` is timed every 100 ms
 * and workerd's RSS is sampled. Each crawl is the body of issue 32 (limit 50, sitemap included, maxAge 0) on the
 * fixture's /tree site; a crawl passes when it completes with `limit` distinct documents and no error. Also the
 * restart on state: kill -9 of the server while the crawls run, a fresh start on the same folder, and the same
 * checks on every crawl; and load cycles (a scrape burst, then the crawls) with RSS after each.
 */
import { isolateHeap, sampleRss, workerdMemory } from "./processes.mjs";
import {
  awaitCrawls,
  call,
  crawledSoFar,
  DRILL_KEYS,
  drillApiKeys,
  frontText,
  isGood,
  logBad,
  probeFront,
  sleep,
  startCrawls,
  treeSiteRoutes,
} from "./crawls.mjs";

/**
 * Waits for `jobs` on `server` while `GET /` is timed and workerd's RSS sampled every second; `GET /` is timed
 * while the crawls run, not while their documents are read back afterwards. `seconds` counts from `t0`.
 */
async function watchCrawls({ server, jobs, limit, t0 }) {
  const front = probeFront(server.url);
  const rss = sampleRss(server.pid);
  try {
    let ended = null;
    const outcome = await awaitCrawls({
      url: server.url,
      jobs,
      limit,
      onEnded: async () => (ended = { front: await front.stop(), seconds: (Date.now() - t0) / 1000 }),
    });
    return { ...outcome, ...ended, peakMb: rss.peakMb() };
  } finally {
    rss.stop();
    await front.stop();
  }
}

/** One round: crawls started at once while `GET /` is timed and RSS sampled every second. */
export async function runCrawlRound({ server, site, teams, perTeam, limit = 50, tag = "", log = console.log }) {
  const t0 = Date.now();
  const jobs = await startCrawls({ url: server.url, site, teams, perTeam, limit, tag });
  const round = await watchCrawls({ server, jobs, limit, t0 });
  log(
    `  ${round.good}/${round.total} crawls complete with ${limit} ` +
      `distinct documents in ${round.seconds.toFixed(1)} s; ${frontText(round.front, round.peakMb)}`,
  );
  logBad(round.rows, limit, log);
  const bad = round.rows
    .filter((r) => !isGood(r, limit))
    .map(({ team, id, status, documents, distinct, errors }) => ({ team, id, status, documents, distinct, errors }));
  return {
    teams,
    perTeam,
    crawls: round.total,
    good: round.good,
    seconds: round.seconds,
    front: round.front,
    peakMb: round.peakMb,
    bad,
  };
}

/**
 * kill -9 of the server while `perTeam` crawls run for each team, then a fresh start on the same state folder:
 * every crawl must still complete with `limit` distinct documents. `restart()` starts the server again.
 */
export async function runRestartRound({ server, restart, site, teams, perTeam, limit = 50, log = console.log }) {
  await warmUp({ server, site });
  const jobs = await startCrawls({ url: server.url, site, teams, perTeam, limit, tag: "&restart=1" });
  const before = await crawledSoFar({
    url: server.url,
    jobs: jobs.filter((j) => j.id),
    pages: Math.floor((jobs.length * limit) / 4),
  });
  log(`  ${jobs.length} crawls started, ${before} of ${jobs.length * limit} pages scraped: kill -9`);
  await server.stop({ keepState: true, signal: "SIGKILL" });
  const t0 = Date.now();
  const again = await restart();
  log(`  started again on the same state in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const round = await watchCrawls({ server: again, jobs, limit, t0 });
  log(
    `  after the restart: ${round.good}/${round.total} crawls complete ` +
      `with ${limit} distinct documents (${round.seconds.toFixed(1)} s); ` +
      (`GET / p99 ${round.front.p99.toFixed(1)} ms, ${round.front.misses} ` +
        `unanswered of ${round.front.requests}; workerd peak ${round.peakMb} MB`),
  );
  logBad(round.rows, limit, log);
  return {
    server: again,
    result: {
      crawls: round.total,
      good: round.good,
      pagesBeforeKill: before,
      seconds: round.seconds,
      front: round.front,
      peakMb: round.peakMb,
    },
  };
}

/** One small crawl first, so the rounds measure the running server rather than its first requests' start-up. */
/**
 * Crawls whose patterns backtrack exponentially in JavaScript (`^/(a+)+$` against a 5,000-character `/aaaa…a!`),
 * from both teams at once: each must end, and `GET /` must keep answering (issue 33's goal: p99 under 200 ms).
 */
export async function runPatternRound({ server, site, teams, perTeam = 5, timeoutMs = 60_000, log = console.log }) {
  const front = probeFront(server.url, 20);
  const t0 = Date.now();
  const jobs = await Promise.all(
    teams.flatMap((team) =>
      Array.from({ length: perTeam }, async (_, i) => {
        const body = {
          url: `${site}/${"a".repeat(5000 + i)}!`,
          includePaths: ["^/(a+)+$"],
          excludePaths: ["(x+x+)+y"],
          sitemap: "skip",
          limit: 5,
        };
        const started = await call(server.url, DRILL_KEYS[team], "POST", "/v2/crawl", body);
        return { team, key: DRILL_KEYS[team], id: started.body?.id ?? null, startStatus: started.status };
      }),
    ),
  );
  let ended = null;
  const onEnded = async () => {
    await sleep(2000); // GET / timed a little past the end as well
    ended = { front: await front.stop(), seconds: (Date.now() - t0) / 1000 };
  };
  const { rows } = await awaitCrawls({ url: server.url, jobs, limit: 5, timeoutMs, onEnded });
  const result = {
    crawls: jobs.length,
    refused: jobs.filter((j) => !j.id).length,
    ended: rows.filter((r) => ["completed", "failed", "cancelled"].includes(r.status)).length,
    ...ended,
  };
  log(
    `  ${result.ended}/${result.crawls} ended (${result.refused} refused) ` +
      `in ${result.seconds.toFixed(1)} s; GET / p50 ${result.front.p50.toFixed(1)} ms, ` +
      `p99 ${result.front.p99.toFixed(1)} ms, max ${result.front.max.toFixed(0)} ms,` +
      ` ${result.front.misses} misses`,
  );
  return result;
}

async function warmUp({ server, site }) {
  const jobs = await startCrawls({
    url: server.url,
    site,
    teams: ["drill-a"],
    perTeam: 1,
    limit: 10,
    tag: "&warm-up=1",
  });
  await awaitCrawls({ url: server.url, jobs, limit: 10 });
}

/**
 * The jobs part of the drill, each section on a fresh server (a new state folder) with ALLOW_LOCAL_NETWORK=true
 * and two teams' keys, against a fixture site of 300 pages on loopback:
 * - crawls   20 crawls of one team at once, then 10 + 10 of two teams (after a warm-up crawl of 10 pages)
 * - restart  kill -9 while 20 crawls run, a start on the same state, every crawl checked
 * - cycles   5 load cycles (1,000 scrapes in waves of 200, then 20 crawls): errors, RSS after each cycle
 */
export async function runJobsDrill({
  root,
  sections,
  startServer,
  startFixtureServer,
  runBurst,
  cycleCount = 5,
  log = console.log,
}) {
  const site = await startFixtureServer({ host: "127.0.0.1", extraRoutes: treeSiteRoutes() });
  const serverOptions = { root, vars: { ALLOW_LOCAL_NETWORK: "true", API_KEYS: drillApiKeys() } };
  const results = {};
  try {
    if (sections.includes("crawls")) {
      const server = await startServer(serverOptions);
      try {
        log("\n== Crawls side by side (50 pages each) ==");
        await warmUp({ server, site: site.url });
        results.crawls = {
          oneTeam: await runCrawlRound({ server, site: site.url, teams: ["drill-a"], perTeam: 20, log }),
          twoTeams: await runCrawlRound({
            server,
            site: site.url,
            teams: ["drill-a", "drill-b"],
            perTeam: 10,
            tag: "&two=1",
            log,
          }),
        };
      } finally {
        await server.stop();
      }
    }
    if (sections.includes("patterns")) {
      const server = await startServer(serverOptions);
      try {
        log("\n== Backtracking crawl patterns, 5 crawls of each of two teams at once ==");
        results.patterns = await runPatternRound({ server, site: site.url, teams: ["drill-a", "drill-b"], log });
      } finally {
        await server.stop();
      }
    }
    if (sections.includes("restart")) {
      log("\n== kill -9 with 20 crawls running, then a start on the same state ==");
      let server = await startServer(serverOptions);
      const persistTo = server.persistTo;
      try {
        const round = await runRestartRound({
          server,
          restart: () => startServer({ ...serverOptions, persistTo }),
          site: site.url,
          teams: ["drill-a"],
          perTeam: 20,
          log,
        });
        server = round.server;
        results.restart = round.result;
      } finally {
        await server.stop({ keepState: false });
      }
    }
    if (sections.includes("cycles")) {
      log(`\n== ${cycleCount} load cycles: 1,000 scrapes in waves of 200, then 20 crawls ==`);
      const server = await startServer(serverOptions);
      const cycles = [];
      try {
        for (let cycle = 1; cycle <= cycleCount; cycle++) {
          const burst = await runBurst({
            url: server.url,
            apiKey: DRILL_KEYS["drill-a"],
            pageUrl: (i) => `${site.url}/generated?bytes=20000&cycle=${cycle}&i=${i}`,
            log: () => {},
          });
          const crawls = await runCrawlRound({
            server,
            site: site.url,
            teams: ["drill-a"],
            perTeam: 20,
            tag: `&cycle=${cycle}`,
            log: () => {},
          });
          await sleep(5000);
          const heap = await isolateHeap(server.pid);
          const rssMb = workerdMemory(server.pid).userMb;
          cycles.push({
            cycle,
            burstErrors: burst.errors,
            burstP99: burst.p99,
            crawlsGood: crawls.good,
            crawls: crawls.crawls,
            frontP99: crawls.front.p99,
            rssMb,
            heap,
          });
          log(
            `  cycle ${cycle}: burst ${burst.errors} errors of ${burst.total} (p99 ${burst.p99.toFixed(0)} ms); ` +
              (`crawls ${crawls.good}/${crawls.crawls} good ` +
                `(${crawls.seconds.toFixed(1)} s, GET / ` +
                `p99 ${crawls.front.p99.toFixed(1)} ms); `) +
              `workerd ${rssMb} MB, JS heap ${heap ? `${heap.usedMb} MB used of ${heap.totalMb}` : "(no inspector)"}`,
          );
        }
      } finally {
        await server.stop();
      }
      const second = cycles[1]?.rssMb;
      const fifth = cycles[4]?.rssMb;
      results.cycles = { cycles, growthSecondToFifth: second && fifth ? fifth / second - 1 : null };
      if (second && fifth)
        log(
          `  RSS after cycle 5 against cycle 2: ${fifth} / ${second} MB (${((fifth / second - 1) * 100).toFixed(1)} %)`,
        );
    }
  } finally {
    await site.close();
  }
  return results;
}
