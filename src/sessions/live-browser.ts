/**
 * A session's connection to its Browser Rendering session while the session's Durable Object is in memory:
 * the hub (the one DevTools connection), the outbound-policy guard on every target, the service's driver and
 * the live view's screencast. Built when a session starts, and rebuilt from the stored Browser Rendering
 * session id if the object was restarted since.
 */
import puppeteer from "@cloudflare/puppeteer";
import { egressPolicy } from "../net/egress";
import { CdpHub, type CdpMessage, type CommandRewrite, type CommandVerdict } from "./cdp-hub";
import { checkCdpCommand } from "./cdp-policy";
import { SESSION_VIEWPORT, SessionDriver } from "./driver";
import { checkNavigationCommand, installEgressGuard } from "./egress-guard";
import { Screencast } from "./screencast";

/**
 * How long Browser Rendering keeps a session without a connection (its maximum). The session's Durable Object
 * holds the connection for the whole session; this only bridges a restart of the object.
 */
const KEEP_ALIVE_MS = 600_000;

export interface LiveHooks {
  /** A client sent a command. */
  onActivity: () => void;
  /** A page document was loaded (its origin matters to profiles). */
  onDocument: (url: URL) => void;
  /** The connection to the browser is gone (the browser closed or crashed). */
  onLost: () => void;
}

export class LiveBrowser {
  private constructor(
    readonly hub: CdpHub,
    readonly driver: SessionDriver,
    readonly screencast: Screencast,
  ) {}

  /** A new Browser Rendering session; returns its id. */
  static async acquire(env: Env): Promise<string> {
    const { sessionId } = await puppeteer.acquire(env.BROWSER, { keep_alive: KEEP_ALIVE_MS });
    return sessionId;
  }

  static async connect(env: Env, browserSessionId: string, hooks: LiveHooks): Promise<LiveBrowser> {
    const policy = egressPolicy(env);
    const inspect = (message: CdpMessage): CommandVerdict | CommandRewrite => {
      // The browser belongs to the session, not to one client: closing it ends only that client's connection.
      if (message.method === "Browser.close") return { reply: {}, thenClose: true };
      // What reaches the machine the browser runs on is refused or rewritten (cdp-policy.ts).
      const verdict = checkCdpCommand(message);
      if (verdict && !("params" in verdict)) return verdict;
      return checkNavigationCommand(verdict ? { ...message, params: verdict.params } : message, policy) ?? verdict;
    };
    const hub = await CdpHub.connect(env.BROWSER, browserSessionId, { inspect, onActivity: hooks.onActivity });
    try {
      await installEgressGuard(hub, policy, { onDocument: hooks.onDocument });
      const driver = await SessionDriver.start(hub);
      const screencast = new Screencast(driver);
      driver.onPagesChanged = () => void screencast.refresh();
      hub.onclose = hooks.onLost;
      return new LiveBrowser(hub, driver, screencast);
    } catch (e) {
      hub.close();
      throw e;
    }
  }

  get isOpen(): boolean {
    return this.hub.isOpen;
  }

  /** Gives the first tab the session's viewport (a fresh session only). */
  async prepareFirstTab(): Promise<void> {
    const page = await this.driver.currentPage();
    await page.setViewport(SESSION_VIEWPORT);
  }

  /** Ends the connection; with `closeBrowser`, the browser first. */
  async close(closeBrowser: boolean): Promise<void> {
    this.hub.onclose = undefined;
    await this.screencast.stop().catch(() => {});
    this.hub.quiesce();
    if (closeBrowser)
      await Promise.race([this.hub.call("Browser.close").catch(() => {}), new Promise((r) => setTimeout(r, 3_000))]);
    // The connection first: its channels then close without sending anything to a browser that is gone.
    this.hub.close();
    this.driver.disconnect();
  }
}
