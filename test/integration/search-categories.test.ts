/**
 * Search categories and highlights against the loopback fake of the SearXNG JSON API (test/fixtures/fake-agent.mjs:
 * no real search engine runs in tests). The fake ignores query operators, as some real engines do, and answers
 * "semaphore" with results on github.com, arxiv.org, a shop and a PDF, so what the service keeps is its own doing.
 */
import { describe, expect, it } from "vitest";
import { callJsonWith, fixture, fixtureRequests } from "../helpers";

const SEARCH = { SEARCH_URL: fixture("/searxng") };
const search = (body: Record<string, unknown>) => callJsonWith(SEARCH, "POST", "/v2/search", body);
const urls = (body: { data: { web: { url: string }[] } }) => body.data.web.map((r) => r.url);

/** The queries the fake SearXNG received since `since`. */
async function sentQueries(since: number): Promise<string[]> {
  const { requests } = await fixtureRequests(since);
  return requests
    .filter((r) => r.path.startsWith("/searxng/search"))
    .map((r) => new URL(r.path, "http://x").searchParams.get("q") ?? "");
}

describe("search categories", () => {
  it("github and pdf: each category's operator in the query, and only results that are what it names", async () => {
    const { total } = await fixtureRequests();
    const { status, body } = await search({ query: "semaphore", categories: ["github", { type: "pdf" }], limit: 5 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.web).toEqual([
      expect.objectContaining({ url: "https://github.com/harbour/semaphore", category: "github", position: 1 }),
      expect.objectContaining({ url: fixture("/files/semaphore-manual.pdf"), category: "pdf", position: 2 }),
    ]);
    expect((await sentQueries(total)).sort()).toEqual(["semaphore filetype:pdf", "semaphore site:github.com"]);
  });

  it("pdf admits a result by its media type too; the categories take turns, so limit leaves none out", async () => {
    const first = await search({ query: "heliograph", categories: ["github", "pdf"], limit: 2 });
    expect(first.body.data.web.map((r: { category: string }) => r.category)).toEqual(["github", "pdf"]);
    const { body } = await search({ query: "heliograph", categories: ["github", "pdf"], limit: 10 });
    expect(body.data.web.map((r: { url: string; category: string }) => [r.url, r.category])).toEqual([
      ["https://github.com/harbour/heliograph", "github"],
      [fixture("/files/heliograph.pdf"), "pdf"],
      ["https://github.com/harbour/heliograph-docs", "github"],
      ["https://reports.example/view?doc=heliograph", "pdf"], // application/pdf; the text/html one is dropped
    ]);
  });

  it("research keeps the academic sites only; includeDomains narrows further; no category keeps all", async () => {
    expect(urls((await search({ query: "semaphore", categories: ["research"] })).body)).toEqual([
      "https://arxiv.org/abs/2401.00001",
    ]);
    const both = await search({ query: "semaphore", categories: ["research"], includeDomains: ["github.com"] });
    expect(both.body.data.web).toEqual([]);
    expect(urls((await search({ query: "semaphore", limit: 10 })).body)).toHaveLength(4);
  });

  it("refuses developer, Firecrawl's own index, naming the category", async () => {
    const { status, body } = await search({ query: "semaphore", categories: ["github", "developer"] });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^categories\[1\]: developer searches Firecrawl's own developer index/);
  });
});

describe("search highlights", () => {
  it("gives a scraped result the sentences of its page on the query, verbatim; none with highlights off", async () => {
    const scrapeOptions = { formats: ["markdown"], maxAge: 0 };
    const { body } = await search({ query: "lighthouse lens rotation", scrapeOptions });
    const [result] = body.data.web;
    const quotes = (result.highlights as string).split("\n\n");
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.length).toBeLessThanOrEqual(3);
    for (const quote of quotes) {
      expect(`${result.description}\n${result.markdown}`).toContain(quote);
      expect(quote.toLowerCase()).toMatch(/lighthouse|lens|rotation/);
    }
    const off = await search({ query: "lighthouse lens rotation", scrapeOptions, highlights: false });
    expect(off.body.data.web[0].highlights).toBeUndefined();
    const plain = await search({ query: "lighthouse lens rotation" });
    expect(plain.body.data.web[0].highlights).toBeUndefined(); // an unscraped result has its snippet only
  });

  it("takes highlights from the result's snippet too, as when the scrape gave no markdown", async () => {
    const { body } = await search({ query: "lighthouses", scrapeOptions: { formats: ["links"], maxAge: 0 } });
    const [result] = body.data.web;
    expect(result.markdown).toBeUndefined();
    expect(result.highlights).toBe("An article about lighthouses.");
    expect(result.description).toContain(result.highlights);
  });
});
