/**
 * The Workers AI adapter against a stand-in binding: Workers AI has no local mode (`npm start` and vitest
 * cannot serve the `AI` binding), so the stand-in records what the adapter sends and answers the way the
 * binding does — `{response, usage}` with the JSON already parsed in JSON mode, the OpenAI shape of newer
 * models, cut-off answers, and the "JSON Mode couldn't be met" failure.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { extractJson, llmConfigured, requireLlmFor, summarize } from "../../src/llm/client";
import { llmProvider } from "../../src/llm/provider";
import { DEFAULT_WORKERS_AI_MODEL, WORKERS_AI_MAX_TOKENS, type WorkersAiBinding } from "../../src/llm/workers-ai";
import { API_KEY, unique } from "../helpers";

type Answer = unknown | ((inputs: Record<string, unknown>) => unknown);

/** A stand-in `AI` binding: answers in order (a lone function answers every call), records every call. */
function standIn(...answers: Answer[]) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const binding: WorkersAiBinding = {
    async run(model, inputs) {
      calls.push({ model, inputs });
      const next = answers.length === 1 && typeof answers[0] === "function" ? answers[0] : answers.shift();
      const value = typeof next === "function" ? (next as (i: Record<string, unknown>) => unknown)(inputs) : next;
      if (value instanceof Error) throw value;
      return value;
    },
  };
  return { binding, calls };
}

const withAi = (binding: WorkersAiBinding, model = "") =>
  ({ ...env, LLM_BASE_URL: "", LLM_MODEL: model, AI: binding }) as unknown as Env;
const schema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };

describe("Workers AI adapter (stand-in binding)", () => {
  it("is used when no LLM_BASE_URL is set and the binding exists; an endpoint wins over it", () => {
    const { binding } = standIn();
    expect(llmConfigured({ ...env, LLM_BASE_URL: "" } as Env)).toBe(false);
    expect(llmProvider(withAi(binding))?.name).toBe("Workers AI");
    expect(llmProvider({ ...withAi(binding), LLM_BASE_URL: "http://127.0.0.1:9/v1" } as Env)?.name).toBe(
      "the OpenAI-compatible endpoint",
    );
    expect(() => requireLlmFor(withAi(binding), [{ type: "summary" }])).not.toThrow();
    expect(() => requireLlmFor({ ...env, LLM_BASE_URL: "" } as Env, [{ type: "summary" }])).toThrow(
      /LLM_BASE_URL.*Workers AI binding named AI/,
    );
  });

  it("asks JSON mode with the schema and takes the parsed answer", async () => {
    const { binding, calls } = standIn({
      response: { title: "How Lighthouses Work" },
      usage: { completion_tokens: 12 },
    });
    const result = await extractJson(
      withAi(binding, "@cf/meta/llama-3.1-8b-instruct"),
      "# How Lighthouses Work\n\nText.",
      { schema, prompt: "The title" },
    );
    expect(result).toEqual({ data: { title: "How Lighthouses Work" } });
    expect(calls[0].model).toBe("@cf/meta/llama-3.1-8b-instruct");
    expect(calls[0].inputs).toMatchObject({
      response_format: { type: "json_schema", json_schema: schema },
      max_tokens: WORKERS_AI_MAX_TOKENS,
    });
    expect((calls[0].inputs.messages as { content: string }[])[1].content).toContain("Instructions: The title");
  });

  it("defaults the model, and reads answers in the OpenAI shape too", async () => {
    const { binding, calls } = standIn({ choices: [{ message: { content: '{"title":"T"}' }, finish_reason: "stop" }] });
    expect(await extractJson(withAi(binding), "# T", { schema })).toEqual({ data: { title: "T" } });
    expect(calls[0].model).toBe(DEFAULT_WORKERS_AI_MODEL);
  });

  it("repairs once when JSON mode could not be met, and when the answer misses the schema", async () => {
    const failed = standIn(new Error("AiError: JSON Mode couldn't be met"), { response: { title: "Fixed" } });
    expect(await extractJson(withAi(failed.binding), "# T", { schema })).toEqual({ data: { title: "Fixed" } });
    expect((failed.calls[1].inputs.messages as { role: string; content: string }[]).at(-1)?.content).toMatch(
      /is not valid JSON/,
    );

    const wrong = standIn({ response: { title: 7 } }, { response: { title: 8 } });
    const result = await extractJson(withAi(wrong.binding), "# T", { schema });
    expect(result.data).toEqual({ title: 8 });
    expect(result.warning).toMatch(
      /#\/title Instance type "number" is invalid. Expected "string" \(after one repair round\)/,
    );
    expect(wrong.calls).toHaveLength(2);
  });

  it("a cut-off answer gives a warning: no JSON from it, and the summary says so", async () => {
    const json = standIn({ response: '{"title": "How Lig', usage: { completion_tokens: WORKERS_AI_MAX_TOKENS } });
    expect(await extractJson(withAi(json.binding), "# T", { schema })).toEqual({
      data: null,
      warning: expect.stringMatching(/cut off at Workers AI's output limit/),
    });
    expect(json.calls).toHaveLength(1);

    const text = standIn({
      response: "The page explains how lighthouses",
      usage: { completion_tokens: WORKERS_AI_MAX_TOKENS },
    });
    expect(await summarize(withAi(text.binding), "# Lighthouses")).toEqual({
      text: "The page explains how lighthouses",
      warning: expect.stringMatching(/cut off/),
    });
    expect(text.calls[0].inputs.response_format).toBeUndefined();
  });

  it("a binding failure is LLM_ERROR naming the model", async () => {
    const { binding } = standIn(new Error("3040: Capacity temporarily exceeded"));
    await expect(summarize(withAi(binding), "# T")).rejects.toMatchObject({
      code: "LLM_ERROR",
      message: expect.stringMatching(/Workers AI \(@cf\/meta.*Capacity/),
    });
  });

  it("serves the json and summary formats of a scrape", async () => {
    const { binding, calls } = standIn((inputs: Record<string, unknown>) =>
      inputs.response_format ? { response: { title: "From Workers AI" } } : { response: "A summary from Workers AI." },
    );
    const response = await createApp().fetch(
      new Request("http://edgecrawl.test/v2/scrape", {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ url: unique("/article.html"), formats: [{ type: "json", schema }, "summary"] }),
      }),
      withAi(binding),
      createExecutionContext(),
    );
    const body = (await response.json()) as {
      data: { json: unknown; summary: string; metadata: { creditsUsed: number } };
    };
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({
      json: { title: "From Workers AI" },
      summary: "A summary from Workers AI.",
      metadata: { creditsUsed: 5 },
    });
    expect(calls).toHaveLength(2);
  });
});
