/**
 * The browser engine's request router on a real Chromium page: what the outbound policy and blockAds let out.
 * Pages are written with setContent so that Chrome's own private-network rules (which block a public page's
 * requests to loopback anyway) do not hide what the router does.
 */
import { env } from "cloudflare:workers";
import puppeteer, { type Browser, type Page } from "@cloudflare/puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RequestRouter, type RouterOptions } from "../../src/engines/browser-network";
import { fixture, fixtureRequests } from "../helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await puppeteer.launch(env.BROWSER);
});
afterAll(async () => {
  await browser?.close();
});

/** Loads `html` into a fresh page behind a router; returns each request's failure reason ("" when it loaded). */
async function load(
  html: string,
  options: Partial<RouterOptions>,
): Promise<{ page: Page; router: RequestRouter; outcomes: Map<string, string> }> {
  const page = await browser.newPage();
  const router = new RequestRouter(page, {
    policy: { allowLocalNetwork: true },
    blockAds: true,
    target: new URL(fixture("/")),
    proxy: null,
    signal: new AbortController().signal,
    ...options,
  });
  await router.install();
  const outcomes = new Map<string, string>();
  const settled = new Promise<void>((resolve) => {
    const check = () => {
      if (outcomes.size >= 2) resolve();
    };
    page.on("requestfinished", (request) => (outcomes.set(request.url(), ""), check()));
    page.on(
      "requestfailed",
      (request) => (outcomes.set(request.url(), request.failure()?.errorText ?? "failed"), check()),
    );
  });
  await page.setContent(html);
  await settled;
  return { page, router, outcomes };
}

describe("outbound policy", () => {
  it("aborts sub-resource requests to private addresses unless local networks are allowed", async () => {
    const probe = (kind: string) => fixture(`/browser/private-probe.${kind}?t=${crypto.randomUUID()}`);
    const html = (img: string, json: string) =>
      `<p>hi</p><img src="${img}"><script>fetch("${json}").catch(() => {})</script>`;

    const { total } = await fixtureRequests();
    const refused = [probe("png"), probe("json")];
    const closed = await load(html(refused[0], refused[1]), { policy: { allowLocalNetwork: false } });
    for (const url of refused) expect(closed.outcomes.get(url)).toMatch(/BLOCKED_BY_CLIENT/);
    const allowed = [probe("png"), probe("json")];
    await load(html(allowed[0], allowed[1]), { policy: { allowLocalNetwork: true } });
    const reached = (await fixtureRequests(total)).requests.map((r) => fixture(r.path));
    expect(reached).toEqual(expect.arrayContaining(allowed));
    for (const url of refused) expect(reached).not.toContain(url);
  });
});

describe("blockAds", () => {
  it("aborts requests to ad and tracker hosts before they leave the browser", async () => {
    const html =
      `<img src="http://www.google-analytics.com/collect?v=1"><script ` +
      `src="http://securepubads.g.doubleclick.net/tag/js/gpt.js"></script>`;
    const blocked = await load(html, { blockAds: true });
    expect([...blocked.outcomes.values()]).toEqual([
      "net::ERR_BLOCKED_BY_CLIENT.Inspector",
      "net::ERR_BLOCKED_BY_CLIENT.Inspector",
    ]);
    expect(blocked.router.blockedCount).toBe(2);
    // Without blockAds they go out (and fail on name resolution: this machine has no internet).
    const open = await load(html, { blockAds: false });
    for (const reason of open.outcomes.values()) expect(reason).not.toMatch(/BLOCKED_BY_CLIENT/);
    expect(open.router.blockedCount).toBe(0);
  });
});
