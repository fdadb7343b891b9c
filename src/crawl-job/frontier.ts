/**
 * The job's frontier and seen set: which URLs become pages. A crawl is seeded from its start URL and the
 * sitemaps; links reported with a scraped page are admitted at once when their origin's robots.txt is already
 * known, and otherwise wait in `discovered` (durably: nothing is lost if the object stops) until it is fetched.
 * A URL is admitted when it is new (its dedup key unseen), in scope (scope rules, v1 path depth, the outbound
 * policy), under the limit and allowed by robots.txt (blocked ones are listed, never fetched). robots.txt is read
 * once per origin per job and kept in SQLite, so an evicted object reads it exactly as it was fetched.
 *
 * Most links a page reports are already known (navigation, footers): the seen set is kept in memory (loaded
 * once from `pages`), so a known link costs one normalisation and a set lookup, not a query.
 */
import { first, run } from "../../durable-objects/sql";
import { auxFetcher } from "../crawl/fetcher";
import { compileScope, type Scope } from "../crawl/scope";
import { checkEgress, egressPolicy } from "../net/egress";
import { fetchRobots, type Robots } from "../net/robots";
import { discoverSitemapUrls } from "../net/sitemap";
import { dedupKey, normalizeUrl } from "../net/urls";
import { newId } from "../ids";
import type { JobStore } from "./store";

const pathSegments = (pathname: string) => pathname.split("/").filter(Boolean).length;

export class Frontier {
  private scopeCache: Scope | null = null;
  private pagesCache: number | null = null;
  /** Dedup keys of every page (and robots-blocked URL) so far; null until first needed. */
  private seenCache: Set<string> | null = null;
  private readonly robotsCache = new Map<string, Robots>();

  constructor(
    private readonly store: JobStore,
    private readonly env: Env,
  ) {}

  private get sql(): SqlStorage {
    return this.store.sql;
  }

  /** Forgets what was cached from storage (after the storage was wiped). */
  reset(): void {
    this.scopeCache = null;
    this.pagesCache = null;
    this.seenCache = null;
    this.robotsCache.clear();
  }

  /** The first pages: a batch's URLs; a crawl's start URL, then its sitemap URLs (robots.txt's delay is kept). */
  async seed(): Promise<void> {
    const config = this.store.config();
    if (config.kind === "batch") {
      for (const url of config.urls ?? []) this.insertPage(url, 0);
      return;
    }
    const start = checkEgress(config.url, egressPolicy(this.env));
    const robots = await this.robotsFor(start.href);
    const delay = robots.crawlDelaySeconds();
    if (delay !== undefined && delay > 0) this.store.set("robots_delay = ?", Math.min(delay, 60));
    // The start URL first: it is the root of link discovery and the first result of a crawl.
    if (this.scope().checkStart(start.href).ok) this.admit({ url: start.href, key: this.dedup(start.href) }, 0, robots);
    if (config.crawler.sitemap === "skip") return;
    const { urls } = await discoverSitemapUrls(start.href, {
      fetcher: auxFetcher(this.env),
      robotsSitemaps: robots.sitemaps(),
      maxUrls: Math.min(50_000, config.crawler.limit * 4),
    });
    for (const entry of urls) {
      if (this.pageCount() >= config.crawler.limit) break;
      await this.consider(entry.loc, 0);
    }
  }

  /** Whether links found on a page at `depth` are followed. */
  expands(depth: number): boolean {
    const { kind, crawler } = this.store.config();
    if (kind === "batch" || crawler.sitemap === "only") return false;
    return crawler.maxDiscoveryDepth === undefined || depth < crawler.maxDiscoveryDepth;
  }

  /**
   * Admits the links a page reported: at once where the origin's robots.txt is known (no I/O), the others are
   * kept in `discovered` until `admitDiscovered` has fetched their robots.txt.
   */
  admitLinks(links: string[], depth: number): void {
    for (const link of links) {
      if (this.pageCount() >= this.store.config().crawler.limit) return;
      const candidate = this.candidate(link);
      if (!candidate) continue;
      const robots = this.robotsCache.get(new URL(candidate.url).origin);
      if (robots) this.admit(candidate, depth, robots);
      else run(this.sql, "INSERT INTO discovered (url, depth) VALUES (?, ?)", candidate.url, depth);
    }
  }

  anyWaitingLinks(): boolean {
    return this.store.exists("SELECT 1 FROM discovered");
  }

  /** Admits the waiting links one at a time (admission may fetch a new origin's robots.txt). */
  async admitDiscovered(): Promise<void> {
    for (;;) {
      const next = first<{ id: number; url: string; depth: number }>(
        this.sql,
        "SELECT id, url, depth FROM discovered ORDER BY id LIMIT 1",
      );
      if (!next) return;
      if (this.store.job()?.status === "scraping") await this.consider(next.url, next.depth);
      run(this.sql, "DELETE FROM discovered WHERE id = ?", next.id);
    }
  }

  private scope(): Scope {
    if (!this.scopeCache) {
      const { crawler, url } = this.store.config();
      this.scopeCache = compileScope({
        startUrl: url,
        includePaths: crawler.includePaths,
        excludePaths: crawler.excludePaths,
        regexOnFullURL: crawler.regexOnFullURL,
        crawlEntireDomain: crawler.crawlEntireDomain,
        allowExternalLinks: crawler.allowExternalLinks,
        allowSubdomains: crawler.allowSubdomains,
      });
    }
    return this.scopeCache;
  }

  /** Pages admitted so far (never deleted while the job lives): counted once, then kept in step by insertPage. */
  private pageCount(): number {
    this.pagesCache ??= this.store.count("SELECT COUNT(*) AS n FROM pages");
    return this.pagesCache;
  }

  private seen(): Set<string> {
    if (!this.seenCache) {
      this.seenCache = new Set();
      for (const row of this.sql.exec<{ dedup: string }>("SELECT dedup FROM pages")) this.seenCache.add(row.dedup);
    }
    return this.seenCache;
  }

  /** A link as a page candidate — normalised, not seen before, in scope — or null. */
  private candidate(raw: string): { url: string; key: string } | null {
    const url = normalizeUrl(raw);
    if (!url) return null;
    const key = this.dedup(url);
    if (this.seen().has(key)) return null;
    const { crawler, url: startUrl } = this.store.config();
    if (!this.scope().check(url).ok) return null;
    if (crawler.maxPathDepth !== undefined) {
      if (pathSegments(new URL(url).pathname) - pathSegments(new URL(startUrl).pathname) > crawler.maxPathDepth)
        return null;
    }
    try {
      checkEgress(url, egressPolicy(this.env));
    } catch {
      return null;
    }
    return { url, key };
  }

  /**
   * Change tracking: a page the team tracked before that this crawl did not find. It is admitted like a link
   * (scope, robots.txt, dedup, limit) but marked hidden; whether one was admitted is returned.
   */
  async admitHidden(url: string): Promise<boolean> {
    const before = this.pageCount();
    await this.consider(url, 0, true);
    return this.pageCount() > before;
  }

  /** A discovered link: new, in scope, under the limit and allowed by robots.txt → queued. */
  private async consider(raw: string, depth: number, hidden = false): Promise<void> {
    if (this.pageCount() >= this.store.config().crawler.limit) return;
    const candidate = this.candidate(raw);
    if (candidate) this.admit(candidate, depth, await this.robotsFor(candidate.url), hidden);
  }

  private admit(candidate: { url: string; key: string }, depth: number, robots: Robots, hidden = false): void {
    const seen = this.seen();
    if (seen.has(candidate.key)) return;
    seen.add(candidate.key);
    if (!robots.isAllowed(candidate.url)) {
      run(this.sql, "INSERT OR IGNORE INTO robots_blocked (url, at) VALUES (?, ?)", candidate.url, Date.now());
      return;
    }
    this.insertPage(candidate.url, depth, candidate.key, hidden);
  }

  private dedup(url: string): string {
    const { crawler, kind } = this.store.config();
    return kind === "batch" ? url : dedupKey(url, crawler);
  }

  private insertPage(url: string, depth: number, key = this.dedup(url), hidden = false): void {
    const written = run(
      this.sql,
      "INSERT OR IGNORE INTO pages (url, dedup, depth, state, scrape_id, hidden) VALUES (?, ?, ?, 'queued', ?, ?)",
      url,
      key,
      depth,
      newId(),
      hidden ? 1 : 0,
    );
    if (written > 0 && this.pagesCache !== null) this.pagesCache++;
    this.seenCache?.add(key);
  }

  /** robots.txt of `url`'s origin through the shared reader, fetched once per job and replayed from SQLite after. */
  private async robotsFor(url: string): Promise<Robots> {
    const origin = new URL(url).origin;
    const cached = this.robotsCache.get(origin);
    if (cached) return cached;
    const robots = await fetchRobots(origin, async (robotsUrl) => {
      const stored = first<{ status: number | null; body: string }>(
        this.sql,
        "SELECT status, body FROM robots WHERE origin = ?",
        origin,
      );
      // Rows from before the status column held a 2xx body or "" (which allows everything either way).
      if (stored) return stored.status === 0 ? null : { status: stored.status ?? 200, text: stored.body };
      const response = await auxFetcher(this.env)(robotsUrl);
      const body = response && response.status >= 200 && response.status < 300 ? response.text : "";
      run(
        this.sql,
        "INSERT OR REPLACE INTO robots (origin, body, status) VALUES (?, ?, ?)",
        origin,
        body,
        response?.status ?? 0,
      );
      return response;
    });
    this.robotsCache.set(origin, robots);
    return robots;
  }
}
