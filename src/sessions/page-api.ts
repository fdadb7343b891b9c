/**
 * The session side of execute's `page`: each call the sandbox forwards arrives here as (target, method,
 * arguments) and runs on the session's current page with puppeteer. Only the listed methods exist; arguments and
 * results are translated between the wire forms of sandbox-runtime.ts and puppeteer's objects.
 *
 * Functions for the page (`evaluate`, `$eval`, `waitForFunction`…) arrive as source text that went through the
 * loop guard too; they run in the browser with a guard of their own that stops them at the run's deadline.
 */
import type { ElementHandle, HTTPResponse, Page } from "@cloudflare/puppeteer";

// prettier-ignore
const PAGE_METHODS = new Set([
  "goto", "reload", "goBack", "goForward", "title", "content", "setContent", "click", "type", "focus", "hover",
  "select", "tap", "waitForSelector", "waitForFunction", "waitForNavigation", "waitForNetworkIdle", "evaluate", "$eval",
  "$$eval", "$", "$$", "screenshot", "pdf", "setViewport", "viewport", "cookies", "setCookie", "deleteCookie",
  "setExtraHTTPHeaders", "setUserAgent", "emulateTimezone", "bringToFront", "setJavaScriptEnabled",
]);
// prettier-ignore
const HANDLE_METHODS = new Set([
  "click", "type", "focus", "hover", "press", "select", "tap", "evaluate", "$eval", "$$eval", "$", "$$", "boundingBox",
  "screenshot", "isVisible", "isHidden", "scrollIntoView", "dispose",
]);
const KEYBOARD_METHODS = new Set(["type", "press", "down", "up", "sendCharacter"]);
const MOUSE_METHODS = new Set(["click", "move", "down", "up", "wheel"]);

type Callable = Record<string, (...args: unknown[]) => Promise<unknown> | unknown>;

export class PageApi {
  private readonly handles = new Map<number, ElementHandle>();
  private nextHandle = 1;

  constructor(
    private readonly page: Page,
    private readonly guardName: string,
    /** Epoch ms at which the run ends; page functions stop there too. */
    private readonly deadlineAt: number,
  ) {
    page.setDefaultTimeout(Math.max(1, deadlineAt - Date.now()));
  }

  /** Runs one call; the page's URL comes along, so that the sandbox can answer `page.url()` at once. */
  async call(target: string, method: string, args: unknown[]): Promise<{ value: unknown; url: string }> {
    const [receiver, allowed, what] = this.resolve(target);
    if (!allowed.has(method))
      throw new Error(`${what}.${method} is not available here (available: ${[...allowed].sort().join(", ")})`);
    const result = await (receiver as unknown as Callable)[method](...args.map((a) => this.incoming(a)));
    if (method === "dispose") this.handles.delete(Number(target.slice("handle:".length)));
    return { value: this.outgoing(result), url: this.page.url() };
  }

  get url(): string {
    return this.page.url();
  }

  /** Frees every element handle the run kept. */
  async release(): Promise<void> {
    await Promise.all([...this.handles.values()].map((h) => h.dispose().catch(() => {})));
    this.handles.clear();
  }

  private resolve(target: string): [unknown, Set<string>, string] {
    if (target === "page") return [this.page, PAGE_METHODS, "page"];
    if (target === "keyboard") return [this.page.keyboard, KEYBOARD_METHODS, "page.keyboard"];
    if (target === "mouse") return [this.page.mouse, MOUSE_METHODS, "page.mouse"];
    const handle = target.startsWith("handle:") ? this.handles.get(Number(target.slice("handle:".length))) : undefined;
    if (!handle)
      throw new Error("This element handle is no longer valid (it was disposed, or belongs to an earlier run)");
    return [handle, HANDLE_METHODS, "elementHandle"];
  }

  private incoming(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.incoming(v));
    if (value && typeof value === "object") {
      const wire = value as { __fn?: unknown; __handle?: unknown };
      if (typeof wire.__fn === "string") return this.pageFunction(wire.__fn);
      if (typeof wire.__handle === "number") {
        const handle = this.handles.get(wire.__handle);
        if (!handle) throw new Error("An element handle passed as an argument is no longer valid");
        return handle;
      }
    }
    return value;
  }

  private outgoing(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.outgoing(v));
    if (value && typeof value === "object") {
      if (isElementHandle(value)) {
        const id = this.nextHandle++;
        this.handles.set(id, value);
        return { __handle: id };
      }
      if (isResponse(value)) {
        return {
          __response: {
            url: value.url(),
            status: value.status(),
            statusText: value.statusText(),
            ok: value.ok(),
            headers: value.headers(),
          },
        };
      }
      if (value instanceof Uint8Array) return value;
      if (typeof (value as { jsonValue?: unknown }).jsonValue === "function") return null; // a non-element JSHandle
    }
    return value;
  }

  /**
   * Something puppeteer accepts as a page function: a function whose source is the caller's, wrapped so that the
   * guard calls inside it (from loop-guard) resolve to a deadline check in the page.
   */
  private pageFunction(source: string): (...args: unknown[]) => unknown {
    const remaining = Math.max(0, this.deadlineAt - Date.now());
    const wrapped =
      `(() => { const __end = Date.now() + ${remaining}; ` +
      `const ${this.guardName} = () => { if (Date.now() > __end) throw new Error("Execution timed out"); }; ` +
      `return (${source}); })()`;
    return functionFromSource(wrapped);
  }
}

/**
 * A stand-in puppeteer accepts wherever it takes a page function: Workers cannot compile source text into a
 * function, but puppeteer only ever sends a function's text to the browser.
 */
export function functionFromSource(source: string): (...args: unknown[]) => unknown {
  const fn = () => undefined as unknown;
  fn.toString = () => source;
  return fn;
}

function isElementHandle(value: object): value is ElementHandle {
  return (
    typeof (value as { asElement?: unknown }).asElement === "function" &&
    (value as { asElement(): unknown }).asElement() === value
  );
}

function isResponse(value: object): value is HTTPResponse {
  return (
    typeof (value as { status?: unknown }).status === "function" &&
    typeof (value as { request?: unknown }).request === "function"
  );
}

/** Empties an input, a textarea or an editable element (before typing replaces its content). */
export const CLEAR_FIELD = functionFromSource(
  `(el) => { if ("value" in el) el.value = ""; else el.textContent = ""; }`,
);
