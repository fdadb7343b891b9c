#!/usr/bin/env node
/**
 * `npm run quality:container -- <dir> <selector>`: main-content quality on pages outside the benchmark, where a
 * site's own markup says where its content is (rustdoc's `#main-content`, mdBook's `main`, Node's API docs'
 * `#apicontent`). Every .html file under <dir> goes through the server's page path (page-path.ts, as
 * quality:offline runs it), and its onlyMainContent Markdown is scored with the benchmark's word F1 against the text
 * of that element. The container is a stand-in for ground truth, not ground truth: it also holds what a reader
 * would not keep (a "Copy" button, a list of tests in a closed popup), so recall below 1 is expected; what to look
 * for are the pages far below the rest. Prints figures, asserts nothing.
 *
 *   node bench/quality/container.mjs <dir> <selector> [--exclude selector] [--every K] [--show N]
 *
 * --exclude leaves elements inside the container out of the reference (DocBook's `.navheader,.navfooter`). The
 * Markdown is read as ../shared/quality/text.mjs reads it, with code kept verbatim (its `<…>` stripping would
 * otherwise eat code: scorer-limits.mjs).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { textWithCodeVerbatim } from "./scorer-limits.mjs";
import { loadPagePath, optionReader, qualityDir, wordF1 } from "./shared.mjs";

const args = process.argv.slice(2);
const opt = optionReader(args);
const [dir, selector] = args;
if (!dir || !selector || dir.startsWith("--")) {
  console.error("usage: node bench/quality/container.mjs <dir> <selector> [--exclude selector] [--every K] [--show N]");
  process.exit(2);
}
const every = Number(opt("every", 1));
const show = Number(opt("show", 10));
/** References shorter than this (a redirect stub, an empty index) say too little to score against. */
const MIN_REFERENCE_WORDS = 30;

const { markdownToText } = await import(pathToFileURL(join(qualityDir(), "text.mjs")).href);
const { runPage, containerText } = await loadPagePath();

const files = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".html"))
  .sort()
  .filter((_, i) => i % every === 0);
const rows = [];
let unmatched = 0;
for (const file of files) {
  const html = readFileSync(join(dir, file), "utf8");
  const reference = containerText(html, selector, opt("exclude"));
  if (reference === null) {
    unmatched++;
    continue;
  }
  if (reference.split(" ").length < MIN_REFERENCE_WORDS) continue;
  const { markdown, warnings } = runPage(html, `https://docs.example.test/${file}`);
  const [P, R, F] = wordF1(textWithCodeVerbatim(markdown, markdownToText), reference);
  rows.push({ file, P, R, F, warned: warnings.length > 0 });
}
const mean = (key) => (rows.reduce((sum, row) => sum + row[key], 0) / (rows.length || 1)).toFixed(3);
console.log(
  `${dir} (${selector}): ${rows.length} pages scored, ${unmatched} without the ` +
    `container, ${files.length - rows.length - unmatched} too short`,
);
console.log(
  `  F1 ${mean("F")}  P ${mean("P")}  R ${mean("R")}  with a warning ${rows.filter((row) => row.warned).length}`,
);
if (show > 0) console.log("  lowest F1 (F1 P R file):");
for (const row of rows.sort((a, b) => a.F - b.F).slice(0, show))
  console.log(`    ${row.F.toFixed(2)} ${row.P.toFixed(2)} ${row.R.toFixed(2)}  ${row.file}`);
