/**
 * The jobs drill's crawls, through the API: the /tree site they crawl, the two teams' keys, starting crawls at once,
 * waiting for them and reading back what each produced, and `GET /` timed while they run (scripts/drill/jobs.mjs).
 */
import { percentile } from "../../bench/stats.mjs";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The drill's site: the fixture server's /tree pages, with a robots.txt and a sitemap listing all of them. */
export function treeSiteRoutes(pages = 300) {
  return {
    "/robots.txt": ({ send, url }) =>
      send(200, "text/plain", `User-agent: *\nAllow: /\nSitemap: ${url.origin}/sitemap.xml\n`),
    "/sitemap.xml": ({ send, url }) => {
      const entries = Array.from(
        { length: pages },
        (_, i) => `<url><loc>${url.origin}/tree/${pages}/${i}</loc></url>`,
      ).join("");
      send(
        200,
        "application/xml",
        `<?xml version="1.0" encoding="UTF-8"?><urlset ` +
          `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`,
      );
    },
  };
}

/** Two teams' keys for the drill's server (API_KEYS entries `team:key`). */
export const DRILL_KEYS = { "drill-a": "ec-drill-team-a", "drill-b": "ec-drill-team-b" };
export const drillApiKeys = () =>
  Object.entries(DRILL_KEYS)
    .map(([team, key]) => `${team}:${key}`)
    .join(",");

export async function call(url, key, method, path, body, timeoutMs = 30_000) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/**
 * Times `GET /` every `everyMs` until stopped; a request without an answer within 5 s counts as 5,000 ms and a miss.
 */
export function probeFront(url, everyMs = 100) {
  const latencies = [];
  const at = [];
  const started = Date.now();
  let misses = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        if (!response.ok) misses++;
      } catch {
        misses++;
      }
      latencies.push(performance.now() - t);
      at.push(Date.now() - started);
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return {
        requests: latencies.length,
        misses,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(0, ...latencies),
        series: latencies.map((ms, i) => [at[i], Math.round(ms)]),
      };
    },
  };
}

/** How `GET /` answered during a round, and workerd's peak RSS, as the drill prints them. */
export const frontText = (front, peakMb) =>
  `GET / p50 ${front.p50.toFixed(1)} ms, p99 ${front.p99.toFixed(1)} ms, max ${front.max.toFixed(0)} ms, ` +
  `${front.misses} unanswered of ${front.requests}; workerd peak ${peakMb} MB`;

/** Every document of a finished crawl, following `next`. */
async function crawlDocuments(url, key, id) {
  const docs = [];
  let path = `/v2/crawl/${id}`;
  for (let i = 0; path && i < 100; i++) {
    const page = await call(url, key, "GET", path);
    docs.push(...(page.body.data ?? []));
    path = page.body.next ? new URL(page.body.next).pathname + new URL(page.body.next).search : null;
  }
  return docs;
}

/**
 * Starts `perTeam` crawls for each team in `teams` at once. Resolves with the job ids (and the team key each
 * belongs to); a start that fails is recorded as an error.
 */
export async function startCrawls({ url, site, teams, perTeam, limit = 50, tag = "" }) {
  const starts = teams.flatMap((team) =>
    Array.from({ length: perTeam }, (_, i) => ({
      team,
      key: DRILL_KEYS[team],
      start: `${site}/tree/300/0?c=${team}-${i}${tag}`,
    })),
  );
  return Promise.all(
    starts.map(async (s) => {
      const body = {
        url: s.start,
        limit,
        sitemap: "include",
        crawlEntireDomain: true,
        scrapeOptions: { formats: ["markdown"], maxAge: 0 },
      };
      const answer = await call(url, s.key, "POST", "/v2/crawl", body).catch((e) => ({
        status: `ERR ${e.name}`,
        body: {},
      }));
      return { ...s, id: answer.body?.id ?? null, startStatus: answer.status };
    }),
  );
}

/**
 * Polls the crawls until all have ended or `timeoutMs` passed, then reads each one's documents. A crawl is
 * counted good when it completed with `limit` distinct source URLs and no error recorded.
 */
export async function awaitCrawls({ url, jobs, limit = 50, timeoutMs = 300_000, onEnded = () => {} }) {
  const deadline = Date.now() + timeoutMs;
  const states = new Map();
  while (Date.now() < deadline) {
    await Promise.all(
      jobs
        .filter((j) => j.id && !["completed", "failed", "cancelled"].includes(states.get(j.id)))
        .map(async (j) => {
          const s = await call(url, j.key, "GET", `/v2/crawl/${j.id}?limit=1`, undefined, 10_000).catch(() => null);
          if (s?.body?.status) states.set(j.id, s.body.status);
        }),
    );
    if (jobs.every((j) => !j.id || ["completed", "failed", "cancelled"].includes(states.get(j.id)))) break;
    await sleep(500);
  }
  await onEnded();
  const rows = [];
  for (const j of jobs) {
    if (!j.id) {
      rows.push({ ...j, status: `start ${j.startStatus}`, documents: 0, distinct: 0, errors: 0 });
      continue;
    }
    const docs = await crawlDocuments(url, j.key, j.id).catch(() => []);
    const errors = await call(url, j.key, "GET", `/v2/crawl/${j.id}/errors`).catch(() => ({ body: {} }));
    const distinct = new Set(docs.map((d) => d.metadata?.sourceURL)).size;
    const firstError = errors.body?.errors?.[0];
    rows.push({
      ...j,
      status: states.get(j.id) ?? "unknown",
      documents: docs.length,
      distinct,
      errors: errors.body?.errors?.length ?? 0,
      firstError,
    });
  }
  const good = rows.filter((r) => isGood(r, limit)).length;
  return { rows, good, total: rows.length };
}

/** A crawl counts good when it completed with `limit` distinct documents and no error. */
export const isGood = (row, limit) =>
  row.status === "completed" && row.documents === limit && row.distinct === limit && row.errors === 0;

export function logBad(rows, limit, log) {
  for (const r of rows.filter((row) => !isGood(row, limit)).slice(0, 5)) {
    log(
      `    not good: ${r.team} ${r.id} ${r.status} documents ${r.documents} distinct ${r.distinct} ` +
        `errors ${r.errors}${r.firstError ? ` (${JSON.stringify(r.firstError).slice(0, 200)})` : ""}`,
    );
  }
}

/** Waits until the crawls have scraped `pages` pages between them (or `timeoutMs` passed); returns that count. */
export async function crawledSoFar({ url, jobs, pages, timeoutMs = 60_000 }) {
  const deadline = Date.now() + timeoutMs;
  let done = 0;
  while (Date.now() < deadline) {
    const counts = await Promise.all(
      jobs.map(
        async (j) =>
          (await call(url, j.key, "GET", `/v2/crawl/${j.id}?limit=1`).catch(() => null))?.body?.completed ?? 0,
      ),
    );
    done = counts.reduce((a, b) => a + b, 0);
    if (done >= pages) break;
    await sleep(100);
  }
  return done;
}
