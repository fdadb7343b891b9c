/**
 * Where a fresh scrape's milliseconds go, step by step, inside workerd: the 108 KB WCXB article page
 * (/wcxb/0049.html on the loopback fixture site) through each stage of the fetch-engine path, timed with
 * performance.now() spans (local workerd advances the clock during CPU work, unlike production), for the
 * page path on the shared tree and for the previous passes (test/reference) in the same run. Printed by
 * `npm run bench profile`; nothing is asserted but that the page converts.
 */
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { fetchPage, decodeBody } from "../src/engines/fetch";
import { egressPolicy } from "../src/net/egress";
import { storeDocument, writeCacheIndex } from "../src/scrape/cache";
import { buildDocument } from "../src/scrape/build";
import { type ScrapeOptions } from "../src/schemas/scrape";
import { normalizeFormats } from "../src/schemas/formats";
import { call, fixture } from "../test/helpers";
import { parseHtml } from "../src/dom/parse";
import { cleanTree } from "../src/html/clean";
import { discoverLinks } from "../src/html/links";
import { extractMainContent } from "../src/main-content";
import { extractMetadata } from "../src/html/metadata";
import { treeToMarkdown } from "../src/markdown";
import { discoverLinks as discoverLinksBefore } from "../test/reference/links";
import { extractMetadata as extractMetadataBefore } from "../test/reference/metadata";
import { transformHtml } from "../test/reference/transform";
import { htmlToMarkdown as turndownMarkdown } from "../test/reference/turndown";

const ROUNDS = 30;

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

it("profiles a fresh scrape of a 108 KB article page", async () => {
  const url = fixture("/wcxb/0049.html");
  const policy = egressPolicy(env);
  const spans: Record<string, number[]> = {};
  const record = (name: string, ms: number) => (spans[name] ??= []).push(ms);
  const time = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work();
    record(name, performance.now() - start);
    return result;
  };

  let bytes = 0;
  for (let round = -3; round < ROUNDS; round++) {
    const page = await time("fetch engine (network + body + decode)", () =>
      fetchPage(url, { policy, signal: AbortSignal.timeout(10_000) }),
    );
    bytes = page.body.byteLength;
    await time("  of which: decode bytes -> string", () => decodeBody(page.body, page.contentType, "html"));
    const html = page.text ?? "";
    const document = await time("after: parse into the page tree", () => parseHtml(html));
    const { metadata, jsonLd } = await time("after: metadata + JSON-LD (tree walk)", () =>
      extractMetadata(document, page.url),
    );
    await time("after: link discovery (tree walk)", () => discoverLinks(document, page.url));
    const cleaned = await time("after: cleanTree", () => cleanTree(document, { baseUrl: page.url }));
    const root = await time("after: main content (src/main-content) + links/images", () => {
      const { root: main } = extractMainContent(cleaned.body, {
        url: page.url,
        title: metadata.title,
        jsonLd,
        metadata,
      });
      cleaned.linksAndImages(main);
      return main;
    });
    await time("after: treeToMarkdown", () => treeToMarkdown(root));
    await time("before: metadata pass (HTMLRewriter)", () => extractMetadataBefore(html, page.url));
    const before = await time("before: transform passes, onlyMainContent (HTMLRewriter x2)", () =>
      transformHtml(html, { baseUrl: page.url, onlyMainContent: true }),
    );
    await time("before: turndown of the cleaned main content (domino + turndown)", () => turndownMarkdown(before.html));
    await time("before: link discovery (HTMLRewriter)", () => discoverLinksBefore(html, page.url));
    const options = { onlyMainContent: true, formats: ["markdown"] } as unknown as ScrapeOptions;
    const built = await time("after: buildDocument (markdown, onlyMainContent, + link discovery)", () =>
      buildDocument(env, page, {
        options,
        formats: normalizeFormats(["markdown"]),
        sourceURL: url,
        scrapeId: `profile-${round}`,
        discoverLinks: true,
      }),
    );
    await time("storage: R2 document + KV cache index", async () => {
      await storeDocument(env, built.document, "profile", built.discoveredLinks);
      await writeCacheIndex(env, `profile-${round}`, built.document, Date.now());
    });
    await time("raw fetch (fetch + text)", () => fetch(url).then((r) => r.text()));
    await time("POST /v2/scrape maxAge 0 (whole request)", () =>
      call("POST", "/v2/scrape", { url, maxAge: 0 }).then((r) => r.text()),
    );
    if (round < 0) for (const key of Object.keys(spans)) spans[key] = [];
  }
  // The local clock ticks in whole milliseconds: the mean over the rounds resolves what the median cannot.
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const lines = Object.entries(spans).map(
    ([name, values]) =>
      `${name.padEnd(62)} p50 ${p50(values).toFixed(0).padStart(4)} ms  mean ${mean(values).toFixed(1).padStart(6)} ms`,
  );
  console.log(
    `profile of a fresh scrape, ${(bytes / 1000).toFixed(0)} KB page, ${ROUNDS} rounds (workerd)\n${lines.join("\n")}`,
  );
  expect(bytes).toBeGreaterThan(100_000);
});
