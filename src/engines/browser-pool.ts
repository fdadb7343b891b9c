/**
 * Browser Rendering sessions, reused rather than launched per scrape.
 *
 * Starting a browser is the expensive part of a rendered scrape (seconds, and launches are rate-limited), so
 * sessions are launched with a keep-alive and kept open between scrapes. A Worker cannot hold a connection
 * across requests (I/O objects belong to the request that made them), so each scrape reconnects to an idle
 * session by id and disconnects when done; only session ids live in this isolate's memory. At most
 * BROWSER_CONCURRENCY sessions are in use at once per isolate — later scrapes wait for one, within their own
 * deadline.
 *
 * Only sessions this isolate launched are reused: `sessions()` lists every session of the account, including
 * the remote browser sessions users hold, which must never be borrowed.
 *
 * A scrape that is cut off (its deadline fired, its request ended) gives its slot back at once; its session is
 * reused once disconnected, and the browser context the scrape left open is closed by whoever reconnects to it
 * next.
 */
import puppeteer, { type Browser } from "@cloudflare/puppeteer";
import { ApiError, describeError } from "../errors";

/**
 * How long an idle session stays up. Idle browser time is billed, and relaunching costs a second or two: a few
 * minutes keeps a steady stream of scrapes (a crawl) on warm sessions without paying much after the last one.
 */
const KEEP_ALIVE_MS = 180_000;
const DEFAULT_CONCURRENCY = 2;

export interface BrowserLease {
  browser: Browser;
  sessionId: string;
  /** Give the session back: `reusable` false closes it (it misbehaved). Idempotent. */
  release(reusable: boolean): Promise<void>;
  /**
   * The scrape was cut off with `contextId` still open: free the slot now; the session becomes idle again once
   * disconnected (the returned promise), and the context is closed on the next reconnect.
   */
  abandon(contextId: string | undefined): Promise<void>;
}

/** One of the BROWSER_CONCURRENCY places; a lease holds one until it is released or abandoned. */
type Slot = object;

const idleSessions: string[] = [];
const slots = new Set<Slot>();
const waiting: (() => void)[] = [];
/** Browser contexts a cut-off scrape left open, by session id. */
const orphanedContexts = new Map<string, string[]>();

export function browserConcurrency(env: Env): number {
  const configured = Number(env.BROWSER_CONCURRENCY);
  return Number.isFinite(configured) && configured >= 1 ? Math.floor(configured) : DEFAULT_CONCURRENCY;
}

/** A connected browser for one scrape; waits for a free slot while `signal` allows. */
export async function acquireBrowser(env: Env, signal: AbortSignal): Promise<BrowserLease> {
  if (!env.BROWSER)
    throw new ApiError("SCRAPE_BROWSER_ERROR", "Browser Rendering is not configured (no BROWSER binding)");
  const slot = await takeSlot(browserConcurrency(env), signal);
  const connecting = connectToSession(env);
  try {
    const { browser, sessionId } = await abortable(signal, connecting);
    await closeOrphanedContexts(browser, sessionId);
    return makeLease(env, slot, browser, sessionId);
  } catch (e) {
    freeSlot(slot);
    // A connection that arrives after the deadline is nobody's: let it go.
    if (signal.aborted)
      connecting
        .then(
          ({ browser }) => browser.disconnect(),
          () => {},
        )
        .catch(() => {});
    if (e instanceof ApiError || signal.aborted) throw e;
    throw new ApiError("SCRAPE_BROWSER_ERROR", `Could not get a browser from Browser Rendering: ${describeError(e)}`);
  }
}

function makeLease(env: Env, slot: Slot, browser: Browser, sessionId: string): BrowserLease {
  let done = false;
  return {
    browser,
    sessionId,
    async release(reusable) {
      if (done) return;
      done = true;
      try {
        if (reusable && browser.connected && idleSessions.length < browserConcurrency(env)) {
          // Offered for reuse only once disconnected: a session still connected cannot be joined by the next scrape.
          await browser.disconnect().catch(() => {});
          idleSessions.push(sessionId);
        } else {
          await browser.close().catch(() => {});
        }
      } finally {
        freeSlot(slot);
      }
    },
    abandon(contextId) {
      if (done) return Promise.resolve();
      done = true;
      freeSlot(slot);
      if (contextId) orphanedContexts.set(sessionId, [...(orphanedContexts.get(sessionId) ?? []), contextId]);
      // If the cut-off request is already gone this never settles; the session then idles out on its keep-alive.
      return browser.disconnect().then(
        () => {
          if (idleSessions.length < browserConcurrency(env)) idleSessions.push(sessionId);
        },
        () => {},
      );
    },
  };
}

/** Reconnects to an idle session of ours (one that expired or broke is dropped), else launches one. */
async function connectToSession(env: Env): Promise<{ browser: Browser; sessionId: string }> {
  for (let sessionId = idleSessions.pop(); sessionId; sessionId = idleSessions.pop()) {
    const browser = await puppeteer.connect(env.BROWSER, sessionId).catch(() => null);
    if (browser) return { browser, sessionId };
    orphanedContexts.delete(sessionId);
  }
  const browser = await puppeteer.launch(env.BROWSER, { keep_alive: KEEP_ALIVE_MS });
  return { browser, sessionId: browser.sessionId() };
}

async function closeOrphanedContexts(browser: Browser, sessionId: string): Promise<void> {
  const orphans = orphanedContexts.get(sessionId);
  if (!orphans) return;
  orphanedContexts.delete(sessionId);
  const open = browser.browserContexts().filter((context) => context.id && orphans.includes(context.id));
  await Promise.all(open.map((context) => context.close().catch(() => {})));
}

/**
 * A free slot, waiting (FIFO) while all are taken. The scrape that frees a slot only resolves the next waiter's
 * promise: it never touches the waiter's AbortSignal, which belongs to another request (workerd refuses I/O
 * objects across requests — doing so failed the releasing scrape with a 500). The waiter re-checks in its own
 * request.
 */
async function takeSlot(limit: number, signal: AbortSignal): Promise<Slot> {
  for (;;) {
    if (signal.aborted) {
      // A wake-up this waiter can no longer use goes to the next one.
      if (slots.size < limit) waiting.shift()?.();
      throw signal.reason;
    }
    if (slots.size < limit) {
      const slot: Slot = {};
      slots.add(slot);
      return slot;
    }
    let onAbort = () => {};
    const woken = new Promise<void>((resolve, reject) => {
      const wake = () => resolve();
      onAbort = () => {
        const index = waiting.indexOf(wake);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal.reason);
      };
      waiting.push(wake);
    });
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      await woken;
    } catch {
      // aborted: handled at the top of the loop
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }
}

function freeSlot(slot: Slot): void {
  if (!slots.delete(slot)) return;
  waiting.shift()?.();
}

/** `promise`, or the abort reason as soon as `signal` fires. */
export function abortable<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
