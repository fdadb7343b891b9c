/**
 * `npm run bench` section "browser": rendered-scrape latency on the browser engine against `npm start` (the
 * local Chromium behind miniflare's Browser Rendering) and the loopback fixture site.
 * Cold = the server's first rendered scrape, which launches a browser session; warm = later scrapes, which
 * reconnect to the kept session. Numbers only, nothing asserted.
 */
const WARM_SAMPLES = 20;

export async function run({ server, site, scrape, summary, timed }) {
  console.log(`\n== Rendered scrape latency, browser engine (${server.url}) ==`);
  const page = (path) => `${site.url}${path}${path.includes("?") ? "&" : "?"}n=${Math.random().toString(36).slice(2)}`;
  // `location` alone sends a page to the browser without adding any wait of its own.
  const rendered = (url, extra = {}) =>
    scrape({ url, maxAge: 0, storeInCache: false, location: { country: "US" }, ...extra });

  const cold = await timed(() => rendered(page("/article.html")));
  summary("cold: first render (launches a browser)", [cold]);

  const cases = [
    ["warm: article (11 KB), markdown", () => rendered(page("/article.html"))],
    ["warm: generated page (100 KB), markdown", () => rendered(page("/generated?bytes=100000"))],
    [
      "warm: script-built page, detected from fetch",
      () => scrape({ url: page("/browser/js-shell.html"), maxAge: 0, storeInCache: false }),
    ],
    [
      "warm: article + viewport screenshot (R2)",
      () => rendered(page("/article.html"), { formats: ["markdown", "screenshot"] }),
    ],
    [
      "warm: form, click + write + press actions",
      () =>
        scrape({
          url: page("/browser/form.html"),
          actions: [
            { type: "click", selector: "#name" },
            { type: "write", text: "Ada" },
            { type: "press", key: "Enter" },
          ],
        }),
    ],
  ];
  for (const [label, call] of cases) {
    await call(); // warm-up for this page
    const samples = [];
    for (let i = 0; i < WARM_SAMPLES; i++) samples.push(await timed(call));
    summary(label, samples);
  }
  const fetchOnly = [];
  for (let i = 0; i < WARM_SAMPLES; i++)
    fetchOnly.push(await timed(() => scrape({ url: page("/article.html"), maxAge: 0, storeInCache: false })));
  summary("same article on the fetch engine, for scale", fetchOnly);
}
