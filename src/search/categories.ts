/**
 * Search `categories` (firecrawl-js 4.42 `CategoryOption`): ways to narrow web search, each a query operator sent
 * to the provider and a rule every result must pass — SearXNG hands operators to its engines, and not every engine
 * honours them, so the rule is what decides. `github`: github.com; `research`: a fixed list of academic sites
 * (ordinary web pages there, not a paper index); `pdf`: PDF files — a URL path ending in `.pdf`, or a result whose
 * media type (SearXNG's `mimetype`, given by file engines) is application/pdf, since many PDFs are served from paths
 * without the extension. `developer` is Firecrawl's own developer index, which only its cloud has: refused by the
 * schema.
 */
import type { SearchResult } from "./provider";

export const SEARCH_CATEGORIES = ["github", "research", "pdf"] as const;
export type SearchCategoryName = (typeof SEARCH_CATEGORIES)[number];

// prettier-ignore
export const RESEARCH_SITES = [
  "arxiv.org", "pubmed.ncbi.nlm.nih.gov", "ncbi.nlm.nih.gov", "nature.com", "science.org", "ieee.org",
  "sciencedirect.com", "biorxiv.org", "medrxiv.org", "springer.com", "acm.org", "plos.org", "jstor.org",
  "semanticscholar.org",
];

const onHost = (url: URL, domain: string) => url.hostname === domain || url.hostname.endsWith(`.${domain}`);

type Rule = { operator: string; admits: (url: URL, result: Pick<SearchResult, "mimeType">) => boolean };

const RULES: Record<SearchCategoryName, Rule> = {
  github: { operator: "site:github.com", admits: (url) => onHost(url, "github.com") },
  research: {
    operator: `(${RESEARCH_SITES.map((site) => `site:${site}`).join(" OR ")})`,
    admits: (url) => RESEARCH_SITES.some((site) => onHost(url, site)),
  },
  pdf: {
    operator: "filetype:pdf",
    admits: (url, { mimeType }) => /\.pdf$/i.test(url.pathname) || /^application\/(?:x-)?pdf\b/.test(mimeType ?? ""),
  },
};

/** The query sent to the provider for one category. */
export function categoryQuery(query: string, category: SearchCategoryName): string {
  return `${query} ${RULES[category].operator}`;
}

/** Whether a result belongs to the category (by its URL, and for `pdf` also by its media type). */
export function inCategory(result: Pick<SearchResult, "url" | "mimeType">, category: SearchCategoryName): boolean {
  try {
    return RULES[category].admits(new URL(result.url), result);
  } catch {
    return false;
  }
}
