/**
 * The agent's actions — `scrape`, `map`, `search` — run with the service's own engines, under the same rules as
 * the API: the outbound policy (every fetch), the team's concurrency slots (scrapes), the cache (scrapes read
 * copies up to two days old). What the model may not do is refused back to it, not run: a URL outside the
 * request's URLs under strictConstrainToURLs, map and search in such a run, an action the remaining credits
 * cannot pay for while still leaving a model step to answer with (docs/credits.md, "Agent").
 *
 * A failing action (a timeout, a blocked address, a site error) is a result the model sees; only the team
 * running out of credits and cancellation end the work.
 */
import { mapSite } from "../crawl/map";
import { ApiError, describeError } from "../errors";
import { normalizeUrl } from "../net/urls";
import { ScrapeOptionsSchema } from "../schemas/scrape";
import { scrape } from "../scrape/pipeline";
import { searchProvider } from "../search/provider";
import { takeScrapeSlot } from "../concurrency/scrape-slot";
import type { NewStep } from "./store";
import {
  MAP_LINKS,
  MAP_TIMEOUT_MS,
  MAX_PAGE_CHARS,
  MAX_PDF_PAGES,
  SCRAPE_TIMEOUT_MS,
  SEARCH_RESULTS,
  type AgentConfig,
} from "./sql-schema";

/** A scrape through the enhanced proxy costs this much more (docs/credits.md). */
const PROXY_EXTRA_CREDITS = 4;

export interface ActionContext {
  env: Env;
  config: AgentConfig;
  /** Credits the job may still spend. */
  remaining: number;
  signal: AbortSignal;
}

export interface ActionResult {
  /** What the model is told. */
  content: string;
  step: NewStep;
  credits: number;
  /** A page that was read. */
  source?: { url: string; scrapeId: string };
}

export async function runAction(
  ctx: ActionContext,
  name: string,
  args: Record<string, unknown>,
): Promise<ActionResult> {
  switch (name) {
    case "scrape":
      return scrapeAction(ctx, stringArg(args, "url"));
    case "map":
      return mapAction(
        ctx,
        stringArg(args, "url"),
        typeof args.search === "string" && args.search ? args.search : undefined,
      );
    case "search":
      return searchAction(ctx, stringArg(args, "query"));
    default:
      return refused({ action: name }, `there is no tool named "${name}"`);
  }
}

function stringArg(args: Record<string, unknown>, name: string): string {
  return typeof args[name] === "string" ? (args[name] as string).trim() : "";
}

export function refused(step: Omit<NewStep, "status" | "creditsUsed">, reason: string): ActionResult {
  return {
    content: `Not done: ${reason}.`,
    step: { ...step, status: "refused", message: reason, creditsUsed: 0 },
    credits: 0,
  };
}

function failed(step: Omit<NewStep, "status" | "creditsUsed">, error: unknown): ActionResult {
  if (isFatal(error)) throw error;
  const reason = error instanceof ApiError ? `${error.code}: ${error.message}` : describeError(error);
  return {
    content: `Failed: ${reason}`,
    step: { ...step, status: "failed", message: reason, creditsUsed: 0 },
    credits: 0,
  };
}

/** Errors that end the job's work instead of being shown to the model. */
export function isFatal(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.code === "INSUFFICIENT_CREDITS") ||
    (error instanceof DOMException && error.name === "AbortError")
  );
}

/** What an action may cost at most: the remaining credits minus one model step kept for the answer. */
function spendable(ctx: ActionContext): number {
  return ctx.remaining - ctx.config.stepCredits;
}

const NO_CREDITS = "not enough credits left for this: call finish with what you have";

function allowedByStrictness(config: AgentConfig, url: string): boolean {
  if (!config.strict) return true;
  const wanted = normalizeUrl(url);
  return config.startUrls.some((allowed) => normalizeUrl(allowed) === wanted);
}

async function scrapeAction(ctx: ActionContext, url: string): Promise<ActionResult> {
  const step = { action: "scrape", url };
  if (!normalizeUrl(url)) return refused(step, "url must be an absolute http(s) URL");
  if (!allowedByStrictness(ctx.config, url))
    return refused(step, `only these pages may be read: ${ctx.config.startUrls.join(", ")}`);
  const budget = spendable(ctx);
  if (budget < 1) return refused(step, NO_CREDITS);
  // The options bound what the scrape can cost: PDF pages and the proxy retry only as far as the budget goes.
  const proxy = budget > PROXY_EXTRA_CREDITS ? "auto" : "basic";
  const maxPages = Math.min(MAX_PDF_PAGES, budget - (proxy === "auto" ? PROXY_EXTRA_CREDITS : 0));
  const options = ScrapeOptionsSchema.parse({
    formats: ["markdown"],
    proxy,
    parsers: [{ type: "pdf", maxPages }],
    timeout: SCRAPE_TIMEOUT_MS,
  });
  const { env, config, signal } = ctx;
  try {
    const slot = await takeScrapeSlot(env, config.teamId, SCRAPE_TIMEOUT_MS);
    let outcome;
    try {
      outcome = await scrape(
        { env, teamId: config.teamId, signal, concurrency: slot.stamp },
        { ...options, timeout: slot.remainingMs(), url },
      );
    } finally {
      await slot.finish();
    }
    const { markdown = "", metadata } = outcome.document;
    const page =
      markdown.length > MAX_PAGE_CHARS
        ? `${markdown.slice(0, MAX_PAGE_CHARS)}\n\n[The page continues; it was cut here.]`
        : markdown;
    const header = [
      `URL: ${metadata.url}`,
      metadata.title ? `Title: ${metadata.title}` : "",
      `HTTP status: ${metadata.statusCode}`,
    ]
      .filter(Boolean)
      .join("\n");
    return {
      content: `${header}\n\n${page}`,
      step: { ...step, status: "done", creditsUsed: outcome.credits },
      credits: outcome.credits,
      source: { url: metadata.url, scrapeId: metadata.scrapeId },
    };
  } catch (e) {
    return failed(step, e);
  }
}

async function mapAction(ctx: ActionContext, url: string, search?: string): Promise<ActionResult> {
  const step = { action: "map", url, ...(search ? { query: search } : {}) };
  if (ctx.config.strict) return refused(step, "this run may only read the given pages, so it cannot map sites");
  if (!normalizeUrl(url)) return refused(step, "url must be an absolute http(s) URL");
  if (spendable(ctx) < 1) return refused(step, NO_CREDITS);
  try {
    const links = await mapSite(ctx.env, ctx.config.teamId, {
      url,
      search,
      limit: MAP_LINKS,
      sitemap: "include",
      includeSubdomains: true,
      ignoreQueryParameters: true,
      timeout: MAP_TIMEOUT_MS,
    });
    const lines = links.map((l) => (l.title ? `${l.url} — ${l.title}` : l.url));
    return {
      content: `${links.length} URLs:\n${lines.join("\n")}`,
      step: { ...step, status: "done", creditsUsed: 1 },
      credits: 1,
    };
  } catch (e) {
    return failed(step, e);
  }
}

async function searchAction(ctx: ActionContext, query: string): Promise<ActionResult> {
  const step = { action: "search", query };
  const provider = searchProvider(ctx.env);
  if (ctx.config.strict || !ctx.config.search || !provider)
    return refused(step, "web search is not available in this run");
  if (!query) return refused(step, "query must not be empty");
  if (spendable(ctx) < 1) return refused(step, NO_CREDITS);
  try {
    const results = await provider.search(query, { limit: SEARCH_RESULTS, signal: ctx.signal });
    const lines = results.map(
      (r, i) => `${i + 1}. ${r.title}\n   ${r.url}${r.description ? `\n   ${r.description}` : ""}`,
    );
    return {
      content: results.length ? lines.join("\n") : "No results.",
      step: { ...step, status: "done", creditsUsed: 1 },
      credits: 1,
    };
  } catch (e) {
    return failed(step, e);
  }
}
