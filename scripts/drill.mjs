#!/usr/bin/env node
/**
 * `npm run drill [-- sections…] [--root DIR] [--json FILE]`: the security and robustness drill of issue 15
 * (`--json` also keeps the server's output next to it, FILE.server.log).
 * Prints figures, asserts nothing. Against a real `npm start` server at its production default
 * (ALLOW_LOCAL_NETWORK=false), with a canary port on every local address and an attacker's site:
 *
 * - ssrf     connections that reach the canary over every entry point and vector (scripts/drill/ssrf.mjs)
 * - hostile  5xx answers over thousands of hostile requests on every route and field (drill/hostile.mjs)
 * - burst    1,000 scrapes in 5 waves of 200: errors, p50, p99 (drill/load.mjs)
 * - memory   workerd RSS at start, after each part, and a minute after the load ends
 * - reap     processes left running after each way of stopping the server (drill/reap.mjs)
 * - crawls, patterns, restart, cycles   jobs side by side, each on a fresh server with ALLOW_LOCAL_NETWORK=true and two
 *            teams: 20 crawls at once (one team, then two), 10 crawls with backtracking include/exclude patterns
 *            (GET / timed every 20 ms), kill -9 with 20 crawls running and a start on the same state, and 5 load
 *            cycles (`--cycles N`) with RSS and JS heap after each (scripts/drill/jobs.mjs, crawls.mjs)
 * - agents   10 + 10 agent jobs of two teams at once against the fixture's fake model, then kill -9 with 20 jobs
 *            running and a start on the same state (scripts/drill/agents.mjs)
 *
 * The attacker's site is the fixture server on 127.0.0.1, reached as `attacker.test` — a public-looking name the
 * egress proxy maps to loopback and lets through on that one port (EDGECRAWL_EGRESS_HOSTS/ALLOW), the way a
 * public site would be. A server without that proxy (an older checkout, `--root`) is reached as `vm`, a name
 * /etc/hosts maps to 127.0.0.1. Only loopback, this machine's own addresses and such names are ever targeted.
 */
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./dev-server.mjs";
import { startFixtureServer } from "../test/fixtures/server.mjs";
import { startCanary } from "../test/fixtures/canary.mjs";
import { attackRoutes, localTargets } from "../test/fixtures/attack.mjs";
import { runSsrf } from "./drill/ssrf.mjs";
import { runHostile } from "./drill/hostile.mjs";
import { runBurst } from "./drill/load.mjs";
import { runReap } from "./drill/reap.mjs";
import { workerdMemory } from "./drill/processes.mjs";
import { runJobsDrill } from "./drill/jobs.mjs";
import { runAgentsDrill } from "./drill/agents.mjs";
import { drillApiKeys } from "./drill/crawls.mjs";

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv.splice(argv.indexOf(name), 2)[1] : undefined);
const root = resolve(option("--root") ?? join(dirname(fileURLToPath(import.meta.url)), ".."));
const jsonOut = option("--json");
/** `--cycles N`: how many load cycles the cycles section runs (5 by default). */
const cycleCount = Number(option("--cycles") ?? 5);
/**
 * `--allow-local`: run with ALLOW_LOCAL_NETWORK=true and reach the site directly (robustness without the SSRF policy).
 */
const allowLocal = argv.includes("--allow-local") ? (argv.splice(argv.indexOf("--allow-local"), 1), true) : false;
const sections = argv.length
  ? argv
  : ["ssrf", "hostile", "burst", "memory", "reap", "crawls", "patterns", "restart", "cycles", "agents"];
const wanted = (s) => sections.includes(s);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const canary = await startCanary();
const targets = localTargets(canary.port, ["loopback.test", "loopback6.test"]);
const attackerRoutes = {
  ...attackRoutes(() => targets),
  "/robots.txt": ({ send }) =>
    send(
      200,
      "text/plain",
      ["User-agent: *", "Allow: /", ...targets.map((t) => `Sitemap: http://${t}/sitemap.xml`)].join("\n"),
    ),
  "/sitemap.xml": ({ res }) => attackRoutes(() => targets)["/attack/sitemap.xml"]({ res }),
};
const attacker = await startFixtureServer({ host: "127.0.0.1", extraRoutes: attackerRoutes });
const serverOptions = {
  root,
  vars: { ALLOW_LOCAL_NETWORK: allowLocal ? "true" : "false" },
  env: {
    EDGECRAWL_EGRESS_HOSTS: "attacker.test=127.0.0.1,loopback.test=127.0.0.1,loopback6.test=::1",
    EDGECRAWL_EGRESS_ALLOW: `127.0.0.1:${attacker.port}`,
  },
};
const results = { root, sections, allowLocal };
console.log(
  `edgecrawl drill against ${root} (ALLOW_LOCAL_NETWORK=${allowLocal})\n  canary ` +
    `port ${canary.port} on every local address; ${targets.length} spellings of this machine`,
);

const needsServer = ["ssrf", "hostile", "burst", "memory"].some(wanted);
const server = needsServer ? await startServer(serverOptions) : null;
try {
  if (server) {
    const api = async (method, path, body) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body: parsed };
    };
    const memory = [];
    const sample = (label) => {
      const m = workerdMemory(server.pid);
      memory.push({ label, ...m });
      if (wanted("memory")) console.log(`  [memory] ${label.padEnd(34)} workerd ${m.userMb} MB`);
    };
    sample("at start");
    let base = null;
    for (const candidate of allowLocal
      ? [attacker.url]
      : [`http://attacker.test:${attacker.port}`, `http://vm:${attacker.port}`]) {
      const probe = await api("POST", "/v2/scrape", { url: `${candidate}/article.html` });
      if (probe.status === 200) {
        base = candidate;
        break;
      }
    }
    console.log(`  attacker's site reachable as ${base ?? "(nothing: the attacker's pages cannot be loaded)"}`);
    for (let i = 0; i < 10 && base; i++)
      await api("POST", "/v2/scrape", { url: `${base}/generated?bytes=20000&warm=${i}` });
    sample("after warm-up");

    if (wanted("ssrf")) {
      console.log("\n== SSRF: connections reaching the canary ==");
      const { rows, hits } = await runSsrf({
        api,
        attacker: base ?? `http://attacker.test:${attacker.port}`,
        targets,
        canary,
      });
      results.ssrf = {
        rows,
        hits: hits.length,
        byAddress: hits.reduce((m, h) => ((m[h.local] = (m[h.local] ?? 0) + 1), m), {}),
      };
      console.log(
        `  total connections reaching a local listener: ${hits.length} ${JSON.stringify(results.ssrf.byAddress)}`,
      );
      sample("after the SSRF run");
    }
    if (wanted("hostile")) {
      console.log("\n== Hostile input on every route and field ==");
      const page = `${base ?? `http://attacker.test:${attacker.port}`}/article.html`;
      const { total, statuses, failures } = await runHostile({ url: server.url, apiKey: server.apiKey, page });
      const byKind = {};
      for (const f of failures) {
        const kind = `${f.status} ${/"code":"(\w+)"/.exec(f.answer)?.[1] ?? f.answer.slice(0, 40)}`;
        byKind[kind] = (byKind[kind] ?? 0) + 1;
      }
      results.hostile = { total, fiveXx: failures.length, statuses, byKind, failures: failures.slice(0, 50) };
      console.log(`  5xx by kind: ${JSON.stringify(byKind)}`);
      sample("after the hostile run");
    }
    if (wanted("burst") && base) {
      console.log("\n== Burst: 1,000 scrapes in 5 waves of 200 ==");
      results.burst = await runBurst({
        url: server.url,
        apiKey: server.apiKey,
        pageUrl: (i) => `${base}/generated?bytes=20000&burst=${i}-${Date.now()}`,
      });
      console.log(
        `  errors ${results.burst.errors}/${results.burst.total}  p50 ${results.burst.p50.toFixed(0)} ms  ` +
          `p99 ${results.burst.p99.toFixed(0)} ms  ${results.burst.perSecond.toFixed(1)} scrapes/s`,
      );
      sample("right after the burst");
    }
    if (wanted("memory")) {
      console.log("\n== Memory a minute after the load ==");
      await sleep(60_000);
      sample("60 s after the load");
      const reference = memory.find((m) => m.label === "after warm-up") ?? memory[0];
      const last = memory.at(-1);
      results.memory = { samples: memory, ratio: last.userMb / reference.userMb };
      console.log(
        `  Worker runtime: ${reference.userMb} MB before → ${Math.max(...memory.map((m) => m.userMb))} MB ` +
          `peak → ${last.userMb} MB after a minute (${results.memory.ratio.toFixed(2)}× the starting figure)`,
      );
    }
  }
} finally {
  if (server && jsonOut) writeFileSync(`${jsonOut}.server.log`, server.output());
  await server?.stop();
}

if (wanted("reap")) {
  console.log("\n== Processes left behind after stopping the server ==");
  results.reap = await runReap({
    start: () => startServer({ ...serverOptions, vars: { ALLOW_LOCAL_NETWORK: "true" } }),
    renderUrl: () => `${attacker.url}/article.html?r=${Date.now()}`,
  });
}
const jobSections = ["crawls", "patterns", "restart", "cycles"].filter(wanted);
if (jobSections.length)
  Object.assign(
    results,
    await runJobsDrill({ root, sections: jobSections, startServer, startFixtureServer, runBurst, cycleCount }),
  );
if (wanted("agents")) {
  const site = await startFixtureServer({ host: "127.0.0.1" });
  try {
    const agentOptions = { root, vars: { ALLOW_LOCAL_NETWORK: "true", API_KEYS: drillApiKeys() } };
    results.agents = await runAgentsDrill({ startServer, serverOptions: agentOptions, site: site.url });
  } finally {
    await site.close();
  }
}
await attacker.close();
await canary.close();
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
console.log("\n== Summary ==");
if (results.ssrf) console.log(`  connections reaching a local listener:   ${results.ssrf.hits}`);
if (results.hostile)
  console.log(`  5xx over hostile requests:               ${results.hostile.fiveXx} of ${results.hostile.total}`);
if (results.burst)
  console.log(
    `  burst of 1,000 scrapes:                  ${results.burst.errors} errors, ` +
      `p50 ${results.burst.p50.toFixed(0)} ms, p99 ${results.burst.p99.toFixed(0)} ms`,
  );
if (results.memory)
  console.log(`  workerd RSS a minute after the load:     ${results.memory.ratio.toFixed(2)}× the starting figure`);
const crawlLine = (r) =>
  `${r.good}/${r.crawls} complete, GET / p99 ${r.front.p99.toFixed(0)} ms, workerd peak ${r.peakMb} MB`;
if (results.crawls) console.log(`  20 crawls, one team:                     ${crawlLine(results.crawls.oneTeam)}`);
if (results.crawls) console.log(`  10 + 10 crawls, two teams:               ${crawlLine(results.crawls.twoTeams)}`);
if (results.patterns)
  console.log(
    `  backtracking patterns, 10 crawls:       ` +
      ` ${results.patterns.ended}/${results.patterns.crawls} ended, GET / ` +
      `p99 ${results.patterns.front.p99.toFixed(0)} ms`,
  );
if (results.restart) console.log(`  kill -9 with 20 crawls, restart:         ${crawlLine(results.restart)}`);
if (results.cycles)
  console.log(
    `  ${results.cycles.cycles.length} load cycles: ` +
      `errors ${results.cycles.cycles.reduce((n, c) => n + c.burstErrors + (c.crawls - c.crawlsGood), 0)},` +
      ` RSS by cycle ${results.cycles.cycles.map((c) => c.rssMb).join(" / ")} MB`,
  );
const agentLine = (r) =>
  `${r.good}/${r.jobs} complete, GET / p99 ${r.front.p99.toFixed(0)} ms, workerd peak ${r.peakMb} MB`;
if (results.agents) console.log(`  10 + 10 agent jobs, two teams:           ${agentLine(results.agents.sideBySide)}`);
if (results.agents) console.log(`  kill -9 with 20 agent jobs, restart:     ${agentLine(results.agents.restart)}`);
if (results.reap)
  console.log(
    `  Chromium left after stopping:           ` +
      ` ${results.reap.map((r) => r.chromiumLeft).join(" / ")} ` +
      `(${results.reap.map((r) => r.way).join(" / ")})`,
  );
