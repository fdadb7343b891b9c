/**
 * Hostile pages: markup built to make the page path slow or fail (nesting deeper than browsers allow, thousands of
 * repeated document roots, openings that never close), each scraped through `npm start` at 100 KB and at 400 KB
 * with every HTML format. The time at 400 KB over the time at 100 KB says how the cost grows: about 4 when it is
 * linear, 16 when it is quadratic. Any 5xx is printed as such.
 */
import { createServer } from "node:http";

// prettier-ignore
const KINDS = [
  "<div>", "<q>", "<ul><li>", "<table><tr><td>", "<b><i>", "<blockquote>", // nesting
  "<html>", "<head>", "<body>", // repeated document roots
  "<!--", "<svg>", "<noscript>", "<script>", "<", "<script src=x.js>", // openings that never close
  "<em>word ", "<a href='/x'>word ", "<p>&word ", "<li><div>word ", // the same with text between
];
const SIZES = [100_000, 400_000];

function page(kind, size) {
  return `<html><head><title>Hostile</title></head><body>${kind.repeat(Math.ceil(size / kind.length))}</body></html>`;
}

export async function run({ server }) {
  const site = createServer((req, res) => {
    const [, index, size] = /^\/page\/(\d+)\/(\d+)$/.exec(req.url) ?? []; // anything else (a script a browser asks for)
    res.writeHead(index ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(index ? page(KINDS[Number(index)], Number(size)) : "");
  });
  await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${site.address().port}`;
  const headers = { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" };
  console.log(`\n== Hostile pages through npm start: markdown, html, links, images (ms, 100 KB / 400 KB) ==`);
  try {
    for (const [index, kind] of KINDS.entries()) {
      const cells = [];
      for (const size of SIZES) {
        const started = performance.now();
        const response = await fetch(`${server.url}/v2/scrape`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            url: `${base}/page/${index}/${size}`,
            maxAge: 0,
            storeInCache: false,
            formats: ["markdown", "html", "links", "images"],
            timeout: 120_000,
          }),
        });
        await response.arrayBuffer();
        cells.push({ ms: performance.now() - started, status: response.status });
      }
      const [small, large] = cells;
      const failed = cells.filter((cell) => cell.status !== 200).map((cell) => cell.status);
      const [first, second] = [small, large].map((cell) => cell.ms.toFixed(0).padStart(6));
      const growth = (large.ms / small.ms).toFixed(1).padStart(4);
      const statuses = failed.length ? `   status ${failed.join(", ")}` : "";
      console.log(`  ${JSON.stringify(kind).padEnd(22)} ${first} ${second}   × ${growth}${statuses}`);
    }
  } finally {
    site.close();
  }
}
