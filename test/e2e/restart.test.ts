/**
 * Stopping `npm start` in the middle of a crawl and starting it again (same state folder): local queues drop
 * undelivered messages on restart, yet the crawl finishes with no page lost and none duplicated.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";

const site = inject("e2eFixtureUrl");

it("a crawl survives a restart of the dev server", async () => {
  const state = mkdtempSync(join(tmpdir(), "edgecrawl-restart-"));
  let server = await startServer({ persistTo: state });
  try {
    const headers = { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" };
    const start = await fetch(`${server.url}/v2/crawl`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        url: `${site}/tree/100/0`,
        crawlEntireDomain: true,
        sitemap: "skip",
        limit: 8,
        delay: 1,
        scrapeOptions: { timeout: 5000 },
      }),
    });
    const { id } = (await start.json()) as { id: string };
    const status = async () =>
      (await (await fetch(`${server.url}/v2/crawl/${id}`, { headers })).json()) as {
        status: string;
        completed: number;
        total: number;
        data: { metadata: { sourceURL: string } }[];
        next?: string;
      };
    // Let a few pages finish, then kill the server hard.
    for (let i = 0; i < 100 && (await status()).completed < 2; i++) await new Promise((r) => setTimeout(r, 200));
    const before = await status();
    expect(before.status).toBe("scraping");
    await server.stop({ keepState: true, signal: "SIGKILL" });

    server = await startServer({ persistTo: state });
    let final = await status();
    for (let i = 0; i < 300 && final.status === "scraping"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      final = await status();
    }
    expect(final).toMatchObject({ status: "completed", completed: 8, total: 8 });
    const urls = final.data.map((d) => d.metadata.sourceURL);
    expect(new Set(urls).size).toBe(8);
    expect(final.next).toBeUndefined();
  } finally {
    await server.stop({ keepState: false });
    rmSync(state, { recursive: true, force: true });
  }
}, 180_000);
