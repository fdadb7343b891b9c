/**
 * The cache documents this isolate read in the last minute, kept as the JSON text R2 gave: a page asked for again
 * and again (a monitor, an agent, a popular URL) is answered without the KV read and the R2 read (about 3 ms of a
 * 6 ms cache hit under `npm start`; deployed, an R2 read is tens of milliseconds). A minute is as stale as KV's own
 * edge caching of the index already lets an entry be; a document deleted meanwhile (a job's expiry) may be served
 * for that minute, as a KV read cached at the edge would. Bounded in size; each request parses its own copy.
 */
import type { CacheEntry } from "./cache";

const HOT_TTL_MS = 60_000;
/** Characters kept in all (JavaScript strings are two bytes a character: about 16 MB of the isolate's 128 MB). */
const HOT_MAX_CHARS = 8_000_000;
/** A larger document is not kept: it would push out many others. */
const HOT_ENTRY_MAX_CHARS = 1_000_000;

interface HotDocument {
  entry: CacheEntry;
  json: string;
  readAt: number;
}

const documents = new Map<string, HotDocument>();
let chars = 0;

function drop(key: string): void {
  const found = documents.get(key);
  if (!found) return;
  chars -= found.json.length;
  documents.delete(key);
}

/** The entry and document text read for `key` within the last minute, or null. */
export function recentlyRead(key: string, now: number): { entry: CacheEntry; json: string } | null {
  const found = documents.get(key);
  if (!found) return null;
  if (now - found.readAt > HOT_TTL_MS || now < found.readAt) {
    drop(key);
    return null;
  }
  return found;
}

/** Keeps what was just read for `key`, pushing out the oldest reads past the size bound. */
export function keepRead(key: string, entry: CacheEntry, json: string, now: number): void {
  drop(key);
  if (json.length > HOT_ENTRY_MAX_CHARS) return;
  documents.set(key, { entry, json, readAt: now });
  chars += json.length;
  for (const oldest of documents.keys()) {
    if (chars <= HOT_MAX_CHARS) break;
    drop(oldest);
  }
}

/** Forgets `key` (its index now points at a newer document). */
export function forgetRead(key: string): void {
  drop(key);
}
