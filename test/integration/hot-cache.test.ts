/**
 * The cache documents an isolate read in the last minute (src/scrape/hot-cache.ts), on the real local KV and R2: a
 * second read within the minute needs neither, a later one reads them again, a newer index entry (written here or
 * by another isolate) is not hidden by an older read, and a document too large to keep is read again each time.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ScrapeDocument } from "../../src/schemas/document";
import { readCache, writeCacheIndex } from "../../src/scrape/cache";
import { kvKeys, r2Keys } from "../../src/storage/layout";

let serial = 0;
async function cached(markdown: string, key: string, cachedAt: number): Promise<string> {
  const scrapeId = `hot-${Date.now()}-${serial++}`;
  const document = { markdown, metadata: { scrapeId, statusCode: 200, url: "https://example.test/" } };
  await env.BUCKET.put(r2Keys.document(scrapeId), JSON.stringify({ v: 1, document }));
  await writeCacheIndex(env, key, document as unknown as ScrapeDocument, cachedAt);
  return scrapeId;
}

const gone = async (key: string, scrapeId: string) => {
  await env.BUCKET.delete(r2Keys.document(scrapeId));
  await env.KV.delete(kvKeys.cache(key));
};

describe("documents read in the last minute", () => {
  it("are answered without KV and R2 for a minute, then read from them again", async () => {
    const key = `hot-key-${serial++}`;
    const now = Date.now();
    const scrapeId = await cached("# Kept", key, now);
    expect((await readCache(env, key, { maxAgeMs: 60_000 }, now))?.document.markdown).toBe("# Kept");
    await gone(key, scrapeId);
    const again = await readCache(env, key, { maxAgeMs: 120_000 }, now + 59_000);
    expect(again?.document.markdown).toBe("# Kept");
    // The age bounds still apply to the kept copy.
    expect(await readCache(env, key, { maxAgeMs: 30_000 }, now + 59_000)).toBeNull();
    expect(await readCache(env, key, { maxAgeMs: 120_000 }, now + 61_000)).toBeNull();
  });

  it("give way to a newer index entry for the same key", async () => {
    const key = `hot-key-${serial++}`;
    const now = Date.now();
    await cached("# Older", key, now);
    expect((await readCache(env, key, { maxAgeMs: 60_000 }, now))?.document.markdown).toBe("# Older");
    await cached("# Newer", key, now + 1000);
    expect((await readCache(env, key, { maxAgeMs: 60_000 }, now + 2000))?.document.markdown).toBe("# Newer");
  });

  it("leave the answer to the index when too old for the request (another isolate may have a newer one)", async () => {
    const key = `hot-key-${serial++}`;
    const now = Date.now();
    await cached("# Older", key, now);
    expect((await readCache(env, key, { maxAgeMs: 60_000 }, now))?.document.markdown).toBe("# Older");
    // Written as another isolate would: this isolate's kept copy is not told.
    const scrapeId = `hot-${Date.now()}-${serial++}`;
    const document = { markdown: "# Newer", metadata: { scrapeId, statusCode: 200, url: "https://example.test/" } };
    await env.BUCKET.put(r2Keys.document(scrapeId), JSON.stringify({ v: 1, document }));
    const entry = {
      r2Key: r2Keys.document(scrapeId),
      cachedAt: now + 20_000,
      statusCode: 200,
      url: document.metadata.url,
    };
    await env.KV.put(kvKeys.cache(key), JSON.stringify(entry));
    expect((await readCache(env, key, { maxAgeMs: 60_000 }, now + 30_000))?.document.markdown).toBe("# Older");
    expect((await readCache(env, key, { maxAgeMs: 15_000 }, now + 30_000))?.document.markdown).toBe("# Newer");
  });

  it("are each parsed afresh, so one request's changes never reach the next", async () => {
    const key = `hot-key-${serial++}`;
    const now = Date.now();
    await cached("# Shared", key, now);
    const first = await readCache(env, key, { maxAgeMs: 60_000 }, now);
    first!.document.markdown = "changed by a request";
    expect((await readCache(env, key, { maxAgeMs: 60_000 }, now + 1))?.document.markdown).toBe("# Shared");
  });

  it("are not kept when larger than a million characters", async () => {
    const key = `hot-key-${serial++}`;
    const now = Date.now();
    const scrapeId = await cached(`# Big\n\n${"x".repeat(1_000_001)}`, key, now);
    expect((await readCache(env, key, { maxAgeMs: 60_000 }, now))?.document.markdown).toMatch(/^# Big/);
    await gone(key, scrapeId);
    expect(await readCache(env, key, { maxAgeMs: 60_000 }, now + 1)).toBeNull();
  });
});
