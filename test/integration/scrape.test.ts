/**
 * POST /v2/scrape through the HTTP API, on the fetch engine, against the loopback fixture site.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callJson, fixture, fixtureRequests, unique } from "../helpers";
import { loadStoredScrape } from "../../src/scrape/cache";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);

describe("scraping an article", () => {
  it("returns clean markdown and the page's metadata", async () => {
    const url = unique("/article.html");
    const { status, body } = await scrape({ url });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const { markdown, metadata } = body.data;
    expect(Object.keys(body.data).sort()).toEqual(["markdown", "metadata"]);

    expect(markdown).toMatch(/^# How Lighthouses Work/m);
    expect(markdown).toContain("## The optics");
    expect(markdown).toContain("**lamps and lenses**");
    expect(markdown).toContain("[history of the Fresnel lens](" + fixture("/articles/fresnel-lens") + ")");
    expect(markdown).toMatch(
      /\| Light \| Period \| Range \|\n\| -+ \| -+ \| -+ \|\n\| Cape Hatteras \| 7\.5 s \| 24 nmi \|/,
    );
    expect(markdown).toContain("```python\ndef geographic_range(height_m):");
    expect(markdown).toContain("![beam diagram](<Base64-Image-Removed>)");
    // boilerplate is gone
    for (const junk of [
      "We use cookies",
      "About us",
      "Trending",
      "Buy a boat",
      "Privacy policy",
      "window.analytics",
      "Share",
    ]) {
      expect(markdown).not.toContain(junk);
    }

    expect(metadata).toMatchObject({
      title: "How Lighthouses Work | The Coastal Journal",
      description: "A field guide to lighthouse optics, rotation and keepers.",
      language: "en",
      keywords: "lighthouse, optics, fresnel",
      ogTitle: "How Lighthouses Work",
      ogSiteName: "The Coastal Journal",
      ogLocaleAlternate: ["fr_FR", "de_DE"],
      sourceURL: url,
      url,
      statusCode: 200,
      contentType: "text/html; charset=utf-8",
      proxyUsed: "basic",
      cacheState: "miss",
      creditsUsed: 1,
      engine: "fetch",
    });
    expect(metadata.favicon).toBe(fixture("/favicon.png"));
    expect(metadata.scrapeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("returns html, rawHtml, links and images on request", async () => {
    const url = unique("/article.html");
    const { body } = await scrape({ url, formats: ["html", "rawHtml", "links", "images"] });
    const data = body.data;
    expect(data.markdown).toBeUndefined();
    const raw = await (await fetch(fixture("/article.html"))).text();
    expect(data.rawHtml).toBe(raw);
    expect(data.html).toContain("<h1>How Lighthouses Work</h1>");
    expect(data.html).not.toMatch(/<script|<style|cookie-banner|<nav/);
    expect(data.html).toContain(`href="${fixture("/articles/fresnel-lens")}"`);
    expect(data.links).toEqual([fixture("/articles/fresnel-lens"), "https://other.example/keepers"]);
    expect(data.images).toEqual(
      expect.arrayContaining([fixture("/images/lens-large.png"), fixture("/images/lighthouse-og.jpg")]),
    );
  });

  it("keeps boilerplate with onlyMainContent false and the base64 image with removeBase64Images false", async () => {
    const { body } = await scrape({
      url: unique("/article.html"),
      onlyMainContent: false,
      removeBase64Images: false,
      formats: ["markdown", "links"],
    });
    expect(body.data.markdown).toContain("About us");
    expect(body.data.markdown).toContain("![beam diagram](data:image/png;base64,iVBOR");
    expect(body.data.links).toContain(fixture("/about"));
  });

  it("applies includeTags and excludeTags to the original page", async () => {
    const included = await scrape({ url: unique("/article.html"), includeTags: ["table", ".byline"] });
    expect(included.body.data.markdown).toContain("By Ada Keeper");
    expect(included.body.data.markdown).toContain("| Eddystone |");
    expect(included.body.data.markdown).not.toContain("The optics");

    const excluded = await scrape({ url: unique("/article.html"), excludeTags: ["table", "pre"] });
    expect(excluded.body.data.markdown).toContain("The optics");
    expect(excluded.body.data.markdown).not.toContain("Eddystone");
    expect(excluded.body.data.markdown).not.toContain("geographic_range");
  });

  it("extracts attributes", async () => {
    const { body } = await scrape({
      url: unique("/article.html"),
      formats: [
        {
          type: "attributes",
          selectors: [
            { selector: "article img", attribute: "alt" },
            { selector: "video", attribute: "src" },
          ],
        },
      ],
    });
    expect(body.data.attributes).toEqual([
      { selector: "article img", attribute: "alt", values: ["A first-order Fresnel lens", "beam diagram"] },
      { selector: "video", attribute: "src", values: [] },
    ]);
  });
});

describe("a small page", () => {
  it(
    "keeps the paragraph of a main region that holds a heading, one " +
      "short paragraph and a link, without the chrome",
    async () => {
      const { status, body } = await scrape({ url: unique("/small/doc-p3.html"), formats: ["markdown"] });
      expect(status).toBe(200);
      expect(body.data.markdown).toBe("# Doc p3\n\nTOKEN-docs-p3\n\n[Back](" + fixture("/docs/") + ")");
      expect(body.data.warning).toBeUndefined();
    },
  );
});

describe("what the target answers", () => {
  it("follows redirects: metadata.url is the final URL, sourceURL the caller's", async () => {
    const source = fixture(`/redirect-chain?n=3&t=${crypto.randomUUID()}`);
    const { status, body } = await scrape({ url: source });
    expect(status).toBe(200);
    expect(body.data.metadata.sourceURL).toBe(source);
    expect(body.data.metadata.url).toBe(fixture("/article.html"));
    expect(body.data.markdown).toContain("# How Lighthouses Work");
  });

  it("reports a redirect loop as a coded error", async () => {
    const { status, body } = await scrape({ url: fixture("/redirect-loop") });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: "SCRAPE_TOO_MANY_REDIRECTS" });
  });

  it.each([404, 500])("a target's HTTP %i is still a scrape, with statusCode set", async (code) => {
    const { status, body } = await scrape({ url: fixture(`/status?code=${code}&t=${crypto.randomUUID()}`) });
    expect(status).toBe(200);
    expect(body.data.metadata.statusCode).toBe(code);
    expect(body.data.markdown).toContain(`Error ${code}`);
  });

  it("times out with 408 SCRAPE_TIMEOUT and does not bill", async () => {
    const before = (await callJson("GET", "/v2/team/credit-usage")).body.data.creditsUsed;
    const started = Date.now();
    const { status, body } = await scrape({ url: fixture(`/slow?ms=4000&t=${crypto.randomUUID()}`), timeout: 1000 });
    expect(status).toBe(408);
    expect(body).toMatchObject({ success: false, code: "SCRAPE_TIMEOUT" });
    expect(Date.now() - started).toBeLessThan(3500);
    const after = (await callJson("GET", "/v2/team/credit-usage")).body.data.creditsUsed;
    expect(after).toBe(before);
  });

  it("refuses a connection error with a coded error", async () => {
    const { status, body } = await scrape({ url: "http://127.0.0.1:1/nothing" });
    expect(status).toBe(500);
    expect(body.code).toBe("SCRAPE_CONNECTION_ERROR");
    expect(body.error).toContain("127.0.0.1:1");
  });

  it("turns JSON and plain-text bodies into markdown", async () => {
    const json = await scrape({ url: unique("/data.json"), formats: ["markdown", "rawHtml"] });
    expect(json.body.data.markdown).toMatch(/^```json\n[\s\S]*"name": "edgecrawl fixture"[\s\S]*\n```$/);
    expect(JSON.parse(json.body.data.rawHtml)).toEqual({
      name: "edgecrawl fixture",
      items: [1, 2, 3],
      nested: { ok: true },
    });
    const text = await scrape({ url: unique("/notes.txt") });
    expect(text.body.data.markdown).toContain("Plain text notes.");
    expect(text.body.data.markdown).toContain("Second paragraph line one.");
  });
});

describe("the maxAge cache", () => {
  it("serves a second identical request from the cache without fetching", async () => {
    const url = unique("/article.html");
    const first = await scrape({ url });
    expect(first.body.data.metadata.cacheState).toBe("miss");
    const { total } = await fixtureRequests();
    const second = await scrape({ url });
    expect(second.body.data.metadata.cacheState).toBe("hit");
    expect(new Date(second.body.data.metadata.cachedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(second.body.data.markdown).toBe(first.body.data.markdown);
    const seen = await fixtureRequests(total);
    expect(seen.requests.filter((r) => r.path.includes(new URL(url).search.slice(1)))).toHaveLength(0);
  });

  it("fetches fresh with maxAge 0, and treats different options as different entries", async () => {
    const url = unique("/counter");
    const a = await scrape({ url });
    const b = await scrape({ url, maxAge: 0 });
    expect(b.body.data.metadata.cacheState).toBe("miss");
    expect(b.body.data.markdown).not.toBe(a.body.data.markdown);
    const c = await scrape({ url, onlyMainContent: false });
    expect(c.body.data.metadata.cacheState).toBe("miss");
  });

  it("minAge answers only from the cache: 404 SCRAPE_NO_CACHED_DATA on a miss", async () => {
    const url = unique("/article.html");
    const miss = await scrape({ url, minAge: 1 });
    expect(miss.status).toBe(404);
    expect(miss.body).toMatchObject({ success: false, code: "SCRAPE_NO_CACHED_DATA" });
    await scrape({ url });
    const hit = await scrape({ url, minAge: 1 });
    expect(hit.status).toBe(200);
    expect(hit.body.data.metadata.cacheState).toBe("hit");
    const tooYoung = await scrape({ url, minAge: 3_600_000 });
    expect(tooYoung.status).toBe(404);
  });

  it("keeps requests with headers, and storeInCache false, out of the cache", async () => {
    const url = unique("/article.html");
    await scrape({ url, headers: { "x-test": "1" } });
    expect((await scrape({ url, minAge: 1 })).status).toBe(404);
    await scrape({ url, storeInCache: false });
    expect((await scrape({ url, minAge: 1 })).status).toBe(404);
  });
});

describe("outbound request", () => {
  it("identifies as ServiceAgent and passes the caller's headers", async () => {
    const defaults = await scrape({ url: unique("/echo"), formats: ["rawHtml"] });
    expect(defaults.body.data.rawHtml).toMatch(/"user-agent": "[^"]*ServiceAgent/);
    const custom = await scrape({
      url: unique("/echo"),
      formats: ["rawHtml"],
      headers: { "User-Agent": "MyBot/2", "X-Token": "abc" },
    });
    expect(custom.body.data.rawHtml).toContain('"user-agent": "MyBot/2"');
    expect(custom.body.data.rawHtml).toContain('"x-token": "abc"');
    const french = await scrape({
      url: unique("/echo"),
      formats: ["rawHtml"],
      location: { country: "fr", languages: ["fr-FR", "en"] },
    });
    expect(french.body.data.rawHtml).toContain('"accept-language": "fr-FR,en;q=0.9"');
  });
});

describe("stored results", () => {
  it("GET /v2/scrape/{id} returns the document to its team only", async () => {
    const { body } = await scrape({ url: unique("/article.html") });
    const id = body.data.metadata.scrapeId;
    const again = await callJson("GET", `/v2/scrape/${id}`);
    expect(again.status).toBe(200);
    expect(again.body.data.markdown).toBe(body.data.markdown);
    const other = await callJson("GET", `/v2/scrape/${id}`, undefined, { key: "ec-test-key-other" });
    expect(other.status).toBe(404);
    const bad = await callJson("GET", "/v2/scrape/not-a-uuid");
    expect(bad.status).toBe(400);
  });
});

describe("stored results of cache hits", () => {
  it("reads a hit back by its own id, for its team only, while the cached document exists (no copy kept)", async () => {
    const url = unique("/article.html");
    const first = await scrape({ url });
    const hit = await scrape({ url });
    expect(hit.body.data.metadata.cacheState).toBe("hit");
    const id = hit.body.data.metadata.scrapeId;
    expect(id).not.toBe(first.body.data.metadata.scrapeId);
    await new Promise((r) => setTimeout(r, 300)); // anything written in the background would be there by now
    expect(await (env as Env).BUCKET.head(`docs/${id}.json`)).toBeNull();

    const again = await callJson("GET", `/v2/scrape/${id}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(hit.body.data);
    expect((await callJson("GET", `/v2/scrape/${id}`, undefined, { key: "ec-test-key-other" })).status).toBe(404);
    // Interact opens its session from the stored request, which the hit keeps too.
    expect((await loadStoredScrape(env as Env, id, "default"))?.request).toMatchObject({ url, options: {} });

    await (env as Env).BUCKET.delete(`docs/${first.body.data.metadata.scrapeId}.json`);
    expect((await callJson("GET", `/v2/scrape/${id}`)).status).toBe(404);
  });
});

describe("service routes", () => {
  it("answers unknown routes with the error envelope", async () => {
    const res = await call("GET", "/v2/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
  });
});
