/**
 * The SearXNG JSON adapter: `GET <SEARCH_URL>/search?q=<query>&format=json` (SEARCH_URL may also name the
 * `/search` path itself), with `categories` (general, news, images), `time_range` and `language` when asked. The
 * instance must have the JSON format enabled (`search.formats` in its settings); otherwise it answers 403, reported
 * as SEARCH_ERROR like any other failure. Results without an http(s) URL are skipped; duplicates (SearXNG merges
 * engines, but not always) are kept once. A result's `publishedDate` and a file result's `mimetype` are kept: the
 * monitors' searchWindow and the `pdf` category read them.
 */
import { ApiError, describeError } from "../errors";
import { normalizeUrl } from "../net/urls";
import type { SearchProvider, SearchResult } from "./provider";

const SEARCH_TIMEOUT_MS = 15_000;

interface SearxngAnswer {
  results?: {
    url?: unknown;
    title?: unknown;
    content?: unknown;
    publishedDate?: unknown;
    img_src?: unknown;
    thumbnail_src?: unknown;
    thumbnail?: unknown;
    resolution?: unknown;
    mimetype?: unknown;
  }[];
}

export function searxngProvider(baseUrl: string): SearchProvider {
  const endpoint = /\/search\/?$/.test(baseUrl) ? baseUrl.replace(/\/$/, "") : `${baseUrl.replace(/\/+$/, "")}/search`;
  return {
    async search(query, { limit, category, timeRange, language, signal }) {
      const url = new URL(endpoint);
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      if (category) url.searchParams.set("categories", category);
      if (timeRange) url.searchParams.set("time_range", timeRange);
      if (language) url.searchParams.set("language", language);
      const deadline = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: "application/json" },
          signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        });
      } catch (e) {
        throw new ApiError("SEARCH_ERROR", `The search provider could not be reached: ${describeError(e)}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        const hint = response.status === 403 ? " (is the JSON format enabled in the SearXNG settings?)" : "";
        throw new ApiError("SEARCH_ERROR", `The search provider answered HTTP ${response.status}${hint}`);
      }
      const answer = (await response.json().catch(() => null)) as SearxngAnswer | null;
      if (!answer || !Array.isArray(answer.results))
        throw new ApiError("SEARCH_ERROR", "The search provider did not answer SearXNG JSON");
      return pick(answer.results, limit);
    },
  };
}

function pick(results: NonNullable<SearxngAnswer["results"]>, limit: number): SearchResult[] {
  const seen = new Set<string>();
  const out: SearchResult[] = [];
  for (const r of results) {
    const url = typeof r.url === "string" ? normalizeUrl(r.url) : null;
    if (!url || seen.has(url)) continue;
    seen.add(url);
    out.push({ url, title: text(r.title), description: text(r.content), ...extras(r) });
    if (out.length >= limit) break;
  }
  return out;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The date, image and its size a news or image result may carry; a file result's media type. */
function extras(r: NonNullable<SearxngAnswer["results"]>[number]): Partial<SearchResult> {
  const out: Partial<SearchResult> = {};
  if (typeof r.publishedDate === "string" && r.publishedDate) out.date = r.publishedDate;
  const image = [r.img_src, r.thumbnail_src, r.thumbnail].find(
    (v): v is string => typeof v === "string" && /^https?:\/\//.test(v),
  );
  if (image) out.imageUrl = image;
  const size = typeof r.resolution === "string" ? /^(\d+)\s*[x×]\s*(\d+)$/.exec(r.resolution.trim()) : null;
  if (size) [out.imageWidth, out.imageHeight] = [Number(size[1]), Number(size[2])];
  if (typeof r.mimetype === "string" && r.mimetype) out.mimeType = r.mimetype.toLowerCase();
  return out;
}
