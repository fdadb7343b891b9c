/**
 * The live view's picture and hands: a CDP screencast of the session's current page (JPEG frames whenever the
 * page changes), following the current page as tabs open and close, and the viewer's mouse, wheel and keyboard
 * replayed on that page. It runs only while someone watches.
 */
import type { CDPSession, KeyInput, MouseButton, Page } from "@cloudflare/puppeteer";
import { describeError } from "../errors";
import type { SessionDriver } from "./driver";

export interface Frame {
  /** Base64 JPEG. */
  data: string;
  /** The page's viewport in CSS pixels; input coordinates are in this space. */
  width: number;
  height: number;
}

/** Input a viewer sends from the interactive live view. */
export type ViewerInput =
  | { type: "mouse"; action: "down" | "up" | "move"; x: number; y: number; button?: MouseButton; clickCount?: number }
  | { type: "wheel"; x: number; y: number; deltaX: number; deltaY: number }
  | { type: "key"; action: "down" | "up"; key: string };

export class Screencast {
  onFrame?: (frame: Frame) => void;
  lastFrame: Frame | null = null;
  private page: Page | null = null;
  private cdp: CDPSession | null = null;
  private running = false;
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly driver: SessionDriver) {}

  /** Starts (or moves to the current page); safe to call repeatedly. */
  follow(): Promise<void> {
    this.running = true;
    this.switching = this.switching
      .then(() => this.attach())
      .catch((e) => console.error(`live view: ${describeError(e)}`));
    return this.switching;
  }

  /** Moves to the current page if running (a tab opened or closed). */
  refresh(): Promise<void> {
    return this.running ? this.follow() : Promise.resolve();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.switching;
    await this.detach();
  }

  async input(event: ViewerInput): Promise<void> {
    const page = this.page ?? (await this.driver.currentPage());
    if (event.type === "mouse") {
      await page.mouse.move(event.x, event.y);
      if (event.action === "down")
        await page.mouse.down({ button: event.button ?? "left", clickCount: event.clickCount ?? 1 });
      if (event.action === "up")
        await page.mouse.up({ button: event.button ?? "left", clickCount: event.clickCount ?? 1 });
    } else if (event.type === "wheel") {
      await page.mouse.move(event.x, event.y);
      await page.mouse.wheel({ deltaX: event.deltaX, deltaY: event.deltaY });
    } else if (event.action === "down") {
      await page.keyboard.down(event.key as KeyInput);
    } else {
      await page.keyboard.up(event.key as KeyInput);
    }
  }

  private async attach(): Promise<void> {
    if (!this.running) return;
    const page = await this.driver.currentPage();
    if (page === this.page && this.cdp) return;
    await this.detach();
    const cdp = await page.createCDPSession();
    this.page = page;
    this.cdp = cdp;
    cdp.on(
      "Page.screencastFrame",
      (event: { data: string; sessionId: number; metadata: { deviceWidth: number; deviceHeight: number } }) => {
        void cdp.send("Page.screencastFrameAck", { sessionId: event.sessionId }).catch(() => {});
        this.lastFrame = {
          data: event.data,
          width: Math.round(event.metadata.deviceWidth),
          height: Math.round(event.metadata.deviceHeight),
        };
        this.onFrame?.(this.lastFrame);
      },
    );
    await cdp.send("Page.startScreencast", { format: "jpeg", quality: 70, everyNthFrame: 1 });
  }

  private async detach(): Promise<void> {
    const cdp = this.cdp;
    this.cdp = null;
    this.page = null;
    if (!cdp) return;
    await cdp.send("Page.stopScreencast").catch(() => {});
    await cdp.detach().catch(() => {});
  }
}
