/**
 * The browser engine through POST /v2/scrape: the real local Chromium (miniflare's Browser Rendering) against
 * the loopback fixture site — when it is chosen, deadlines, waiting and actions. What it makes and stores is in
 * browser-artifacts.test.ts, how it presents itself and what it sends in browser-emulation.test.ts.
 */
import { describe, expect, it } from "vitest";
import { callJson, fixture, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);

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
});
