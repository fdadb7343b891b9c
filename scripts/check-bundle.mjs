#!/usr/bin/env node
/**
 * `npm run bundle:check` (last step of `npm run check`, after `wrangler deploy --dry-run --outdir .wrangler/dry-run`):
 * prints the deployable bundle's size, raw and gzipped, and the Worker's start-up CPU time, and fails past a budget.
 *
 * Start-up is measured by `wrangler check startup`: the bundle is loaded in a local workerd under the V8 profiler,
 * and the time of the profile's samples that are not idle is the CPU spent parsing and running the global scope
 * (on this machine's CPU, not Cloudflare's). The platform refuses a Worker whose start-up exceeds 1 s; the budget is
 * half of that. The size budget keeps the gzipped bundle well inside the Workers Free plan's 3 MB.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const STARTUP_BUDGET_MS = 500;
const GZIP_BUDGET_BYTES = 1.5 * 1024 * 1024;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, ".wrangler", "dry-run", "index.js");
const raw = statSync(bundle).size;
const gzipped = gzipSync(readFileSync(bundle)).length;

const dir = mkdtempSync(join(tmpdir(), "edgecrawl-startup-"));
const profilePath = join(dir, "startup.cpuprofile");
const wrangler = join(root, "node_modules", "wrangler", "bin", "wrangler.js");
const run = spawnSync(process.execPath, [wrangler, "check", "startup", "--outfile", profilePath], {
  cwd: root,
  encoding: "utf8",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
if (run.status !== 0) {
  process.stderr.write(run.stdout + run.stderr);
  rmSync(dir, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}
const profile = JSON.parse(readFileSync(profilePath, "utf8"));
rmSync(dir, { recursive: true, force: true });
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
let busyMicros = 0;
profile.samples.forEach((id, i) => {
  if (!idle.has(id)) busyMicros += profile.timeDeltas[i] ?? 0;
});
const startupMs = busyMicros / 1000;

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `bundle: ${mb(raw)}, ${mb(gzipped)} gzipped (budget ${mb(GZIP_BUDGET_BYTES)}); ` +
    `start-up: ${startupMs.toFixed(0)} ms CPU (budget ${STARTUP_BUDGET_MS} ms, the platform's limit 1,` +
    `000 ms)`,
);
if (gzipped > GZIP_BUDGET_BYTES || startupMs > STARTUP_BUDGET_MS) {
  console.error("bundle:check: over budget. Load heavy modules on first use (await import) or drop them.");
  process.exitCode = 1;
}
