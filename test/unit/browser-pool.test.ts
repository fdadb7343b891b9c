/**
 * The Browser Rendering session pool, on the real local browser: sessions are reused (reconnect, not relaunch),
 * and no more than BROWSER_CONCURRENCY are in use at once.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { acquireBrowser } from "../../src/engines/browser-pool";

const withConcurrency = (n: number) => ({ ...env, BROWSER_CONCURRENCY: String(n) }) as Env;
const noDeadline = () => new AbortController().signal;

describe("browser pool", () => {
  it("reconnects to the session it released instead of launching another", async () => {
    const first = await acquireBrowser(withConcurrency(2), noDeadline());
    const page = await first.browser.newPage();
    await page.close();
    await first.release(true);
    const second = await acquireBrowser(withConcurrency(2), noDeadline());
    expect(second.sessionId).toBe(first.sessionId);
    await second.release(true);
  });

  it("makes a scrape wait while BROWSER_CONCURRENCY sessions are in use, and lets a waiter give up", async () => {
    const single = withConcurrency(1);
    const holder = await acquireBrowser(single, noDeadline());
    let waiterGotIt = false;
    const waiter = acquireBrowser(single, noDeadline()).then((lease) => {
      waiterGotIt = true;
      return lease;
    });
    const impatient = new AbortController();
    const givesUp = acquireBrowser(single, impatient.signal);
    impatient.abort(new Error("deadline"));
    await expect(givesUp).rejects.toThrow("deadline");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(waiterGotIt).toBe(false);
    await holder.release(true);
    const lease = await waiter;
    expect(lease.sessionId).toBe(holder.sessionId);
    await lease.release(true);
  });

  it("frees the slot of a cut-off scrape at once", async () => {
    const single = withConcurrency(1);
    const cutOff = await acquireBrowser(single, noDeadline());
    void cutOff.abandon(undefined);
    // With a limit of one this only resolves because the cut-off lease gave its slot back.
    const next = await acquireBrowser(single, noDeadline());
    await next.release(true);
  });

  it("closes what a cut-off scrape left open when its session is reconnected", async () => {
    const single = withConcurrency(1);
    const cutOff = await acquireBrowser(single, noDeadline());
    const context = await cutOff.browser.createBrowserContext();
    await context.newPage();
    await cutOff.abandon(context.id);
    const again = await acquireBrowser(single, noDeadline());
    expect(again.sessionId).toBe(cutOff.sessionId);
    expect(again.browser.browserContexts().map((c) => c.id)).not.toContain(context.id);
    await again.release(true);
  });
});
