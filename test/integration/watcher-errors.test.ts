/**
 * A watcher socket that breaks is closed by the job with the error module's WebSocket rendering
 * (1011, reason {"type":"error","error":…}); the job and its other watchers carry on.
 */
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { API, API_KEY, callJson, fixture } from "../helpers";
import { collectSocket, startCrawl } from "../crawl-helpers";
import type { CrawlJobDO } from "../../durable-objects/crawl-job";

const jobs = () => (env as Env).CRAWL_JOB as DurableObjectNamespace<CrawlJobDO>;

describe("watcher errors", () => {
  it("closes a socket the runtime reports broken with 1011 and an error reason; the job runs on", async () => {
    const id = await startCrawl({
      url: fixture("/tree/60/0"),
      crawlEntireDomain: true,
      sitemap: "skip",
      delay: 1,
      limit: 30,
    });
    const response = await exports.default.fetch(`${API}/v2/crawl/${id}`, {
      headers: { upgrade: "websocket", "sec-websocket-protocol": API_KEY },
    });
    expect(response.status).toBe(101);
    const listening = collectSocket(response);
    await runInDurableObject(jobs().get(jobs().idFromName(id)), async (instance: CrawlJobDO, state) => {
      const [ws] = state.getWebSockets();
      await instance.webSocketError(ws, new Error("connection reset by peer"));
    });
    const { code, reason } = await listening;
    expect(code).toBe(1011);
    expect(JSON.parse(reason)).toEqual({ type: "error", error: "An unexpected error occurred." });
    expect((await callJson("GET", `/v2/crawl/${id}`)).body.status).toBe("scraping");
    expect((await callJson("DELETE", `/v2/crawl/${id}`)).status).toBe(200);
  });
});
