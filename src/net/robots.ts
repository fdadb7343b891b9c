/**
 * robots.txt for the crawler (RFC 9309 as Google reads it): which URLs `ServiceAgent` may fetch, the crawl delay
 * it is asked to keep and the sitemaps the file announces. Matching (groups, `*` and `$` wildcards, longest match
 * wins, Allow wins a tie) is robots-parser's, which follows Google's reference implementation.
 *
 * The one robots.txt reader of the service (crawl jobs and map use `fetchRobots`). Fetching stays with the
 * caller through a `fetcher` callback, so callers route it through their own fetch and outbound policy (the crawl
 * job also replays the answer it stored) and tests pass a fake.
 */
import robotsParser from "robots-parser";
import { ROBOTS_USER_AGENT } from "./user-agent";

/** Google reads only the first 500 KiB of a robots.txt; the rest would only cost CPU. */
export const MAX_ROBOTS_CHARS = 500 * 1024;

/**
 * Where the rules came from:
 * - "parsed": the file was fetched (2xx) and parsed;
 * - "missing": the server answered 4xx (or an unfollowed redirect), which RFC 9309 reads as "no restrictions";
 * - "unreachable": 5xx, 429 or a network failure. RFC 9309 and Google then assume a full disallow, but a crawl
 *   job reads robots.txt once and would otherwise fail entirely on one transient error, so everything is allowed;
 *   this marker lets the caller report or retry it.
 */
export type RobotsSource = "parsed" | "missing" | "unreachable";

export interface Robots {
  /** The robots.txt URL whose origin these rules govern. */
  readonly url: string;
  readonly source: RobotsSource;
  /**
   * Whether `ServiceAgent` may fetch `url`: the `ServiceAgent` group when the file has one, else the `*` group.
   * URLs on another origin (scheme, host or port) are not governed by this file and are allowed; keep one
   * `Robots` per origin (see `robotsUrlFor`).
   */
  isAllowed(url: string): boolean;
  /** The Crawl-delay of the applicable group in seconds, when it is a finite non-negative number. */
  crawlDelaySeconds(): number | undefined;
  /** Absolute http(s) URLs of the `Sitemap:` lines, de-duplicated, in file order. */
  sitemaps(): string[];
}

/** What the fetcher reports: the final answer after redirects, or null when the server could not be reached. */
export type RobotsFetcher = (url: string) => Promise<{ status: number; text: string } | null>;

/** `https://example.com/robots.txt` for any URL on that origin. Throws a TypeError when `url` is not a URL. */
export function robotsUrlFor(url: string): string {
  return new URL("/robots.txt", url).href;
}

function absoluteSitemapUrls(lines: string[], robotsTxtUrl: string): string[] {
  const urls = new Set<string>();
  for (const line of lines) {
    try {
      const url = new URL(line.trim(), robotsTxtUrl);
      if (url.protocol === "http:" || url.protocol === "https:") {
        url.hash = "";
        urls.add(url.href);
      }
    } catch {
      // A malformed Sitemap: line is ignored like any other unparseable line.
    }
  }
  return [...urls];
}

function buildRobots(robotsTxtUrl: string, body: string, source: RobotsSource): Robots {
  const rules = robotsParser(robotsTxtUrl, body.length > MAX_ROBOTS_CHARS ? body.slice(0, MAX_ROBOTS_CHARS) : body);
  const sitemapUrls = absoluteSitemapUrls(rules.getSitemaps(), robotsTxtUrl);
  return {
    url: robotsTxtUrl,
    source,
    // robots-parser answers undefined for URLs outside the file's origin.
    isAllowed: (url) => rules.isAllowed(url, ROBOTS_USER_AGENT) ?? true,
    crawlDelaySeconds: () => {
      const delay = rules.getCrawlDelay(ROBOTS_USER_AGENT);
      return typeof delay === "number" && Number.isFinite(delay) && delay >= 0 ? delay : undefined;
    },
    sitemaps: () => [...sitemapUrls],
  };
}

/** Parses the robots.txt found at `robotsTxtUrl` (the URL that was asked for, even if the fetch redirected). */
export function parseRobots(robotsTxtUrl: string, body: string): Robots {
  return buildRobots(robotsTxtUrl, body, "parsed");
}

/** Rules that allow everything, for an origin without a usable robots.txt. */
export function allowAllRobots(robotsTxtUrl: string, source: Exclude<RobotsSource, "parsed">): Robots {
  return buildRobots(robotsTxtUrl, "", source);
}

/**
 * Fetches and parses the robots.txt of the origin of `origin` (any URL on it). Never throws: 4xx means no rules,
 * 5xx/429/unreachable (or a throwing fetcher) allows everything and is marked "unreachable" (see `RobotsSource`).
 * The fetcher should follow redirects (RFC 9309: at least five hops); the rules found apply to this origin.
 */
export async function fetchRobots(origin: string, fetcher: RobotsFetcher): Promise<Robots> {
  const robotsTxtUrl = robotsUrlFor(origin);
  let response: { status: number; text: string } | null;
  try {
    response = await fetcher(robotsTxtUrl);
  } catch {
    response = null;
  }
  if (!response || response.status >= 500 || response.status === 429)
    return allowAllRobots(robotsTxtUrl, "unreachable");
  if (response.status >= 200 && response.status < 300) return parseRobots(robotsTxtUrl, response.text);
  return allowAllRobots(robotsTxtUrl, "missing");
}
