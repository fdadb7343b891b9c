#!/usr/bin/env node
/**
 * `npm run quality:latency`: the per-page time of a scrape through the real server, over the WCXB development
 * split — what a user waits for, page by page. Serves each page's HTML on loopback, then sends one
 * `POST /v2/scrape` at a time (formats markdown, onlyMainContent, maxAge 0) and prints p50, p90 and the mean of the
 * latencies, and the mean without the pages that took over a second (those that went to the browser). Prints
 * figures, asserts nothing.
 *
 *   node bench/quality/latency.mjs [--every K] [--out file.json] [--versus other.json] [--api URL --key KEY]
 *
 * Without --api it starts this checkout's server (scripts/dev-server.mjs, ALLOW_LOCAL_NETWORK on). With --api it
 * measures a server already running (started with `--var ALLOW_LOCAL_NETWORK:true`), such as an older commit's from
 * a worktree, so two versions can be timed one after the other on one machine. --out keeps each page's latency;
 * --versus reads another run's --out and prints the per-page ratio of this run to it (p10, p50, p90).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { startServer } from "../../scripts/dev-server.mjs";
import { percentile } from "../stats.mjs";
import { optionReader, qualityDir } from "./shared.mjs";

const args = process.argv.slice(2);
const opt = optionReader(args);
const data = join(qualityDir(), "wcxb-dev");
const every = Number(opt("every", 1));
/** Pages slower than this went to the browser (an app shell): the mean is printed with and without them. */
const BROWSER_MS = 1000;
const WARM_UP_PAGES = 10;

const ids = readdirSync(join(data, "ground-truth"))
  .sort()
  .map((file) => file.replace(/\.json$/, ""))
  .filter((_, i) => i % every === 0);

const pages = createServer((req, res) => {
  const id = (req.url ?? "").split("/")[1];
  try {
    const html = gunzipSync(readFileSync(join(data, "html", `${id}.html.gz`)));
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(html);
  } catch {
    res.statusCode = 404;
    res.end("not found");
  }
});
await new Promise((resolve) => pages.listen(0, "127.0.0.1", () => resolve(undefined)));
const pagePort = /** @type {import("node:net").AddressInfo} */ (pages.address()).port;

const external = opt("api");
const server = external ? null : await startServer({ vars: { ALLOW_LOCAL_NETWORK: "true" } });
const api = external ?? server.url;
const key = external ? opt("key") : server.apiKey;

/** Milliseconds of one scrape of the page, and whether it succeeded. */
async function scrape(id) {
  const start = performance.now();
  const response = await fetch(`${api}/v2/scrape`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({
      url: `http://127.0.0.1:${pagePort}/${id}/`,
      formats: ["markdown"],
      onlyMainContent: true,
      maxAge: 0,
    }),
  });
  const body = await response.json();
  return { ms: performance.now() - start, ok: body.success === true };
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
const ms = (value) => `${value.toFixed(1)} ms`;

try {
  for (const id of ids.slice(0, WARM_UP_PAGES)) await scrape(id);
  const latency = {};
  let failed = 0;
  for (const id of ids) {
    const { ms: took, ok } = await scrape(id);
    latency[id] = took;
    if (!ok) failed++;
  }
  const values = Object.values(latency);
  const quick = values.filter((value) => value <= BROWSER_MS);
  console.log(`${api}: ${values.length} pages, one at a time, ${failed} failed`);
  console.log(`  p50 ${ms(percentile(values, 50))}  p90 ${ms(percentile(values, 90))}  mean ${ms(mean(values))}`);
  console.log(`  mean without the ${values.length - quick.length} pages over ${BROWSER_MS} ms: ${ms(mean(quick))}`);
  const versus = opt("versus");
  if (versus) {
    const other = JSON.parse(readFileSync(versus, "utf8"));
    const ratios = ids.filter((id) => other[id] > 0).map((id) => latency[id] / other[id]);
    const p = (n) => percentile(ratios, n).toFixed(2);
    console.log(`  per page against ${versus} (${ratios.length} pages): p10 ${p(10)}×  p50 ${p(50)}×  p90 ${p(90)}×`);
  }
  const out = opt("out");
  if (out) writeFileSync(out, JSON.stringify(latency));
} finally {
  await server?.stop();
  pages.close();
}
