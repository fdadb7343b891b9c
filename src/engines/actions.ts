/**
 * Browser actions (docs/api.md, "Scrape"), run one after the other on the rendered page. Each action finishes — and the
 * page settles after anything that may load more (click, press, scroll) — before the next starts. A failing
 * action stops the scrape with 500 SCRAPE_ACTION_ERROR naming its index and the reason; running out of time
 * is still SCRAPE_TIMEOUT.
 */
import type { Page } from "@cloudflare/puppeteer";
import { ApiError, describeError } from "../errors";
import type { Action } from "../schemas/scrape";
import type { ActionResults } from "../schemas/document";
import { saveArtifact, takeScreenshot, type ArtifactSink } from "./browser-artifacts";
import { setViewport } from "./browser-emulation";
import { abortable } from "./browser-pool";

/** `wait` with a selector gives up after this long (docs/limits.md). */
const SELECTOR_WAIT_MS = 30_000;

export interface ActionContext {
  page: Page;
  signal: AbortSignal;
  /** Epoch ms by which the whole scrape must be done. */
  deadlineAt: number;
  mobile: boolean;
  artifacts: ArtifactSink;
  /** Waits until the page is quiet again (network and DOM), bounded. */
  settle: () => Promise<void>;
}

export async function runActions(actions: Action[], ctx: ActionContext): Promise<ActionResults> {
  const results: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  for (const [index, action] of actions.entries()) {
    try {
      await abortable(ctx.signal, runAction(action, ctx, results));
    } catch (e) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      throw new ApiError("SCRAPE_ACTION_ERROR", `actions[${index}] (${action.type}) failed: ${describeError(e)}`, {
        actionIndex: index,
        actionType: action.type,
      });
    }
  }
  return results;
}

async function runAction(action: Action, ctx: ActionContext, results: ActionResults): Promise<void> {
  const { page } = ctx;
  switch (action.type) {
    case "wait":
      if (action.selector !== undefined) {
        const timeout = Math.min(SELECTOR_WAIT_MS, Math.max(0, ctx.deadlineAt - Date.now()));
        await page.waitForSelector(action.selector, { visible: true, timeout }).catch((e: unknown) => {
          throw new Error(
            `"${action.selector}" did not become visible within ${Math.round(timeout / 1000)} s (${describeError(e)})`,
          );
        });
      } else {
        await sleep(action.milliseconds ?? 0);
      }
      return;
    case "click": {
      const elements = action.all
        ? await page.$$(action.selector)
        : [await page.$(action.selector)].filter((e) => e !== null);
      if (elements.length === 0) throw new Error(`no element matches "${action.selector}"`);
      for (const element of elements) {
        // A real mouse click where the element can take one; hidden or covered elements get a DOM click.
        await element.click().catch(() => element.evaluate((el) => (el as unknown as { click(): void }).click()));
      }
      await ctx.settle();
      return;
    }
    case "write":
      await page.keyboard.type(action.text);
      return;
    case "press":
      await page.keyboard.press(action.key as Parameters<Page["keyboard"]["press"]>[0]);
      await ctx.settle();
      return;
    case "scroll": {
      const sign = action.direction === "up" ? -1 : 1;
      const scrolled = await page.evaluate(scrollScript(action.selector, sign));
      if (!scrolled) throw new Error(`no element matches "${action.selector}"`);
      await ctx.settle();
      return;
    }
    case "screenshot": {
      if (action.viewport) await setViewport(page, action.viewport, ctx.mobile);
      const shot = await takeScreenshot(page, action);
      results.screenshots.push(await saveArtifact(ctx.artifacts, shot.bytes, shot.type));
      return;
    }
    case "scrape":
      results.scrapes.push({ url: page.url(), html: await page.content() });
      return;
    case "executeJavascript":
      results.javascriptReturns.push(await executeScript(page, action.script));
      return;
    case "pdf": {
      const pdf = await page.pdf({
        format: action.format.toLowerCase() as "letter",
        landscape: action.landscape,
        scale: action.scale,
        printBackground: true,
      });
      results.pdfs.push(await saveArtifact(ctx.artifacts, new Uint8Array(pdf), "pdf"));
      return;
    }
  }
}

/** Page source that scrolls the window, or the element `selector` names, by one screen; false when no element. */
function scrollScript(selector: string | undefined, sign: number): string {
  if (selector === undefined) return `(window.scrollBy(0, ${sign} * window.innerHeight), true)`;
  return `(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return false;
    if (el.scrollHeight > el.clientHeight) el.scrollBy(0, ${sign} * el.clientHeight);
    else el.scrollIntoView({ block: ${sign < 0 ? '"start"' : '"end"'} });
    return true;
  })()`;
}

/**
 * Runs the caller's script in the page and returns `{type, value}` (`type` is the JavaScript typeof). Scripts
 * are accepted both as an expression (`document.title`) and as a function body (`return document.title`,
 * top-level `await`): the body form is tried when the expression form does not parse.
 */
async function executeScript(page: Page, script: string): Promise<{ type: string; value: unknown }> {
  let value: unknown;
  try {
    value = await page.evaluate(script);
  } catch (e) {
    if (!/SyntaxError|Illegal return|await is only valid/i.test(describeError(e)))
      throw new Error(`the script threw: ${describeError(e)}`);
    try {
      value = await page.evaluate(`(async () => {\n${script}\n})()`);
    } catch (inner) {
      throw new Error(`the script threw: ${describeError(inner)}`);
    }
  }
  return { type: value === null ? "null" : typeof value, value: value ?? null };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
