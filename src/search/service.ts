/**
 * POST /v2/search: the search provider's results grouped by source (web, news, images) in the SDK's `SearchData`
 * shape, optionally with every web and news result scraped through the scrape pipeline (`scrapeOptions`; each
 * scrape billed as a scrape). The search itself costs 2 credits per 10 results returned (none for no result).
 */
import { ensureCredits } from "../credits/charge";
import { ApiError, describeError } from "../errors";
import { checkScrapeRequest } from "../scrape/pipeline";
import type { ScrapeDocument } from "../schemas/document";
import { scrapeForTeam, type TeamScrapeContext } from "../scrape/for-team";
import { TBS_TIME_RANGES, type SearchRequest, type SearchSource } from "../schemas/search";
import { searchProvider, type SearchCategory, type SearchProvider, type SearchResult } from "./provider";
import { categoryQuery, inCategory, type SearchCategoryName } from "./categories";
import { searchHighlights } from "./highlights";
import { resultSources } from "./tool-discovery";

const CATEGORY: Record<SearchSource, SearchCategory> = { web: "general", news: "news", images: "images" };

/** Results fetched beyond `limit` when a domain filter may drop some (the provider cannot filter by host). */
const FILTER_HEADROOM = 3;

export type SearchItem = Record<string, unknown>;

export interface SearchAnswer {
  data: Partial<Record<SearchSource, SearchItem[]>>;
  warning?: string;
  creditsUsed: number;
}

/** A search in v2 terms; `language` is what the v1 client's `lang` asks the provider for. */
export type SearchInput = SearchRequest & { language?: string };

/** `present` turns a scraped document into what leaves the API (signed artifact URLs). */
export async function runSearch(
  ctx: TeamScrapeContext,
  body: SearchInput,
  present: (d: ScrapeDocument) => Promise<ScrapeDocument>,
): Promise<SearchAnswer> {
  const sources = resultSources(body);
  const provider = searchProvider(ctx.env);
  if (!provider) {
    throw new ApiError(
      "SEARCH_NOT_CONFIGURED",
      "Search needs a search provider, and none is configured: set " +
        "SEARCH_URL to a SearXNG instance with the JSON format enabled",
    );
  }
  if (body.scrapeOptions) checkScrapeRequest(ctx.env, body.scrapeOptions);
  await ensureCredits(ctx.env, ctx.teamId);
  const deadline = AbortSignal.timeout(body.timeout);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, deadline]) : deadline;
  const warnings: string[] = [];
  const data: SearchAnswer["data"] = {};
  try {
    await Promise.all(
      sources.map(async (source) => {
        const found = await providerResults(provider, body, source, signal);
        const kept = found.filter((r) => domainAllowed(r.url, body)).slice(0, body.limit);
        const items = await Promise.all(
          kept.map((r, i) => item(ctx, body, source, r, i + 1, signal, present, warnings)),
        );
        data[source] = items.filter((i) => !(i.failed && body.ignoreInvalidURLs)).map((i) => i.result);
      }),
    );
  } catch (e) {
    if (deadline.aborted)
      throw new ApiError("SEARCH_TIMEOUT", `The search did not finish within its timeout (${body.timeout} ms).`);
    throw e;
  }
  if (body.location || body.country)
    warnings.push(
      "location and country are not supported by the SearXNG search provider: results are not geo-targeted.",
    );
  const results = Object.values(data).reduce((n, list) => n + list.length, 0);
  const creditsUsed = 2 * Math.ceil(results / 10);
  return { data, creditsUsed, ...(warnings.length ? { warning: warnings.join(" ") } : {}) };
}

/**
 * The provider's results for one source. Web results with `categories`: one search per category (its operator in
 * the query), each result checked against its category and tagged with it. The lists are merged taking each one's
 * next result in turn (first of each category, then second of each…), without repeats, so that `limit` leaves no
 * category out because an earlier one had many results; a result two categories admit keeps the first's tag.
 */
async function providerResults(
  provider: SearchProvider,
  body: SearchInput,
  source: SearchSource,
  signal: AbortSignal,
): Promise<(SearchResult & { category?: SearchCategoryName })[]> {
  const named = source === "web" ? (body.categories ?? []).map((c) => (typeof c === "string" ? c : c.type)) : [];
  const categories = [...new Set(named)]; // a category given twice is searched once
  const filtered = categories.length > 0 || body.includeDomains || body.excludeDomains;
  const options = {
    limit: filtered ? Math.min(100, body.limit * FILTER_HEADROOM) : body.limit,
    category: CATEGORY[source],
    timeRange: body.tbs ? TBS_TIME_RANGES[body.tbs] : undefined,
    language: body.language,
    signal,
  };
  if (!categories.length) return provider.search(body.query, options);
  const searched = categories.filter((c): c is SearchCategoryName => c !== "developer");
  const perCategory = await Promise.all(
    searched.map(async (category) =>
      (await provider.search(categoryQuery(body.query, category), options))
        .filter((r) => inCategory(r, category))
        .map((r) => ({ ...r, category })),
    ),
  );
  const seen = new Set<string>();
  const rounds = Math.max(...perCategory.map((list) => list.length));
  const merged = Array.from({ length: rounds }, (_, i) => perCategory.map((list) => list[i])).flat();
  return merged.filter((r) => r !== undefined && !seen.has(r.url) && seen.add(r.url));
}

/** One result in the SDK's shape for its source, scraped when asked (web and news results). */
async function item(
  ctx: TeamScrapeContext,
  body: SearchInput,
  source: SearchSource,
  r: SearchResult & { category?: string },
  position: number,
  signal: AbortSignal,
  present: (d: ScrapeDocument) => Promise<ScrapeDocument>,
  warnings: string[],
): Promise<{ result: SearchItem; failed?: true }> {
  const base: SearchItem =
    source === "web"
      ? {
          url: r.url,
          title: r.title,
          description: r.description,
          position,
          ...(r.category ? { category: r.category } : {}),
        }
      : source === "news"
        ? {
            title: r.title,
            url: r.url,
            snippet: r.description,
            ...(r.date ? { date: r.date } : {}),
            ...(r.imageUrl ? { imageUrl: r.imageUrl } : {}),
            position,
          }
        : {
            title: r.title,
            imageUrl: r.imageUrl ?? r.url,
            ...(r.imageWidth ? { imageWidth: r.imageWidth, imageHeight: r.imageHeight } : {}),
            url: r.url,
            position,
          };
  if (!body.scrapeOptions || source === "images") return { result: base };
  try {
    const outcome = await scrapeForTeam({ ...ctx, signal }, { ...body.scrapeOptions, url: r.url });
    const document = await present(outcome.document);
    const sources = { snippet: r.description, markdown: document.markdown };
    const highlights = body.highlights ? searchHighlights(sources, body.query) : "";
    return { result: { ...document, ...base, ...(highlights ? { highlights } : {}) } };
  } catch (e) {
    if (signal.aborted) throw e;
    const reason = e instanceof ApiError ? `${e.code}: ${e.message}` : describeError(e);
    warnings.push(
      `The result ${r.url} could not be scraped (${reason})${body.ignoreInvalidURLs ? " and was left out" : ""}.`,
    );
    return { result: base, failed: true };
  }
}

/** Whether a result's host passes includeDomains / excludeDomains (a domain covers its subdomains). */
function domainAllowed(url: string, body: SearchInput): boolean {
  const host = new URL(url).hostname.toLowerCase();
  const covers = (domain: string) => {
    const d = domain.toLowerCase().replace(/^\*?\./, "");
    return host === d || host.endsWith(`.${d}`);
  };
  if (body.includeDomains?.length) return body.includeDomains.some(covers);
  if (body.excludeDomains?.length) return !body.excludeDomains.some(covers);
  return true;
}
