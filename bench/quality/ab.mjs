#!/usr/bin/env node
/**
 * `npm run quality:ab -- <rev-a> <rev-b>`: the page path (parse → metadata → clean → extractor → Markdown) of two
 * revisions, timed in one Node process over the same WCXB pages, their rounds alternating. On a shared 2-core machine a
 * round's time swings by 15 % or more; the two revisions in one process, side by side, see the same swings, so the
 * per-round ratio and the best round of each say more than two runs of quality:latency or quality:offline made apart.
 * Each revision is checked out into a temporary git worktree (this checkout's node_modules linked in), removed after.
 * Prints figures, asserts nothing.
 *
 *   node bench/quality/ab.mjs <rev-a> <rev-b> [--rounds 12] [--every 5]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { percentile } from "../stats.mjs";
import { loadPages, optionReader, pageHtml, qualityDir } from "./shared.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const opt = optionReader(args);
const revisions = args.filter((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (revisions.length !== 2) {
  console.error("usage: node bench/quality/ab.mjs <rev-a> <rev-b> [--rounds 12] [--every 5]");
  process.exit(2);
}
const rounds = Number(opt("rounds", 12));
const data = join(qualityDir(), "wcxb-dev");
const pages = loadPages(data, { every: Number(opt("every", 5)) }).map((page) => ({
  url: page.url,
  html: pageHtml(data, page.id),
}));

const git = (...gitArgs) => execFileSync("git", ["-C", root, ...gitArgs], { encoding: "utf8" }).trim();
const worktrees = [];
try {
  const paths = [];
  for (const revision of revisions) {
    const commit = git("rev-parse", "--verify", `${revision}^{commit}`);
    const dir = mkdtempSync(join(tmpdir(), "edgecrawl-ab-"));
    git("worktree", "add", "--quiet", "--detach", dir, commit);
    worktrees.push(dir);
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    const { loadPagePath } = await import(pathToFileURL(join(dir, "bench", "quality", "shared.mjs")).href);
    paths.push({ revision, commit: commit.slice(0, 7), run: (await loadPagePath()).runPage, times: [] });
  }
  /** Milliseconds per page of one pass over every page. */
  const pass = (run) => {
    const started = performance.now();
    for (const page of pages) run(page.html, page.url);
    return (performance.now() - started) / pages.length;
  };
  for (const path of paths) pass(path.run); // warm-up, not counted
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? paths : [...paths].reverse();
    for (const path of order) path.times.push(pass(path.run));
  }
  const median = (values) => percentile(values, 50);
  const [a, b] = paths;
  console.log(`${pages.length} pages, ${rounds} rounds, A and B alternating (ms per page, whole page path)`);
  for (const [name, path] of [
    ["A", a],
    ["B", b],
  ]) {
    const shown = path.times.map((t) => t.toFixed(2)).join(" ");
    console.log(
      `${name} ${path.revision} (${path.commit}): median ${median(path.times).toFixed(3)}  best ` +
        `${Math.min(...path.times).toFixed(3)}  rounds ${shown}`,
    );
  }
  const ratios = b.times.map((t, i) => t / a.times[i]);
  console.log(
    `B / A: median of per-round ratios ${median(ratios).toFixed(3)}  best / best ` +
      `${(Math.min(...b.times) / Math.min(...a.times)).toFixed(3)}`,
  );
} finally {
  for (const dir of worktrees) git("worktree", "remove", "--force", dir);
  for (const dir of worktrees) rmSync(dir, { recursive: true, force: true });
}
