/**
 * Engine selection: when the browser is wanted, when fetched HTML needs JavaScript, when a page is a bot wall;
 * and the pieces of emulation and ad blocking that are plain functions.
 */
import { describe, expect, it } from "vitest";
import { isBlockedHost } from "../../src/engines/adblock";
import { countryTimezone } from "../../src/engines/browser-emulation";
import { hasVisibleText, needsJavaScript, readableText, visibleText } from "../../src/engines/app-shell";
import { browserReasons, looksBlocked } from "../../src/engines/select";
import type { FetchedPage } from "../../src/engines/types";
import { ScrapeOptionsSchema } from "../../src/schemas/scrape";
import { normalizeFormats } from "../../src/schemas/formats";

const paragraph = "The keeper climbed the hundred and twelve steps each evening to light the lamp. ".repeat(25);

describe("needsJavaScript", () => {
  it("spots empty app shells and noscript notices", () => {
    expect(needsJavaScript(`<html><body><div id="root"></div><script src="/main.js"></script></body></html>`)).toBe(
      true,
    );
    expect(needsJavaScript(`<html><body><app-root></app-root><script src="/app.js"></script></body></html>`)).toBe(
      true,
    );
    expect(needsJavaScript(`<html><body><script>location.replace("/home")</script></body></html>`)).toBe(true);
    const withNotice = `<html><body><header><nav>Home · Products · About · Contact · Careers · Press · Blog</nav>\
</header>
      <div id="app"></div><noscript>Please enable JavaScript to continue.</noscript><script src="/bundle.js"></script>\
</body></html>`;
    expect(needsJavaScript(withNotice)).toBe(true);
  });

  it("leaves readable pages and pages without scripts alone", () => {
    expect(needsJavaScript(`<html><body><h1>Example Domain</h1><p>For use in examples.</p></body></html>`)).toBe(false);
    expect(
      needsJavaScript(`<html><body><main><p>${paragraph}</p></main><div id="root"></div><script src="/widgets.js">\
</script>
      <noscript>Enable JavaScript for comments.</noscript></body></html>`),
    ).toBe(false);
  });

  it("does not send a page whose <noscript> holds a crawler view of the content to the browser", () => {
    const discourse = `<html><body><section id="d-splash"><div class="dots"></div></section><section id="main">\
</section>
      <noscript data-path="/t/topic/1"><div id="topic-title"><h1>Which telescope to start with?</h1></div>
      <div class="topic-body crawler-post"><div class="post" itemprop="text"><p>${paragraph}</p></div></div></noscript>
      <script src="/assets/discourse.js"></script><noscript>Please enable JavaScript to use this site.</noscript>\
</body></html>`;
    expect(needsJavaScript(discourse)).toBe(false);
    expect(readableText(discourse)).toContain("Which telescope to start with?");
    // The same shell without its crawler view still goes to the browser.
    expect(needsJavaScript(discourse.replace(/<noscript data-path[\s\S]*?<\/noscript>/, ""))).toBe(true);
  });

  it("leaves server-rendered pages with hydration scripts alone", () => {
    const nextPage = `<html><body><div id="__next"><main><h1>Pricing</h1><p>${paragraph}</p></main></div>
      <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}}}</script><script \
src="/_next/static/chunks/main.js"></script></body></html>`;
    expect(needsJavaScript(nextPage)).toBe(false);
  });

  it("reads only visible text", () => {
    expect(
      visibleText(
        `<head><title>T</title><style>p{}</style></head><body><!-- c -->` +
          `<p>Hi&nbsp;there</p><script>var x = "<p>no</p>";</script></body>`,
      ),
    ).toBe("Hi there");
  });

  it("reads left to right: a comment opened inside a script ends with the script", () => {
    const html = `<p>One</p><script>if (a <!-- b) go();</script><p>Two</p><!-- note --><p>Three</p>`;
    expect(visibleText(html)).toBe("One Two Three");
  });

  it("tells whether the visible text reaches a length, as visibleText's length does", () => {
    const pages = [
      "",
      "<p>a</p>",
      `<head><title>x</title></head><p>Hi&nbsp;there, <b>you</b></p><script>"${"z".repeat(50)}"</script> end`,
      `<p>${"word ".repeat(40)}</p><style>p{}</style><p>${"more ".repeat(10)}</p>`,
    ];
    for (const html of pages) {
      const length = visibleText(html).length;
      for (const chars of [0, 1, length - 1, length, length + 1, 1500]) {
        expect(hasVisibleText(html, chars), `${chars} of ${JSON.stringify(html)}`).toBe(length >= chars);
      }
    }
  });
});

describe("looksBlocked", () => {
  const page = (statusCode: number, html: string): FetchedPage => ({
    url: "https://shop.example/",
    statusCode,
    contentType: "text/html",
    headers: {},
    body: new TextEncoder().encode(html),
    text: html,
    engine: "fetch",
    proxyUsed: "basic",
  });

  it("treats 403/429 and challenge pages as blocked", () => {
    expect(looksBlocked(page(403, "<p>Forbidden</p>"))).toBe(true);
    expect(looksBlocked(page(429, "<p>Slow down</p>"))).toBe(true);
    expect(
      looksBlocked(
        page(
          503,
          `<html><head><title>Just a moment...</title></head><body><script ` +
            `src="/cdn-cgi/challenge-platform/h/g/orchestrate/jsch/v1"></script></body></html>`,
        ),
      ),
    ).toBe(true);
    expect(
      looksBlocked(
        page(200, `<html><head><title>Pardon Our Interruption</title></head><body><p>Please verify.</p></body></html>`),
      ),
    ).toBe(true);
  });

  it("does not mistake an ordinary page, or an article about captchas, for a wall", () => {
    expect(looksBlocked(page(200, `<html><body><p>${paragraph}</p></body></html>`))).toBe(false);
    expect(looksBlocked(page(404, "<p>Not found</p>"))).toBe(false);
    expect(
      looksBlocked(
        page(200, `<html><head><title>How px-captcha works</title></head><body><p>${paragraph}</p></body></html>`),
      ),
    ).toBe(false);
  });
});

describe("browserReasons", () => {
  const reasons = (input: Record<string, unknown>) => {
    const options = ScrapeOptionsSchema.parse(input);
    return browserReasons(options, normalizeFormats(options.formats));
  };
  it("requires the browser for actions and screenshots, and prefers it for emulation", () => {
    expect(reasons({})).toEqual({ required: [], preferred: [] });
    expect(reasons({ actions: [{ type: "scrape" }], formats: ["markdown", "screenshot"] }).required).toEqual([
      "actions",
      "screenshot",
    ]);
    expect(reasons({ waitFor: 500, mobile: true, location: { country: "fr" } }).preferred).toEqual([
      "waitFor",
      "mobile",
      "location",
    ]);
  });
});

describe("emulation and ad-block data", () => {
  it("picks the main timezone of a country", () => {
    expect(countryTimezone("US")).toBe("America/New_York");
    expect(countryTimezone("fr")).toBe("Europe/Paris");
    expect(countryTimezone("JP")).toBe("Asia/Tokyo");
    expect(countryTimezone("BR")).toBe("America/Sao_Paulo");
  });

  it("blocks ad, analytics and consent-manager hosts from third-party-web, with their subdomains", () => {
    expect(isBlockedHost("securepubads.g.doubleclick.net")).toBe(true);
    expect(isBlockedHost("doubleclick.net")).toBe(true);
    expect(isBlockedHost("www.google-analytics.com")).toBe(true);
    expect(isBlockedHost("cdn.cookielaw.org")).toBe(true);
    expect(isBlockedHost("example.com")).toBe(false);
    expect(isBlockedHost("notdoubleclick.net")).toBe(false);
    expect(isBlockedHost("ajax.googleapis.com")).toBe(false);
  });
});
