/**
 * Interact's first call puts a fresh session on the scraped page as the scrape saw it: the same URL, the
 * caller's headers (to the target's origin only), device and location emulation, `waitFor`, and the scrape's
 * actions replayed — with the scrape engine's own pieces (request router, emulation, actions).
 */
import type { Page } from "@cloudflare/puppeteer";
import { runActions, sleep } from "../engines/actions";
import { applyEmulation, DESKTOP_VIEWPORT, MOBILE_VIEWPORT } from "../engines/browser-emulation";
import { RequestRouter } from "../engines/browser-network";
import { ApiError, describeError } from "../errors";
import { egressPolicy } from "../net/egress";
import { parseProxyUrl } from "../net/proxy";
import type { ScrapeOptions } from "../schemas/scrape";
import type { ReplayPlan } from "./types";

/** The replay as a whole gets this long (navigation, waitFor and actions). */
const REPLAY_TIMEOUT_MS = 60_000;
const SETTLE_MS = 3_000;

export async function replayScrape(env: Env, page: Page, plan: ReplayPlan): Promise<void> {
  const { options } = plan;
  const deadlineAt = Date.now() + REPLAY_TIMEOUT_MS;
  const signal = AbortSignal.timeout(REPLAY_TIMEOUT_MS);
  const proxy = options.proxy === "enhanced" || options.proxy === "stealth" ? parseProxyUrl(env.PROXY_URL) : null;
  const router = new RequestRouter(page, {
    policy: egressPolicy(env),
    blockAds: options.blockAds,
    headers: options.headers,
    target: new URL(plan.url),
    proxy,
    // The router lives as long as the page: its proxy requests are not tied to this call.
    signal: new AbortController().signal,
  });
  const cdp = await page.createCDPSession();
  await Promise.all([
    applyEmulation(page, cdp, options as ScrapeOptions, options.mobile ? MOBILE_VIEWPORT : DESKTOP_VIEWPORT),
    cdp.send("Security.setIgnoreCertificateErrors", { ignore: options.skipTlsVerification }),
    router.install(),
  ]);
  try {
    await page.goto(plan.url, { waitUntil: "load", timeout: REPLAY_TIMEOUT_MS });
  } catch (e) {
    throw (
      router.documentError ??
      new ApiError("SCRAPE_SITE_ERROR", `The session could not open ${plan.url}: ${describeError(e)}`)
    );
  }
  const settle = () => page.waitForNetworkIdle({ idleTime: 150, timeout: SETTLE_MS }).catch(() => {});
  await settle();
  if (options.waitFor > 0) await sleep(options.waitFor);
  if (options.actions?.length) {
    await runActions(options.actions, {
      page,
      signal,
      deadlineAt,
      mobile: options.mobile,
      artifacts: { env, zeroDataRetention: options.zeroDataRetention, warnings: [] },
      settle,
    });
  }
}
