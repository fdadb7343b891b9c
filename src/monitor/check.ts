/**
 * One check of a monitor (docs/monitors.md, "Checks"): every target's pages go through the existing pipelines
 * with change tracking — `scrape` targets page by page under the team's concurrency limit, a `crawl` target as
 * a crawl job the check waits for, `search` targets through the search provider — and each page is recorded
 * with `same | new | changed | removed | error`, its diff and, with `judgeEnabled`, the LLM's judgment. The
 * check's status, summary and credits follow from its pages.
 */
import { jobStub } from "../../durable-objects/crawl-job";
import { teamStub } from "../../durable-objects/team";
import { createJob } from "../crawl/service";
import { ApiError, describeError } from "../errors";
import { pickCrawlerSettings } from "../schemas/crawl";
import { windowTimeRange, withinWindow } from "./search-window";
import { sendCheckEmail, type NotablePage } from "./email";
import type { MonitorCheckPageView, MonitorCheckStatus, MonitorSummary, StoredTarget } from "../schemas/monitor";
import { loadDocuments } from "../scrape/cache";
import type { ScrapeDocument } from "../schemas/document";
import { scrapeForTeam } from "../scrape/for-team";
import { searchProvider } from "../search/provider";
import type { MonitorEvents } from "./events";
import { judgeChange } from "./judge";
import { EMPTY_SUMMARY, type MonitorConfig, type NewPage } from "./sql-schema";
import type { MonitorStore } from "./store";
import { monitorScrapeOptions } from "./targets";

/** Pages of a scrape target scraped at once (the team's concurrency limit still applies). */
const PAGE_CONCURRENCY = 4;
const CRAWL_POLL_MS = 1000;
/** A crawl target that has not finished after this long is cancelled; its pages so far still count. */
const CRAWL_DEADLINE_MS = 10 * 60_000;

type Found = Omit<NewPage, "judgment" | "previousScrapeId" | "targetId"> & { credits: number };

export class CheckRun {
  private readonly summary: MonitorSummary = { ...EMPTY_SUMMARY };
  private credits = 0;
  private readonly targetResults: Record<string, unknown>[] = [];
  /** The changes the check's e-mail lists. */
  private readonly notable: NotablePage[] = [];
  private readonly config: MonitorConfig;

  constructor(
    private readonly env: Env,
    private readonly store: MonitorStore,
    private readonly events: MonitorEvents,
    private readonly checkId: string,
    private readonly signal: AbortSignal,
  ) {
    this.config = store.config();
  }

  async run(): Promise<void> {
    this.store.updateCheck(this.checkId, "status = 'running', started_at = ?", Date.now());
    this.store.set("last_run_at = ?", Date.now());
    const failures: string[] = [];
    for (const target of this.config.targets) {
      if (this.signal.aborted) return;
      try {
        if (target.type === "scrape") await this.scrapeTarget(target);
        else if (target.type === "crawl") await this.crawlTarget(target);
        else await this.searchTarget(target);
      } catch (e) {
        failures.push(`target ${target.id}: ${describeError(e)}`);
        this.targetResults.push({ targetId: target.id, type: target.type, error: describeError(e) });
      }
    }
    if (this.signal.aborted || !this.store.row()) return;
    const status = this.outcome(failures.length);
    // Mailed before the check is marked finished, so whoever sees it finished sees what became of its e-mail.
    const mailed = await sendCheckEmail(this.env, this.config, this.checkId, this.notable);
    if (this.signal.aborted || !this.store.row()) return;
    this.store.updateCheck(
      this.checkId,
      "status = ?, finished_at = ?, summary = ?, target_results = ?, actual_credits = ?, error = ?, " +
        "notification_status = ?",
      status,
      Date.now(),
      JSON.stringify(this.summary),
      JSON.stringify(this.targetResults),
      this.credits,
      failures.length ? failures.join("; ") : null,
      mailed ? JSON.stringify(mailed) : null,
    );
    this.store.set("last_summary = ?", JSON.stringify(this.summary));
    this.events.emit("check.completed", status === "completed" || status === "partial", this.store.check(this.checkId));
  }

  private outcome(failedTargets: number): MonitorCheckStatus {
    const pages = this.summary.totalPages;
    if (failedTargets === this.config.targets.length || (pages > 0 && this.summary.error === pages)) return "failed";
    return failedTargets > 0 || this.summary.error > 0 ? "partial" : "completed";
  }

  /** Records a page: its previous scrape, the judgment of a change, the summary, the event. */
  private async record(targetId: string, found: Found): Promise<void> {
    if (!this.store.row()) return;
    this.credits += found.credits;
    const { credits: _credits, ...page } = found;
    let judgment: NewPage["judgment"] = null;
    const diffText =
      page.diff?.text ?? (page.diff?.json !== undefined ? JSON.stringify(page.diff.json, null, 1) : null);
    if (page.status === "changed" && this.config.judgeEnabled && this.config.goal && diffText) {
      const judged = await judgeChange(
        this.env,
        { goal: this.config.goal, url: page.url, diff: diffText },
        this.signal,
      );
      if ("judgment" in judged) judgment = judged.judgment;
      else page.error = judged.error;
    }
    const stored: MonitorCheckPageView = this.store.addPage(this.checkId, {
      ...page,
      targetId,
      judgment,
      previousScrapeId: this.store.lastScrape(targetId, page.url) || null,
    });
    this.summary.totalPages++;
    this.summary[page.status]++;
    if (page.status === "changed" && (!this.config.judgeEnabled || !judgment || judgment.meaningful)) {
      this.events.emit("page", true, { monitorId: this.config.id, checkId: this.checkId, ...stored });
      this.notable.push({ url: page.url, status: "changed", diff: diffText });
    }
    if (page.status === "removed") this.notable.push({ url: page.url, status: "removed", diff: null });
  }

  private async scrapeTarget(target: Extract<StoredTarget, { type: "scrape" }>): Promise<void> {
    const options = monitorScrapeOptions(target.scrapeOptions, this.config.id, target.id);
    const queue = [...target.urls];
    const scrapeIds: string[] = [];
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined && !this.signal.aborted; url = queue.shift()) {
        const found = await this.scrapePage(url, options);
        if (found.currentScrapeId) scrapeIds.push(found.currentScrapeId);
        await this.record(target.id, found);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, target.urls.length) }, worker));
    this.targetResults.push({ targetId: target.id, type: "scrape", expectedJobs: scrapeIds });
  }

  private async scrapePage(url: string, options: ReturnType<typeof monitorScrapeOptions>): Promise<Found> {
    try {
      const ctx = {
        env: this.env,
        teamId: this.config.teamId,
        signal: this.signal,
        reason: "monitor",
        forceStore: true,
      };
      const outcome = await scrapeForTeam(ctx, { ...options, url });
      return { ...fromDocument(url, outcome.document), credits: outcome.credits };
    } catch (e) {
      return {
        url,
        status: "error",
        currentScrapeId: null,
        statusCode: null,
        error: describeError(e),
        diff: null,
        snapshot: null,
        credits: 0,
      };
    }
  }

  /** A crawl job with the target's options and change tracking; the check waits for it, then reads its pages. */
  private async crawlTarget(target: Extract<StoredTarget, { type: "crawl" }>): Promise<void> {
    const { teamId } = this.config;
    const job = await createJob(this.env, {
      kind: "crawl",
      apiVersion: "v2",
      teamId,
      url: target.url,
      crawler: pickCrawlerSettings(target.crawlOptions),
      scrapeOptions: monitorScrapeOptions(target.scrapeOptions, this.config.id, target.id),
      maxConcurrency: target.crawlOptions.maxConcurrency,
      apiOrigin: this.config.apiOrigin,
      displayOptions: { monitorId: this.config.id },
    });
    this.targetResults.push({ targetId: target.id, type: "crawl", crawlId: job.id });
    const stub = jobStub(this.env, job.id);
    const deadline = Date.now() + CRAWL_DEADLINE_MS;
    for (;;) {
      const info = await stub.info(teamId);
      if (!info || info.status !== "scraping") break;
      if (this.signal.aborted || Date.now() > deadline) {
        await stub.cancel(teamId);
        if (this.signal.aborted) return;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, CRAWL_POLL_MS));
    }
    for (let skip = 0; ;) {
      const page = await stub.status(teamId, skip, 100);
      if (!page || page.scrapeIds.length === 0) break;
      const documents = await loadDocuments(this.env, page.scrapeIds);
      for (const document of documents.filter((d): d is ScrapeDocument => d !== null)) {
        const found = fromDocument(document.metadata.sourceURL ?? target.url, document);
        await this.record(target.id, { ...found, credits: document.metadata.creditsUsed ?? 0 });
      }
      skip += page.scrapeIds.length;
    }
    for (const error of (await stub.errors(teamId))?.errors ?? []) {
      await this.record(target.id, {
        url: error.url,
        status: "error",
        currentScrapeId: null,
        statusCode: null,
        error: `${error.code}: ${error.error}`,
        diff: null,
        snapshot: null,
        credits: 0,
      });
    }
  }

  /**
   * Each query's results (domains and searchWindow filtered); a result URL is `new` the first time the target sees
   * it, then `same`.
   */
  private async searchTarget(target: Extract<StoredTarget, { type: "search" }>): Promise<void> {
    const provider = searchProvider(this.env);
    if (!provider) throw new ApiError("SEARCH_NOT_CONFIGURED", "Search targets need a search provider: set SEARCH_URL");
    const seen = new Set<string>();
    let fresh = 0;
    for (const query of target.queries) {
      const window = target.searchWindow;
      const timeRange = window ? windowTimeRange(window) : undefined;
      const results = (await provider.search(query, { limit: target.maxResults, timeRange, signal: this.signal }))
        .filter((r) => !window || withinWindow(r, window))
        .filter((r) => domainAllowed(r.url, target.includeDomains, target.excludeDomains));
      for (const result of results) {
        if (seen.has(result.url)) continue;
        seen.add(result.url);
        const known = this.store.lastScrape(target.id, result.url) !== null;
        if (!known) fresh++;
        await this.record(target.id, {
          url: result.url,
          status: known ? "same" : "new",
          currentScrapeId: null,
          statusCode: null,
          error: null,
          diff: null,
          snapshot: null,
          credits: 0,
        });
        this.store.markSeen(target.id, result.url);
      }
    }
    await teamStub(this.env, this.config.teamId).charge(
      target.queries.length,
      "monitor-search",
      `${this.checkId}:${target.id}`,
    );
    this.credits += target.queries.length;
    this.targetResults.push({
      targetId: target.id,
      type: "search",
      searchCompleted: true,
      resultCount: seen.size,
      matches: fresh,
      searchCredits: target.queries.length,
    });
  }
}

function domainAllowed(url: string, include: string[], exclude: string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const matches = (domain: string) => host === domain.toLowerCase() || host.endsWith(`.${domain.toLowerCase()}`);
  return (include.length === 0 || include.some(matches)) && !exclude.some(matches);
}

/** A scraped page as a check page: change status, status code, diff (git-diff text and/or json mode) and snapshot. */
function fromDocument(url: string, document: ScrapeDocument): Omit<Found, "credits"> {
  const tracking = document.changeTracking;
  const diff: NonNullable<NewPage["diff"]> = {};
  if (tracking?.diff) Object.assign(diff, tracking.diff);
  if (tracking?.json !== undefined) diff.json = tracking.json;
  return {
    url,
    status: tracking?.changeStatus ?? "new",
    currentScrapeId: document.metadata.scrapeId ?? null,
    statusCode: document.metadata.statusCode ?? null,
    error: null,
    diff: Object.keys(diff).length ? diff : null,
    snapshot: document.json !== undefined ? { json: document.json } : null,
  };
}
