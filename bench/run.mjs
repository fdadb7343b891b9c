#!/usr/bin/env node
/**
 * `npm run bench [section...]`: prints numbers, asserts nothing. Sections:
 * - markdown: in workerd (vitest project "bench"), the markdown path over the WCXB pages in MB/s with per-page
 *   p50/p95, after and before (bench/markdown.bench.test.ts). The whole WCXB development split is used when the
 *   fixture server finds it (`WCXB_DIR`, or ../shared/quality/wcxb-dev beside the checkout), else the sample in
 *   test/fixtures/wcxb.
 * - profile: where a fresh scrape's time goes, stage by stage, in workerd (bench/profile.bench.test.ts).
 * - scrape: against a real `npm start` server and the loopback fixture site, 100 of each: `GET /`, a raw fetch of the
 *   108 KB WCXB article page, its scrape on the fetch engine fresh and from the cache (p50/p95), and the goals; beside
 *   each of the server's, the CPU it used per request (workerd's main thread and V8's other threads, server-cpu.mjs).
 *   Also the fresh scrape without its stored copy (zeroDataRetention), and of a 326-byte page with and without it:
 *   what a fresh scrape costs whatever the page.
 * - browser, crawl, hostile: their own modules below (hostile: pages built to make the page path slow or fail).
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFixtureServer } from "../test/fixtures/server.mjs";
import { startServer } from "../scripts/dev-server.mjs";
import { countServerCpu } from "./server-cpu.mjs";
import { percentile } from "./stats.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv.slice(2);
const wanted = (section) => only.length === 0 || only.includes(section);

export { percentile };

export function summary(label, samples) {
  const fmt = (n) => `${n.toFixed(1)} ms`;
  console.log(
    `  ${label.padEnd(44)} p50 ${fmt(percentile(samples, 50)).padStart(9)}  ` +
      `p95 ${fmt(percentile(samples, 95)).padStart(9)}  (n=${samples.length})`,
  );
}

export async function timed(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Runs one workerd bench file and prints what it logged. */
function workerdBench(file) {
  const run = spawnSync(
    process.execPath,
    [join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--project", "bench", file],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const out = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
  const lines = out.split("\n");
  const start = lines.findIndex((l) => l.startsWith("stdout |"));
  const logged =
    start < 0
      ? []
      : lines.slice(
          start + 1,
          lines.findIndex((l, i) => i > start && l.trim() === ""),
        );
  console.log(logged.map((l) => `  ${l}`).join("\n") || out);
}

if (wanted("markdown")) {
  console.log("\n== Markdown path throughput (workerd) ==");
  workerdBench("bench/markdown.bench.test.ts");
}
if (only.includes("profile")) {
  console.log("\n== Profile of a fresh scrape (workerd) ==");
  workerdBench("bench/profile.bench.test.ts");
}

if (!["scrape", "browser", "crawl", "hostile"].some(wanted)) process.exit(0);

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
    const N = 100;
    const page = `${site.url}/wcxb/0049.html`;
    console.log(`\n== Latency through npm start, fetch engine, 108 KB article page (${server.url}) ==`);
    for (let i = 0; i < 5; i++) await scrape({ url: page, maxAge: 0 }); // warm-up
    /** N timed requests, then their summary (and for the server's requests, the server's CPU per request). */
    const measure = async (label, request, onServer = true) => {
      const cpu = countServerCpu(server.pid);
      const samples = [];
      for (let i = 0; i < N; i++) samples.push(await timed(request));
      const used = onServer ? cpu(N) : null;
      summary(label, samples);
      if (used)
        console.log(
          `  ${"".padEnd(44)} server CPU per request: main thread ${used.main.toFixed(1)} ms, V8's other threads ` +
            `${used.background.toFixed(1)} ms (± ${used.resolution.toFixed(1)})`,
        );
      return samples;
    };
    const index = await measure("GET / (the API's index)", () => fetch(`${server.url}/`).then((r) => r.text()));
    const raw = await measure(
      "raw fetch of the page (Node -> fixture)",
      () => fetch(page).then((r) => r.text()),
      false,
    );
    const fresh = await measure("POST /v2/scrape, markdown, no cache", () =>
      scrape({ url: page, maxAge: 0, storeInCache: false }),
    );
    // What a fresh scrape costs whatever the page: the same request for a 326-byte page, and both without the stored
    // copy (zeroDataRetention), whose write under npm start goes through the local R2 simulator on the same thread.
    const small = `${site.url}/about.html`;
    await measure("POST /v2/scrape, 108 KB, zeroDataRetention", () =>
      scrape({ url: page, maxAge: 0, storeInCache: false, zeroDataRetention: true }),
    );
    await measure("POST /v2/scrape, 326-byte page, no cache", () =>
      scrape({ url: small, maxAge: 0, storeInCache: false }),
    );
    await measure("POST /v2/scrape, 326 bytes, zeroDataRetention", () =>
      scrape({ url: small, maxAge: 0, storeInCache: false, zeroDataRetention: true }),
    );
    await scrape({ url: page });
    const cached = await measure("POST /v2/scrape, markdown, cache hit", () => scrape({ url: page }));
    const [r, f, c, w] = [index, fresh, cached, raw].map((samples) => percentile(samples, 50));
    const verdict = (ok) => (ok ? "met" : "not met");
    console.log(
      `  goals (p50): GET / ${r.toFixed(1)} ms ≤ 3 ms ${verdict(r <= 3)}; cache ` +
        `hit ${c.toFixed(1)} ≤ GET / + 2 = ${(r + 2).toFixed(1)} ms ${verdict(c <= r + 2)};` +
        ` fresh ${f.toFixed(1)} ≤ GET / + 4 × raw = ${(r + 4 * w).toFixed(1)} ms ${verdict(f <= r + 4 * w)}`,
    );
  }
  for (const section of ["browser", "crawl", "hostile"]) {
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
