/**
 * Drill, part 3: bursts. `waves` × `size` POST /v2/scrape of distinct pages, each wave fired at once and the next
 * one right after; counts every non-200 answer and reports latency percentiles.
 */
import { percentile } from "../../bench/stats.mjs";

export async function runBurst({ url, apiKey, pageUrl, waves = 5, size = 200, log = console.log }) {
  const auth = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  const statuses = {};
  const latencies = [];
  const samples = [];
  let n = 0;
  const started = Date.now();
  for (let wave = 0; wave < waves; wave++) {
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: size }, async () => {
        const i = n++;
        const t = performance.now();
        let status;
        let text = "";
        try {
          const response = await fetch(`${url}/v2/scrape`, {
            method: "POST",
            headers: auth,
            body: JSON.stringify({ url: pageUrl(i) }),
            signal: AbortSignal.timeout(120_000),
          });
          status = response.status;
          text = await response.text();
        } catch (e) {
          status = `ERR ${e.cause?.code ?? e.name}`;
        }
        latencies.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 200 && samples.length < 5) samples.push(`${status} ${text.slice(0, 140)}`);
      }),
    );
    log(`  wave ${wave + 1}/${waves}: ${((Date.now() - t0) / 1000).toFixed(1)} s, so far ${JSON.stringify(statuses)}`);
  }
  const seconds = (Date.now() - started) / 1000;
  const errors = Object.entries(statuses)
    .filter(([s]) => s !== "200")
    .reduce((sum, [, c]) => sum + c, 0);
  for (const s of samples) log(`    e.g. ${s}`);
  return {
    total: n,
    errors,
    statuses,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: n / seconds,
  };
}
