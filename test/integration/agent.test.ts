/**
 * The agent routes in workerd: what is refused before a job exists, and a job's status and cancellation as
 * seen by its team and by others. The route is given an LLM configuration (the fixture site's fake model) per
 * request; the job objects of this test project have none, so their runs fail the way a dead LLM endpoint
 * fails them. Whole runs against the fake model are in test/e2e/agent.test.ts.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { teamStub } from "../../durable-objects/team";
import { API, API_KEY, callJson, callJsonWith, fixture, newTeam, NO_LLM, OTHER_TEAM_KEY } from "../helpers";

const app = createApp();
const llmEnv = { ...env, LLM_BASE_URL: fixture("/v1"), LLM_MODEL: "fake-model" } as Env;

async function start(body: unknown, overrides: Partial<Env> = {}, key = API_KEY) {
  const response = await app.fetch(
    new Request(`${API}/v2/agent`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { ...llmEnv, ...overrides } as Env,
    createExecutionContext(),
  );
  return { status: response.status, body: (await response.json()) as any };
}

const prompt = "Find the article's title";
const urls = [fixture("/article.html")];

describe("POST /v2/agent refuses before any work", () => {
  it.each([
    ["an empty prompt", { prompt: "", urls }, "prompt"],
    ["a prompt over 10,000 characters", { prompt: "x".repeat(10_001), urls }, "prompt"],
    [
      "an invalid JSON schema",
      { prompt, urls, schema: { type: "object", properties: { title: { type: "text" } } } },
      "schema",
    ],
    ["a schema with a remote $ref", { prompt, urls, schema: { $ref: "https://example.com/s.json" } }, "schema"],
    ["strictConstrainToURLs without urls", { prompt, strictConstrainToURLs: true }, "strictConstrainToURLs"],
    ["an unknown model", { prompt, urls, model: "gpt-9" }, "model"],
    ["a URL that is not one", { prompt, urls: ["not a url"] }, "urls"],
    ["maxCredits too small to take a step and answer", { prompt, urls, maxCredits: 4 }, "maxCredits"],
    ["spark-1-pro's smallest maxCredits", { prompt, urls, maxCredits: 10, model: "spark-1-pro" }, "maxCredits"],
    ["an unknown key", { prompt, urls, effort: "high" }, ""],
  ])("%s: 400 naming the field", async (_what, body, field) => {
    const { status, body: answer } = await start(body);
    expect(status, JSON.stringify(answer)).toBe(400);
    expect(answer.code).toBe("BAD_REQUEST");
    if (field) expect(answer.details[0].path[0]).toBe(field);
    else expect(answer.error).toMatch(/Unrecognized key.*"effort"/);
  });

  it("says what is missing when there is nowhere to start", async () => {
    const { status, body } = await start({ prompt: "Find the best lighthouse article" });
    expect(status).toBe(400);
    expect(body.error).toMatch(
      /give urls, write the URLs to start from in the prompt, or configure a search provider \(SEARCH_URL\)/,
    );
    // a URL in the prompt, or a search provider, is enough
    expect((await start({ prompt: `Find the title of ${fixture("/article.html")}` })).status).toBe(200);
    expect(
      (await start({ prompt: "Find the best lighthouse article" }, { SEARCH_URL: fixture("/searxng") })).status,
    ).toBe(200);
  });

  it("answers 400 LLM_NOT_CONFIGURED without an LLM", async () => {
    const { status, body } = await callJsonWith(NO_LLM, "POST", "/v2/agent", { prompt, urls });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "LLM_NOT_CONFIGURED", error: expect.stringContaining("LLM_BASE_URL") });
  });

  it(
    "holds start URLs and the webhook to the outbound policy, " + "and webhooks to a team with a signing secret",
    async () => {
      const blocked = await start({ prompt, urls: ["http://127.0.0.1:9/"] }, { ALLOW_LOCAL_NETWORK: "false" });
      expect(blocked).toMatchObject({ status: 403, body: { code: "URL_BLOCKED" } });
      const hook = await start(
        { prompt, urls: ["https://example.com/"], webhook: "http://127.0.0.1:9/hook" },
        { ALLOW_LOCAL_NETWORK: "false" },
      );
      expect(hook).toMatchObject({ status: 403, body: { code: "URL_BLOCKED" } });
      const unsigned = await start({ prompt, urls, webhook: fixture("/hooks/agent") }, { WEBHOOK_SECRETS: "" });
      expect(unsigned).toMatchObject({ status: 400, body: { details: [{ path: ["webhook"] }] } });
    },
  );

  it("answers 402 when the team cannot pay for a step and an answer", async () => {
    const { key } = await newTeam({ balance: 4 });
    expect(await start({ prompt, urls }, {}, key)).toMatchObject({
      status: 402,
      body: { code: "INSUFFICIENT_CREDITS" },
    });
  });
});

describe("an agent job's status and cancellation", () => {
  it("shows the job to its team only, cancels it once, and 404s unknown ids", async () => {
    const started = await start({ prompt, urls, maxCredits: 100 });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const id = started.body.id;
    const status = await callJson("GET", `/v2/agent/${id}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      success: true,
      model: "spark-1-mini",
      maxCredits: 100,
      steps: [],
      sources: [],
    });
    expect(Date.parse(status.body.expiresAt)).toBeGreaterThan(Date.now());

    for (const [path, key] of [
      [`/v2/agent/${id}`, OTHER_TEAM_KEY],
      ["/v2/agent/0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a", API_KEY],
    ]) {
      for (const method of ["GET", "DELETE"]) {
        expect(await callJson(method, path, undefined, { key })).toEqual({
          status: 404,
          body: { success: false, code: "JOB_NOT_FOUND", error: "Agent job not found" },
        });
      }
    }
    expect((await callJson("GET", "/v2/agent/not-a-uuid")).status).toBe(400);

    expect(await callJson("DELETE", `/v2/agent/${id}`)).toEqual({ status: 200, body: { success: true } });
    expect((await callJson("GET", `/v2/agent/${id}`)).body).toMatchObject({
      status: "cancelled",
      completedAt: expect.any(String),
    });
    expect((await callJson("DELETE", `/v2/agent/${id}`)).status).toBe(200);
  });

  it(
    "fails with the reason when the LLM endpoint cannot be reached, " +
      "after retries; an ended job cannot be cancelled",
    async () => {
      // The fake model answers 503 to a conversation holding `[fake:down]`, as a failing endpoint would.
      const { body } = await start({ prompt: `${prompt} [fake:down]`, urls });
      let status = (await callJson("GET", `/v2/agent/${body.id}`)).body;
      for (let i = 0; i < 100 && status.status === "processing"; i++) {
        await new Promise((r) => setTimeout(r, 200));
        status = (await callJson("GET", `/v2/agent/${body.id}`)).body;
      }
      expect(status).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/^The agent stopped after 3 failed attempts: The LLM endpoint/),
        creditsUsed: 0,
      });
      expect(status.data).toBeUndefined();
      expect(await callJson("DELETE", `/v2/agent/${body.id}`)).toMatchObject({
        status: 409,
        body: { code: "CONFLICT" },
      });
    },
  );
});

describe("charging a job's units", () => {
  it("bills a unit charged twice under the same reference once (a step redone after a restart)", async () => {
    const { teamId, key } = await newTeam();
    const team = teamStub(env, teamId);
    await team.chargeOnce(2, "agent", "job-1:model:1");
    await team.chargeOnce(2, "agent", "job-1:model:1");
    await team.chargeOnce(1, "agent", "job-1:call:3:call_0");
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).body.data.creditsUsed).toBe(3);
  });
});
