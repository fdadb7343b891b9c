/**
 * The official SDK's own type definitions (firecrawl-js 4.42, `dist/index.d.ts`) against `npm start`, read with the
 * TypeScript compiler so that a new SDK release shows up here by itself:
 * - every option of every request the SDK sends (the parameters of scrape, startCrawl, map, search, parse…,
 *   their nested objects and the items of their lists) is either a field of the route's request schema in the
 *   service's OpenAPI document — where test/integration/option-effects.test.ts demands evidence of its effect —
 *   or a request carrying it is answered 400 naming it: none is silently ignored (the v1 client's requests too);
 * - every method of the v2 client (and its research client) is called by an e2e test of this repository, or
 *   answers 400 NOT_AVAILABLE naming it (docs/api.md, "Not available").
 */
import { readdirSync, readFileSync } from "node:fs";
import Firecrawl from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";
import { literals, methodNames, optionPaths, parameterTypes, sdkClass, sdkLiterals } from "../sdk-types";

const apiUrl = inject("e2eApiUrl");
const key = inject("e2eApiKey");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: key, apiUrl });
const NO_ID = "00000000-0000-4000-8000-000000000000";

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema } & Record<string, unknown>;
const openapi = (await (await fetch(`${apiUrl}/v2/openapi.json`)).json()) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

/** The schema nodes a value may match: references followed, unions and intersections opened. */
function variants(schema: Schema | undefined): Schema[] {
  if (!schema) return [];
  if (schema.$ref) return variants(openapi.components.schemas[schema.$ref.split("/").pop()!]);
  const members = ["anyOf", "oneOf", "allOf"].flatMap((k) => (schema[k] as Schema[] | undefined) ?? []);
  return [schema, ...members.flatMap(variants)];
}

/** Whether the service's schema has the option at `path` (the `[]` of a list read as its items). */
function inSchema(root: Schema, path: string): boolean {
  let nodes = variants(root);
  for (const part of path.split(".")) {
    const name = part.replace(/\[\]$/, "");
    nodes = nodes.flatMap((n) => variants(n.properties?.[name]));
    if (part.endsWith("[]")) nodes = nodes.flatMap((n) => variants(n.items));
    if (!nodes.length) return false;
  }
  return true;
}

type Body = Record<string, unknown>;

/**
 * Sets the option at `path` in a copy of `base`, in the first item of a list — the item of `items[list]` that
 * has the next part of the path, when the list holds several kinds (a monitor's crawl or search target).
 */
function withOption(base: Body, path: string, items: Record<string, Body[]> = {}): Body {
  const body = structuredClone(base);
  let node: Body = body;
  const parts = path.split(".");
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const name = part.replace(/\[\]$/, "");
    if (part.endsWith("[]")) {
      const kinds = items[name] ?? [];
      const item = kinds.find((k) => parts[i + 1] in k) ?? (node[name] as Body[] | undefined)?.[0] ?? kinds[0] ?? {};
      node[name] = [structuredClone(item)];
      node = (node[name] as Body[])[0];
    } else {
      node[name] = typeof node[name] === "object" && node[name] !== null ? node[name] : {};
      node = node[name] as Record<string, unknown>;
    }
  }
  node[parts.at(-1)!] = { sdkOption: true };
  return body;
}

interface Request {
  method: string;
  /** The client class (the v2 client unless said). */
  cls?: "FirecrawlClient" | "FirecrawlApp";
  /** Parameter index of the options object. */
  index: number;
  route: string;
  http: string;
  path: string;
  base: Body;
  /** The kinds of item a list of the body may hold, by list name. */
  items?: Record<string, Body[]>;
}

const page = `${site}/article.html`;
const targets = [
  { type: "scrape", urls: [page] },
  { type: "crawl", url: page, crawlOptions: {} },
  { type: "search", queries: ["lantern"] },
];
// prettier-ignore
const REQUESTS: Request[] = [
  { method: "scrape", index: 1, route: "/v2/scrape", http: "post", path: "/v2/scrape", base: { url: page } },
  { method: "startCrawl", index: 1, route: "/v2/crawl", http: "post", path: "/v2/crawl", base: { url: page } },
  { method: "startBatchScrape", index: 1, route: "/v2/batch/scrape", http: "post", path: "/v2/batch/scrape",
    base: { urls: [page] } },
  { method: "map", index: 1, route: "/v2/map", http: "post", path: "/v2/map", base: { url: page } },
  { method: "search", index: 1, route: "/v2/search", http: "post", path: "/v2/search", base: { query: "post" } },
  { method: "startAgent", index: 0, route: "/v2/agent", http: "post", path: "/v2/agent", base: { prompt: "x" } },
  { method: "startExtract", index: 0, route: "/v2/extract", http: "post", path: "/v2/extract",
    base: { urls: [page], prompt: "x" } },
  { method: "browser", index: 0, route: "/v2/browser", http: "post", path: "/v2/browser", base: {} },
  { method: "browserExecute", index: 1, route: "/v2/browser/{id}/execute", http: "post",
    path: `/v2/browser/${NO_ID}/execute`, base: { code: "1" } },
  { method: "interact", index: 1, route: "/v2/scrape/{id}/interact", http: "post",
    path: `/v2/scrape/${NO_ID}/interact`, base: { code: "1" } },
  { method: "createMonitor", index: 0, route: "/v2/monitor", http: "post", path: "/v2/monitor",
    base: { name: "m", schedule: { cron: "0 * * * *" }, targets: [targets[0]] }, items: { targets } },
  { method: "updateMonitor", index: 1, route: "/v2/monitor/{id}", http: "patch", path: `/v2/monitor/${NO_ID}`,
    base: {}, items: { targets } },
  { method: "parse", index: 1, route: "ParseOptions", http: "post", path: "/v2/parse", base: {} },
  // The v1 client (FirecrawlAppV1).
  { cls: "FirecrawlApp", method: "scrapeUrl", index: 1, route: "/v1/scrape", http: "post", path: "/v1/scrape",
    base: { url: page } },
  { cls: "FirecrawlApp", method: "mapUrl", index: 1, route: "/v1/map", http: "post", path: "/v1/map",
    base: { url: page } },
  { cls: "FirecrawlApp", method: "search", index: 1, route: "/v1/search", http: "post", path: "/v1/search",
    base: { query: "post" } },
  { cls: "FirecrawlApp", method: "asyncCrawlUrl", index: 1, route: "/v1/crawl", http: "post", path: "/v1/crawl",
    base: { url: page } },
  { cls: "FirecrawlApp", method: "asyncBatchScrapeUrls", index: 1, route: "/v1/batch/scrape", http: "post",
    path: "/v1/batch/scrape", base: { urls: [page] } },
  { cls: "FirecrawlApp", method: "asyncExtract", index: 1, route: "/v1/extract", http: "post", path: "/v1/extract",
    base: { urls: [page], prompt: "x" } },
];

/** `request`'s body with `value` at `path`; an option of a list item goes in an item of its own kind (`item`). */
function withValue(request: Request, path: string, value: string, item: Body): Body {
  const parts = path.split(".");
  const list = parts.findLast((part) => part.endsWith("[]"))?.replace(/\[\]$/, "");
  const items = list ? { ...request.items, [list]: [{ ...item, [parts.at(-1)!]: value }] } : request.items;
  const body = withOption(request.base, path, items);
  const parent = parts.slice(0, -1).reduce((node, part) => {
    const next = node[part.replace(/\[\]$/, "")];
    return (Array.isArray(next) ? next[0] : next) as Body;
  }, body);
  parent[parts.at(-1)!] = value;
  return body;
}

function requestSchema(request: Request): Schema {
  if (request.route === "ParseOptions") return openapi.components.schemas.ParseOptions;
  const body = openapi.paths[request.route][request.http].requestBody!;
  return body.content["application/json"].schema;
}

async function send(request: Request, body: Body): Promise<{ status: number; text: string }> {
  const headers = { authorization: `Bearer ${key}` };
  let init: RequestInit;
  if (request.route === "ParseOptions") {
    const form = new FormData();
    form.append("options", JSON.stringify(body));
    form.append("file", new Blob(["<h1>x</h1>"], { type: "text/html" }), "x.html");
    init = { method: "POST", headers, body: form };
  } else {
    const json = { ...headers, "content-type": "application/json" };
    init = { method: request.http.toUpperCase(), headers: json, body: JSON.stringify(body) };
  }
  const response = await fetch(`${apiUrl}${request.path}`, init);
  return { status: response.status, text: await response.text() };
}

describe("the SDK's type definitions against npm start", () => {
  it.each(REQUESTS)("$method: every option is in the request schema or refused by name", async (request) => {
    const schema = requestSchema(request);
    const types = parameterTypes(request.cls ?? "FirecrawlClient", request.method, request.index);
    const paths = [...new Set(types.flatMap((t) => optionPaths(t)).map((p) => p.path))];
    expect(paths.length).toBeGreaterThan(0);
    const unknown = paths.filter((path) => !inSchema(schema, path));
    const silent: string[] = [];
    for (const path of unknown) {
      // An option under one the schema lacks is refused with its parent.
      if (unknown.some((parent) => path.startsWith(`${parent}.`) || path.startsWith(`${parent}[].`))) continue;
      const { status, text } = await send(request, withOption(request.base, path, request.items));
      const name = path.split(".").at(-1)!.replace(/\[\]$/, "");
      if (status !== 400 || !text.includes(name)) silent.push(`${path} → ${status} ${text.slice(0, 120)}`);
    }
    expect(silent, `${request.method}: options answered without naming them`).toEqual([]);
  });

  it.each(REQUESTS)(
    "$method: each value the SDK's types list for an option is accepted, or refused with why",
    async (r) => {
      const types = parameterTypes(r.cls ?? "FirecrawlClient", r.method, r.index);
      const values = new Map<string, { path: string; value: string; item: Body }>(); // overloads repeat most options
      for (const { path, type, item } of types.flatMap((t) => optionPaths(t))) {
        if (path.endsWith(".type")) continue; // which kind a list item is (formats: the next test)
        for (const value of literals(type)) values.set(`${path}=${value}`, { path, value, item });
      }
      const refused: string[] = [];
      for (const { path, value, item } of values.values()) {
        const { status, text } = await send(r, withValue(r, path, value, item));
        // A key the service does not take is refused by name (the test above); a value it lists, never as invalid.
        if (status === 400 && text.includes("Invalid option"))
          refused.push(`${path} = ${value} → ${text.slice(0, 160)}`);
      }
      expect(refused).toEqual([]);
    },
  );

  it("accepts each format name of the SDK's FormatString, or says how to write one that takes options", async () => {
    const names = sdkLiterals("FormatString");
    expect(names).toContain("markdown");
    const refused: string[] = [];
    for (const name of names) {
      // A port nothing listens on: the request is judged before any fetch, and a fetch fails at once.
      const formats = name === "changeTracking" ? ["markdown", name] : [name];
      const { status, text } = await send(REQUESTS[0], { url: "http://127.0.0.1:9/", formats });
      const { code, error } = JSON.parse(text) as { code?: string; error?: string };
      const explained = error?.startsWith(
        `formats[0]: The ${name} format takes options: write it as {"type": "${name}"`,
      );
      if (status === 400 && code === "BAD_REQUEST" && !explained) refused.push(`${name} → ${error}`);
    }
    expect(refused).toEqual([]);
  });

  it("names every method of the v2 client: called by an e2e test, or answered 400 NOT_AVAILABLE here", async () => {
    const e2eDir = new URL(".", import.meta.url);
    const tests = readdirSync(e2eDir)
      .filter((f) => f.endsWith(".test.ts"))
      .map((f) => readFileSync(new URL(f, e2eDir), "utf8"))
      .join("\n");
    const methods = [...methodNames(sdkClass("FirecrawlClient")), ...methodNames(sdkClass("ResearchClient"))];
    const uncalled = methods.filter((m) => !new RegExp(String.raw`\.${m}\(`).test(tests));
    expect(uncalled).toEqual([]);
  });

  it("answers the methods only Firecrawl's cloud can serve with 400 NOT_AVAILABLE, naming each", async () => {
    const calls: [string, () => Promise<unknown>][] = [
      ["developerSearch", () => client.developerSearch("lantern")],
      ["searchPapers", () => client.research.searchPapers("lantern optics")],
      ["getPaper", () => client.research.getPaper("arxiv:2401.00001")],
      ["similarPapers", () => client.research.similarPapers("arxiv:2401.00001", { intent: "optics" } as never)],
      ["searchGithub", () => client.research.searchGithub("lantern")],
      ["feedback", () => client.feedback({ jobId: NO_ID, endpoint: "scrape", rating: "good" } as never)],
      ["searchFeedback", () => client.searchFeedback(NO_ID, { rating: "good" } as never)],
      ["findTools", () => client.findTools({ urls: [page] })],
      ["listAgents", () => client.listAgents()],
      ["getAgentTrace", () => client.getAgentTrace(NO_ID)],
      ["getAgentSnapshot", () => client.getAgentSnapshot(NO_ID, "s1")],
      ["getAgentThread", () => client.getAgentThread(NO_ID)],
    ];
    for (const [name, call] of calls) {
      const error = await call().then(
        () => null,
        (e: { status?: number; message: string; details?: unknown }) => e,
      );
      expect(error, name).not.toBeNull();
      // The research client reports a generic message and keeps the answer in `details`.
      const said = `${error!.message} ${JSON.stringify(error!.details ?? "")}`;
      expect(error!.status, `${name}: ${said}`).toBe(400);
      expect(said, name).toContain(`${name}()`);
    }
  });

  it("serves the methods no other e2e test calls: concurrency, params preview, the interact aliases", async () => {
    expect(await client.getConcurrency()).toMatchObject({ concurrency: expect.any(Number) });
    const preview = await client.crawlParamsPreview(`${site}/`, "only the blog");
    expect(preview).toMatchObject({ includePaths: ["^/blog/.*"] });
    const doc = await client.scrape(page, { formats: ["markdown"] });
    const ran = await client.scrapeExecute(doc.metadata!.scrapeId!, { code: "return await page.title()" });
    expect(JSON.stringify(ran)).toContain("How Lighthouses Work");
    await client.deleteScrapeBrowser(doc.metadata!.scrapeId!);
    await expect(client.stopInteractiveBrowser(doc.metadata!.scrapeId!)).rejects.toMatchObject({ status: 410 });
  });

  it("serves the v1-named aliases of the v2 client", async () => {
    expect((await client.scrapeUrl(page)).markdown).toContain("# How Lighthouses Work");
    expect((await client.mapUrl(`${site}/`, { limit: 3 })).links.length).toBeGreaterThan(0);
    const crawled = await client.crawlUrl(`${site}/blog/`, { limit: 2 });
    expect(crawled).toMatchObject({ status: "completed", completed: 2 });
    const started = await client.asyncCrawlUrl(`${site}/blog/`, { limit: 1 });
    expect((await client.checkCrawlStatus(started.id)).id ?? started.id).toBe(started.id);
    expect(await client.checkCrawlErrors(started.id)).toMatchObject({ errors: expect.any(Array) });
    const batch = await client.batchScrapeUrls([page], {});
    expect(batch).toMatchObject({ status: "completed", completed: 1 });
    const queued = await client.asyncBatchScrapeUrls([page], {});
    expect(await client.checkBatchScrapeStatus(queued.id)).toMatchObject({ status: expect.any(String) });
    expect(await client.checkBatchScrapeErrors(queued.id)).toMatchObject({ errors: expect.any(Array) });
  });
});
