/**
 * The extract routes in workerd: what is refused before a job exists, the URL list (invalid URLs, wildcards),
 * and the status as seen by its team and by others. The route is given the fixture site's fake
 * OpenAI-compatible model per request (no real model runs in tests); whole runs against the fake model, through
 * the official SDK's extract(), are in test/e2e/sdk-surface.test.ts.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { API, API_KEY, callJson, fixture, NO_LLM, OTHER_TEAM_KEY } from "../helpers";

const app = createApp();
const llmEnv = { ...env, LLM_BASE_URL: fixture("/v1"), LLM_MODEL: "fake-model" } as Env;

async function start(body: unknown, overrides: Partial<Env> = {}) {
  const response = await app.fetch(
    new Request(`${API}/v2/extract`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { ...llmEnv, ...overrides } as Env,
    createExecutionContext(),
  );
  const answer = { status: response.status, body: (await response.json()) as any };
  if (answer.status === 200) started.push(answer.body.id);
  return answer;
}

/** Jobs the tests start: cancelled at the end, so no job's alarm still runs while the test file is torn down. */
const started: string[] = [];
afterAll(async () => {
  for (const id of started) await callJson("DELETE", `/v2/agent/${id}`);
});

const schema = { type: "object", properties: { title: { type: "string" } } };
const urls = [fixture("/article.html")];

describe("POST /v2/extract refuses before any work", () => {
  it.each([
    ["neither prompt nor schema", { urls }, "prompt"],
    ["no URL", { urls: [], prompt: "x" }, "urls"],
    ["an invalid JSON schema", { urls, schema: { type: "object", properties: { a: { type: "text" } } } }, "schema"],
    ["allowExternalLinks (the URLs are the job's boundary)", { urls, prompt: "x", allowExternalLinks: true }, ""],
    ["enableWebSearch (the URLs are the job's boundary)", { urls, prompt: "x", enableWebSearch: true }, ""],
    ["scrapeOptions", { urls, prompt: "x", scrapeOptions: { formats: ["markdown"] } }, ""],
  ])("%s: 400 naming the field", async (_what, body, field) => {
    const { status, body: answer } = await start(body);
    expect(status, JSON.stringify(answer)).toBe(400);
    expect(answer.code).toBe("BAD_REQUEST");
    if (field) expect(answer.details[0].path[0]).toBe(field);
    else expect(answer.error).toMatch(/Unrecognized key/);
  });

  it("answers 400 LLM_NOT_CONFIGURED without an LLM", async () => {
    const { status, body } = await start({ urls, prompt: "the title" }, NO_LLM);
    expect(status).toBe(400);
    expect(body.code).toBe("LLM_NOT_CONFIGURED");
  });

  it("refuses an unusable URL naming it, or leaves it out with ignoreInvalidURLs", async () => {
    const bad = await start({ urls: [...urls, "not a url"], prompt: "the title" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^urls\[1\]: /);
    const ignored = await start({ urls: [...urls, "not a url"], prompt: "the title", ignoreInvalidURLs: true });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ success: true, id: expect.any(String), invalidURLs: ["not a url"] });
    const none = await start({ urls: ["not a url"], prompt: "the title", ignoreInvalidURLs: true });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/^urls: no usable URL/);
  });
});

describe("GET /v2/extract/{id}", () => {
  it("shows the caller's extract jobs only: not another team's, not agent jobs", async () => {
    const { body } = await start({ urls, schema, showSources: true });
    const own = await callJson("GET", `/v2/extract/${body.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      success: true,
      id: body.id,
      status: expect.stringMatching(/processing|failed/),
      expiresAt: expect.any(String),
      creditsUsed: expect.any(Number),
    });
    expect(own.body.sources).toEqual({ pages: expect.any(Array) });
    expect((await callJson("GET", `/v2/extract/${body.id}`, undefined, { key: OTHER_TEAM_KEY })).status).toBe(404);
    expect((await callJson("GET", `/v2/agent/${body.id}`)).status).toBe(404);
    const agent = await app.fetch(
      new Request(`${API}/v2/agent`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ prompt: "x", urls }),
      }),
      llmEnv,
      createExecutionContext(),
    );
    const agentId = ((await agent.json()) as { id: string }).id;
    started.push(agentId);
    expect((await callJson("GET", `/v2/extract/${agentId}`)).status).toBe(404);
  });
});
