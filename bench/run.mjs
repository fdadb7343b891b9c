#!/usr/bin/env node
/**
 * `npm run bench`: prints numbers, asserts nothing.
 * 1. In workerd (vitest project "bench"): HTML passes + markdown throughput in MB/s.
 * 2. Against a real `npm start` server and the loopback fixture site: scrape latency of a 100 KB page on the
 *    fetch engine (p50/p95), beside a raw fetch of the same page, with and without a cache hit.
 * Further sections (browser engine, crawl throughput) are added by their own modules below.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFixtureServer } from "../test/fixtures/server.mjs";
import { startServer } from "../scripts/dev-server.mjs";
import { percentile } from "./stats.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv.slice(2);
const wanted = (section) => only.length === 0 || only.includes(section);

export { percentile };

export function summary(label, samples) {
  const fmt = (n) => `${n.toFixed(1)} ms`;
  console.log(`  ${label.padEnd(44)} p50 ${fmt(percentile(samples, 50)).padStart(9)}  p95 ${fmt(percentile(samples, 95)).padStart(9)}  (n=${samples.length})`);
}

export async function timed(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

if (wanted("markdown")) {
  console.log("\n== HTML -> markdown throughput (workerd) ==");
  const run = spawnSync(process.execPath, [join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--project", "bench", "--reporter", "dot"], {
    cwd: root,
    encoding: "utf8",
  });
  const out = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
  const lines = out.split("\n").filter((l) => /MB\/s|KB|ms \(/.test(l) && !/Duration/.test(l));
  console.log(lines.map((l) => `  ${l.trim()}`).join("\n") || out);
}

const site = await startFixtureServer({ host: "127.0.0.1" });
const server = await startServer();
const auth = { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" };
const scrape = (body) =>
  fetch(`${server.url}/v2/scrape`, { method: "POST", headers: auth, body: JSON.stringify(body) }).then(async (r) => {
    if (!r.ok) throw new Error(`scrape failed: ${r.status} ${await r.text()}`);
    return r.json();
  });

try {
  if (wanted("scrape")) {
    const N = 40;
    const page = `${site.url}/generated?bytes=100000`;
    console.log(`\n== Scrape latency, fetch engine, 100 KB page (${server.url}) ==`);
    for (let i = 0; i < 5; i++) await scrape({ url: page, maxAge: 0 }); // warm-up
    const raw = [];
    const fresh = [];
    const cached = [];
    for (let i = 0; i < N; i++) raw.push(await timed(() => fetch(page).then((r) => r.text())));
    for (let i = 0; i < N; i++) fresh.push(await timed(() => scrape({ url: page, maxAge: 0, storeInCache: false })));
    await scrape({ url: page });
    for (let i = 0; i < N; i++) cached.push(await timed(() => scrape({ url: page })));
    summary("raw fetch of the page (Node -> fixture)", raw);
    summary("POST /v2/scrape, markdown, no cache", fresh);
    summary("POST /v2/scrape, markdown, cache hit", cached);
    console.log(`  overhead of a fresh scrape over a raw fetch: p50 +${(percentile(fresh, 50) - percentile(raw, 50)).toFixed(1)} ms`);
  }
  for (const section of ["browser", "crawl"]) {
    if (!wanted(section)) continue;
    try {
      const mod = await import(`./${section}.mjs`);
      await mod.run({ server, site, scrape, summary, timed, percentile });
    } catch (e) {
      if (e?.code !== "ERR_MODULE_NOT_FOUND") throw e;
    }
  }
} finally {
  await server.stop();
  await site.close();
}
