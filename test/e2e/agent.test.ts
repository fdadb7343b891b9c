/**
 * Agent jobs against `npm start`: the official SDK's agent(), startAgent(), getAgentStatus() and cancelAgent(),
 * and runs driven over HTTP. The model is the fixture site's fake OpenAI-compatible one (no real model can run
 * here): each prompt carries the script of its replies (test/fixtures/fake-agent.mjs), the pages are the
 * fixture site's, read through the real pipeline, and web search is the fixture site's fake SearXNG.
 */
import { createHmac } from "node:crypto";
import Firecrawl from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";
import { modelCalls, run, scripted } from "./agent-helpers";

const apiUrl = inject("e2eApiUrl");
const key = inject("e2eApiKey");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: key, apiUrl });

const titleSchema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };
const titlesSchema = {
  type: "object",
  properties: { titles: { type: "array", items: { type: "string" } } },
  required: ["titles"],
};

describe("official SDK: agent", () => {
  it("agent() runs scrape → finish and returns the answer with its steps and sources", async () => {
    const { prompt, marker } = scripted("What is the article's title?", [
      { scrape: "$start[0]" },
      { finish: { title: "$titles[0]" } },
    ]);
    const result = await client.agent({ urls: [`${site}/article.html`], prompt, schema: titleSchema, pollInterval: 1 });
    expect(result).toMatchObject({
      success: true,
      status: "completed",
      data: { title: "How Lighthouses Work | The Coastal Journal" },
      model: "spark-1-mini",
    });
    // two model steps (2 credits each) and one scrape (1)
    expect(result.creditsUsed).toBe(5);
    const extra = result as unknown as { steps: unknown[]; sources: string[]; stopReason?: string };
    expect(extra.steps).toEqual([
      {
        step: 1,
        action: "scrape",
        url: `${site}/article.html`,
        status: "done",
        creditsUsed: 1,
        at: expect.any(String),
      },
      { step: 2, action: "finish", status: "done", creditsUsed: 0, at: expect.any(String) },
    ]);
    expect(extra.sources).toEqual([`${site}/article.html`]);
    expect(extra.stopReason).toBeUndefined();
    const calls = await modelCalls(marker);
    expect(calls).toHaveLength(2);
    expect(calls[0].body.model).toBe("fake-model");
    expect(calls[0].body.tools.map((t) => t.function.name)).toEqual(["scrape", "map", "search", "finish"]);
    expect(calls[1].body.messages.at(-1)?.content).toContain("# How Lighthouses Work");
  });

  it("startAgent(), getAgentStatus() and cancelAgent() stop a run in the middle", async () => {
    const { prompt, marker } = scripted("Read the slow page twice", [
      { scrape: "$start[0]" },
      { scrape: "$start[0]" },
      { finish: {} },
    ]);
    const started = await client.startAgent({ urls: [`${site}/slow?ms=4000&m=${marker}`], prompt });
    expect(started).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    for (let i = 0; i < 100 && (await modelCalls(marker)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await client.getAgentStatus(started.id)).status).toBe("processing");
    expect(await client.cancelAgent(started.id)).toBe(true);
    const cancelled = await client.getAgentStatus(started.id);
    expect(cancelled).toMatchObject({ success: true, status: "cancelled" });
    // the slow scrape in flight was abandoned: no step recorded, and the model is not asked again
    await new Promise((r) => setTimeout(r, 5000));
    expect(await client.getAgentStatus(started.id)).toMatchObject({ status: "cancelled", steps: [] });
    expect(await modelCalls(marker)).toHaveLength(1);
    await expect(client.getAgentStatus("0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a")).rejects.toMatchObject({ status: 404 });
    const otherTeam = new Firecrawl({ apiKey: inject("e2eOtherTeamKey"), apiUrl });
    await expect(otherTeam.getAgentStatus(started.id)).rejects.toMatchObject({ status: 404 });
    await expect(otherTeam.cancelAgent(started.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("agent runs", () => {
  it("map → scrape two pages → finish", async () => {
    const { prompt, marker } = scripted("List the titles of the first two posts", [
      { map: { url: "$start[0]", search: "post-1 post-2" } },
      [{ scrape: "$mapped[0]" }, { scrape: "$mapped[1]" }],
      { finish: { titles: "$titles" } },
    ]);
    const result = await run({ urls: [`${site}/blog/`], prompt, schema: titlesSchema });
    expect(result.status).toBe("completed");
    expect([...result.data.titles].sort()).toEqual(["Post 1", "Post 2"]);
    expect(result.steps.map((s: { action: string; status: string }) => `${s.action}:${s.status}`)).toEqual([
      "map:done",
      "scrape:done",
      "scrape:done",
      "finish:done",
    ]);
    expect([...result.sources].sort()).toEqual([`${site}/blog/post-1`, `${site}/blog/post-2`]);
    // three model steps, one map, two scrapes
    expect(result.creditsUsed).toBe(3 * 2 + 1 + 2);
    expect(await modelCalls(marker)).toHaveLength(3);
  });

  it("refuses a URL outside strictConstrainToURLs back to the model, without fetching it", async () => {
    const outside = `${site}/blog/post-1?strict=${crypto.randomUUID()}`;
    const { prompt, marker } = scripted("Title of the article only", [
      { scrape: outside },
      { scrape: "$start[0]" },
      { finish: { title: "$titles[0]" } },
    ]);
    const result = await run({
      urls: [`${site}/article.html`],
      strictConstrainToURLs: true,
      prompt,
      schema: titleSchema,
    });
    expect(result.status).toBe("completed");
    expect(result.data.title).toMatch(/^How Lighthouses Work/);
    expect(result.steps[0]).toMatchObject({
      action: "scrape",
      url: outside,
      status: "refused",
      message: expect.stringContaining("only these pages may be read"),
      creditsUsed: 0,
    });
    expect(result.sources).toEqual([`${site}/article.html`]);
    const calls = await modelCalls(marker);
    expect(calls[0].body.tools.map((t) => t.function.name)).toEqual(["scrape", "finish"]);
    expect(calls[1].body.messages.at(-1)?.content).toMatch(/^Not done: only these pages may be read/);
    const seen = (await (await fetch(`${site}/__requests`)).json()) as { requests: { path: string }[] };
    expect(seen.requests.some((r) => r.path.includes(new URL(outside).search))).toBe(false);
  });

  it("stops at maxCredits and answers with what it has", async () => {
    const pages = [1, 2, 3, 4].map((i) => ({ scrape: `${site}/blog/post-${(i % 2) + 1}?budget=${i}` }));
    const { prompt, marker } = scripted("Read many posts", [...pages, { finish: { titles: "$titles" } }]);
    const result = await run({ urls: [`${site}/blog/`], prompt, schema: titlesSchema, maxCredits: 9 });
    // 9 credits: step (2), scrape (1), step (2), scrape (1) leave 3, less than a step plus the reserved answer
    expect(result).toMatchObject({ status: "completed", stopReason: "maxCredits", creditsUsed: 8, maxCredits: 9 });
    expect(result.data.titles).toEqual(["Post 2", "Post 1"]);
    const calls = await modelCalls(marker);
    expect(calls).toHaveLength(3);
    expect(calls[2].body.tools.map((t) => t.function.name)).toEqual(["finish"]);
    expect(calls[2].body.messages.at(-1)?.content).toMatch(/^Stop now: the credit budget is almost spent/);
  });

  it("repairs an answer that does not match the schema, once", async () => {
    const repaired = scripted("Titles", [
      { scrape: "$start[0]" },
      { finish: { titles: "one string" } },
      { finish: { titles: "$titles" } },
    ]);
    const result = await run({ urls: [`${site}/blog/post-1`], prompt: repaired.prompt, schema: titlesSchema });
    expect(result).toMatchObject({ status: "completed", data: { titles: ["Post 1"] } });
    expect(result.steps.map((s: { action: string; status: string }) => `${s.action}:${s.status}`)).toEqual([
      "scrape:done",
      "finish:refused",
      "finish:done",
    ]);
    const calls = await modelCalls(repaired.marker);
    expect(calls[2].body.messages.at(-1)?.content).toMatch(
      /^This answer does not match the JSON Schema: \/titles: .*Call finish again/,
    );

    const unrepaired = scripted("Titles", [{ finish: { titles: "a" } }, { finish: { titles: "b" } }]);
    const failed = await run({ urls: [`${site}/blog/post-1`], prompt: unrepaired.prompt, schema: titlesSchema });
    expect(failed).toMatchObject({
      status: "failed",
      partial: { titles: "b" },
      partialSchemaValid: false,
      error: expect.stringMatching(/does not match the schema/),
    });
    expect(failed.data).toBeUndefined();
  });

  it("starts from a search without urls, or from the URLs in the prompt", async () => {
    const searched = scripted("Find an article about lighthouses", [
      { search: "lighthouses" },
      { scrape: "$searched[0]" },
      { finish: { title: "$titles[0]" } },
    ]);
    const result = await run({ prompt: searched.prompt, schema: titleSchema });
    expect(result).toMatchObject({
      status: "completed",
      data: { title: expect.stringMatching(/^How Lighthouses Work/) },
      sources: [`${site}/article.html`],
    });
    expect(result.steps[0]).toMatchObject({ action: "search", query: "lighthouses", status: "done", creditsUsed: 1 });
    expect((await modelCalls(searched.marker))[0].body.messages[1].content).toContain(
      "No start page was given: search the web",
    );

    const fromPrompt = scripted(`What is the title of ${site}/docs/a ?`, [
      { scrape: "$start[0]" },
      { finish: { title: "$titles[0]" } },
    ]);
    expect(await run({ prompt: fromPrompt.prompt, schema: titleSchema })).toMatchObject({
      status: "completed",
      data: { title: "Guide A" },
    });
  });

  it("spark-1-pro runs on LLM_MODEL_PRO at 5 credits a step", async () => {
    const { prompt, marker } = scripted("Title", [{ finish: { title: "none" } }]);
    const result = await run({ urls: [`${site}/article.html`], prompt, model: "spark-1-pro" });
    expect(result).toMatchObject({
      status: "completed",
      model: "spark-1-pro",
      creditsUsed: 5,
      data: { title: "none" },
    });
    expect((await modelCalls(marker))[0].body.model).toBe("fake-model-pro");
  });

  it(
    "delivers signed webhooks in order: started, an action per step, completed " +
      "with the answer; only the events asked for, with the headers given",
    async () => {
      const deliveriesOf = async (webhook: Record<string, unknown>, expected: number) => {
        const receiver = `agent-${crypto.randomUUID()}`;
        const { prompt } = scripted("Title", [{ scrape: "$start[0]" }, { finish: { title: "$titles[0]" } }]);
        const result = await run({
          urls: [`${site}/blog/post-2`],
          prompt,
          webhook: { url: `${site}/hooks/${receiver}`, ...webhook },
        });
        expect(result.status).toBe("completed");
        let deliveries: { headers: Record<string, string>; body: string }[] = [];
        for (let i = 0; i < 100 && deliveries.length < expected; i++) {
          await new Promise((r) => setTimeout(r, 200));
          deliveries = await (await fetch(`${site}/__webhooks/${receiver}`)).json();
        }
        return { result, deliveries, receiver };
      };
      const { result, deliveries } = await deliveriesOf({ metadata: { run: "1" } }, 4);
      const payloads = deliveries.map((d) => JSON.parse(d.body));
      expect(payloads.map((p) => p.type)).toEqual(["agent.started", "agent.action", "agent.action", "agent.completed"]);
      expect(payloads.every((p) => p.id === result.id && p.metadata.run === "1")).toBe(true);
      expect(payloads[1].data).toEqual([expect.objectContaining({ step: 1, action: "scrape", status: "done" })]);
      expect(payloads[3]).toMatchObject({ success: true, data: [{ title: "Post 2" }], error: null });
      for (const d of deliveries) {
        expect(d.headers["x-service-signature"]).toBe(
          `sha256=${createHmac("sha256", "e2e-webhook-secret").update(d.body).digest("hex")}`,
        );
      }

      const chosen = await deliveriesOf({ events: ["agent.started", "completed"], headers: { "x-run": "2" } }, 2);
      await new Promise((r) => setTimeout(r, 1000)); // time for any event that should not be sent
      const all = (await (await fetch(`${site}/__webhooks/${chosen.receiver}`)).json()) as {
        headers: Record<string, string>;
        body: string;
      }[];
      expect(all.map((d) => JSON.parse(d.body).type)).toEqual(["agent.started", "agent.completed"]);
      expect(all.every((d) => d.headers["x-run"] === "2")).toBe(true);
    },
  );
});
