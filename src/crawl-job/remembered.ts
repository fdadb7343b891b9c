/**
 * Change tracking in a crawl: pages the team tracked before (same host and tag) that this crawl did not find
 * through links or sitemaps. Once discovery is done, the job lists them from the tracking store and admits
 * those still in scope as hidden pages — scraped like the others (so a deleted page shows as `removed`), marked
 * `visibility: "hidden"`, and never followed. It happens once per job; a restarted object simply looks again
 * (admission is deduplicated).
 */
import { normalizeFormats } from "../schemas/formats";
import { listTrackedPages } from "../tracking/store";
import type { Frontier } from "./frontier";
import type { JobStore } from "./store";

export class RememberedPages {
  private running: Promise<number> | null = null;

  constructor(
    private readonly store: JobStore,
    private readonly frontier: Frontier,
    private readonly env: Env,
  ) {}

  /** Admits the remembered pages the first time it is asked; whether any page was admitted. */
  async admit(): Promise<boolean> {
    const config = this.store.config();
    if (config.kind !== "crawl" || this.store.job()?.remembered_checked) return false;
    const tracking = normalizeFormats(config.scrapeOptions.formats).find((f) => f.type === "changeTracking");
    if (!tracking) return false;
    this.running ??= (async () => {
      try {
        const urls = await listTrackedPages(
          this.env,
          config.teamId,
          new URL(config.url).host,
          tracking.tag,
          config.crawler.limit * 2,
        );
        let admitted = 0;
        for (const url of urls) if (await this.frontier.admitHidden(url)) admitted++;
        this.store.set("remembered_checked = 1");
        return admitted;
      } finally {
        this.running = null;
      }
    })();
    return (await this.running) > 0;
  }
}
