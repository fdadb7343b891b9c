/**
 * Crawl throughput: a 1,000-page generated site on the loopback fixture (a binary tree of links), crawled
 * through `npm start` (local Queues + Durable Objects), pages per second from start to completion.
 */
export async function run({ server, site }) {
  const pages = Number(process.env.BENCH_CRAWL_PAGES || 1000);
  const headers = { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" };
  console.log(`\n== Crawl throughput, ${pages}-page generated site ==`);
  for (const maxConcurrency of [10]) {
    const started = performance.now();
    const res = await fetch(`${server.url}/v2/crawl`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        url: `${site.url}/tree/${pages}/0`,
        crawlEntireDomain: true,
        sitemap: "skip",
        limit: pages,
        maxConcurrency,
        scrapeOptions: { maxAge: 0 },
      }),
    });
    const { id } = await res.json();
    let status;
    for (;;) {
      status = await (await fetch(`${server.url}/v2/crawl/${id}?limit=1`, { headers })).json();
      if (status.status !== "scraping") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ` +
        `maxConcurrency ${String(maxConcurrency).padEnd(3)} ${status.status}: ${status.completed}/${status.total} ` +
        `pages in ${seconds.toFixed(1)} s = ${(status.completed / seconds).toFixed(1)} pages/s`,
    );
  }
}
