/**
 * The LLM plumbing (json and summary formats, crawl prompts) against a fake OpenAI-compatible model served by
 * the fixture site — no real model can run here; the adapter and its request shape are what is tested.
 */
import { describe, expect, it } from "vitest";
import { callJson, callJsonWith, fixture, NO_LLM, unique } from "../helpers";
import { allDocuments, waitForJob } from "../crawl-helpers";

/** The test bindings' fake model (vitest.config.ts), with a key to check that it is sent. */
const post = (path: string, body: unknown) => callJsonWith({ LLM_API_KEY: "sk-fake" }, "POST", path, body);

const llmRequests = async (): Promise<{ headers: Record<string, string>; body: any }[]> =>
  (await fetch(fixture("/__llm"))).json();

describe("LLM formats (fake OpenAI-compatible model)", () => {
  it("json format: sends the schema and markdown, returns the object, bills 5 credits", async () => {
    const before = (await llmRequests()).length;
    const schema = {
      type: "object",
      properties: { title: { type: "string" }, author: { type: ["string", "null"] } },
      required: ["title"],
    };
    const { status, body } = await post("/v2/scrape", {
      url: unique("/article.html"),
      formats: ["markdown", { type: "json", schema, prompt: "The article title" }],
    });
    expect(status).toBe(200);
    expect(body.data.json).toEqual({ title: "How Lighthouses Work", author: null });
    expect(body.data.metadata.creditsUsed).toBe(5);
    const [request] = (await llmRequests()).slice(before);
    expect(request.headers.authorization).toBe("Bearer sk-fake");
    expect(request.body.model).toBe("fake-model");
    expect(request.body.response_format).toMatchObject({ type: "json_schema", json_schema: { schema } });
    expect(request.body.messages[1].content).toContain("Instructions: The article title");
    expect(request.body.messages[1].content).toContain("# How Lighthouses Work");
  });

  it("warns when the answer does not match the schema", async () => {
    const before = (await llmRequests()).length;
    const schema = { type: "object", properties: { title: { type: "integer" } }, required: ["title"] };
    const { body } = await post("/v2/scrape", { url: unique("/article.html"), formats: [{ type: "json", schema }] });
    expect(body.data.json).toEqual({ title: "How Lighthouses Work" });
    expect(body.data.warning).toBe(
      "The JSON answer does not match the JSON Schema: #/title Instance type " +
        '"string" is invalid. Expected "integer" (after one repair round).',
    );
    // The repair round: the model saw its own answer and what was wrong with it.
    const [, repair] = (await llmRequests()).slice(before);
    expect(repair.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(repair.body.messages[3].content).toMatch(
      /does not match the JSON Schema: #\/title Instance type "string" is invalid/,
    );
  });

  it("repairs an answer that is not JSON with one more round", async () => {
    const before = (await llmRequests()).length;
    const schema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };
    const { status, body } = await post("/v2/scrape", {
      url: unique("/article.html"),
      formats: [{ type: "json", schema, prompt: "The title [fake:invalid-once]" }],
    });
    expect(status).toBe(200);
    expect(body.data.json).toEqual({ title: "How Lighthouses Work" });
    expect(body.data.warning).toBeUndefined();
    const sent = (await llmRequests()).slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1].body.messages[2]).toEqual({ role: "assistant", content: '{"title": "broken",' });
    expect(sent[1].body.messages[3].content).toMatch(/is not valid JSON/);
  });

  it("a cut-off answer gives a warning, not its broken JSON", async () => {
    const { status, body } = await post("/v2/scrape", {
      url: unique("/article.html"),
      formats: [{ type: "json", prompt: "The title [fake:truncate]" }],
    });
    expect(status).toBe(200);
    expect(body.data.json).toBeNull();
    expect(body.data.warning).toMatch(/cut off at the OpenAI-compatible endpoint's output limit/);
    expect(body.data.metadata.creditsUsed).toBe(5);
  });

  it("summary format", async () => {
    const { body } = await post("/v2/scrape", { url: unique("/article.html"), formats: ["summary"] });
    expect(body.data.summary).toBe("Summary: How Lighthouses Work");
    expect(body.data.markdown).toBeUndefined();
  });

  it("json and summary on batch and crawl pages: 5 credits a page with json, nothing extra for summary", async () => {
    const schema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };
    const batch = await callJson("POST", "/v2/batch/scrape", {
      urls: [unique("/article.html"), unique("/about.html")],
      formats: [{ type: "json", schema }, "summary"],
    });
    const batchDone = await waitForJob(`/v2/batch/scrape/${batch.body.id}`);
    const batchDocs = (await allDocuments(`/v2/batch/scrape/${batch.body.id}`)) as any[];
    expect(batchDocs.map((d) => d.json.title).sort()).toEqual(["About", "How Lighthouses Work"]);
    for (const d of batchDocs) {
      expect(d.summary).toBe(`Summary: ${d.json.title}`);
      expect(d.metadata.creditsUsed).toBe(5);
    }
    expect(batchDone.creditsUsed).toBe(10);

    const summaryOnly = await callJson("POST", "/v2/crawl", {
      url: fixture("/docs/"),
      limit: 2,
      sitemap: "skip",
      scrapeOptions: { formats: ["summary"] },
    });
    const crawlDone = await waitForJob(`/v2/crawl/${summaryOnly.body.id}`);
    const crawlDocs = (await allDocuments(`/v2/crawl/${summaryOnly.body.id}`)) as any[];
    expect(crawlDocs).toHaveLength(2);
    for (const d of crawlDocs) {
      expect(d.summary).toMatch(/^Summary: /);
      expect(d.metadata.creditsUsed).toBe(1);
    }
    expect(crawlDone.creditsUsed).toBe(2);

    const withJson = await callJson("POST", "/v2/crawl", {
      url: fixture("/docs/"),
      limit: 2,
      sitemap: "skip",
      scrapeOptions: { formats: [{ type: "json", prompt: "the title" }] },
    });
    expect((await waitForJob(`/v2/crawl/${withJson.body.id}`)).creditsUsed).toBe(10);
    const jsonDocs = (await allDocuments(`/v2/crawl/${withJson.body.id}`)) as any[];
    expect(jsonDocs.map((d) => d.json.title)).toContain("Docs home");
    for (const d of jsonDocs) expect(d.metadata.creditsUsed).toBe(5);
  });

  it("crawl prompt: generated options fill what the caller left out; params-preview shows them", async () => {
    const preview = await post("/v2/crawl/params-preview", { url: fixture("/"), prompt: "only the blog, a few pages" });
    expect(preview).toEqual({
      status: 200,
      body: { success: true, data: { url: fixture("/"), includePaths: ["^/blog/.*"], limit: 5 } },
    });
    const started = await post("/v2/crawl", { url: fixture("/blog/"), prompt: "only the blog", limit: 2 });
    expect(started.status).toBe(200);
    expect(started.body.promptGeneratedOptions).toEqual({ includePaths: ["^/blog/.*"], limit: 5 });
    expect(started.body.finalCrawlerOptions).toMatchObject({ includePaths: ["^/blog/.*"], limit: 2 });
  });
});

describe("without an LLM", () => {
  it("a crawl prompt and params-preview answer 400 LLM_NOT_CONFIGURED", async () => {
    for (const [path, body] of [
      ["/v2/crawl/params-preview", { url: fixture("/"), prompt: "blog" }],
      ["/v2/crawl", { url: fixture("/"), prompt: "blog" }],
      ["/v2/batch/scrape", { urls: [fixture("/")], formats: ["summary"] }],
    ] as const) {
      const response = await callJsonWith(NO_LLM, "POST", path, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: "LLM_NOT_CONFIGURED" });
    }
  });
});
