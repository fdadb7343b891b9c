/**
 * The `changeTracking` format (docs/api.md, "Change tracking"): compares a freshly scraped page with the
 * previous scrape of the same (team, sourceURL, tag), adds `{previousScrapeAt, changeStatus, visibility, diff?,
 * json?}` to the document, and keeps this scrape as the next one's previous. Only fresh scrapes get here: change
 * tracking never reads or writes the shared cache.
 */
import type { ChangeTrackingFormatOptions } from "../schemas/formats";
import type { ScrapeDocument } from "../schemas/document";
import { changeStatus, gitDiff, type ChangeStatus, type GitDiff } from "./compare";
import { jsonModeChanges } from "./json-changes";
import { readTrackedPage, trackedPageId, writeTrackedPage } from "./store";

/** Whether the page was found the organic way (the caller's URL, links, sitemaps) or only from the store. */
export type Visibility = "visible" | "hidden";

export interface ChangeTracking {
  previousScrapeAt: string | null;
  changeStatus: ChangeStatus;
  visibility: Visibility;
  diff?: GitDiff;
  json?: unknown;
}

export interface TrackingRequest {
  teamId: string;
  format: ChangeTrackingFormatOptions;
  visibility: Visibility;
  signal?: AbortSignal;
}

/** Sets `document.changeTracking` (and any warning) and stores the page for the next comparison. */
export async function addChangeTracking(
  env: Env,
  document: ScrapeDocument,
  request: TrackingRequest,
  now = Date.now(),
): Promise<void> {
  const { format } = request;
  const pageId = trackedPageId(document.metadata.sourceURL);
  const markdown = document.markdown ?? "";
  const statusCode = document.metadata.statusCode;
  const previous = await readTrackedPage(env, request.teamId, pageId, format.tag);
  const status = changeStatus(previous, { markdown, statusCode });
  const result: ChangeTracking = {
    previousScrapeAt: previous ? new Date(previous.scrapedAt).toISOString() : null,
    changeStatus: status,
    visibility: request.visibility,
  };
  if (previous && status === "changed" && format.modes.includes("git-diff"))
    result.diff = gitDiff(previous.markdown, markdown);

  let extraction = status === "same" ? previous?.extraction : undefined;
  if (format.modes.includes("json")) {
    const changes = await jsonModeChanges(env, format, previous, { markdown, status }, request.signal);
    if (changes.json !== undefined) result.json = changes.json;
    extraction = changes.extraction ?? extraction;
    if (changes.warnings.length) document.warning = [document.warning, ...changes.warnings].filter(Boolean).join(" ");
  }
  document.changeTracking = result;
  await writeTrackedPage(env, request.teamId, {
    v: 1,
    sourceURL: pageId,
    tag: format.tag,
    url: document.metadata.url,
    statusCode,
    scrapedAt: now,
    markdown,
    ...(extraction ? { extraction } : {}),
  });
}
