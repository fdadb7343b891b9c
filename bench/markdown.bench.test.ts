/**
 * Throughput of the HTML → cleaned HTML → Markdown pipeline on a generated ~220 KB page with heavy site
 * chrome, inside workerd. Timing is logged, never asserted (shared CI machines are too noisy); the test
 * only checks that the big page is cleaned as expected.
 */
import { expect, it } from "vitest";
import { extractMetadata } from "../src/html/metadata";
import { transformHtml } from "../src/html/transform";
import { htmlToMarkdown } from "../src/markdown";

const PARAGRAPHS = 520;

function generatePage(): string {
  const menu = Array.from({ length: 250 }, (_, i) => `<li class="menu-item"><a href="/section/${i}">Section ${i}</a></li>`).join("\n      ");
  const body: string[] = [];
  for (let i = 0; i < PARAGRAPHS; i++) {
    body.push(`<p>Paragraph ${i} has <a href="/article/${i}?ref=feed&amp;pos=${i}">a link</a>, <strong>bold</strong> words,
        <code>inline_code()</code> and <em>emphasis</em>, long enough to look like a real sentence in an article.</p>`);
    if (i % 15 === 0) {
      body.push(`<h2 id="part-${i}">Part ${i}</h2>
        <ul>${Array.from({ length: 6 }, (_, j) => `<li><a href="/topic/${i}/${j}">Topic ${j}</a> with detail</li>`).join("")}</ul>`);
    }
    if (i % 30 === 0) {
      body.push(`<table><thead><tr><th>Key</th><th>Value</th><th>Link</th></tr></thead><tbody>${Array.from({ length: 8 },
        (_, j) => `<tr><td>k${j}</td><td>${i * j}</td><td><a href="/row/${i}/${j}">row</a></td></tr>`).join("")}</tbody></table>`);
      body.push(`<pre><code class="language-ts">export function f${i}(x: number) {\n  return x * ${i};\n}\n</code></pre>`);
      body.push(`<img src="/img/${i}.jpg" srcset="/img/${i}-640.jpg 640w, /img/${i}-1280.jpg 1280w" alt="Figure ${i}">`);
    }
  }
  const footer = Array.from({ length: 150 }, (_, i) => `<a href="/footer/${i}">Footer link ${i}</a>`).join("\n    ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <title>Generated page</title>
  <meta name="description" content="A generated page for throughput measurements">
  <script>${"window.analytics = window.analytics || []; ".repeat(300)}</script>
  <style>${".card { margin: 0 auto; padding: 1rem } ".repeat(250)}</style>
</head>
<body>
  <header class="site-header"><nav><ul>
      ${menu}
  </ul></nav></header>
  <div class="layout">
    <main><article><h1>Generated article</h1>
      ${body.join("\n      ")}
    </article></main>
    <aside class="sidebar"><ul>${menu}</ul></aside>
  </div>
  <footer>
    ${footer}
  </footer>
</body>
</html>`;
}

it("measures transformHtml + htmlToMarkdown throughput", async () => {
  const page = generatePage();
  const pageUrl = "https://example.com/blog/generated";
  const megabytes = new TextEncoder().encode(page).byteLength / 1e6;
  // Warm-up: the first run pays for JIT and building the turndown service.
  const warm = await transformHtml(page, { baseUrl: pageUrl, onlyMainContent: true });
  htmlToMarkdown(warm.html);

  const rounds = 5;
  const timings = { transform: 0, markdown: 0, metadata: 0, transformAll: 0, markdownAll: 0 };
  let result = warm;
  let markdown = "";
  for (let round = 0; round < rounds; round++) {
    let start = performance.now();
    result = await transformHtml(page, { baseUrl: pageUrl, onlyMainContent: true });
    timings.transform += performance.now() - start;
    start = performance.now();
    markdown = htmlToMarkdown(result.html);
    timings.markdown += performance.now() - start;
    start = performance.now();
    await extractMetadata(page, pageUrl);
    timings.metadata += performance.now() - start;
    start = performance.now();
    const everything = await transformHtml(page, { baseUrl: pageUrl, onlyMainContent: false });
    timings.transformAll += performance.now() - start;
    start = performance.now();
    htmlToMarkdown(everything.html);
    timings.markdownAll += performance.now() - start;
  }
  const perRound = (ms: number) => ms / rounds;
  const rate = (ms: number) => (megabytes / (perRound(ms) / 1000)).toFixed(1);
  console.log(
    `page ${(megabytes * 1000).toFixed(0)} KB, cleaned ${(result.html.length / 1000).toFixed(0)} KB, markdown ${(markdown.length / 1000).toFixed(0)} KB\n` +
      `onlyMainContent: transformHtml ${perRound(timings.transform).toFixed(1)} ms (${rate(timings.transform)} MB/s), ` +
      `htmlToMarkdown ${perRound(timings.markdown).toFixed(1)} ms, together ${rate(timings.transform + timings.markdown)} MB/s\n` +
      `whole page: transformHtml ${perRound(timings.transformAll).toFixed(1)} ms, htmlToMarkdown ${perRound(timings.markdownAll).toFixed(1)} ms, ` +
      `together ${rate(timings.transformAll + timings.markdownAll)} MB/s\n` +
      `extractMetadata ${perRound(timings.metadata).toFixed(1)} ms (${rate(timings.metadata)} MB/s)`,
  );

  expect(megabytes).toBeGreaterThan(0.2);
  const listLinks = Math.ceil(PARAGRAPHS / 15) * 6;
  const tableLinks = Math.ceil(PARAGRAPHS / 30) * 8;
  expect(result.links).toHaveLength(PARAGRAPHS + listLinks + tableLinks);
  expect(result.links.some((link) => link.includes("/section/"))).toBe(false);
  expect(markdown.startsWith("# Generated article\n\nParagraph 0 has [a link](https://example.com/article/0?ref=feed&pos=0)")).toBe(true);
});
