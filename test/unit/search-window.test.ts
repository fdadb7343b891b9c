/**
 * A monitor search target's searchWindow (src/monitor/search-window.ts): the SearXNG time range asked for each
 * window, and which results pass the window by their publication date.
 */
import { describe, expect, it } from "vitest";
import { windowTimeRange, withinWindow } from "../../src/monitor/search-window";

const NOW = Date.parse("2026-11-29T12:00:00Z");
const published = (minutesAgo: number) => ({
  url: "https://example.com/",
  title: "",
  description: "",
  date: new Date(NOW - minutesAgo * 60_000).toISOString(),
});

describe("searchWindow", () => {
  it("asks SearXNG for a day up to 24 hours and a week for 7 days", () => {
    expect((["5m", "15m", "1h", "6h", "24h"] as const).map(windowTimeRange)).toEqual(Array(5).fill("day"));
    expect(windowTimeRange("7d")).toBe("week");
  });

  it("keeps a result published within the window and drops an older one", () => {
    expect(withinWindow(published(4), "5m", NOW)).toBe(true);
    expect(withinWindow(published(6), "5m", NOW)).toBe(false);
    expect(withinWindow(published(23 * 60), "24h", NOW)).toBe(true);
    expect(withinWindow(published(25 * 60), "24h", NOW)).toBe(false);
    expect(withinWindow(published(6 * 1440), "7d", NOW)).toBe(true);
    expect(withinWindow(published(8 * 1440), "7d", NOW)).toBe(false);
  });

  it("keeps a result without a date, or with one it cannot read (the engine's time range vouched for it)", () => {
    expect(withinWindow({ ...published(0), date: undefined }, "1h", NOW)).toBe(true);
    expect(withinWindow({ ...published(0), date: "last Tuesday" }, "1h", NOW)).toBe(true);
  });
});
