/**
 * A remote browser session on `npm start` with local networks closed (the production default). The caller drives
 * the session's default browser context, where no per-context proxy applies, and WebSockets never pass the CDP
 * request interception of the session's egress guard: only the whole browser going through the egress proxy keeps a
 * page's `new WebSocket("ws://127.0.0.1:…")` from connecting. Targets are loopback only (a canary port on
 * every local address) and names mapped to loopback for the egress proxy.
 *
 * The control: `allowed.test` maps to 127.0.0.2 and the proxy may reach that address on the canary's port, so
 * the same scripts do connect there — which also shows the browser's traffic goes through the proxy (nothing
 * else resolves `allowed.test`).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";
// @ts-expect-error plain ESM fixture
import { startCanary } from "../fixtures/canary.mjs";
// @ts-expect-error plain ESM fixture
import { startFixtureServer } from "../fixtures/server.mjs";

type Hit = { local: string; firstLine: string };
let canary: { port: number; hits: () => Hit[]; close: () => Promise<void> };
let site: { port: number; close: () => Promise<void> };
let server: { url: string; apiKey: string; stop: () => Promise<void> };

beforeAll(async () => {
  canary = await startCanary();
  site = await startFixtureServer({ host: "127.0.0.1" });
  server = await startServer({
    vars: { ALLOW_LOCAL_NETWORK: "false" },
    env: {
      EDGECRAWL_EGRESS_HOSTS: "site.test=127.0.0.1,loopback.test=127.0.0.1,allowed.test=127.0.0.2",
      EDGECRAWL_EGRESS_ALLOW: `127.0.0.1:${site.port},127.0.0.2:${canary.port}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await site?.close();
  await canary?.close();
});

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it(
  "a session's pages reach no local listener, WebSockets included; " +
    "an allowed address is reached through the proxy",
  async () => {
    const blocked = ["127.0.0.1", "[::1]", "loopback.test", "localhost"].map((host) => `${host}:${canary.port}`);
    const allowed = `allowed.test:${canary.port}`;
    const session = await api("POST", "/v2/browser", { ttl: 120 });
    expect(session.status).toBe(200);
    const id = session.body.id as string;
    try {
      const code = [
        `await page.goto("http://site.test:${site.port}/article.html");`,
        `await page.evaluate((targets) => { for (const t of targets) { try { new ` +
          `WebSocket("ws://" + t + "/ws"); } catch (e) {} fetch("http://" + t + "/fetch", { mode: ` +
          `"no-cors" }).catch(() => {}); } }, ${JSON.stringify([...blocked, allowed])});`,
        `await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));`,
        `return await page.title();`,
      ].join("\n");
      const run = await api("POST", `/v2/browser/${id}/execute`, { code, language: "node", timeout: 60 });
      expect(run.status).toBe(200);
      expect(run.body, JSON.stringify(run.body)).toMatchObject({ exitCode: 0 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const hits = canary.hits();
      // The control: the WebSocket handshake and the fetch to the allowed address arrived.
      expect(
        hits
          .filter((h) => h.local === "127.0.0.2")
          .map((h) => h.firstLine.split(" ")[1])
          .sort(),
      ).toEqual(["/fetch", "/ws"]);
      expect(hits.filter((h) => h.local !== "127.0.0.2")).toEqual([]);
    } finally {
      await api("DELETE", `/v2/browser/${id}`);
    }
  },
  180_000,
);

it(
  "raw CDP cannot read the host's files, write downloads to a " + "folder of its choosing or leave the egress proxy",
  async () => {
    const secretDir = mkdtempSync(join(tmpdir(), "edgecrawl-cdp-"));
    const secretFile = join(secretDir, "secret.txt");
    writeFileSync(secretFile, "HOST-SECRET-7d3f");
    const downloads = mkdtempSync(join(tmpdir(), "edgecrawl-downloads-"));
    const session = await api("POST", "/v2/browser", { ttl: 120 });
    expect(session.status).toBe(200);
    const browser = await puppeteer.connect({
      browserWSEndpoint: session.body.cdpUrl as string,
      defaultViewport: null,
    });
    try {
      const [page] = await browser.pages();
      await page.goto(`http://site.test:${site.port}/article.html`);
      const cdp = await page.createCDPSession();

      // 1. A file input filled from a host path, then read in the page: refused, nothing to read.
      await page.evaluate(() => {
        const input = document.createElement("input");
        input.type = "file";
        input.id = "f";
        document.body.append(input);
      });
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "#f" });
      await expect(cdp.send("DOM.setFileInputFiles", { nodeId, files: [secretFile] })).rejects.toThrow(
        /not available in browser sessions/,
      );
      const read = await page.evaluate(async () => {
        const file = (document.getElementById("f") as HTMLInputElement).files?.[0];
        return file ? await file.text() : "";
      });
      expect(read).not.toContain("HOST-SECRET");

      // 2. Downloads allowed into a folder of the caller's choosing, then a download: nothing is written there.
      const browserCdp = await browser.target().createCDPSession();
      await browserCdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
      await page.evaluate(() => {
        const link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob(["DOWNLOADED"], { type: "text/plain" }));
        link.download = "planted.txt";
        document.body.append(link);
        link.click();
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(readdirSync(downloads)).toEqual([]);

      // 3. A browser context with its own proxy ("direct://"): it gets the browser's egress proxy instead. Shown by
      //    `allowed.test`, a name only the egress proxy resolves (to 127.0.0.2, whose canary port it may reach): a page
      //    in that context reaches it, which it could not by direct connection; a name mapped to loopback is refused.
      const before = canary.hits().length;
      const { browserContextId } = await browserCdp.send("Target.createBrowserContext", {
        proxyServer: "direct://",
        proxyBypassList: "<-loopback>",
      });
      await browserCdp.send("Target.createTarget", {
        url: `http://allowed.test:${canary.port}/through-proxy`,
        browserContextId,
      });
      await browserCdp.send("Target.createTarget", {
        url: `http://loopback.test:${canary.port}/direct`,
        browserContextId,
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const hits = canary
        .hits()
        .slice(before)
        .map((h) => `${h.local} ${h.firstLine.split(" ")[1]}`);
      expect(hits).toContain("127.0.0.2 /through-proxy");
      expect(hits.filter((h) => !h.startsWith("127.0.0.2 "))).toEqual([]);

      // Wrapped messages and resources loaded outside a page are refused too.
      await expect(browserCdp.send("Target.sendMessageToTarget", { message: "{}", targetId: "x" })).rejects.toThrow(
        /not available in browser sessions/,
      );
      await expect(
        cdp.send("Network.loadNetworkResource", {
          url: `file://${secretFile}`,
          options: { disableCache: true, includeCredentials: false },
        }),
      ).rejects.toThrow(/not available/);
    } finally {
      await browser.disconnect();
      await api("DELETE", `/v2/browser/${session.body.id}`);
      rmSync(secretDir, { recursive: true, force: true });
      rmSync(downloads, { recursive: true, force: true });
    }
  },
  180_000,
);
