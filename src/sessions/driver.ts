/**
 * The service's own hand on a session's browser: @cloudflare/puppeteer running over a hub channel (not a
 * connection of its own — the session has one). It serves execute (`page`), the live view and profiles, and
 * knows the session's current page: the most recently opened tab that is still open, which is what a person
 * watching the browser would be looking at.
 */
import puppeteer, { type Browser, type Page, type Target } from "@cloudflare/puppeteer";
import type { CdpHub } from "./cdp-hub";

/** The size of the session's first tab (clients may resize their pages as they like). */
export const SESSION_VIEWPORT = { width: 1280, height: 720 };

export class SessionDriver {
  /** Called when the current page may have changed (a tab opened or closed). */
  onPagesChanged?: () => void;
  private readonly tabs: Target[] = [];

  private constructor(readonly browser: Browser) {
    for (const target of browser.targets()) if (target.type() === "page") this.tabs.push(target);
    browser.on("targetcreated", (target: Target) => {
      if (target.type() !== "page") return;
      this.tabs.push(target);
      this.onPagesChanged?.();
    });
    browser.on("targetdestroyed", (target: Target) => {
      const index = this.tabs.indexOf(target);
      if (index < 0) return;
      this.tabs.splice(index, 1);
      this.onPagesChanged?.();
    });
  }

  static async start(hub: CdpHub): Promise<SessionDriver> {
    const channel = await hub.openChannel();
    const browser = await puppeteer.connect({ transport: channel, defaultViewport: null });
    return new SessionDriver(browser);
  }

  /** The session's current page; opens a tab when none is left. */
  async currentPage(): Promise<Page> {
    for (let i = this.tabs.length - 1; i >= 0; i--) {
      const page = await this.tabs[i].page().catch(() => null);
      if (page && !page.isClosed()) return page;
    }
    const page = await this.browser.newPage();
    await page.setViewport(SESSION_VIEWPORT);
    return page;
  }

  /** URLs of every open tab and its frames (for the profile's list of origins). */
  async openUrls(): Promise<string[]> {
    const pages = await Promise.all(this.tabs.map((t) => t.page().catch(() => null)));
    return pages.flatMap((page) => (page && !page.isClosed() ? page.frames().map((f) => f.url()) : []));
  }

  /** A fresh tab for the service's own errands (profile seeding or saving); the caller closes it. */
  async scratchPage(): Promise<Page> {
    return this.browser.newPage();
  }

  disconnect(): void {
    void this.browser.disconnect().catch(() => {});
  }
}
