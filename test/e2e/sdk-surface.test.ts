/**
 * The rest of the surface the official SDK (firecrawl-js 4.42) calls, against `npm start`: search(), parse(),
 * extract(), getQueueStatus(), getTokenUsage() and the usage history. Outside services are the fixture site's
 * fakes (no real search engine or model can run here): SearXNG JSON at /searxng (SEARCH_URL), an
 * OpenAI-compatible model at /v1 whose tool-calling replies follow the script in each prompt
 * (test/fixtures/fake-agent.mjs) and whose other answers report 120 tokens.
 */
import { readFileSync } from "node:fs";
import Firecrawl from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";
import { modelCalls } from "./agent-helpers";

const apiUrl = inject("e2eApiUrl");
const key = inject("e2eApiKey");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: key, apiUrl });
const fixtureFile = (path: string) => readFileSync(new URL(`../fixtures/site/${path}`, import.meta.url));

async function api(method: string, path: string): Promise<any> {
  const response = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
  return response.json();
}

describe("official SDK: search", () => {
  it("search() returns web results from the provider, and scraped documents with scrapeOptions", async () => {
    const plain = await client.search("post", { limit: 2 });
    expect(plain.web).toEqual([
      { url: `${site}/blog/post-1`, title: "Post 1", description: "The first post.", position: 1 },
      { url: `${site}/blog/post-2`, title: "Post 2", description: "The second post.", position: 2 },
    ]);
    const scraped = await client.search("lighthouses", {
      sources: ["web", "news"],
      scrapeOptions: { formats: ["markdown"] },
    });
    const [web] = scraped.web as { url: string; markdown?: string; metadata?: { statusCode: number } }[];
    expect(web.url).toBe(`${site}/article.html`);
    expect(web.markdown).toContain("# How Lighthouses Work");
    expect(web.metadata?.statusCode).toBe(200);
    expect(scraped.news?.[0]).toMatchObject({ url: `${site}/article.html`, date: "2026-11-01T08:00:00" });
  });

  it("search() with categories github and pdf keeps only results on github.com or PDFs, each tagged", async () => {
    // The fake SearXNG ignores site: and filetype: and also answers an arXiv page and a shop: the service drops them.
    const { web } = await client.search("semaphore", { categories: ["github", "pdf"] });
    expect(web).toEqual([
      expect.objectContaining({ url: "https://github.com/harbour/semaphore", category: "github", position: 1 }),
      expect.objectContaining({ url: `${site}/files/semaphore-manual.pdf`, category: "pdf", position: 2 }),
    ]);
  });
});

describe("official SDK: parse", () => {
  it("parse() converts an HTML, a PDF and a DOCX file", async () => {
    const html = await client.parse({
      data: fixtureFile("article.html"),
      filename: "article.html",
      contentType: "text/html",
    });
    expect(html.markdown).toContain("# How Lighthouses Work");
    const pdf = await client.parse(
      { data: fixtureFile("doc.pdf"), filename: "doc.pdf", contentType: "application/pdf" },
      { formats: ["markdown"] },
    );
    expect(pdf.markdown).toContain("Quarterly Report");
    expect(pdf.metadata).toMatchObject({ numPages: 3, creditsUsed: 3 });
    const docx = await client.parse(
      { data: new Uint8Array(fixtureFile("files/report.docx")), filename: "report.docx" },
      { formats: ["markdown", "links"] },
    );
    expect(docx.markdown).toContain("# Quarterly Report");
    expect(docx.links).toContain("https://lighthouse.example/project");
  });

  it("parse() of an unknown type is refused with the accepted types", async () => {
    await expect(client.parse({ data: "GIF89a", filename: "x.gif", contentType: "image/gif" })).rejects.toThrow(
      /accepts HTML/,
    );
  });
});

describe("official SDK: extract", () => {
  const titlesSchema = {
    type: "object",
    properties: { titles: { type: "array", items: { type: "string" } } },
    required: ["titles"],
  };

  it("extract() over two fixture pages: the model reads only them, and the answer matches the schema", async () => {
    const marker = `extract-${crypto.randomUUID()}`;
    const script = [[{ scrape: "$start[0]" }, { scrape: "$start[1]" }], { finish: { titles: "$titles" } }];
    const urls = [`${site}/blog/post-1`, `${site}/blog/post-2`];
    const tokensBefore = (await api("GET", "/v2/team/token-usage")).data.tokensUsed as number;
    const result = await client.extract({
      urls,
      prompt: `List the titles (${marker})\nFAKE-AGENT: ${JSON.stringify(script)}`,
      schema: titlesSchema,
      systemPrompt: "Answer in English.",
      showSources: true,
      pollInterval: 1,
      timeout: 60,
    });
    expect(result).toMatchObject({ success: true, status: "completed", data: { titles: ["Post 1", "Post 2"] } });
    expect(result.sources).toEqual({ pages: urls });
    expect(result.creditsUsed).toBe(6); // two model steps (2 each) and two scrapes
    const calls = await modelCalls(marker);
    expect(calls[0].body.tools.map((t) => t.function.name)).toEqual(["scrape", "finish"]);
    const task = calls[0].body.messages.find((m) => m.role === "user")?.content ?? "";
    expect(task).toContain(`You may read only these pages: ${urls.join(", ")}.`);
    expect(task).toContain("Answer in English.");
    // the job's model calls are metered inside its Durable Object (the fake's tool replies report no usage: estimated)
    expect((await api("GET", "/v2/team/token-usage")).data.tokensUsed).toBeGreaterThan(tokensBefore);
  });

  it("a wildcard URL maps the site under its path first", async () => {
    const marker = `extract-${crypto.randomUUID()}`;
    const script = [{ scrape: "$start[0]" }, { finish: { titles: "$titles" } }];
    const started = await client.startExtract({
      urls: [`${site}/docs/*`],
      prompt: `Titles (${marker})\nFAKE-AGENT: ${JSON.stringify(script)}`,
      schema: titlesSchema,
    });
    expect(started).toMatchObject({ success: true, id: expect.any(String) });
    let status = await client.getExtractStatus(started.id!);
    for (let i = 0; i < 120 && status.status === "processing"; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = await client.getExtractStatus(started.id!);
    }
    expect(status.status).toBe("completed");
    const task = (await modelCalls(marker))[0].body.messages.find((m) => m.role === "user")?.content ?? "";
    const pages = /You may read only these pages: (.*)\.$/m.exec(task)![1].split(", ");
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.startsWith(`${site}/docs/`))).toBe(true);
  });
});

describe("official SDK: account", () => {
  it("getQueueStatus() answers the team's queue and limit", async () => {
    const status = await client.getQueueStatus();
    expect(status).toMatchObject({ success: true, maxConcurrency: expect.any(Number) });
    expect(status.jobsInQueue).toBe(status.activeJobsInQueue + status.waitingJobsInQueue);
    expect(status.mostRecentSuccess === null || !Number.isNaN(Date.parse(status.mostRecentSuccess))).toBe(true);
  });

  it("getTokenUsage() and the history count the tokens of a summary", async () => {
    const before = (await api("GET", "/v2/team/token-usage")).data.tokensUsed as number;
    await client.parse(
      { data: "<h1>Tokens</h1><p>Counted text.</p>", filename: "tokens.html" },
      { formats: ["summary"] },
    );
    const usage = await client.getTokenUsage();
    expect(usage.remainingTokens).toBe(99_999_999);
    expect((await api("GET", "/v2/team/token-usage")).data.tokensUsed).toBeGreaterThanOrEqual(before + 120);
    const history = await client.getTokenUsageHistorical(true);
    expect(history.success).toBe(true);
    expect(history.periods.some((p) => p.apiKey === "env:default" && p.tokensUsed >= 120)).toBe(true);
    const credits = await client.getCreditUsageHistorical();
    expect(credits.periods.at(-1)?.creditsUsed).toBeGreaterThan(0);
  });
});
