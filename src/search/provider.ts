/**
 * The web-search port: a query in, ranked results (URL, title, snippet) out. One adapter today, for any
 * SearXNG-compatible JSON endpoint (SEARCH_URL, ./searxng.ts). Used by the agent to find start points and by
 * POST /v2/search (src/search/service.ts). Without SEARCH_URL there is no provider, and callers say so.
 */
import { searxngProvider } from "./searxng";

export interface SearchResult {
  url: string;
  title: string;
  description: string;
  /** When the result was published, as the engine gave it (news). */
  date?: string;
  /** The image itself (images; news thumbnails). */
  imageUrl?: string;
  imageWidth?: number;
  imageHeight?: number;
  /** The file's media type, when the engine names one (SearXNG's file results carry `mimetype`). */
  mimeType?: string;
}

/** Which kind of results: web pages, news articles, images. */
export type SearchCategory = "general" | "news" | "images";

/** How recent results must be. */
export type TimeRange = "day" | "week" | "month" | "year";

export interface SearchOptions {
  /** At most this many results. */
  limit: number;
  category?: SearchCategory;
  timeRange?: TimeRange;
  /** The results' language (an ISO 639-1 code such as `en`), when the caller asks for one. */
  language?: string;
  signal?: AbortSignal;
}

export interface SearchProvider {
  search(query: string, options: SearchOptions): Promise<SearchResult[]>;
}

export function searchConfigured(env: Env): boolean {
  return Boolean(env.SEARCH_URL?.trim());
}

/** The configured provider, or null when SEARCH_URL is not set. */
export function searchProvider(env: Env): SearchProvider | null {
  return searchConfigured(env) ? searxngProvider(env.SEARCH_URL.trim()) : null;
}
