/**
 * Remote browser sessions against `npm start`, driven the way users drive them: the official SDK's browser
 * methods, unmodified, and puppeteer-core from Node connecting to `cdpUrl` (it launches nothing itself).
 * Two short-lived sessions are opened first and checked last, so their ttl and activityTtl run out while the
 * other tests run.
 */
import Firecrawl from "@mendable/firecrawl-js";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const apiUrl = inject("e2eApiUrl");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl });
const otherTeam = new Firecrawl({ apiKey: inject("e2eOtherTeamKey"), apiUrl });

const connect = (cdpUrl: string, headers?: Record<string, string>) =>
  puppeteer.connect({ browserWSEndpoint: cdpUrl, defaultViewport: null, headers });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let shortTtl: { id: string; openedAt: number };
let shortActivity: { id: string; openedAt: number; browser: Browser; disconnectedAt: number | null };

beforeAll(async () => {
  const ttl = await client.browser({ ttl: 30 });
  shortTtl = { id: ttl.id!, openedAt: Date.now() };
  const idle = await client.browser({ ttl: 600, activityTtl: 10 });
  const browser = await connect(idle.cdpUrl!);
  shortActivity = { id: idle.id!, openedAt: Date.now(), browser, disconnectedAt: null };
  browser.on("disconnected", () => (shortActivity.disconnectedAt = Date.now()));
});

afterAll(async () => {
  for (const id of [shortTtl?.id, shortActivity?.id]) await client.deleteBrowser(id).catch(() => {});
});

describe("official SDK and puppeteer-core against npm start", () => {
  it(
    "browser(), a puppeteer client on cdpUrl, browserExecute() in " + "node and bash, listBrowsers(), deleteBrowser()",
    async () => {
      const created = await client.browser({ ttl: 300, activityTtl: 120 });
      expect(created).toMatchObject({ success: true, id: expect.any(String), expiresAt: expect.any(String) });
      expect(created.cdpUrl).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/v2/browser/${created.id}/cdp\\?token=`));
      expect(created.liveViewUrl).toMatch(/\/live\?token=view\./);
      expect(created.interactiveLiveViewUrl).toMatch(/\/live\?token=control\./);
      const id = created.id!;

      const browser = await connect(created.cdpUrl!);
      try {
        const [page] = await browser.pages();
        await page.goto(`${site}/browser/form.html`);
        await page.type("#name", "Grace");
        await page.click("#send");
        expect(await page.$eval("#greeting", (el) => el.textContent)).toBe("Welcome aboard, Grace!");

        // execute works on the same tab the CDP client drives.
        const js = await client.browserExecute(id, {
          language: "node",
          code:
            'const likes = await page.$$(".like");\nconsole.log("like buttons:", ' +
            "likes.length);\nawait likes[1].click();\nreturn { greeting: await " +
            'page.$eval("#greeting", (el) => el.textContent), title: await page.title() };',
        });
        expect(js).toMatchObject({
          success: true,
          exitCode: 0,
          killed: false,
          stdout: "like buttons: 3\n",
          stderr: "",
        });
        expect(JSON.parse(js.result!)).toEqual({ greeting: "Welcome aboard, Grace!", title: "Sign up" });
        expect(await page.$eval("#likes", (el) => el.textContent)).toBe("1");

        // The SDK's default language is bash: agent-browser command lines.
        const commands = await client.browserExecute(id, {
          code: "agent-browser snapshot -i\nagent-browser click @e3\nagent-browser get text '#likes'",
        });
        expect(commands).toMatchObject({ success: true, exitCode: 0, result: "2" });
        expect(commands.stdout).toContain('- button "Like" [ref=e3]');
        expect(await page.$eval("#likes", (el) => el.textContent)).toBe("2");

        const listed = await client.listBrowsers();
        expect(listed.sessions?.find((s) => s.id === id)).toMatchObject({
          status: "active",
          streamWebView: true,
          cdpUrl: expect.stringContaining(id),
        });
      } finally {
        await browser.disconnect();
      }

      const deleted = await client.deleteBrowser(id);
      expect(deleted).toMatchObject({ success: true, creditsBilled: 2 });
      expect(deleted.sessionDurationMs).toBeGreaterThan(0);
      await expect(client.browserExecute(id, { code: "return 1", language: "node" })).rejects.toMatchObject({
        status: 410,
        message: "Browser session has been destroyed.",
      });
      const destroyed = await client.listBrowsers({ status: "destroyed" });
      expect(destroyed.sessions?.find((s) => s.id === id)?.status).toBe("destroyed");
    },
  );

  it("stops runaway code at its timeout and keeps the session usable", async () => {
    const { id } = await client.browser();
    try {
      const started = Date.now();
      const spin = await client.browserExecute(id!, {
        language: "node",
        code: "console.log('start'); while (true) {}",
        timeout: 2,
      });
      expect(spin).toMatchObject({ success: true, killed: true, exitCode: 124, stdout: "start\n" });
      expect(spin.error).toMatch(/timed out after 2 s/);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(await client.browserExecute(id!, { language: "node", code: "return 40 + 2" })).toMatchObject({
        exitCode: 0,
        result: "42",
      });
    } finally {
      await client.deleteBrowser(id!);
    }
  });

  it("another team gets 404 for everything; the owner's API key opens the CDP socket too", async () => {
    const created = await client.browser();
    const id = created.id!;
    try {
      await expect(otherTeam.browserExecute(id, { code: "return 1", language: "node" })).rejects.toMatchObject({
        status: 404,
        message: "Browser session not found.",
      });
      await expect(otherTeam.deleteBrowser(id)).rejects.toMatchObject({ status: 404 });
      expect((await otherTeam.listBrowsers()).sessions?.map((s) => s.id)).not.toContain(id);
      const bare = created.cdpUrl!.replace(/\?token=.*$/, "");
      await expect(connect(bare, { Authorization: `Bearer ${inject("e2eOtherTeamKey")}` })).rejects.toThrow(/404/);
      await expect(connect(bare)).rejects.toThrow(/401/);
      const owner = await connect(bare, { Authorization: `Bearer ${inject("e2eApiKey")}` });
      expect((await owner.pages()).length).toBeGreaterThan(0);
      await owner.disconnect();
    } finally {
      await client.deleteBrowser(id);
    }
  });

  it("ends a session after activityTtl without activity, and another at its ttl", async () => {
    // activityTtl 10 s: the idle client is disconnected by the session's end.
    for (let i = 0; i < 60 && shortActivity.disconnectedAt === null; i++) await sleep(500);
    expect(shortActivity.disconnectedAt).not.toBeNull();
    const idleFor = shortActivity.disconnectedAt! - shortActivity.openedAt;
    expect(idleFor).toBeGreaterThanOrEqual(9_000);
    await expect(client.browserExecute(shortActivity.id, { code: "return 1", language: "node" })).rejects.toMatchObject(
      { status: 410 },
    );

    // ttl 30 s.
    await sleep(Math.max(0, shortTtl.openedAt + 31_000 - Date.now()));
    for (let i = 0; i < 20; i++) {
      const listed = await client.listBrowsers({ status: "destroyed" });
      if (listed.sessions?.some((s) => s.id === shortTtl.id)) break;
      await sleep(500);
    }
    await expect(client.browserExecute(shortTtl.id, { code: "return 1", language: "node" })).rejects.toMatchObject({
      status: 410,
    });
    await expect(client.deleteBrowser(shortTtl.id)).rejects.toMatchObject({ status: 410 });
  }, 90_000);
});
