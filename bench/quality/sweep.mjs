#!/usr/bin/env node
/**
 * `npm run quality:sweep`: are the extractor's thresholds where they should be? Every numeric constant of the
 * main-content extractor (declared `const NAME = <number>;` in src/main-content/ and src/html/noscript.ts) is tried at
 * half and at twice its value (and one less and one more when it is a count of four or less) on one half of the WCXB
 * pages (every other page by id), each try a run of offline.mjs --set in a process of its own. The tries that lift
 * that half most are then run on the other half, beside the code as it is: a change worth keeping lifts both halves
 * and lowers no page type. Word F1 is printed to four places (one page's F1 moving by 0.3 moves a half's mean by
 * 0.0004). Prints figures, asserts nothing; the whole sweep takes about half an hour with two processes on this
 * 2-core machine.
 *
 *   node bench/quality/sweep.mjs [--only NAME,NAME] [--factors 0.5,2] [--confirm K] [--jobs N]
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { optionReader, qualityDir } from "./shared.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "..", "..", "src");
const opt = optionReader(process.argv.slice(2));
const factors = opt("factors", "0.5,2").split(",").map(Number);
const only = opt("only") ? new Set(opt("only").split(",")) : null;
const confirm = Number(opt("confirm", 5));
const jobs = Number(opt("jobs", 2));
const TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"];

// ------------------------------------------------------------------------------------------ the constants, and tries
const files = [
  ...readdirSync(join(src, "main-content")).map((f) => join(src, "main-content", f)),
  join(src, "html", "noscript.ts"),
].filter((f) => f.endsWith(".ts"));
const sources = files.map((file) => readFileSync(file, "utf8"));
const declared = new Map();
for (const source of sources)
  for (const [, name, value] of source.matchAll(/^(?:export )?const ([A-Z][A-Z0-9_]*) = ([0-9.]+);/gm))
    declared.set(name, declared.has(name) ? null : Number(value)); // null: declared in two files, not tried
// Bit flags, masks and shifts (a name used with a single | or &, or << and >>) encode; they are not thresholds.
const all = sources.join("\n");
const encodes = (name) =>
  new RegExp(
    `(?<![|&])[|&]=?\\s*${name}\\b|\\b${name}\\s*[|&](?![|&])|(?:<<|>>>?)\\s*${name}\\b|\\b${name}\\s*(?:<<|>>)`,
  ).test(all);
const encodings = [...declared.keys()].filter(encodes);
const tries = [];
for (const [name, value] of declared) {
  if (value === null || encodings.includes(name) || (only && !only.has(name))) continue;
  const whole = Number.isInteger(value);
  const values = factors.map((k) => (whole ? Math.round(value * k) : Number((value * k).toPrecision(4))));
  if (whole && value <= 4) values.push(value - 1, value + 1);
  for (const v of new Set(values)) if (v !== value && v >= 0) tries.push({ name, from: value, value: v });
}

// ---------------------------------------------------------------------------------------------------- the halves
const ids = readdirSync(join(qualityDir(), "wcxb-dev", "ground-truth"))
  .map((f) => f.replace(/\.json$/, ""))
  .sort();
const halves = [ids.filter((_, i) => i % 2 === 0), ids.filter((_, i) => i % 2 === 1)];

/** Mean word F1 per page type (and overall) of one offline run on `half`, with `set` applied when given. */
function run(half, set) {
  const out = join(tmpdir(), `edgecrawl-sweep-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const args = [join(here, "offline.mjs"), "--ids", half.join(","), "--out", out, "--show", "0"];
  if (set) args.push("--set", `${set.name}=${set.value}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (d) => (errors += d));
    child.once("exit", () => {
      try {
        const { rows } = JSON.parse(readFileSync(out, "utf8"));
        const mean = (xs) => xs.reduce((s, r) => s + r.F, 0) / xs.length;
        resolve({
          overall: mean(rows),
          ...Object.fromEntries(TYPES.map((t) => [t, mean(rows.filter((r) => r.type === t))])),
        });
      } catch {
        resolve({ error: errors.split("\n").find((l) => l.startsWith("Error")) ?? errors.trim().split("\n").pop() });
      } finally {
        rmSync(out, { force: true });
      }
    });
  });
}

/** Runs `work` (functions returning promises) `jobs` at a time, results in order. */
async function pool(work) {
  const results = new Array(work.length);
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const k = next++;
      results[k] = await work[k]();
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return results;
}

// ------------------------------------------------------------------------------------------------------- report
const f4 = (x) => x.toFixed(4);
const signed = (x) => `${x >= 0 ? "+" : ""}${x.toFixed(4)}`;
const columns = TYPES.map((t) => t.slice(0, 6).padStart(7)).join(" ");
const header = `${"constant".padEnd(28)} ${"value".padEnd(14)} ${"overall".padEnd(15)} ${columns}`;
const row = (label, value, scores, base) =>
  scores.error
    ? `${label.padEnd(28)} ${value.padEnd(14)} error: ${scores.error}`
    : `${label.padEnd(28)} ${value.padEnd(14)} ${f4(scores.overall)} ${signed(scores.overall - base.overall)} ` +
      TYPES.map((t) => signed(scores[t] - base[t]).padStart(7)).join(" ");

const skipped = [...declared].filter(([, v]) => v === null).map(([n]) => n);
console.log(
  `${declared.size} constants (${encodings.length} of them bit flags or shifts, left out), ` +
    `${tries.length} tries on ${halves[0].length} pages (half A)`,
);
if (skipped.length) console.log(`not tried (declared in more than one file): ${skipped.join(", ")}`);
const started = performance.now();
const [baseA, ...scoresA] = await pool([() => run(halves[0]), ...tries.map((t) => () => run(halves[0], t))]);
if (baseA.error) {
  console.error(`the code as it is does not run: ${baseA.error}`);
  process.exit(1);
}
console.log(
  `\nhalf A: the code as it is, F1 ${f4(baseA.overall)}; each try's F1 and its change, overall and by type\n${header}`,
);
const scored = tries.map((t, k) => ({ ...t, scores: scoresA[k] }));
const ranked = scored.filter((t) => !t.scores.error).sort((a, b) => b.scores.overall - a.scores.overall);
for (const t of [...scored.filter((t) => t.scores.error), ...ranked])
  console.log(row(t.name, `${t.from} → ${t.value}`, t.scores, baseA));

const best = ranked.filter((t) => t.scores.overall > baseA.overall).slice(0, confirm);
if (best.length) {
  const [baseB, ...scoresB] = await pool([() => run(halves[1]), ...best.map((t) => () => run(halves[1], t))]);
  console.log(
    `\nhalf B (the other pages): the ${best.length} best tries of half A, F1 ${f4(baseB.overall)} as it is\n${header}`,
  );
  best.forEach((t, k) => console.log(row(t.name, `${t.from} → ${t.value}`, scoresB[k], baseB)));
} else if (confirm > 0) console.log("\nno try lifts half A");
console.log(`\n${((performance.now() - started) / 60000).toFixed(1)} minutes`);
