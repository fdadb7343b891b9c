/**
 * Every KV key and R2 object key the service writes, in one place (docs/storage.md mirrors this).
 */

export const kvKeys = {
  /** API key hash → KeyRecord (team id, name, source). */
  apiKey: (sha256Hex: string) => `key:${sha256Hex}`,
  /** Cache index: hash of URL + output-affecting options → CacheEntry (R2 key, cachedAt, statusCode). */
  cache: (hash: string) => `cache:${hash}`,
};

export const r2Keys = {
  /**
   * One scraped document (the `data` of a scrape response) and, for crawls and map, the page's links; with its
   * owner. Crawl and batch results are these too, listed in completion order by the job's Durable Object.
   */
  document: (scrapeId: string) => `docs/${scrapeId}.json`,
  /** A screenshot or a PDF made by an action, served through signed URLs. */
  artifact: (id: string, ext: "png" | "jpeg" | "pdf") => `shots/${id}.${ext}`,
  /** Saved browser profile state. */
  profile: (teamId: string, name: string) => `profiles/${teamId}/${encodeURIComponent(name)}.json`,
  /**
   * Change tracking: the last scrape of one page for one team and tag, under a per-(team, tag, host) prefix that
   * a crawl lists to find the pages it tracked before. `tagKey` and `urlHash` are hashes (src/tracking/store.ts).
   */
  trackedPage: (teamId: string, tagKey: string, host: string, urlHash: string) =>
    `tracking/${encodeURIComponent(teamId)}/${tagKey}/${host}/${urlHash}.json`,
};

/** The prefix under which one team's tracked pages of one host and tag sit (listed by crawls). */
export function trackedSitePrefix(teamId: string, tagKey: string, host: string): string {
  return r2Keys.trackedPage(teamId, tagKey, host, "").slice(0, -".json".length);
}
