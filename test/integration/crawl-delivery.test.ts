/**
 * How crawl results reach the caller besides polling — signed webhooks through their own queue, the WebSocket
 * watcher — and the job's durability: eviction of its Durable Object mid-crawl, lost queue messages.
 */
import { env, exports } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { API, API_KEY, callJson, fixture, fixtureRequests, OTHER_TEAM_KEY, restartObject } from "../helpers";
import { allDocuments, collectSocket, pathsOf, startCrawl, waitForJob } from "../crawl-helpers";
import { DEFAULT_TEAM_SECRET, deliveries, hmacHex, waitForDeliveries } from "../webhook-helpers";
import type { CrawlJobDO } from "../../durable-objects/crawl-job";

const jobNamespace = () => (env as Env).CRAWL_JOB as DurableObjectNamespace<CrawlJobDO>;
const jobObject = (id: string) => jobNamespace().get(jobNamespace().idFromName(id));

describe("webhooks", () => {
  it(
    "sends started, one page event per page and completed, signed " +
      "with X-Service-Signature and X-Firecrawl-Signature",
    async () => {
      const receiver = `hook-${crypto.randomUUID().slice(0, 8)}`;
      const id = await startCrawl({
        url: fixture("/docs/"),
        sitemap: "skip",
        maxDiscoveryDepth: 1,
        webhook: {
          url: fixture(`/hooks/${receiver}`),
          metadata: { project: "lighthouse" },
          headers: { "x-custom": "yes" },
        },
      });
      await waitForJob(`/v2/crawl/${id}`);
      const got = await waitForDeliveries(receiver, (d) =>
        d.some((x) => JSON.parse(x.body).type === "crawl.completed"),
      );
      const payloads = got.map((d) => JSON.parse(d.body));
      expect(payloads.map((p) => p.type)).toEqual(["crawl.started", ...Array(5).fill("crawl.page"), "crawl.completed"]);
      for (const [i, delivery] of got.entries()) {
        const signature = `sha256=${await hmacHex(DEFAULT_TEAM_SECRET, delivery.body)}`;
        expect(delivery.headers["x-service-signature"]).toBe(signature);
        // Receivers written for Firecrawl (issue 15, finding 9): the same signature and its event/job headers.
        expect(delivery.headers["x-firecrawl-signature"]).toBe(signature);
        expect(delivery.headers["x-firecrawl-event"]).toBe(payloads[i].type);
        expect(delivery.headers["x-firecrawl-job-id"]).toBe(id);
        expect(delivery.headers["x-service-event"]).toBe(payloads[i].type);
        expect(delivery.headers["x-custom"]).toBe("yes");
        expect(delivery.headers["content-type"]).toBe("application/json");
        expect(payloads[i]).toMatchObject({ success: true, id, metadata: { project: "lighthouse" }, error: null });
      }
      const pages = payloads.filter((p) => p.type === "crawl.page");
      expect(
        pages
          .map((p) => new URL(p.data[0].metadata.sourceURL).pathname + new URL(p.data[0].metadata.sourceURL).search)
          .sort(),
      ).toEqual(["/docs/", "/docs/a", "/docs/a?ref=x", "/docs/a?ref=y", "/docs/b"]);
      expect(pages[0].data[0].markdown).toBeTypeOf("string");
    },
  );

  it("keeps every event, in order, for a receiver that is down for a while", async () => {
    const receiver = `flaky-${crypto.randomUUID().slice(0, 8)}`;
    await fetch(fixture(`/__webhooks/${receiver}/fail?times=3`), { method: "POST" });
    const id = await startCrawl({
      url: fixture("/docs/"),
      sitemap: "only",
      webhook: { url: fixture(`/hooks/${receiver}`), events: ["started", "page", "completed"] },
    });
    await waitForJob(`/v2/crawl/${id}`);
    const got = await waitForDeliveries(receiver, (d) => d.some((x) => JSON.parse(x.body).type === "crawl.completed"));
    expect(got.map((d) => JSON.parse(d.body).type)).toEqual([
      "crawl.started",
      "crawl.page",
      "crawl.page",
      "crawl.completed",
    ]);
  }, 60_000);

  it("filters events and refuses a webhook to a non-http URL", async () => {
    const receiver = `only-done-${crypto.randomUUID().slice(0, 8)}`;
    const id = await startCrawl({
      url: fixture("/docs/"),
      sitemap: "only",
      webhook: { url: fixture(`/hooks/${receiver}`), events: ["completed"] },
    });
    await waitForJob(`/v2/crawl/${id}`);
    const got = await waitForDeliveries(receiver, (d) => d.length > 0);
    await new Promise((r) => setTimeout(r, 500));
    expect((await deliveries(receiver)).map((d) => JSON.parse(d.body).type)).toEqual(["crawl.completed"]);
    expect(got).toHaveLength(1);
    const bad = await callJson("POST", "/v2/crawl", { url: fixture("/docs/"), webhook: "ftp://example.com/hook" });
    expect(bad.status).toBe(400);
  });
});

describe("the WebSocket watcher", () => {
  async function watch(id: string, key = API_KEY) {
    const response = await exports.default.fetch(`${API}/v2/crawl/${id}`, {
      headers: { upgrade: "websocket", "sec-websocket-protocol": key },
    });
    return response;
  }

  it("sends catchup, a document per page, then closes 1000 with reason {type: done}", async () => {
    const id = await startCrawl({
      url: fixture("/tree/40/0"),
      crawlEntireDomain: true,
      sitemap: "skip",
      limit: 6,
      maxConcurrency: 1,
    });
    const response = await watch(id);
    expect(response.status).toBe(101);
    expect(response.headers.get("sec-websocket-protocol")).toBe(API_KEY);
    const { messages, code, reason } = await collectSocket(response);
    expect({ code, reason }).toEqual({ code: 1000, reason: JSON.stringify({ type: "done" }) });
    expect(messages[0].type).toBe("catchup");
    expect(messages[0].data).toMatchObject({ success: true });
    const fromCatchup = messages[0].data.data.length;
    const last = messages[messages.length - 1];
    expect(last).toEqual({
      type: "status",
      data: expect.objectContaining({ status: "completed", total: 6, completed: 6 }),
    });
    const documents = messages.slice(1, -1);
    expect(documents.every((m) => m.type === "document")).toBe(true);
    expect(fromCatchup + documents.length).toBe(6);
    const urls = [...messages[0].data.data, ...documents.map((m) => m.data)].map((d) => d.metadata.sourceURL);
    expect(new Set(urls).size).toBe(6);
  });

  it("on a finished crawl: catchup with everything, then done", async () => {
    const id = await startCrawl({ url: fixture("/docs/"), sitemap: "only" });
    await waitForJob(`/v2/crawl/${id}`);
    const { messages, code } = await collectSocket(await watch(id));
    expect(code).toBe(1000);
    expect(messages).toHaveLength(1);
    expect(messages[0].data).toMatchObject({ status: "completed", total: 2, completed: 2 });
    expect(messages[0].data.data).toHaveLength(2);
  });

  it("refuses another team's key and a missing key", async () => {
    const id = await startCrawl({ url: fixture("/docs/"), sitemap: "only" });
    expect((await watch(id, OTHER_TEAM_KEY)).status).toBe(404);
    const none = await exports.default.fetch(`${API}/v2/crawl/${id}`, { headers: { upgrade: "websocket" } });
    expect(none.status).toBe(401);
  });
});

describe("durability", () => {
  it("finishes every page exactly once when the job's Durable Object is evicted mid-crawl", async () => {
    const id = await startCrawl({
      url: fixture("/tree/30/0"),
      crawlEntireDomain: true,
      sitemap: "skip",
      limit: 12,
      delay: 0.3,
    });
    let evictions = 0;
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const { body } = await callJson("GET", `/v2/crawl/${id}`); // wakes the object up
      if (body.status !== "scraping") break;
      await restartObject(jobObject(id));
      evictions++;
    }
    expect(evictions).toBeGreaterThan(0);
    const status = await waitForJob(`/v2/crawl/${id}`);
    expect(status).toMatchObject({ status: "completed", total: 12, completed: 12 });
    const documents = await allDocuments(`/v2/crawl/${id}`);
    expect(new Set(pathsOf(documents)).size).toBe(12);
  });

  it("dispatches again a page whose queue message was lost", async () => {
    const { total: before } = await fixtureRequests();
    const id = await startCrawl({
      url: fixture("/tree/20/0"),
      crawlEntireDomain: true,
      sitemap: "skip",
      limit: 3,
      delay: 1,
    });
    // Wait until the first page is done, then pretend the next page's message vanished.
    const deadline = Date.now() + 20_000;
    let lostPage: string | null = null;
    while (!lostPage && Date.now() < deadline) {
      lostPage = await runInDurableObject(jobObject(id), async (_instance, state) => {
        const sql = state.storage.sql;
        const done = sql.exec("SELECT COUNT(*) AS n FROM pages WHERE state = 'done'").one().n as number;
        const queued = sql
          .exec<{ id: number; url: string }>("SELECT id, url FROM pages WHERE state = 'queued' ORDER BY id LIMIT 1")
          .toArray()[0];
        if (done < 1 || !queued) return null;
        // As if it had been sent and the message then lost: dispatched, with a lease that has run out.
        sql.exec(
          "UPDATE pages SET state = 'dispatched', dispatch = dispatch + 1, " +
            "dispatches = dispatches + 1, lease_until = 0 WHERE id = ?",
          queued.id,
        );
        sql.exec("UPDATE timers SET due_at = 0 WHERE kind = 'leases'");
        return queued.url;
      });
      if (!lostPage) await new Promise((r) => setTimeout(r, 100));
    }
    expect(lostPage).not.toBeNull();
    await runDurableObjectAlarm(jobObject(id));
    const status = await waitForJob(`/v2/crawl/${id}`);
    expect(status).toMatchObject({ status: "completed", completed: 3 });
    const documents = await allDocuments(`/v2/crawl/${id}`);
    expect(documents.map((d) => d.metadata.sourceURL)).toContain(lostPage);
    const fetched = (await fixtureRequests(before)).requests.filter((r) => lostPage!.endsWith(r.path));
    expect(fetched).toHaveLength(1);
  });

  it("deletes the results 24 hours after the end; the API answers 404 from then on", async () => {
    const id = await startCrawl({ url: fixture("/docs/"), sitemap: "only" });
    const done = await waitForJob(`/v2/crawl/${id}`);
    expect(new Date(done.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    const [doc] = await allDocuments(`/v2/crawl/${id}`);
    const scrapeId = doc.metadata.scrapeId as string;
    expect(await (env as Env).BUCKET.head(`docs/${scrapeId}.json`)).not.toBeNull();
    // Fast-forward: make the expiry timer due and run the alarm.
    await runInDurableObject(jobObject(id), async (_instance, state) => {
      state.storage.sql.exec("UPDATE timers SET due_at = 0 WHERE kind = 'expire'");
    });
    expect(await runDurableObjectAlarm(jobObject(id))).toBe(true);
    expect((await callJson("GET", `/v2/crawl/${id}`)).status).toBe(404);
    expect((await callJson("GET", `/v2/crawl/${id}/errors`)).status).toBe(404);
    expect(await (env as Env).BUCKET.head(`docs/${scrapeId}.json`)).toBeNull();
  });
});

describe("batch watcher", () => {
  it("watches a batch scrape over /v2/batch/scrape/{id}", async () => {
    const { body } = await callJson("POST", "/v2/batch/scrape", { urls: [fixture("/docs/a"), fixture("/docs/c")] });
    const response = await exports.default.fetch(`${API}/v2/batch/scrape/${body.id}`, {
      headers: { upgrade: "websocket", "sec-websocket-protocol": API_KEY },
    });
    expect(response.status).toBe(101);
    const { messages, code } = await collectSocket(response);
    expect(code).toBe(1000);
    const documents = [...messages[0].data.data, ...messages.filter((m) => m.type === "document").map((m) => m.data)];
    expect(documents.map((d) => d.metadata.sourceURL).sort()).toEqual([fixture("/docs/a"), fixture("/docs/c")]);
  });
});
