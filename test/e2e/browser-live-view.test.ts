/**
 * The live view in a real Chromium: a second session's browser (driven with puppeteer-core over its cdpUrl)
 * opens the first session's live-view page, sees its frames arrive, and clicks and types in the first session's
 * page through the interactive view.
 */
import Firecrawl from "@mendable/firecrawl-js";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";

const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl: inject("e2eApiUrl") });

interface LiveViewState {
  frames: number;
  width: number;
  height: number;
  open: boolean;
}

let watched: { id: string; liveViewUrl: string; interactiveLiveViewUrl: string; browser: Browser; page: Page };
let viewer: { id: string; browser: Browser; page: Page };

beforeAll(async () => {
  const [a, b] = await Promise.all([client.browser({ ttl: 300 }), client.browser({ ttl: 300 })]);
  const watchedBrowser = await puppeteer.connect({ browserWSEndpoint: a.cdpUrl!, defaultViewport: null });
  const [watchedPage] = await watchedBrowser.pages();
  await watchedPage.goto(`${site}/browser/form.html`);
  watched = {
    id: a.id!,
    liveViewUrl: a.liveViewUrl!,
    interactiveLiveViewUrl: a.interactiveLiveViewUrl!,
    browser: watchedBrowser,
    page: watchedPage,
  };
  const viewerBrowser = await puppeteer.connect({
    browserWSEndpoint: b.cdpUrl!,
    defaultViewport: { width: 1000, height: 700 },
  });
  viewer = { id: b.id!, browser: viewerBrowser, page: (await viewerBrowser.pages())[0] };
});

afterAll(async () => {
  await watched?.browser.disconnect();
  await viewer?.browser.disconnect();
  for (const id of [watched?.id, viewer?.id]) if (id) await client.deleteBrowser(id).catch(() => {});
});

const liveState = () => viewer.page.evaluate(() => (window as unknown as { liveView: LiveViewState }).liveView);

/** Clicks, in the viewer, the point of the live image that shows the centre of `selector` in the watched page. */
async function clickThroughLiveView(selector: string) {
  const target = (await (await watched.page.$(selector))!.boundingBox())!;
  const image = (await (await viewer.page.$("#screen"))!.boundingBox())!;
  const { width, height } = await liveState();
  const x = image.x + ((target.x + target.width / 2) * image.width) / width;
  const y = image.y + ((target.y + target.height / 2) * image.height) / height;
  await viewer.page.mouse.click(x, y);
}

const likes = () => watched.page.$eval("#likes", (el) => el.textContent);

it("shows the session's tab live; the view-only page ignores input", async () => {
  await viewer.page.goto(watched.liveViewUrl);
  await viewer.page.waitForFunction("window.liveView.frames > 0", { timeout: 15_000 });
  const state = await liveState();
  expect(state).toMatchObject({ open: true, width: 1280, height: 720 });
  expect(await viewer.page.$eval("#screen", (img) => (img as HTMLImageElement).src)).toMatch(
    /^data:image\/jpeg;base64,/,
  );

  // The picture follows the page.
  const before = state.frames;
  await watched.page.type("#name", "Watched");
  await viewer.page.waitForFunction(`window.liveView.frames > ${before}`, { timeout: 10_000 });

  await clickThroughLiveView(".like");
  await new Promise((r) => setTimeout(r, 500));
  expect(await likes()).toBe("0");
});

it("forwards clicks and typing from the interactive view to the session's page", async () => {
  await viewer.page.goto(watched.interactiveLiveViewUrl);
  await viewer.page.waitForFunction("window.liveView.frames > 0", { timeout: 15_000 });
  await clickThroughLiveView(".like");
  await watched.page.waitForFunction(() => document.querySelector("#likes")?.textContent === "1", { timeout: 10_000 });

  await watched.page.$eval("#name", (el) => ((el as HTMLInputElement).value = ""));
  await clickThroughLiveView("#name");
  // Keys go to whatever has focus: wait until the forwarded click has focused the field (slow under load).
  await watched.page.waitForFunction(() => document.activeElement?.id === "name", { timeout: 10_000 });
  await viewer.page.keyboard.type("Ada");
  await viewer.page.keyboard.press("Enter");
  await watched.page.waitForFunction(
    () => document.querySelector("#greeting")?.textContent === "Welcome aboard, Ada!",
    { timeout: 10_000 },
  );
});

it("closes the view with the reason when the session ends", async () => {
  const stopped = await client.deleteBrowser(watched.id);
  expect(stopped.success).toBe(true);
  await viewer.page.waitForFunction("window.liveView.open === false", { timeout: 10_000 });
  const closed = await viewer.page.evaluate(
    () => (window as unknown as { liveView: { closed: { reason: string } } }).liveView.closed,
  );
  expect(closed.reason).toMatch(/Browser session has been destroyed/);
});
