/**
 * A monitor search target's `searchWindow` (firecrawl-js 4.42: "5m" … "7d"): only results published within it.
 * The provider is asked for the smallest time range that covers the window (SearXNG's `time_range`: a day up to
 * 24 hours, a week for 7 days), then every result that carries a publication date is checked against the window
 * itself. A result without a (readable) date is kept: SearXNG skips every engine that cannot apply a time range
 * when one is asked, so the result comes from an engine that limited it to the past day or week — all that can be
 * known of its age; most web results carry no date, and dropping them would leave most windows empty.
 */
import type { SearchResult, TimeRange } from "../search/provider";

export type SearchWindow = "5m" | "15m" | "1h" | "6h" | "24h" | "7d";

const MINUTE = 60_000;
const WINDOW_MS: Record<SearchWindow, number> = {
  "5m": 5 * MINUTE,
  "15m": 15 * MINUTE,
  "1h": 60 * MINUTE,
  "6h": 360 * MINUTE,
  "24h": 1440 * MINUTE,
  "7d": 7 * 1440 * MINUTE,
};

export function windowTimeRange(window: SearchWindow): TimeRange {
  return window === "7d" ? "week" : "day";
}

export function withinWindow(result: SearchResult, window: SearchWindow, now = Date.now()): boolean {
  const published = result.date ? Date.parse(result.date) : NaN;
  return Number.isNaN(published) || now - published <= WINDOW_MS[window];
}
