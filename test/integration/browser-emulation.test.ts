/**
 * How the browser engine presents itself and what it sends (POST /v2/scrape against the real local Chromium and
 * the loopback fixture site, whose request log shows what it saw): device and location emulation, the caller's
 * headers kept to the target's host, and blockAds.
 */
import { describe, expect, it } from "vitest";
import { callJson, fixtureRequests, otherFixture, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);

/** Requests to `path` (query ignored) that the fixture site received since `since`. */
async function requestsFor(path: string, since: number) {
  return (await fixtureRequests(since)).requests.filter((r) => r.path.split("?")[0] === path);
}

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
