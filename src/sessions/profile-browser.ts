/**
 * Moving a profile's state into and out of a browser context, through one of its pages: a session's browser is
 * seeded from its profile when it starts and, with `saveChanges`, saved back into it when it ends.
 *
 * Cookies go through CDP (`Network.setCookies` / `Network.getAllCookies` act on the page's browser context).
 * localStorage belongs to origins, and Chrome only reaches an origin's storage from a document of that origin,
 * so the page visits each origin as an empty document it answers itself (request interception), which
 * involves no network at all, and reads or writes the storage there.
 */
import type { HTTPRequest, Page } from "@cloudflare/puppeteer";
import { describeError } from "../errors";
import type { LiveBrowser } from "./live-browser";
import {
  loadProfile,
  mergeOrigins,
  storeProfile,
  unlockProfile,
  type OriginStorage,
  type ProfileCookie,
  type ProfileState,
} from "./profiles";
import type { SessionConfig } from "./types";

const EMPTY_DOCUMENT = "<!doctype html><title></title>";
const READ_LOCAL_STORAGE =
  "Object.keys(localStorage).map((name) => ({ name, value: localStorage.getItem(name) ?? '' }))";

/** Puts the profile's cookies and localStorage into the page's browser context; the page ends on about:blank. */
export async function seedProfile(page: Page, state: ProfileState): Promise<void> {
  if (state.cookies.length) {
    const cdp = await page.createCDPSession();
    try {
      await cdp.send("Network.setCookies", { cookies: state.cookies.map(cookieParam) });
    } finally {
      await cdp.detach().catch(() => {});
    }
  }
  const origins = state.origins.filter((o) => o.localStorage.length > 0);
  if (!origins.length) return;
  const items = new Map(origins.map((o) => [o.origin, o.localStorage]));
  await visitOffline(page, [...items.keys()], async (origin) => {
    const entries = JSON.stringify(items.get(origin)!.map((item) => [item.name, item.value]));
    await page.evaluate(`${entries}.forEach(([name, value]) => localStorage.setItem(name, value))`);
  });
  await page.goto("about:blank");
}

/** The context's cookies and the localStorage of `origins`, read through `page` (which is navigated away). */
export async function captureProfile(
  page: Page,
  origins: string[],
): Promise<{ cookies: ProfileCookie[]; origins: OriginStorage[] }> {
  const cdp = await page.createCDPSession();
  let cookies: ProfileCookie[];
  try {
    cookies = ((await cdp.send("Network.getAllCookies")).cookies as ProfileCookie[]).map(cookieParam);
  } finally {
    await cdp.detach().catch(() => {});
  }
  const storage: OriginStorage[] = [];
  await visitOffline(page, origins, async (origin) => {
    storage.push({ origin, localStorage: (await page.evaluate(READ_LOCAL_STORAGE)) as OriginStorage["localStorage"] });
  });
  return { cookies, origins: storage };
}

/**
 * Seeds a new session's browser with its profile (`config.profile`), when the profile has been saved before; the
 * origins whose localStorage it held, for the session to remember.
 */
export async function seedSessionProfile(env: Env, live: LiveBrowser, config: SessionConfig): Promise<string[]> {
  const state = await loadProfile(env, config.teamId, config.profile!.name);
  if (state) await withScratchPage(live, (page) => seedProfile(page, state));
  return (state?.origins ?? []).map((o) => o.origin);
}

/**
 * Saves the session's browser state into its profile (`config.profile`): the cookies, and the localStorage of the
 * `origins` its pages visited, merged with what the profile held for other origins. Then releases the profile's
 * lock, also when the browser is gone (`live` null) or saving failed (logged): the profile stays usable.
 */
export async function saveSessionProfile(
  env: Env,
  live: LiveBrowser | null,
  config: SessionConfig,
  origins: string[],
): Promise<void> {
  const profile = config.profile!;
  try {
    if (live) {
      const previous = await loadProfile(env, config.teamId, profile.name);
      const captured = await withScratchPage(live, (page) => captureProfile(page, origins));
      await storeProfile(env, config.teamId, profile.name, {
        cookies: captured.cookies,
        origins: mergeOrigins(previous?.origins ?? [], captured.origins),
      });
    }
  } catch (e) {
    console.error(`session ${config.id}: saving the profile failed: ${describeError(e)}`);
  }
  await unlockProfile(env, config.teamId, profile.name, config.id).catch(() => {});
}

/** Runs `work` on a page of its own in the session's browser, closed afterwards (the user's tab is left alone). */
export async function withScratchPage<T>(live: LiveBrowser, work: (page: Page) => Promise<T>): Promise<T> {
  const page = await live.driver.scratchPage();
  try {
    return await work(page);
  } finally {
    await page.close().catch(() => {});
  }
}

/** Web origins among `urls` (documents, frames), without duplicates. */
export function webOrigins(urls: Iterable<string>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!/^https?:/i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL
    }
  }
  return [...origins];
}

async function visitOffline(page: Page, origins: string[], visit: (origin: string) => Promise<void>): Promise<void> {
  if (!origins.length) return;
  const answer = (request: HTTPRequest) =>
    void request.respond({ status: 200, contentType: "text/html", body: EMPTY_DOCUMENT }).catch(() => {});
  await page.setRequestInterception(true);
  page.on("request", answer);
  try {
    for (const origin of origins) {
      await page.goto(`${origin}/`, { waitUntil: "domcontentloaded" });
      await visit(origin);
    }
  } finally {
    page.off("request", answer);
    await page.setRequestInterception(false).catch(() => {});
  }
}

function cookieParam(cookie: ProfileCookie): ProfileCookie {
  const { name, value, domain, path, expires, httpOnly, secure, sameSite } = cookie;
  const param: ProfileCookie = { name, value, domain, path, httpOnly, secure };
  // CDP reports session cookies with expires -1; they are set back as session cookies.
  if (expires !== undefined && expires > 0) param.expires = expires;
  if (sameSite) param.sameSite = sameSite;
  return param;
}
