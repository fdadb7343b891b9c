/**
 * The browser engine through POST /v2/scrape: the real local Chromium (miniflare's Browser Rendering) against
 * the loopback fixture site. What the site saw is read back from its request log.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signArtifactUrl } from "../../src/artifacts";
import { loadDocument } from "../../src/scrape/cache";
import { ScrapeOptionsSchema } from "../../src/schemas/scrape";
import { API, call, callJson, fixture, fixtureRequests, otherFixture, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);

/** Downloads an artifact URL from the API itself, with no API key (signed URLs are meant to be handed on). */
async function download(url: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  expect(url.startsWith(`${API}/v2/artifacts/shots/`)).toBe(true);
  const response = await call("GET", url.slice(API.length), undefined, { key: null });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Requests to `path` (query ignored) that the fixture site received since `since`. */
async function requestsFor(path: string, since: number) {
  return (await fixtureRequests(since)).requests.filter((r) => r.path.split("?")[0] === path);
}

describe("engine selection", () => {
  it("renders a page whose content is inserted by script, switching from the fetch engine by itself", async () => {
    const { status, body } = await scrape({
      url: unique("/browser/js-shell.html"),
      formats: ["markdown", "rawHtml", "links"],
    });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe("browser");
    expect(body.data.markdown).toMatch(/^# Lighthouse catalogue/m);
    expect(body.data.markdown).toContain("First-order Fresnel lens");
    expect(body.data.rawHtml).toContain("Catadioptric panel");
    expect(body.data.links).toContain(fixture("/browser/item/2"));
  });

  it("keeps an app shell whose <noscript> holds a crawler view of the content on the fetch engine", async () => {
    const { status, body } = await scrape({ url: unique("/browser/crawler-view.html"), formats: ["rawHtml"] });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe("fetch");
    expect(body.data.rawHtml).toContain("Keep the old lens on display");
  });

  it("keeps the fetched page when rendering an app shell shows nothing more, and says so", async () => {
    const { status, body } = await scrape({ url: unique("/browser/dead-shell.html"), formats: ["markdown"] });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe("fetch");
    expect(body.data.markdown).toContain("Tide tables for the outer harbour");
    expect(body.data.warning).toMatch(/needs JavaScript, but the rendered page showed no more text/);
  });

  it("keeps the fetched page, in time, when rendering an app shell cannot finish before the deadline", async () => {
    const started = Date.now();
    const { status, body } = await scrape({
      url: unique("/browser/slow-shell.html"),
      formats: ["markdown"],
      timeout: 6000,
    });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(body.data.metadata.engine).toBe("fetch");
    expect(body.data.markdown).toContain("Ferry timetable for the winter season");
    expect(body.data.warning).toMatch(/rendering it did not finish in time/);
  });

  it("keeps a readable page on the fetch engine, and renders it when the request asks for a browser", async () => {
    const plain = await scrape({ url: unique("/browser/ads.html") });
    expect(plain.body.data.metadata.engine).toBe("fetch");
    const rendered = await scrape({ url: unique("/browser/ads.html"), waitFor: 100 });
    expect(rendered.body.data.metadata.engine).toBe("browser");
    expect(rendered.body.data.markdown).toContain("# Harbour news");
  });

  it("retries a TLS failure of the fetch engine on the browser, which skips verification by default", async () => {
    const { url: tls } = (await (await fetch(fixture("/__tls"))).json()) as { url: string };
    const { status, body } = await scrape({ url: `${tls}/article.html?t=${crypto.randomUUID()}` });
    expect(status).toBe(200);
    expect(body.data.metadata).toMatchObject({ engine: "browser", statusCode: 200 });
    expect(body.data.markdown).toContain("# How Lighthouses Work");

    const strict = await scrape({ url: `${tls}/article.html?t=${crypto.randomUUID()}`, skipTlsVerification: false });
    expect(strict.status).toBe(500);
    expect(["SCRAPE_SSL_ERROR", "SCRAPE_SITE_ERROR"]).toContain(strict.body.code);
  });

  it("hands a PDF found by the browser to the PDF engine, and refuses actions on it", async () => {
    const pdf = await scrape({ url: unique("/doc.pdf"), waitFor: 100 });
    expect(pdf.status).toBe(200);
    expect(pdf.body.data.metadata).toMatchObject({ engine: "pdf", numPages: 3 });
    expect(pdf.body.data.markdown).toContain("Quarterly Report");

    const withActions = await scrape({ url: unique("/doc.pdf"), actions: [{ type: "click", selector: "body" }] });
    expect(withActions.status).toBe(400);
    expect(withActions.body.code).toBe("SCRAPE_ACTIONS_NOT_SUPPORTED");
  });
});

describe("deadlines", () => {
  it("answers 408 when the timeout passes mid-render, and leaves the browser usable", async () => {
    // More cut-off scrapes than BROWSER_CONCURRENCY: if their sessions were not given back, the last scrape would hang.
    for (let i = 0; i < 3; i++) {
      const { status, body } = await scrape({
        url: fixture(`/slow?ms=4000&t=${crypto.randomUUID()}`),
        waitFor: 100,
        timeout: 1500,
      });
      expect(status).toBe(408);
      expect(body.code).toBe("SCRAPE_TIMEOUT");
    }
    const after = await scrape({ url: unique("/browser/form.html"), actions: [{ type: "click", selector: ".like" }] });
    expect(after.status).toBe(200);
    expect(after.body.data.markdown).toContain("Likes: 1");
  });
});

describe("waiting", () => {
  it("waitFor waits after the page has settled; without it late content is missing", async () => {
    const quick = await scrape({ url: unique("/browser/delayed.html") });
    // Rendered before the late content arrives, the page shows no more than its HTML did: the fetched page is kept.
    expect(quick.body.data.metadata.engine).toBe("fetch");
    expect(quick.body.data.warning).toMatch(/rendered page showed no more text/);
    expect(quick.body.data.markdown).toContain("Loading the forecast");
    expect(quick.body.data.markdown).not.toContain("gale warning");
    const patient = await scrape({ url: unique("/browser/delayed.html"), waitFor: 2500 });
    expect(patient.body.data.markdown).toContain("Forecast: gale warning for the coast.");
  });

  it("a wait action with a selector waits until the element is visible", async () => {
    const { status, body } = await scrape({
      url: unique("/browser/delayed.html"),
      actions: [{ type: "wait", selector: "#forecast-ready" }],
    });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain("Updated just now.");
  });
});

describe("actions", () => {
  it("fills a form with click, write and press", async () => {
    const { status, body } = await scrape({
      url: unique("/browser/form.html"),
      actions: [
        { type: "click", selector: "#name" },
        { type: "write", text: "Ada Lovelace" },
        { type: "press", key: "Enter" },
      ],
    });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain("Welcome aboard, Ada Lovelace!");
    // Nothing to report from these actions: the actions object is left out.
    expect(body.data.actions).toBeUndefined();
  });

  it("clicks the first match, or every match with all", async () => {
    const one = await scrape({
      url: unique("/browser/form.html"),
      actions: [{ type: "click", selector: ".like" }, { type: "scrape" }],
    });
    expect(one.body.data.actions.scrapes[0].html).toContain('<span id="likes">1</span>');
    const all = await scrape({
      url: unique("/browser/form.html"),
      actions: [{ type: "click", selector: ".like", all: true }, { type: "scrape" }],
    });
    expect(all.body.data.actions.scrapes[0].html).toContain('<span id="likes">3</span>');
  });

  it("scrolls the page (loading more) and an element", async () => {
    const url = unique("/browser/scroll.html");
    const before = await scrape({ url, waitFor: 100 });
    expect(before.body.data.markdown).not.toContain("Loaded later");
    const { body } = await scrape({
      url,
      actions: [
        { type: "scroll", direction: "down" },
        { type: "scroll" },
        { type: "executeJavascript", script: "window.scrollY" },
        { type: "scroll", direction: "up" },
        { type: "executeJavascript", script: "return window.scrollY" },
      ],
    });
    expect(body.data.markdown).toContain("Loaded later: the keeper's log");
    const [down, up] = body.data.actions.javascriptReturns;
    expect(down.type).toBe("number");
    expect(up.value).toBeLessThan(down.value);

    const panel = await scrape({
      url: unique("/browser/form.html"),
      actions: [
        { type: "scroll", selector: "#panel" },
        { type: "executeJavascript", script: "document.getElementById('panel').scrollTop" },
      ],
    });
    expect(panel.body.data.actions.javascriptReturns[0].value).toBeGreaterThan(0);
  });

  it("captures the page with scrape and returns script results as {type, value}", async () => {
    const url = unique("/browser/form.html");
    const { body } = await scrape({
      url,
      actions: [
        { type: "executeJavascript", script: "document.title" },
        {
          type: "executeJavascript",
          script: "const likes = document.querySelectorAll('.like').length;\nreturn { likes, ok: true };",
        },
        { type: "executeJavascript", script: "await new Promise((r) => setTimeout(r, 10)); return null" },
        { type: "click", selector: ".like" },
        { type: "scrape" },
      ],
    });
    expect(body.data.actions.javascriptReturns).toEqual([
      { type: "string", value: "Sign up" },
      { type: "object", value: { likes: 3, ok: true } },
      { type: "null", value: null },
    ]);
    expect(body.data.actions.scrapes).toHaveLength(1);
    expect(body.data.actions.scrapes[0].url).toBe(url);
    expect(body.data.actions.scrapes[0].html).toContain('<span id="likes">1</span>');
    expect(body.data.actions).toMatchObject({ screenshots: [], pdfs: [] });
  });

  it("fails with SCRAPE_ACTION_ERROR naming the action's index and the reason", async () => {
    const missing = await scrape({
      url: unique("/browser/form.html"),
      actions: [
        { type: "wait", milliseconds: 10 },
        { type: "click", selector: "#nowhere" },
      ],
    });
    expect(missing.status).toBe(500);
    expect(missing.body.code).toBe("SCRAPE_ACTION_ERROR");
    expect(missing.body.error).toContain("actions[1] (click)");
    expect(missing.body.error).toContain("#nowhere");

    const badKey = await scrape({ url: unique("/browser/form.html"), actions: [{ type: "press", key: "NoSuchKey" }] });
    expect(badKey.status).toBe(500);
    expect(badKey.body.error).toContain("actions[0] (press)");

    const throwing = await scrape({
      url: unique("/browser/form.html"),
      actions: [{ type: "executeJavascript", script: "throw new Error('boom')" }],
    });
    expect(throwing.body.code).toBe("SCRAPE_ACTION_ERROR");
    expect(throwing.body.error).toContain("boom");
  });

  it("makes PDFs of the page", async () => {
    const { status, body } = await scrape({
      url: unique("/article.html"),
      actions: [{ type: "pdf" }, { type: "pdf", format: "A4", landscape: true, scale: 0.5 }],
    });
    expect(status).toBe(200);
    expect(body.data.actions.pdfs).toHaveLength(2);
    for (const url of body.data.actions.pdfs) {
      const file = await download(url);
      expect(file.status).toBe(200);
      expect(file.type).toBe("application/pdf");
      expect(new TextDecoder().decode(file.bytes.subarray(0, 5))).toBe("%PDF-");
    }
  });
});

describe("screenshots", () => {
  it("stores a viewport screenshot in R2 and returns a signed URL the API serves", async () => {
    const { status, body } = await scrape({
      url: unique("/article.html"),
      formats: ["markdown", { type: "screenshot", viewport: { width: 800, height: 600 } }],
    });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe("browser");
    expect(body.data.markdown).toContain("# How Lighthouses Work");
    const shot = await download(body.data.screenshot);
    expect(shot.status).toBe(200);
    expect(shot.type).toBe("image/png");
    expect(pngSize(shot.bytes)).toEqual({ width: 800, height: 600 });
  });

  it("takes full-page and JPEG screenshots, also as actions", async () => {
    const { body } = await scrape({
      url: unique("/browser/scroll.html"),
      formats: [{ type: "screenshot", fullPage: true, viewport: { width: 640, height: 480 } }],
      actions: [
        { type: "screenshot", quality: 60 },
        { type: "screenshot", viewport: { width: 320, height: 240 } },
      ],
    });
    const full = pngSize((await download(body.data.screenshot)).bytes);
    expect(full.width).toBe(640);
    expect(full.height).toBeGreaterThan(2000);
    const [jpeg, small] = await Promise.all(body.data.actions.screenshots.map(download));
    expect(jpeg.type).toBe("image/jpeg");
    expect([...jpeg.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(pngSize(small.bytes)).toEqual({ width: 320, height: 240 });
  });

  it("refuses expired and forged artifact URLs", async () => {
    const { body } = await scrape({ url: unique("/article.html"), formats: ["screenshot"] });
    const url = new URL(body.data.screenshot);
    const key = url.pathname.replace("/v2/artifacts/", "");
    const expired = await signArtifactUrl(env, key, API, Date.now() - 25 * 3600 * 1000);
    expect((await call("GET", expired.slice(API.length), undefined, { key: null })).status).toBe(403);
    url.searchParams.set("sig", "0".repeat(64));
    expect((await call("GET", url.pathname + url.search, undefined, { key: null })).status).toBe(403);
    const later = new URL(body.data.screenshot);
    later.searchParams.set("expires", String(Date.now() + 48 * 3600 * 1000));
    expect((await call("GET", later.pathname + later.search, undefined, { key: null })).status).toBe(403);
  });

  it("keeps artifact references, not signed URLs, in the stored document", async () => {
    const { body } = await scrape({ url: unique("/article.html"), formats: ["screenshot"] });
    const document = await loadDocument(env, body.data.metadata.scrapeId, "default");
    expect(document?.screenshot).toMatch(/^artifact:shots\/[0-9a-f-]{36}\.png$/);
    const again = await callJson("GET", `/v2/scrape/${body.data.metadata.scrapeId}`);
    expect((await download(again.body.data.screenshot)).status).toBe(200);
  });

  it("returns a data URL when nothing may be stored (zeroDataRetention)", async () => {
    const { body } = await scrape({ url: unique("/article.html"), formats: ["screenshot"], zeroDataRetention: true });
    expect(body.data.screenshot).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it("returns a data URL, with a warning, when no SIGNING_SECRET is configured", async () => {
    const { scrape: runScrape } = await import("../../src/scrape/pipeline");
    const unsigned = { ...env, SIGNING_SECRET: "" } as Env;
    const { document } = await runScrape(
      { env: unsigned, teamId: "default" },
      { ...ScrapeOptionsSchema.parse({}), url: unique("/article.html"), formats: ["screenshot"] },
    );
    expect(document.screenshot).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(document.warning).toMatch(/No SIGNING_SECRET is configured/);
  });
});

describe("emulation and outbound requests", () => {
  it(
    "emulates a phone in a country: user agent, touch viewport, " + "languages and timezone, as the site sees them",
    async () => {
      const { total } = await fixtureRequests();
      const { status, body } = await scrape({
        url: unique("/browser/emulation.html"),
        mobile: true,
        location: { country: "DE", languages: ["de-DE", "en"] },
      });
      expect(status).toBe(200);
      expect(body.data.metadata.engine).toBe("browser");
      const [page] = await requestsFor("/browser/emulation.html", total);
      expect(page.headers["user-agent"]).toMatch(/Mobile.*ServiceAgent/);
      expect(page.headers["accept-language"]).toBe("de-DE,en;q=0.9");
      const [beacon] = await requestsFor("/browser/beacon", total);
      const seen = Object.fromEntries(new URL(beacon.path, "http://x").searchParams);
      expect(seen).toMatchObject({ languages: "de-DE,en", timezone: "Europe/Berlin", width: "412", mobile: "true" });
      expect(Number(seen.touch)).toBeGreaterThan(0);
    },
  );

  it("renders as a desktop ServiceAgent in the US timezone by default location", async () => {
    const { total } = await fixtureRequests();
    await scrape({ url: unique("/browser/emulation.html"), location: { country: "US" } });
    const [page] = await requestsFor("/browser/emulation.html", total);
    expect(page.headers["user-agent"]).toBe("Mozilla/5.0 (compatible; ServiceAgent/1.0; edgecrawl)");
    const [beacon] = await requestsFor("/browser/beacon", total);
    const seen = Object.fromEntries(new URL(beacon.path, "http://x").searchParams);
    expect(seen).toMatchObject({
      timezone: "America/New_York",
      width: "1920",
      touch: "0",
      mobile: "false",
      languages: "en-US,en",
    });
  });

  it("sends the caller's headers to the target's host only", async () => {
    const { body } = await scrape({
      url: unique("/echo"),
      formats: ["rawHtml"],
      waitFor: 50,
      headers: { "X-Token": "abc", "User-Agent": "MyBot/2" },
    });
    expect(body.data.metadata.engine).toBe("browser");
    expect(body.data.rawHtml).toContain('"x-token": "abc"');
    expect(body.data.rawHtml).toContain('"user-agent": "MyBot/2"');

    const { total } = await fixtureRequests();
    const otherSite = otherFixture().replace(/\/$/, "");
    const { total: otherTotal } = await fixtureRequests(0, otherSite);
    await scrape({ url: unique("/browser/third-party.html"), waitFor: 50, headers: { "X-Token": "abc" } });
    const [page] = await requestsFor("/browser/third-party.html", total);
    expect(page.headers["x-token"]).toBe("abc");
    const pixel = (await fixtureRequests(otherTotal, otherSite)).requests.find((r) => r.path === "/browser/pixel.png");
    expect(pixel).toBeDefined();
    expect(pixel!.headers["x-token"]).toBeUndefined();
  });
});

describe("blockAds", () => {
  it("removes a cookie-consent popup the site shows itself, unless blockAds is false", async () => {
    // The whole page, so that only the browser's blocking decides (main content leaves a "privacy-notice" out anyway).
    const blocked = await scrape({ url: unique("/browser/ads.html"), waitFor: 100, onlyMainContent: false });
    expect(blocked.body.data.markdown).toContain("# Harbour news");
    expect(blocked.body.data.markdown).not.toContain("We use cookies");
    const shown = await scrape({
      url: unique("/browser/ads.html"),
      waitFor: 100,
      blockAds: false,
      onlyMainContent: false,
    });
    expect(shown.body.data.markdown).toContain("We use cookies");
  });
});
