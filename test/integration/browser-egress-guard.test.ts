/**
 * The outbound policy inside remote browser sessions, with the policy a deployment has (local network refused):
 * whatever drives the browser — the service's own puppeteer, a CDP client, the page's own scripts, a popup —
 * no request to a loopback address leaves it. The fixture site's request log is the witness.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CdpClient } from "../../src/sessions/cdp-client";
import { LiveBrowser } from "../../src/sessions/live-browser";
import { fixture, fixtureRequests } from "../helpers";

const strict = { ...env, ALLOW_LOCAL_NETWORK: "false" } as Env;

describe("egress guard", () => {
  it("blocks local addresses for every client and every target of the session", async () => {
    const marker = crypto.randomUUID();
    const url = (path: string) => fixture(`${path}?guard=${marker}`);
    const live = await LiveBrowser.connect(strict, await LiveBrowser.acquire(strict), {
      onActivity() {},
      onDocument() {},
      onLost() {},
    });
    try {
      const page = await live.driver.currentPage();
      await expect(page.goto(url("/about.html"))).rejects.toThrow(
        /is a loopback address; fetching loopback and private networks is disabled/,
      );
      // Past the command check (a page script navigating), the request interception stops it.
      await page.evaluate(`location.href = ${JSON.stringify(url("/article.html"))}`);

      const client = new CdpClient(await live.hub.openChannel());
      await expect(client.call("Target.createTarget", { url: url("/docs/a.html") })).rejects.toThrow(
        /is a loopback address; fetching loopback and private networks is disabled/,
      );
      const { targetId } = await client.call("Target.createTarget", { url: "about:blank" });
      const { sessionId } = await client.call("Target.attachToTarget", { targetId, flatten: true });
      await expect(client.call("Page.navigate", { url: url("/docs/b.html") }, String(sessionId))).rejects.toThrow(
        /is a loopback address; fetching loopback and private networks is disabled/,
      );
      const fetched = await client.call(
        "Runtime.evaluate",
        {
          expression: `fetch(${JSON.stringify(url("/data.json"))}).then(() => "loaded", (e) => "failed: " + e.message)`,
          awaitPromise: true,
        },
        String(sessionId),
      );
      expect((fetched.result as { value: string }).value).toMatch(/^failed/);
      await client.call(
        "Runtime.evaluate",
        {
          expression:
            `window.open(${JSON.stringify(url("/blog/"))}); ` + `location.href = ${JSON.stringify(url("/notes.txt"))}`,
        },
        String(sessionId),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      client.channel.close();

      const reached = (await fixtureRequests()).requests.filter((r) => r.path.includes(marker));
      expect(reached).toEqual([]);
    } finally {
      await live.close(true);
    }
  });
});
