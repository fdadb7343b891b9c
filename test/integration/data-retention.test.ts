/**
 * zeroDataRetention, per endpoint (docs/architecture.md, "Data retention"): honoured by POST /v2/scrape —
 * nothing is written, the cache is neither read nor written — and refused with a clear 400 by crawls and batch
 * scrapes (v1 and v2), whose results have to be stored to be read back.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callJson, fixture, unique } from "../helpers";

describe("zeroDataRetention", () => {
  it(
    "on /v2/scrape returns the document and writes nothing: no " +
      "stored document, no cache entry, nothing to read back",
    async () => {
      const url = unique("/article.html");
      const zdr = await callJson("POST", "/v2/scrape", { url, zeroDataRetention: true });
      expect(zdr.status).toBe(200);
      expect(zdr.body.data.markdown).toContain("# How Lighthouses Work");
      const scrapeId = zdr.body.data.metadata.scrapeId as string;
      await new Promise((r) => setTimeout(r, 300)); // anything written in the background would be there by now
      expect(await (env as Env).BUCKET.head(`docs/${scrapeId}.json`)).toBeNull();
      expect((await callJson("GET", `/v2/scrape/${scrapeId}`)).status).toBe(404);

      // Nothing went into the cache: the same request without zeroDataRetention is fetched fresh…
      const plain = await callJson("POST", "/v2/scrape", { url });
      expect(plain.body.data.metadata.cacheState).toBe("miss");
      await new Promise((r) => setTimeout(r, 300));
      expect(await (env as Env).BUCKET.head(`docs/${plain.body.data.metadata.scrapeId}.json`)).not.toBeNull();
      // …and nothing is read from it either: with a cached copy there, a zeroDataRetention request still fetches.
      expect((await callJson("POST", "/v2/scrape", { url })).body.data.metadata.cacheState).toBe("hit");
      expect(
        (await callJson("POST", "/v2/scrape", { url, zeroDataRetention: true })).body.data.metadata.cacheState,
      ).toBe("miss");
    },
  );

  it.each([
    ["/v2/crawl", { url: fixture("/docs/"), zeroDataRetention: true }],
    ["/v2/crawl", { url: fixture("/docs/"), scrapeOptions: { zeroDataRetention: true } }],
    ["/v2/batch/scrape", { urls: [fixture("/docs/a")], zeroDataRetention: true }],
    ["/v1/crawl", { url: fixture("/docs/"), zeroDataRetention: true }],
    ["/v1/batch/scrape", { urls: [fixture("/docs/a")], zeroDataRetention: true }],
  ])("is refused by %s with 400 ZERO_DATA_RETENTION_NOT_SUPPORTED", async (path, body) => {
    const { status, body: answer } = await callJson("POST", path, body);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ success: false, code: "ZERO_DATA_RETENTION_NOT_SUPPORTED" });
    expect(answer.error).toMatch(/\/v2\/scrape/);
  });
});
