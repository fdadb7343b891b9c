/**
 * What a monitor's targets cost and how their pages are scraped: the scrape options every page of a target
 * runs with (markdown and change tracking always on, the history kept under a tag of the monitor's own, never
 * from the cache) and the credit estimates (docs/credits.md: 1 a page, +4 with an LLM format; 1 a search query).
 */
import { llmFormats } from "../llm/client";
import { type ScrapeOptions } from "../schemas/scrape";
import { normalizeFormats, type ChangeTrackingFormatOptions, type FormatObject } from "../schemas/formats";
import type { StoredTarget } from "../schemas/monitor";
import { runsPerMonth, type NormalizedSchedule } from "./schedule";

/** The change-tracking history of a monitor's target is its own: a tag no scrape of the caller's can share. */
export function monitorTag(monitorId: string, targetId: string, callerTag: string | null): string {
  return `monitor:${monitorId}:${targetId}${callerTag ? `:${callerTag}` : ""}`;
}

/** The target's scrape options as each of its pages is scraped. */
export function monitorScrapeOptions(options: ScrapeOptions, monitorId: string, targetId: string): ScrapeOptions {
  const formats: FormatObject[] = normalizeFormats(options.formats);
  if (!formats.some((f) => f.type === "markdown")) formats.unshift({ type: "markdown" });
  const given = formats.find((f): f is ChangeTrackingFormatOptions => f.type === "changeTracking");
  const tracking: ChangeTrackingFormatOptions = given ?? { type: "changeTracking", modes: ["git-diff"], tag: null };
  const tagged = { ...tracking, tag: monitorTag(monitorId, targetId, tracking.tag) };
  const rest = formats.filter((f) => f.type !== "changeTracking");
  return { ...options, formats: [...rest, tagged], maxAge: 0, minAge: undefined, storeInCache: false };
}

/** Credits one page of the target costs (before PDF pages and proxy retries, which only the page itself tells). */
function pageCredits(options: ScrapeOptions): number {
  return llmFormats(normalizeFormats(options.formats)).length > 0 ? 5 : 1;
}

/** A check's estimated cost. */
export function estimateCheckCredits(targets: StoredTarget[]): number {
  let credits = 0;
  for (const target of targets) {
    if (target.type === "scrape") credits += target.urls.length * pageCredits(target.scrapeOptions);
    else if (target.type === "crawl") credits += target.crawlOptions.limit * pageCredits(target.scrapeOptions);
    else credits += target.queries.length;
  }
  return credits;
}

export function estimateMonthlyCredits(schedule: NormalizedSchedule, targets: StoredTarget[]): number {
  return runsPerMonth(schedule) * estimateCheckCredits(targets);
}
