/**
 * Engine selection. The fetch engine is the fast path; the browser engine is used when the request needs a
 * browser (actions, a screenshot) or asks for what only a browser does well (waitFor, mobile, location,
 * profile), and automatically when the fetched HTML is evidently an app shell that renders with JavaScript.
 * A page that fails on one engine for a reason the other can fix is retried on the other: a TLS failure of
 * fetch (the browser can skip verification), a JavaScript shell, a browser that cannot be had.
 *
 * The proxy (docs/api.md, "Scrape"; its cost in docs/credits.md): "basic" goes direct; "enhanced" (and "stealth") goes
 * through PROXY_URL; "auto" goes direct and retries through the proxy when the page is blocked (403/429 or a
 * recognisable bot wall) — the document then says proxyUsed "enhanced", which bills the enhanced extra.
 */
import { ApiError, describeError } from "../errors";
import { egressPolicy } from "../net/egress";
import { parseProxyUrl, proxyFetcher } from "../net/proxy";
import type { ScrapeOptions } from "../schemas/scrape";
import type { FormatObject } from "../schemas/formats";
import { brandingNotSupported } from "../branding/format";
import { hasVisibleText, needsJavaScript, READABLE_TEXT_CHARS, readableText, visibleText } from "./app-shell";
import { renderPage, type BrowserRenderRequest } from "./browser";
import { fetchPage } from "./fetch";
import { pageKind, type FetchedPage } from "./types";

/** One try at the page, direct or through the proxy: what the browser engine needs, which is also enough for fetch. */
type Attempt = BrowserRenderRequest;

export async function runEngines(
  env: Env,
  url: string,
  options: ScrapeOptions,
  formats: FormatObject[],
  signal: AbortSignal,
  teamId?: string,
): Promise<FetchedPage> {
  const mode = options.proxy === "stealth" ? "enhanced" : options.proxy;
  const proxy = mode === "basic" ? null : parseProxyUrl(env.PROXY_URL);
  if (mode === "enhanced" && !proxy) {
    throw new ApiError(
      "SCRAPE_PROXY_NOT_CONFIGURED",
      `proxy "${options.proxy}" needs an upstream proxy and none is configured (set PROXY_URL)`,
    );
  }
  const base = {
    env,
    url,
    options,
    formats,
    signal,
    deadlineAt: Date.now() + options.timeout,
    policy: egressPolicy(env),
    teamId,
  };
  const first = await scrapeOnce({ ...base, proxy: mode === "enhanced" ? proxy : null });
  if (mode !== "auto" || !proxy || !looksBlocked(first)) return first;
  try {
    const retry = await scrapeOnce({ ...base, proxy });
    if (!looksBlocked(retry)) return retry;
    return withWarning(
      first,
      "The page looks blocked; it was retried through the enhanced proxy, which was blocked too.",
    );
  } catch (e) {
    if (signal.aborted) throw e;
    return withWarning(
      first,
      `The page looks blocked; retrying it through the enhanced proxy failed: ${describeError(e)}`,
    );
  }
}

/** Why this request wants the browser: `required` reasons cannot be met without one. */
export function browserReasons(
  options: ScrapeOptions,
  formats: FormatObject[],
): { required: string[]; preferred: string[] } {
  const required: string[] = [];
  const preferred: string[] = [];
  if (options.actions?.length) required.push("actions");
  if (formats.some((f) => f.type === "screenshot")) required.push("screenshot");
  if (formats.some((f) => f.type === "branding")) required.push("branding");
  if (options.waitFor > 0) preferred.push("waitFor");
  if (options.mobile) preferred.push("mobile");
  if (options.location) preferred.push("location");
  if (options.profile) preferred.push("profile");
  return { required, preferred };
}

async function scrapeOnce(attempt: Attempt): Promise<FetchedPage> {
  const reasons = browserReasons(attempt.options, attempt.formats);
  if (reasons.required.length === 0 && reasons.preferred.length === 0) return fetchFirst(attempt);
  try {
    return await viaBrowser(attempt);
  } catch (e) {
    const browserUnavailable = e instanceof ApiError && e.code === "SCRAPE_BROWSER_ERROR";
    if (!browserUnavailable || reasons.required.length > 0 || attempt.signal.aborted) throw e;
    const page = await viaFetch(attempt);
    return withWarning(
      page,
      `The browser engine failed (${describeError(e)}); the page was fetched ` +
        `without rendering, so ${reasons.preferred.join(", ")} had no effect.`,
    );
  }
}

async function fetchFirst(attempt: Attempt): Promise<FetchedPage> {
  let page: FetchedPage;
  try {
    page = await viaFetch(attempt);
  } catch (e) {
    if (!tlsRetryable(e, attempt)) throw e;
    try {
      return await viaBrowser(attempt);
    } catch (browserError) {
      // Report the browser's reason when it has a more precise one than "could not reach".
      throw browserError instanceof ApiError && browserError.code !== "SCRAPE_BROWSER_ERROR" ? browserError : e;
    }
  }
  if (!wantsRendering(page, attempt)) return page;
  // The fetched page is already an answer: the render gets the time that leaves room to fall back on it.
  const budget = attempt.deadlineAt - RENDER_FALLBACK_RESERVE_MS - Date.now();
  if (budget <= 0)
    return withWarning(
      page,
      "The page looks like it needs JavaScript, but there was no time left to render it; this is the page as served.",
    );
  const renderSignal = AbortSignal.any([attempt.signal, AbortSignal.timeout(budget)]);
  try {
    const rendered = await viaBrowser({
      ...attempt,
      signal: renderSignal,
      deadlineAt: attempt.deadlineAt - RENDER_FALLBACK_RESERVE_MS,
    });
    if (rendersMore(rendered, page)) return rendered;
    return withWarning(
      page,
      "The page looked like it needs JavaScript, but the rendered page " +
        "showed no more text; this is the page as served.",
    );
  } catch (e) {
    if (attempt.signal.aborted) throw e;
    const reason = renderSignal.aborted ? "it did not finish in time" : `it failed (${describeError(e)})`;
    return withWarning(
      page,
      `The page looks like it needs JavaScript, but rendering ${reason}; this is the page as served.`,
    );
  }
}

/** Time kept back from the scrape's deadline when a render is only an attempt to improve on the fetched page. */
const RENDER_FALLBACK_RESERVE_MS = 3_000;

/** Whether the browser found more to read than the fetched HTML already held (its crawler view included). */
function rendersMore(rendered: FetchedPage, fetched: FetchedPage): boolean {
  if (pageKind(rendered.contentType, rendered.body) !== "html") return true;
  return visibleText(rendered.text ?? "").length > readableText(fetched.text ?? "").length;
}

async function viaFetch(attempt: Attempt, url = attempt.url): Promise<FetchedPage> {
  return fetchPage(url, {
    headers: attempt.options.headers,
    languages: attempt.options.location?.languages,
    signal: attempt.signal,
    policy: attempt.policy,
    proxyUsed: attempt.proxy ? "enhanced" : "basic",
    fetcher: attempt.proxy ? proxyFetcher(attempt.proxy) : undefined,
  });
}

async function viaBrowser(attempt: Attempt): Promise<FetchedPage> {
  const outcome = await renderPage(attempt);
  if (outcome.kind === "page") return outcome.page;
  if (attempt.formats.some((f) => f.type === "branding"))
    throw brandingNotSupported(`${outcome.url} is a document the browser does not display (a PDF or a download)`);
  // A PDF or a download: the fetch engine gets the bytes and the pipeline picks the converter (PDF engine).
  const page = await viaFetch(attempt, outcome.url);
  return outcome.warnings.length ? withWarning(page, ...outcome.warnings) : page;
}

/**
 * Whether a fetch failure may be the certificate: workerd reports TLS failures either as such or as an opaque
 * internal error, and only the browser can be told to skip verification.
 */
function tlsRetryable(e: unknown, attempt: Attempt): boolean {
  if (!(e instanceof ApiError) || !attempt.options.skipTlsVerification || attempt.proxy || !attempt.env.BROWSER)
    return false;
  return e.code === "SCRAPE_SSL_ERROR" || (e.code === "SCRAPE_SITE_ERROR" && attempt.url.startsWith("https:"));
}

function wantsRendering(page: FetchedPage, attempt: Attempt): boolean {
  return (
    Boolean(attempt.env.BROWSER) &&
    page.statusCode >= 200 &&
    page.statusCode < 300 &&
    pageKind(page.contentType, page.body) === "html" &&
    needsJavaScript(page.text ?? "")
  );
}

function withWarning(page: FetchedPage, ...warnings: string[]): FetchedPage {
  return { ...page, warnings: [...(page.warnings ?? []), ...warnings] };
}

/** Bot-wall signatures: challenge pages of the common anti-bot services. */
const BOT_WALL_MARKERS = [
  new RegExp(
    String.raw`<title>\s*(just a moment\.\.\.|attention required! \| cloudflare|` +
      String.raw`access denied|pardon our interruption|are you a (robot|human)\??|` +
      String.raw`robot or human\??|verifying you are human|security check)\s*</title>`,
    "i",
  ),
  /cf-browser-verification|cf_chl_opt|\/cdn-cgi\/challenge-platform\//i,
  /captcha-delivery\.com|geo\.captcha-delivery/i,
  /_incapsula_resource|incapsula incident id/i,
  /px-captcha|perimeterx/i,
  /reference\s*#\s*\d+\.[0-9a-f]+\.\d+/i,
];

/** Whether the target refused the scraper rather than served the page. */
export function looksBlocked(page: FetchedPage): boolean {
  if (page.statusCode === 403 || page.statusCode === 429) return true;
  if (pageKind(page.contentType, page.body) !== "html") return false;
  const html = page.text ?? "";
  if (!BOT_WALL_MARKERS.some((marker) => marker.test(html))) return false;
  // An article that merely mentions a captcha is not a wall: walls have next to no content.
  return page.statusCode === 503 || !hasVisibleText(html, READABLE_TEXT_CHARS);
}
