/**
 * The agent's pure parts and its two ports: JSON Schema checks, reading the answer, what of the conversation the
 * model is sent, start points found in a prompt, tool calling against the fixture site's fake OpenAI-compatible
 * model (no real model runs here) and the SearXNG adapter against the fixture site's fake SearXNG.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readAnswer } from "../../src/agent/answer";
import { fitToContext } from "../../src/agent/context";
import { answerParameters, toolDefinitions } from "../../src/agent/prompt";
import type { AgentConfig } from "../../src/agent/sql-schema";
import { urlsInPrompt } from "../../src/agent/service";
import { ApiError } from "../../src/errors";
import { chatWithTools, type ConversationMessage } from "../../src/llm/tools";
import { jsonSchemaProblem } from "../../src/schemas/json-schema";
import { searchProvider } from "../../src/search/provider";
import { searxngProvider } from "../../src/search/searxng";
import { fixture } from "../helpers";

describe("JSON Schema check", () => {
  it("accepts usable schemas, internal references included", () => {
    expect(
      jsonSchemaProblem({
        type: "object",
        properties: { title: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
        required: ["title"],
      }),
    ).toBeNull();
    expect(
      jsonSchemaProblem({
        $defs: { item: { type: ["string", "null"] } },
        type: "array",
        items: { $ref: "#/$defs/item" },
      }),
    ).toBeNull();
    expect(jsonSchemaProblem({ type: "string", pattern: "^[a-z]+$", "x-custom": 1 })).toBeNull();
  });

  it("names what is wrong", () => {
    expect(jsonSchemaProblem({ type: "strin" })).toMatch(/^\/type: /);
    expect(jsonSchemaProblem({ type: "object", properties: { a: { type: "nope" } } })).toMatch(
      /^\/properties\/a\/type: /,
    );
    expect(jsonSchemaProblem({ required: "title" })).toMatch(/^\/required: /);
    expect(jsonSchemaProblem({ type: "string", pattern: "([a-z" })).toMatch(/^\/pattern: /);
    expect(jsonSchemaProblem({ minLength: -1 })).toMatch(/^\/minLength: /);
    expect(jsonSchemaProblem({ $ref: "https://example.com/schema.json" })).toMatch(/only references inside the schema/);
    expect(jsonSchemaProblem({ items: { $ref: "#/$defs/missing" } })).toMatch(/points to nothing/);
    expect(jsonSchemaProblem([])).toMatch(/must be an object/);
  });
});

describe("the answer", () => {
  const schema = {
    type: "object",
    properties: { titles: { type: "array", items: { type: "string" } } },
    required: ["titles"],
  };

  it("is read from data, from the arguments themselves, or from data given as JSON text", () => {
    expect(readAnswer({ data: { titles: ["a"] } }, schema)).toEqual({ data: { titles: ["a"] }, problem: null });
    expect(readAnswer({ titles: ["a"] }, schema)).toEqual({ data: { titles: ["a"] }, problem: null });
    expect(readAnswer({ data: '{"titles":["a"]}' }, schema)).toEqual({ data: { titles: ["a"] }, problem: null });
    expect(readAnswer({ data: "free text" })).toEqual({ data: "free text", problem: null });
  });

  it("says where it does not match the schema", () => {
    expect(readAnswer({ data: { titles: "a" } }, schema).problem).toMatch(/^\/titles: /);
    expect(readAnswer({ data: {} }, schema).problem).toMatch(/titles/);
  });
});

describe("the conversation sent to the model", () => {
  const tool = (id: string, content: string): ConversationMessage => ({ role: "tool", tool_call_id: id, content });

  it("is sent whole while it fits", () => {
    const messages: ConversationMessage[] = [{ role: "user", content: "task" }, tool("a", "x".repeat(100))];
    expect(fitToContext(messages, 1000)).toBe(messages);
  });

  it("elides the oldest tool results first and always keeps the latest", () => {
    const messages: ConversationMessage[] = [
      { role: "system", content: "s" },
      { role: "user", content: "task" },
      tool("a", "a".repeat(500)),
      tool("b", "b".repeat(500)),
      tool("c", "c".repeat(500)),
    ];
    const fitted = fitToContext(messages, 1200);
    expect(fitted.map((m) => m.content?.slice(0, 1))).toEqual(["s", "t", "[", "b", "c"]);
    expect(fitToContext(messages, 10).map((m) => m.content?.slice(0, 1))).toEqual(["s", "t", "[", "[", "c"]);
  });
});

describe("start points in a prompt", () => {
  it("takes the http(s) URLs written in it, once each, without trailing punctuation", () => {
    expect(
      urlsInPrompt(
        "Compare https://a.example.com/pricing, http://b.example.org/p?x=1. and (https://a.example.com/pricing)",
      ),
    ).toEqual(["https://a.example.com/pricing", "http://b.example.org/p?x=1"]);
    expect(urlsInPrompt("no links here, nor ftp://x.example.com or https://intranet")).toEqual([]);
  });
});

describe("tool calling (fake OpenAI-compatible model)", () => {
  const llmEnv = { ...env, LLM_BASE_URL: fixture("/v1"), LLM_MODEL: "fake-model" } as Env;
  const config = { strict: false, search: true, startUrls: [], schema: { type: "object" } } as unknown as AgentConfig;
  const ask = (script: unknown[]) =>
    chatWithTools(llmEnv, {
      messages: [{ role: "user", content: `Task: x\nFAKE-AGENT: ${JSON.stringify(script)}` }],
      tools: toolDefinitions(config, false),
    });

  it("reads tool calls, and a call the model wrote as JSON text", async () => {
    const reply = await ask([
      [{ scrape: "https://example.com/a" }, { map: { url: "https://example.com", search: "docs" } }],
    ]);
    expect(reply.toolCalls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ["scrape", { url: "https://example.com/a" }],
      ["map", { url: "https://example.com", search: "docs" }],
    ]);
    expect(new Set(reply.toolCalls.map((c) => c.id)).size).toBe(2);
    const written = await ask([{ text: '```json\n{"name": "search", "arguments": {"query": "lighthouses"}}\n```' }]);
    expect(written.toolCalls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ["search", { query: "lighthouses" }],
    ]);
    expect((await ask([{ text: "just words" }])).toolCalls).toEqual([]);
  });

  it("offers scrape, map, search and finish; a strict run only scrape and finish; answering now only finish", () => {
    const names = (c: Partial<AgentConfig>, now = false) =>
      toolDefinitions({ ...config, ...c } as AgentConfig, now).map((t) => t.function.name);
    expect(names({})).toEqual(["scrape", "map", "search", "finish"]);
    expect(names({ search: false })).toEqual(["scrape", "map", "finish"]);
    expect(names({ strict: true, startUrls: ["https://example.com/"] })).toEqual(["scrape", "finish"]);
    expect(names({}, true)).toEqual(["finish"]);
    expect(toolDefinitions(config, true)[0].function.parameters).toEqual({
      type: "object",
      properties: { data: { type: "object" } },
      required: ["data"],
    });
  });

  it("gives finish the answer's schema under data, its references still resolving", () => {
    const schema = {
      type: "object",
      properties: {
        items: { type: "array", items: { $ref: "#/$defs/item" } },
        again: { $ref: "#/properties/items" },
        self: { $ref: "#" },
      },
      $defs: { item: { type: "object", properties: { child: { $ref: "#/$defs/item" } } } },
    };
    expect(answerParameters(schema)).toEqual({
      type: "object",
      properties: {
        data: {
          type: "object",
          properties: {
            items: { type: "array", items: { $ref: "#/$defs/item" } },
            again: { $ref: "#/properties/data/properties/items" },
            self: { $ref: "#/properties/data" },
          },
        },
      },
      required: ["data"],
      $defs: { item: { type: "object", properties: { child: { $ref: "#/$defs/item" } } } },
    });
    expect(jsonSchemaProblem(answerParameters(schema))).toBeNull();
  });
});

describe("SearXNG adapter (fake SearXNG on the fixture site)", () => {
  it("searches through SEARCH_URL, with or without its /search path", async () => {
    for (const base of [fixture("/searxng"), fixture("/searxng/search")]) {
      const results = await searxngProvider(base).search("post", { limit: 10 });
      expect(results.map((r) => new URL(r.url).pathname)).toEqual(["/blog/post-1", "/blog/post-2"]);
      expect(results[0]).toMatchObject({ title: "Post 1", description: "The first post." });
    }
    expect(await searxngProvider(fixture("/searxng")).search("post", { limit: 1 })).toHaveLength(1);
  });

  it("reports a provider that fails as SEARCH_ERROR, and none without SEARCH_URL", async () => {
    const error = await searxngProvider(fixture("/not-searxng"))
      .search("post", { limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "SEARCH_ERROR", message: expect.stringContaining("HTTP 404") });
    expect(searchProvider({ ...env, SEARCH_URL: "" } as Env)).toBeNull();
  });
});
