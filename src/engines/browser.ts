/**
 * The browser engine: renders the page in Browser Rendering (Chromium, through @cloudflare/puppeteer) and hands
 * the final HTML to the same pipeline as the fetch engine, so every format works on either engine.
 *
 * One scrape = one fresh browser context (no cookies or storage shared between scrapes) in a reused session
 * (browser-pool). Navigation waits for the DOM, then for the page to settle — no request in flight and no DOM
 * change for a short while, bounded — then `waitFor`, then the actions, then the capture. Documents that are
 * not pages (PDFs, downloads) are handed back to the fetch engine, and so to the PDF engine.
 */
import type { BrowserContext, BrowserContextOptions, HTTPResponse, Page } from "@cloudflare/puppeteer";
import { ApiError, describeError } from "../errors";
import type { EgressPolicy } from "../net/egress";
import { EGRESS_VERDICT_HEADER } from "../net/outbound";
import type { ProxyConfig } from "../net/proxy";
import type { ScrapeOptions } from "../schemas/scrape";
import type { FormatObject, ScreenshotFormatOptions } from "../schemas/formats";
import type { ActionResults } from "../schemas/document";
import { runActions, sleep } from "./actions";
import { REMOVE_CONSENT_POPUPS } from "./adblock";
import { saveArtifact, takeScreenshot, type ArtifactSink } from "./browser-artifacts";
import { applyEmulation, DESKTOP_VIEWPORT, MOBILE_VIEWPORT, setViewport } from "./browser-emulation";
import { isMainDocumentResponse, RequestRouter } from "./browser-network";
import { abortable, acquireBrowser } from "./browser-pool";
import { decodeBody, timeoutError } from "./fetch";
import { openScrapeProfile } from "../sessions/scrape-profile";
import { BRANDING_SCRIPT } from "../branding/collect";
import type { RawBranding } from "../branding/raw";
import { pageKind, type FetchedPage } from "./types";

/** The page counts as settled after this long without requests or DOM changes. */
const QUIET_MS = 150;
/** The longest the settle wait runs after navigation, and after an action. */
const SETTLE_MAX_MS = 5_000;
const ACTION_SETTLE_MAX_MS = 3_000;
const SETTLE_POLL_MS = 50;
/** Time kept back from the deadline for the capture itself. */
const CAPTURE_RESERVE_MS = 1_000;

/** Installed before any page script: remembers when the DOM last changed. */
const DOM_CHANGE_TRACKER = `(() => {
  const state = { last: performance.now() };
  Object.defineProperty(window, "__edgecrawlSettle", { value: state });
  new MutationObserver(() => { state.last = performance.now(); }).observe(document, { subtree: true, childList: true, \
characterData: true });
})()`;
const SETTLE_PROBE = `(() => {
  const state = window.__edgecrawlSettle;
  return [document.readyState, state ? performance.now() - state.last : 1e9];
})()`;

export interface BrowserRenderRequest {
  env: Env;
  url: string;
  options: ScrapeOptions;
  formats: FormatObject[];
  signal: AbortSignal;
  /** Epoch ms by which the scrape must be done. */
  deadlineAt: number;
  policy: EgressPolicy;
  /** Fetch documents through this proxy (proxy "enhanced"). */
  proxy: ProxyConfig | null;
  /** The team scraping (its browser profiles are used when `options.profile` is set). */
  teamId?: string;
}

/** What a render produced: the page, or the URL of a document the browser does not display (PDF, download). */
export type RenderOutcome = { kind: "page"; page: FetchedPage } | { kind: "document"; url: string; warnings: string[] };

export async function renderPage(request: BrowserRenderRequest): Promise<RenderOutcome> {
  const { signal } = request;
  const lease = await acquireBrowser(request.env, signal);
  let context: BrowserContext | undefined;
  let reusable = true;
  const onAbort = () => void lease.abandon(context?.id);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    context = await abortable(signal, lease.browser.createBrowserContext(contextOptions(request.policy)));
    const page = await abortable(signal, context.newPage());
    const { options, teamId } = request;
    const profile =
      options.profile && teamId
        ? await abortable(signal, openScrapeProfile(request.env, teamId, options.profile, page, request.deadlineAt))
        : null;
    try {
      const outcome = await abortable(signal, render(page, request));
      if (outcome.kind === "page" && profile) {
        const problem = await profile.save(page);
        if (problem) outcome.page.warnings = [...(outcome.page.warnings ?? []), problem];
      }
      return outcome;
    } finally {
      await profile?.release();
    }
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    reusable = lease.browser.connected;
    throw e instanceof ApiError ? e : new ApiError("SCRAPE_BROWSER_ERROR", `The browser failed: ${describeError(e)}`);
  } finally {
    signal.removeEventListener("abort", onAbort);
    if (!signal.aborted) {
      await context?.close().catch(() => {
        reusable = false;
      });
      await lease.release(reusable);
    }
  }
}

async function render(page: Page, request: BrowserRenderRequest): Promise<RenderOutcome> {
  const { options, signal, deadlineAt } = request;
  const warnings: string[] = [];
  const target = new URL(request.url);
  const screenshotFormat = request.formats.find((f): f is ScreenshotFormatOptions => f.type === "screenshot");
  const router = new RequestRouter(page, {
    policy: request.policy,
    blockAds: options.blockAds,
    headers: options.headers,
    target,
    proxy: request.proxy,
    signal,
  });
  const viewport = screenshotFormat?.viewport ?? (options.mobile ? MOBILE_VIEWPORT : DESKTOP_VIEWPORT);
  const cdp = await page.createCDPSession();
  await Promise.all([
    applyEmulation(page, cdp, options, viewport),
    cdp.send("Security.setIgnoreCertificateErrors", { ignore: options.skipTlsVerification }),
    page.evaluateOnNewDocument(DOM_CHANGE_TRACKER),
    router.install(),
  ]);

  let mainResponse: HTTPResponse | null;
  try {
    mainResponse = await page.goto(target.href, {
      waitUntil: "domcontentloaded",
      timeout: Math.max(1, deadlineAt - Date.now()),
    });
  } catch (e) {
    if (router.documentError) throw router.documentError;
    // Chrome aborts the navigation when the response is a download rather than a page.
    if (/net::ERR_ABORTED/.test(describeError(e))) return { kind: "document", url: target.href, warnings };
    throw navigationError(e, target);
  }
  if (!mainResponse) throw new ApiError("SCRAPE_SITE_ERROR", `The browser got no response for ${target.href}`);
  // The egress proxy refused the document after all (the name resolved differently when Chrome connected).
  if (mainResponse.headers()[EGRESS_VERDICT_HEADER])
    throw new ApiError(
      "URL_BLOCKED",
      `The egress proxy refused ${new URL(mainResponse.url()).host}: it resolves to a local address`,
    );
  if (isPdf(mainResponse)) {
    if (screenshotFormat) warnings.push("The URL is a PDF document: no screenshot was taken.");
    return { kind: "document", url: mainResponse.url(), warnings };
  }
  // Actions may navigate: the page's status and type come from its latest document.
  page.on("response", (response) => {
    if (isMainDocumentResponse(page, response)) mainResponse = response;
  });

  const settle = (maxMs: number) =>
    settlePage(page, router, Math.min(maxMs, deadlineAt - CAPTURE_RESERVE_MS - Date.now()), signal);
  await settle(SETTLE_MAX_MS);
  if (options.waitFor > 0) await sleep(options.waitFor);
  // A scrape cut off by its deadline has already answered: stop before touching the page again.
  signal.throwIfAborted();
  if (options.blockAds) await removeConsentPopups(page);

  const artifacts: ArtifactSink = { env: request.env, zeroDataRetention: options.zeroDataRetention, warnings };
  let actions: ActionResults | undefined;
  if (options.actions?.length) {
    actions = await runActions(options.actions, {
      page,
      signal,
      deadlineAt,
      mobile: options.mobile,
      artifacts,
      settle: () => settle(ACTION_SETTLE_MAX_MS),
    });
    if (options.blockAds) await removeConsentPopups(page);
    // A screenshot action may have resized the page; the final capture uses the requested viewport.
    if (options.actions.some((action) => action.type === "screenshot" && action.viewport))
      await setViewport(page, viewport, options.mobile);
  }

  signal.throwIfAborted();
  const branding = request.formats.some((f) => f.type === "branding")
    ? ((await page.evaluate(BRANDING_SCRIPT)) as RawBranding)
    : undefined;
  let screenshot: string | undefined;
  if (screenshotFormat) {
    const shot = await takeScreenshot(page, screenshotFormat);
    screenshot = await saveArtifact(artifacts, shot.bytes, shot.type);
  }

  const response = mainResponse as HTTPResponse;
  const headers = response.headers();
  const contentType = headers["content-type"] ?? "";
  const { body, text } = await capturedBody(page, response, contentType);
  const hasActionResults = actions && Object.values(actions).some((list) => list.length > 0);
  return {
    kind: "page",
    page: {
      url: page.url(),
      statusCode: response.status(),
      contentType,
      headers,
      body,
      text,
      engine: "browser",
      proxyUsed: request.proxy ? "enhanced" : "basic",
      screenshot,
      actions: hasActionResults ? actions : undefined,
      branding,
      warnings,
    },
  };
}

/**
 * A context behind the local egress proxy while local networks are closed: all of its traffic, WebSockets
 * included, then connects through the proxy. `<-loopback>` removes Chrome's implicit "never proxy loopback" rule.
 */
function contextOptions(policy: EgressPolicy): BrowserContextOptions | undefined {
  if (!policy.gateway) return undefined;
  return { proxyServer: `http://${policy.gateway.display}`, proxyBypassList: ["<-loopback>"] };
}

function isPdf(response: HTTPResponse): boolean {
  return /^application\/pdf\b/i.test(response.headers()["content-type"] ?? "");
}

/** The rendered HTML for pages; the bytes as served for JSON, text and XML documents (not Chrome's viewer). */
async function capturedBody(
  page: Page,
  response: HTTPResponse,
  contentType: string,
): Promise<{ body: Uint8Array; text: string }> {
  const mime = contentType.split(";")[0].trim().toLowerCase();
  if (mime && mime !== "text/html" && mime !== "application/xhtml+xml") {
    const served = await response.buffer().catch(() => null);
    if (served) {
      const body = new Uint8Array(served);
      return { body, text: decodeBody(body, contentType, pageKind(contentType, body)) };
    }
  }
  const text = await page.content();
  return { body: new TextEncoder().encode(text), text };
}

/** Waits until the document is loaded and, for QUIET_MS, no request was in flight and the DOM did not change. */
async function settlePage(page: Page, router: RequestRouter, maxMs: number, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  const until = started + maxMs;
  while (Date.now() < until && !signal.aborted) {
    // The probe fails while a navigation replaces the document; keep polling.
    const state = (await page.evaluate(SETTLE_PROBE).catch(() => null)) as [string, number] | null;
    // Quiet must also last QUIET_MS from now: what an action sets off (a scroll event, a fetch) starts a frame later.
    const quietSinceStart = Date.now() - started >= QUIET_MS;
    if (quietSinceStart && state && state[0] === "complete" && state[1] >= QUIET_MS && router.quietFor() >= QUIET_MS)
      return;
    await sleep(SETTLE_POLL_MS);
  }
}

async function removeConsentPopups(page: Page): Promise<void> {
  await page.evaluate(REMOVE_CONSENT_POPUPS).catch(() => {});
}

/** A Chrome navigation failure as the API's coded error. */
function navigationError(e: unknown, url: URL): ApiError {
  const message = describeError(e);
  const chromeCode = /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1];
  if ((e instanceof Error && e.name === "TimeoutError") || /Navigation timeout/i.test(message)) return timeoutError();
  if (chromeCode === "ERR_NAME_NOT_RESOLVED")
    return new ApiError("SCRAPE_DNS_RESOLUTION_ERROR", `DNS resolution failed for hostname "${url.hostname}"`);
  if (chromeCode && /^ERR_(CERT_|SSL_|BAD_SSL)/.test(chromeCode)) {
    return new ApiError(
      "SCRAPE_SSL_ERROR",
      `TLS error talking to ${url.host} (${chromeCode}); skipTlsVerification: true ignores certificate errors`,
    );
  }
  if (chromeCode === "ERR_TOO_MANY_REDIRECTS")
    return new ApiError("SCRAPE_TOO_MANY_REDIRECTS", `Too many redirects starting at ${url.href}`);
  if (chromeCode && /^ERR_(CONNECTION_|ADDRESS_UNREACHABLE|EMPTY_RESPONSE|TIMED_OUT|NETWORK_)/.test(chromeCode)) {
    return new ApiError("SCRAPE_CONNECTION_ERROR", `Could not connect to ${url.host}: ${chromeCode}`);
  }
  return new ApiError("SCRAPE_SITE_ERROR", `The browser could not load ${url.host}: ${chromeCode ?? message}`);
}
