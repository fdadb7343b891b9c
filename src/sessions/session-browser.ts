/**
 * A browser session object's one DevTools connection to its browser (durable-objects/browser-session.ts): made on
 * first use, made again after the object restarted (its connection went with it, the browser did not), and given up
 * — the session then ends — when the browser cannot be reached after a few tries or closes under it.
 */
import { describeError } from "../errors";
import { LiveBrowser } from "./live-browser";

/** Reconnecting to the browser (after the object restarted) is tried this often before the session is given up. */
const RECONNECT_ATTEMPTS = 3;
const RECONNECT_PAUSE_MS = 500;

export interface SessionBrowserHooks {
  /** The Browser Rendering session to connect to (null: the session has none). */
  browserSessionId(): string | null;
  /** CDP traffic: the session is in use. */
  onActivity(): void;
  /** A document of `url` loaded in the browser. */
  onDocument(url: URL): void;
  /** The browser is gone for good (`reason` says why): the session ends. */
  onGone(reason: string): Promise<unknown>;
}

export class SessionBrowser {
  /** The open connection, if any. */
  live: LiveBrowser | null = null;
  private connecting: Promise<LiveBrowser> | null = null;

  constructor(
    private readonly env: Env,
    private readonly hooks: SessionBrowserHooks,
  ) {}

  /** The connection, made (again) when there is none; throws when the browser cannot be reached. */
  connect(): Promise<LiveBrowser> {
    if (this.live?.isOpen) return Promise.resolve(this.live);
    this.connecting ??= (async () => {
      const browserSessionId = this.hooks.browserSessionId();
      if (!browserSessionId) throw new Error("The session has no browser");
      const live: LiveBrowser = await LiveBrowser.connect(this.env, browserSessionId, {
        onActivity: () => this.hooks.onActivity(),
        onDocument: (url) => this.hooks.onDocument(url),
        onLost: () => void this.lost(live),
      });
      this.live = live;
      return live;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  /**
   * The connection for a caller; when it cannot be made again (the browser crashed, the local runtime restarted and
   * took its browsers along), the session ends and the caller gets null.
   */
  async usable(): Promise<LiveBrowser | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.connect();
      } catch (e) {
        if (attempt < RECONNECT_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, RECONNECT_PAUSE_MS));
          continue;
        }
        console.error(`browser session: its browser cannot be reached: ${describeError(e)}`);
        await this.hooks.onGone("its browser could no longer be reached");
        return null;
      }
    }
  }

  /** Closes the browser itself (not only the connection), whatever state it is in. */
  async close(): Promise<void> {
    await this.live?.close(true).catch(() => {});
    this.live = null;
  }

  /** The browser closed under `lost` (crashed, or ended by Browser Rendering): so does the session. */
  private async lost(lost: LiveBrowser): Promise<void> {
    if (this.live !== lost) return;
    this.live = null;
    await this.hooks.onGone("the browser closed");
  }
}
