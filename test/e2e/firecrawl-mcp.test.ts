/**
 * The official MCP server (npm `firecrawl-mcp` 3.26, a dev dependency) against `npm start`, started the way a user
 * configures it in an MCP client: a stdio server with FIRECRAWL_API_URL and FIRECRAWL_API_KEY, driven here by the
 * MCP SDK's own client. Every tool it lists is called: the ones this service serves give their results, the ones
 * for Firecrawl's own indexes end in an error. Search goes to the fixture site's fake SearXNG, the agent to its fake
 * model (test/e2e/agent-helpers.ts).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { scripted } from "./agent-helpers";

const apiUrl = inject("e2eApiUrl");
const key = inject("e2eApiKey");
const site = inject("e2eFixtureUrl");
const SERVER = new URL("../../node_modules/firecrawl-mcp/dist/index.js", import.meta.url).pathname;
const fixtureFile = (path: string) => new URL(`../fixtures/site/${path}`, import.meta.url).pathname;

const client = new Client({ name: "edgecrawl-e2e", version: "1.0.0" });
const called = new Set<string>();

beforeAll(async () => {
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", FIRECRAWL_API_URL: apiUrl };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER],
    env: { ...env, FIRECRAWL_API_KEY: key },
    stderr: "ignore",
  });
  await client.connect(transport);
});
afterAll(() => client.close());

/** Calls a tool; its text, and whether the MCP server reported an error (thrown errors are reported too). */
async function tool(name: string, args: Record<string, unknown>): Promise<{ text: string; error: boolean }> {
  called.add(name);
  try {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 });
    const content = result.content as { type: string; text?: string }[];
    return { text: content.map((c) => c.text ?? "").join("\n"), error: result.isError === true };
  } catch (e) {
    return { text: String(e), error: true };
  }
}

/** A tool's answer as JSON, failing the test with its text when it reported an error. */
async function json(name: string, args: Record<string, unknown>): Promise<any> {
  const { text, error } = await tool(name, args);
  expect(error, text).toBe(false);
  return JSON.parse(text);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (done(value) || i === 150) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("firecrawl-mcp against npm start", () => {
  it("scrapes a page to markdown", async () => {
    const doc = await json("firecrawl_scrape", { url: `${site}/article.html`, formats: ["markdown"], maxAge: 0 });
    expect(doc.markdown).toContain("# How Lighthouses Work");
    expect(doc.metadata).toMatchObject({ statusCode: 200, sourceURL: `${site}/article.html` });
  });

  it("maps a site's URLs", async () => {
    const map = await json("firecrawl_map", { url: `${site}/blog/` });
    expect(map.links.map((l: { url: string }) => l.url)).toContain(`${site}/blog/post-1`);
  });

  it("crawls, and reads the crawl's status and pages", async () => {
    const started = await json("firecrawl_crawl", { url: `${site}/blog/`, limit: 3 });
    const status = await until(
      () => json("firecrawl_check_crawl_status", { id: started.id }),
      (s) => s.status === "completed",
    );
    expect(status).toMatchObject({ status: "completed", completed: 3 });
    expect(status.data.map((d: { metadata: { sourceURL: string } }) => d.metadata.sourceURL)).toContain(
      `${site}/blog/`,
    );
  });

  it("searches: its default asks for web results and tools, and falls back to web results on the 403", async () => {
    const found = await json("firecrawl_search", { query: "lighthouses", limit: 3 });
    expect(found.data.web.map((r: { url: string }) => r.url)).toContain(`${site}/article.html`);
  });

  it("parses a local file", async () => {
    const doc = await json("firecrawl_parse", { filePath: fixtureFile("article.html") });
    expect(JSON.stringify(doc)).toContain("How Lighthouses Work");
  });

  it("runs an agent job and reads its result", async () => {
    const { prompt } = scripted("What is the article's title?", [
      { scrape: "$start[0]" },
      { finish: { title: "$titles[0]" } },
    ]);
    const started = await json("firecrawl_agent", { prompt, urls: [`${site}/article.html`] });
    const status = await until(
      () => json("firecrawl_agent_status", { id: started.id }),
      (s) => s.status !== "processing",
    );
    expect(status).toMatchObject({
      status: "completed",
      data: { title: "How Lighthouses Work | The Coastal Journal" },
    });
  });

  it("creates, lists, reads, runs and deletes a monitor", async () => {
    const created = await json("firecrawl_monitor_create", {
      name: "mcp lighthouse",
      page: `${site}/article.html`,
      goal: "Tell me when the article's title changes",
      scheduleText: "every hour",
    });
    const id = created.data?.id ?? created.id;
    expect(id, JSON.stringify(created)).toMatch(/^[0-9a-f-]{36}$/);
    const list = await json("firecrawl_monitor_list", {});
    expect(JSON.stringify(list)).toContain(id);
    expect(JSON.stringify(await json("firecrawl_monitor_get", { id }))).toContain("mcp lighthouse");
    await json("firecrawl_monitor_update", { id, body: { name: "mcp lighthouse 2" } });
    await json("firecrawl_monitor_run", { id });
    const checks = await until(
      () => json("firecrawl_monitor_checks", { id }),
      (c) => JSON.stringify(c).includes("completed"),
    );
    const checkId = (checks.data ?? checks)[0]?.id;
    expect(JSON.stringify(await json("firecrawl_monitor_check", { id, checkId }))).toContain("article.html");
    await json("firecrawl_monitor_delete", { id });
  });

  it("opens a browser session on a page, and stops it", async () => {
    const opened = await json("firecrawl_interact", { url: `${site}/article.html`, code: "return await page.title()" });
    expect(JSON.stringify(opened)).toContain("How Lighthouses Work");
    await json("firecrawl_interact_stop", { scrapeId: opened.scrapeId ?? opened.sessionId });
  });

  it("shows the team's credits", async () => {
    const usage = await json("firecrawl_credit_usage", {});
    expect(usage.remainingCredits).toBeGreaterThan(0);
  });

  it("ends the tools for Firecrawl's own indexes, tools and feedback in an error", async () => {
    const cloud: [string, Record<string, unknown>][] = [
      ["firecrawl_find_tools", { query: "companies" }],
      ["firecrawl_developer_search", { query: "vitest config" }],
      ["firecrawl_research_search_papers", { query: "lens optics" }],
      ["firecrawl_research_inspect_paper", { paperId: "arxiv:1706.03762" }],
      ["firecrawl_research_related_papers", { seed_ids: ["arxiv:1706.03762"], intent: "optics" }],
      ["firecrawl_research_read_paper", { paperId: "arxiv:1706.03762", question: "what is it about" }],
      ["firecrawl_research_search_github", { query: "lighthouse" }],
      ["firecrawl_extract", { urls: [`${site}/article.html`], prompt: "the title" }],
    ];
    for (const [name, args] of cloud) expect((await tool(name, args)).error, name).toBe(true);
    const feedback = { rating: "good", jobId: "00000000-0000-4000-8000-000000000000", endpoint: "scrape" };
    for (const name of ["firecrawl_feedback", "firecrawl_search_feedback"]) {
      const args = name === "firecrawl_feedback" ? feedback : { rating: "good", searchId: feedback.jobId };
      const { text } = await tool(name, args);
      expect(text, name).toMatch(/"success": false[\s\S]*has no one to receive it/);
    }
  });

  it("calls every tool the server lists", async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(20);
    expect(tools.map((t) => t.name).filter((name) => !called.has(name))).toEqual([]);
  });
});
