/**
 * Throughput of the markdown path inside workerd over the WCXB pages (the whole development split when the
 * fixture server finds it, see test/fixtures/server.mjs; otherwise the sample shipped in test/fixtures/wcxb):
 * raw HTML → page tree → clean → main content → Markdown, onlyMainContent true, in MB/s of raw HTML and per-page
 * p50/p95, with the time per stage. "Before" is the previous path (HTMLRewriter passes + turndown, kept in
 * test/reference) on every BEFORE_EVERY-th page, beside the new path on the same pages, in the same run.
 * Printed by `npm run bench`; nothing is asserted but that pages convert.
 */
import { Parser } from "htmlparser2";
import { expect, it } from "vitest";
import { parseHtml } from "../src/dom/parse";
import { tokenize } from "../src/dom/tokenizer";
import type { TokenEvents } from "../src/dom/tokenizer-states";
import { cleanTree } from "../src/html/clean";
import { discoverLinks } from "../src/html/links";
import { extractMainContent } from "../src/main-content";
import { extractMetadata } from "../src/html/metadata";
import { treeToMarkdown } from "../src/markdown";
import { fixture } from "../test/helpers";
import { transformHtml } from "../test/reference/transform";
import { htmlToMarkdown as turndownMarkdown } from "../test/reference/turndown";

/**
 * How fast this machine is right now: htmlparser2's tokenizer alone, callbacks doing nothing. The bench
 * machine is shared, so MB/s figures only compare within one run; the ratio to this line travels better.
 */
function tokenizeOnly(html: string): void {
  new Parser(
    {},
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  ).end(html);
}

/** The page path's own tokenizer (src/dom/tokenizer.ts) alone, its events doing nothing. */
const ignore = () => {};
const IGNORED: TokenEvents = {
  isInForeignContext: () => false,
  ontext: ignore,
  onopentagname: ignore,
  onattribname: ignore,
  onattribdata: ignore,
  onattribend: ignore,
  onopentagend: ignore,
  onselfclosingtag: ignore,
  onclosetag: ignore,
  oncomment: ignore,
  oncdata: ignore,
  ondeclaration: ignore,
  onend: ignore,
};

/** The previous path is ~10× slower: measure it on a spread subset so the bench stays a few minutes long. */
const BEFORE_EVERY = 10;

interface Totals {
  bytes: number;
  ms: number;
  perPage: number[];
}

const newTotals = (): Totals => ({ bytes: 0, ms: 0, perPage: [] });

function add(totals: Totals, bytes: number, ms: number): void {
  totals.bytes += bytes;
  totals.ms += ms;
  totals.perPage.push(ms);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function line(label: string, totals: Totals): string {
  const rate = totals.bytes / 1e6 / (totals.ms / 1000);
  return (
    `${label.padEnd(52)} ${rate.toFixed(1).padStart(6)} MB/s   per page ` +
    `p50 ${percentile(totals.perPage, 50).toFixed(1).padStart(5)} ms` +
    (`  p95 ${percentile(totals.perPage, 95).toFixed(1).padStart(6)} ms   ` +
      `(${totals.perPage.length} pages, ${(totals.bytes / 1e6).toFixed(1)} MB)`)
  );
}

/** The new markdown path, stage by stage; returns the markdown. */
function newPath(html: string, url: string, stages: Record<string, number>): string {
  let start = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    stages[stage] = (stages[stage] ?? 0) + (now - start);
    start = now;
  };
  const document = parseHtml(html);
  lap("parse");
  const { metadata, jsonLd } = extractMetadata(document, url);
  lap("metadata + JSON-LD");
  const cleaned = cleanTree(document, { baseUrl: url });
  lap("clean");
  const { root } = extractMainContent(cleaned.body, { url, title: metadata.title, jsonLd, metadata });
  cleaned.linksAndImages(root);
  lap("main content + links/images");
  const markdown = treeToMarkdown(root);
  lap("markdown");
  return markdown;
}

it("measures the markdown path over the WCXB pages", async () => {
  const index = (await (await fetch(fixture("/wcxb/index.json?set=full"))).json()) as { set: string; ids: string[] };
  const after = newTotals();
  const subsetAfter = newTotals();
  const subsetBefore = newTotals();
  const headPasses = newTotals();
  const tokenizer = newTotals();
  const ownTokenizer = newTotals();
  const stages: Record<string, number> = {};
  const encoder = new TextEncoder();
  let converted = 0;

  for (const [position, id] of index.ids.entries()) {
    const html = await (await fetch(fixture(`/wcxb/${id}.html`))).text();
    const url = `https://example.com/wcxb/${id}`;
    const bytes = encoder.encode(html).byteLength;
    if (position === 0) newPath(html, url, {}); // warm-up
    let start = performance.now();
    const markdown = newPath(html, url, stages);
    const ms = performance.now() - start;
    add(after, bytes, ms);
    if (markdown.length > 0) converted++;

    start = performance.now();
    tokenizeOnly(html);
    add(tokenizer, bytes, performance.now() - start);

    start = performance.now();
    tokenize(html, IGNORED);
    add(ownTokenizer, bytes, performance.now() - start);

    start = performance.now();
    const document = parseHtml(html);
    extractMetadata(document, url);
    discoverLinks(document, url);
    add(headPasses, bytes, performance.now() - start);

    if (position % BEFORE_EVERY === 0) {
      add(subsetAfter, bytes, ms);
      start = performance.now();
      const cleaned = await transformHtml(html, { baseUrl: url, onlyMainContent: true });
      turndownMarkdown(cleaned.html);
      add(subsetBefore, bytes, performance.now() - start);
    }
  }

  const stageLines = Object.entries(stages).map(
    ([stage, ms]) =>
      `    ${stage.padEnd(30)} ${((ms / after.ms) * 100).toFixed(0).padStart(3)}% ` +
      ` ${(after.bytes / 1e6 / (ms / 1000)).toFixed(0).padStart(5)} MB/s`,
  );
  console.log(
    `markdown path (clean → main content → markdown), onlyMainContent true, WCXB ${index.set} set, inside workerd:\n` +
      `${line("after: page tree + our serializer, all pages", after)}\n` +
      `${stageLines.join("\n")}\n` +
      `${line(`after, every ${BEFORE_EVERY}th page`, subsetAfter)}\n` +
      `${line(`before: HTMLRewriter + turndown, every ${BEFORE_EVERY}th page`, subsetBefore)}\n` +
      `${line("(metadata + link discovery, parse included)", headPasses)}\n` +
      `${line("(machine speed: htmlparser2 tokenizer alone)", tokenizer)}\n` +
      `${line("(the page path's own tokenizer alone)", ownTokenizer)}\n` +
      `  after / tokenizer alone: ${(tokenizer.ms / after.ms).toFixed(2)}`,
  );
  expect(converted).toBeGreaterThan(index.ids.length * 0.9);
}, 3_600_000);
