#!/usr/bin/env node
/**
 * `npm run quality:readability`: the reference reader beside ours. Readability.js (Mozilla's reader view, on a
 * linkedom document) and turndown give each WCXB page's article as Markdown, scored like score.mjs (word F1,
 * precision, recall, "with", "without"), by page type. With `--versus ours.json` (an `npm run quality:offline -- --out`
 * file) it lists the pages where Readability is the more precise at the same recall: where to look for what ours keeps
 * around an article that a reader drops. Prints figures, asserts nothing.
 *
 *   node bench/quality/readability.mjs [--type article] [--every K] [--versus ours.json] [--show N]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";
import { loadPages, optionReader, pageHtml, qualityDir, wordF1 } from "./shared.mjs";

const args = process.argv.slice(2);
const opt = optionReader(args);
const shared = qualityDir();
const data = join(shared, "wcxb-dev");
const { markdownToText } = await import(pathToFileURL(join(shared, "text.mjs")).href);
const types = new Set((opt("type") ?? "article").split(","));
const pages = loadPages(data, { types, every: Number(opt("every", 1)) });
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });

const rows = [];
const started = performance.now();
for (const page of pages) {
  const html = pageHtml(data, page.id);
  let markdown = "";
  try {
    const { document } = parseHTML(html);
    const article = new Readability(document).parse();
    markdown = article?.content ? turndown.turndown(article.content) : "";
  } catch {
    // Readability gave nothing for this page: it scores as empty
  }
  const [P, R, F] = wordF1(markdownToText(markdown), page.text);
  rows.push({ id: page.id, type: page.type, url: page.url, P, R, F, empty: markdown.trim() === "" });
}
const mean = (xs, key) => xs.reduce((sum, x) => sum + x[key], 0) / (xs.length || 1);
const line = (name, xs) =>
  `${name.padEnd(14)} ${String(xs.length).padStart(5)}  F1 ${mean(xs, "F").toFixed(3)}  ` +
  `P ${mean(xs, "P").toFixed(3)}  R ${mean(xs, "R").toFixed(3)}  ` +
  `empty ${xs.filter((x) => x.empty).length}`;
console.log(
  `Readability.js + turndown, ${rows.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(line("overall", rows));
for (const type of [...new Set(rows.map((r) => r.type))])
  console.log(
    line(
      type,
      rows.filter((r) => r.type === type),
    ),
  );

const versus = opt("versus");
if (versus) {
  const ours = new Map(JSON.parse(readFileSync(versus, "utf8")).rows.map((r) => [r.id, r]));
  const both = rows.filter((r) => ours.has(r.id));
  const better = (a, b) => both.filter((r) => a(r) > b(r) + 0.01).length;
  console.log(
    `\nagainst ${versus} on ${both.length} pages: ours ${line(
      "",
      both.map((r) => ours.get(r.id)),
    ).trim()}`,
  );
  console.log(
    `F1 higher by 0.01 or more: Readability on ${better(
      (r) => r.F,
      (r) => ours.get(r.id).F,
    )} pages, ours on ${better(
      (r) => ours.get(r.id).F,
      (r) => r.F,
    )}`,
  );
  const sharper = both
    .map((r) => ({ r, o: ours.get(r.id) }))
    .filter(({ r, o }) => r.R >= o.R - 0.02 && r.P > o.P + 0.02)
    .sort((a, b) => b.r.P - b.o.P - (a.r.P - a.o.P));
  console.log(
    `Readability more precise at the same recall on ${sharper.length} pages; the widest gaps (P ours → Readability):`,
  );
  for (const { r, o } of sharper.slice(0, Number(opt("show", 15))))
    console.log(
      `  ${r.id} ${r.type.padEnd(13)} P ${o.P.toFixed(2)} → ${r.P.toFixed(2)}  ` +
        `R ${o.R.toFixed(2)} / ${r.R.toFixed(2)}  ${r.url.slice(0, 80)}`,
    );
}
