#!/usr/bin/env node
/**
 * Offline main-content quality on the WCXB development split, without a server: every page goes through the
 * project's own parse → clean → extractMainContent → markdown path in Node (page-path.ts, bundled here
 * with esbuild) and is scored with the same measures as ../shared/quality/score.mjs (word F1 / precision / recall
 * averaged over pages, "with" / "without" snippet rates), overall and per page type. Prints the extractor's cost
 * in ms per MB of input HTML, the emptiest and worst pages, and optionally a per-page JSON to diff two versions.
 *
 *   node bench/quality/offline.mjs [--data DIR] [--type forum,product] [--every K] [--ids 0001,0002]
 *        [--out file.json] [--diff old.json] [--show N] [--dump DIR] [--quick] [--versus-selector] [--set NAME=VALUE]
 *
 * --diff compares per page with an earlier --out file (or the server baseline's JSON, same shape) and lists the
 * pages that moved most. --dump writes each page's markdown to DIR/<id>.md for reading. --quick scores a plain-text
 * rendering of the picked tree instead of the markdown: for fast loops, not for figures to report.
 * --set NAME=VALUE runs the page path with one numeric constant of src/ changed (sweep.mjs tries thresholds so).
 * --repeat N times the extractor N times per page (fresh parse each time) and counts the fastest run.
 * Per-page time of the whole path (parse → markdown) is printed as mean, p50 and p95; --versus-selector also times
 * each page through the previous onlyMainContent (selector lists), alternating with the extractor path, and prints
 * the extractor path's per-page cost against it. Its figure from the scoring pass is noisy (the scoring's own garbage
 * is collected inside either path's time), so --rounds N (default 3) adds N timing-only passes over the same pages,
 * each alternating which path goes first (by page and by pass), and prints every pass's figure and their median.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { scorerLimits } from "./scorer-limits.mjs";
import { loadPagePath, loadPages, optionReader, pageHtml, qualityDir, wordF1 } from "./shared.mjs";

const args = process.argv.slice(2);
const opt = optionReader(args);

const shared = qualityDir();
const data = opt("data", join(shared, "wcxb-dev"));
const { markdownToText } = await import(pathToFileURL(join(shared, "text.mjs")).href);

const setting = opt("set")?.match(/^([A-Z][A-Z0-9_]*)=([0-9.]+)$/);
if (opt("set") !== undefined && !setting) throw new Error(`--set takes NAME=NUMBER, not ${opt("set")}`);
const { runPage, runSelectorPage } = await loadPagePath({
  set: setting ? { name: setting[1], value: setting[2] } : undefined,
});

// ------------------------------------------------------------------------------------------------ ground truth
const types = opt("type") ? new Set(opt("type").split(",")) : null;
const onlyIds = opt("ids") ? new Set(opt("ids").split(",")) : null;
const every = Number(opt("every", 1));
const pages = loadPages(data, { types, onlyIds, every });

// ------------------------------------------------------------------------------- the benchmark's own measures
// As ../shared/quality/score.mjs matches snippets: case-blind, with typographic quotes, dashes, no-break spaces and
// runs of whitespace folded on both sides.
const fold = (s) =>
  s
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
const snippets = (text, list) => {
  if (!list.length) return 1;
  const t = fold(text);
  return list.filter((s) => t.includes(fold(s))).length / list.length;
};

// --------------------------------------------------------------------------------------------------------- run
const dump = opt("dump");
const quick = args.includes("--quick");
const repeat = Number(opt("repeat", 1));
const versusSelector = args.includes("--versus-selector");
const rounds = Number(opt("rounds", 3));
const limits = args.includes("--scorer-limits");
const markdowns = [];
if (dump) mkdirSync(dump, { recursive: true });
const rows = [];
let htmlBytes = 0,
  parseMs = 0,
  extractMs = 0,
  markdownMs = 0;
const started = performance.now();
for (const page of pages) {
  const html = pageHtml(data, page.id);
  let markdown = "",
    warnings = [],
    err = "",
    ms = 0,
    selectorMs = 0;
  try {
    // Alternating which path runs first keeps warm-up and load from favouring one of them.
    if (versusSelector && rows.length % 2 === 0) selectorMs = runSelectorPage(html, page.url);
    const result = runPage(html, page.url, quick);
    if (versusSelector && rows.length % 2 === 1) selectorMs = runSelectorPage(html, page.url);
    ms = result.parseMs + result.extractMs + result.markdownMs;
    ({ markdown, warnings } = result);
    parseMs += result.parseMs;
    // With --repeat N the extractor's time is the best of N runs on fresh trees (the machine is shared and noisy).
    let best = result.extractMs;
    for (let k = 1; k < repeat; k++) best = Math.min(best, runPage(html, page.url, true).extractMs);
    extractMs += best;
    markdownMs += result.markdownMs;
    htmlBytes += Buffer.byteLength(html);
  } catch (e) {
    err = String(e?.stack ?? e).slice(0, 300);
  }
  if (dump) writeFileSync(join(dump, `${page.id}.md`), markdown);
  if (limits) markdowns.push(markdown);
  const text = markdownToText(markdown);
  const [P, R, F] = wordF1(text, page.text);
  rows.push({
    id: page.id,
    type: page.type,
    url: page.url,
    P,
    R,
    F,
    with: snippets(text, page.with),
    without: snippets(text, page.without),
    empty: text.trim() === "",
    warnings,
    err,
    ms,
    selectorMs,
  });
}
const seconds = (performance.now() - started) / 1000;

// ------------------------------------------------------------------------------------------------------ report
const mean = (xs, k) => xs.reduce((s, x) => s + x[k], 0) / (xs.length || 1);
const line = (name, xs) =>
  `${name.padEnd(14)} ${String(xs.length).padStart(5)}  F1 ${mean(xs, "F").toFixed(3)}  ` +
  `P ${mean(xs, "P").toFixed(3)}  R ${mean(xs, "R").toFixed(3)}  ` +
  `with ${(100 * mean(xs, "with")).toFixed(1)}%  without ${(100 * mean(xs, "without")).toFixed(1)}%  ` +
  `empty ${xs.filter((r) => r.empty).length}`;
const mb = htmlBytes / 1e6;
console.log(
  `${rows.length} pages, ${mb.toFixed(1)} MB of HTML ` +
    `in ${seconds.toFixed(1)} s; ${rows.filter((r) => r.err).length} ` +
    `errors`,
);
console.log(
  `extractor ${(extractMs / mb).toFixed(2)} ms/MB ` +
    `(parse+metadata+clean ${(parseMs / mb).toFixed(2)} ms/MB, ` +
    `markdown ${(markdownMs / mb).toFixed(2)} ms/MB)`,
);
const percentile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const timing = (xs) =>
  `mean ${(xs.reduce((a, b) => a + b, 0) / (xs.length || 1)).toFixed(2)} ms, ` +
  `p50 ${percentile(xs, 0.5).toFixed(2)} ms, p95 ${percentile(xs, 0.95).toFixed(2)} ms`;
const timed = rows.filter((r) => !r.err);
console.log(`per page, whole path (parse → markdown): ${timing(timed.map((r) => r.ms))}`);
if (versusSelector) {
  const selectorTotal = timed.reduce((a, r) => a + r.selectorMs, 0);
  const extractorTotal = timed.reduce((a, r) => a + r.ms, 0);
  const percent = (a, b) => `${a >= b ? "+" : ""}${((100 * (a - b)) / (b || 1)).toFixed(1)}%`;
  console.log(
    `per page, same path with the selector-list main ` +
      `content: ${timing(timed.map((r) => r.selectorMs))}; extractor ` +
      `path ${percent(extractorTotal, selectorTotal)} per page`,
  );
  const figures = [];
  for (let round = 0; round < rounds; round++) {
    let extractor = 0,
      selector = 0;
    timed.forEach((row, k) => {
      const html = pageHtml(data, row.id);
      const extractorFirst = (k + round) % 2 === 0;
      if (!extractorFirst) selector += runSelectorPage(html, row.url);
      const result = runPage(html, row.url, false);
      extractor += result.parseMs + result.extractMs + result.markdownMs;
      if (extractorFirst) selector += runSelectorPage(html, row.url);
    });
    figures.push({ extractor, selector, ratio: extractor / (selector || 1) });
  }
  if (figures.length) {
    const sorted = [...figures].sort((a, b) => a.ratio - b.ratio);
    const median = sorted[Math.floor(sorted.length / 2)];
    const each = figures.map((f) => percent(f.extractor, f.selector)).join(", ");
    console.log(
      `timing-only passes (${rounds}): extractor path ${each}; ` +
        `median ${percent(median.extractor, median.selector)} ` +
        `(${(median.extractor / timed.length).toFixed(2)} ms ` +
        `against ${(median.selector / timed.length).toFixed(2)} ms per page)`,
    );
  }
}
console.log(line("overall", rows));
for (const t of ["article", "forum", "product", "collection", "listing", "documentation", "service"]) {
  const xs = rows.filter((r) => r.type === t);
  if (xs.length) console.log(line(t, xs));
}
if (limits) console.log(`\n${scorerLimits({ rows, pages, markdowns, markdownToText, wordF1 })}`);
const show = Number(opt("show", 15));
if (show > 0) {
  console.log(`\nworst pages (F1 P R id type url warnings):`);
  for (const r of [...rows].sort((a, b) => a.F - b.F).slice(0, show)) {
    console.log(
      ` ` +
        (` ${r.F.toFixed(2)} ${r.P.toFixed(2)} ${r.R.toFixed(2)} ${r.id} ` +
          `${r.type.padEnd(13)} ${r.url.slice(0, 80)}` +
          `${r.warnings.length ? "  [" + r.warnings.join(" | ").slice(0, 80) + "]" : ""}` +
          `${r.err ? "  ERROR " + r.err : ""}`),
    );
  }
}
const diffFile = opt("diff");
if (diffFile) {
  const before = new Map(JSON.parse(readFileSync(diffFile, "utf8")).rows.map((r) => [r.id, r]));
  const moved = rows.filter((r) => before.has(r.id)).map((r) => ({ ...r, delta: r.F - before.get(r.id).F }));
  const common = moved.map((r) => before.get(r.id));
  console.log(`\nagainst ${diffFile} on the same ${moved.length} pages:`);
  console.log(line("before", common));
  console.log(line("now", moved));
  moved.sort((a, b) => a.delta - b.delta);
  console.log("worse:");
  for (const r of moved.slice(0, 25).filter((r) => r.delta < -0.02))
    console.log(`  ${r.delta.toFixed(2)} → ${r.F.toFixed(2)} ${r.id} ${r.type.padEnd(13)} ${r.url.slice(0, 80)}`);
  console.log("better:");
  for (const r of moved
    .slice(-25)
    .reverse()
    .filter((r) => r.delta > 0.02))
    console.log(`  +${r.delta.toFixed(2)} → ${r.F.toFixed(2)} ${r.id} ${r.type.padEnd(13)} ${r.url.slice(0, 80)}`);
}
if (opt("out")) writeFileSync(opt("out"), JSON.stringify({ when: new Date().toISOString(), seconds, rows }, null, 1));
