/**
 * The previous-scrape store of change tracking: for each (team, page, tag) the last scrape of the page — its
 * markdown, status and time, and the last json-mode extraction — as one R2 object (docs/storage.md,
 * `tracking/`). The key is the index: a page's entry is found with one strongly consistent read, whatever the
 * size of the crawl, and a crawl lists its host's prefix to find the pages it tracked before. Keys start with
 * the team, and nothing here is ever shared with the cache, so no team sees another's history.
 *
 * A page is identified by its `sourceURL` as a URL (`http://` added when the caller gave no scheme, host
 * lower-cased) — the same string a crawl uses for a page it found.
 */
import { sha256Hex } from "../crypto";
import { coerceUrlInput } from "../schemas/common";
import { r2Keys, trackedSitePrefix } from "../storage/layout";

export interface TrackedPage {
  v: 1;
  /** The page as identified (see the module doc). */
  sourceURL: string;
  tag: string | null;
  /** The URL the page was finally served from. */
  url: string;
  statusCode: number;
  /** Epoch ms of that scrape. */
  scrapedAt: number;
  markdown: string;
  /** The json-mode extraction of that scrape, with the schema and prompt it was made with. */
  extraction?: { key: string; data: unknown };
}

/** R2 custom metadata above this size is refused; a longer URL is then read from the object itself. */
const MAX_METADATA_URL = 1500;

export function trackedPageId(sourceURL: string): string {
  return new URL(coerceUrlInput(sourceURL)).href;
}

async function tagKey(tag: string | null): Promise<string> {
  return tag === null ? "_" : `t-${(await sha256Hex(tag)).slice(0, 32)}`;
}

async function keyFor(teamId: string, pageId: string, tag: string | null): Promise<string> {
  return r2Keys.trackedPage(teamId, await tagKey(tag), new URL(pageId).host, await sha256Hex(pageId));
}

/** The last scrape of a page for this team and tag, or null when it was never tracked. */
export async function readTrackedPage(
  env: Env,
  teamId: string,
  pageId: string,
  tag: string | null,
): Promise<TrackedPage | null> {
  const object = await env.BUCKET.get(await keyFor(teamId, pageId, tag));
  if (!object) return null;
  return (await object.json()) as TrackedPage;
}

export async function writeTrackedPage(env: Env, teamId: string, page: TrackedPage): Promise<void> {
  const customMetadata: Record<string, string> = { teamId, scrapedAt: String(page.scrapedAt) };
  if (page.sourceURL.length <= MAX_METADATA_URL) customMetadata.sourceURL = page.sourceURL;
  await env.BUCKET.put(await keyFor(teamId, page.sourceURL, page.tag), JSON.stringify(page), {
    httpMetadata: { contentType: "application/json" },
    customMetadata,
  });
}

/**
 * Every page this team tracked on `host` with this tag (their identifying URLs), for a crawl looking for the
 * pages it no longer finds: R2 list pages of `pageSize` keys (1,000 is R2's most), stopping after `max`.
 */
export async function listTrackedPages(
  env: Env,
  teamId: string,
  host: string,
  tag: string | null,
  max: number,
  pageSize = 1000,
): Promise<string[]> {
  const prefix = trackedSitePrefix(teamId, await tagKey(tag), host);
  const urls: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.BUCKET.list({ prefix, cursor, limit: pageSize, include: ["customMetadata"] });
    for (const object of listed.objects) {
      const url = object.customMetadata?.sourceURL ?? (await readStored(env, object.key))?.sourceURL;
      if (url) urls.push(url);
      if (urls.length >= max) return urls;
    }
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return urls;
}

async function readStored(env: Env, key: string): Promise<TrackedPage | null> {
  const object = await env.BUCKET.get(key);
  return object ? ((await object.json()) as TrackedPage) : null;
}
