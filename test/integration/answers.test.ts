/**
 * The question and highlights formats (and the deprecated query format) through POST /v2/scrape, answered by the
 * fixture site's fake OpenAI-compatible model (no real model runs here): answers come from the page, highlights
 * are quotes found in its markdown — one the model invents is left out with a warning.
 */
import { describe, expect, it } from "vitest";
import { callJson, callJsonWith, NO_LLM, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);

describe("question and highlights", () => {
  it("answers a question from the page, at no extra cost", async () => {
    const question = { type: "question", question: "What does the lens do?" };
    const { status, body } = await scrape({ url: unique("/article.html"), formats: ["markdown", question] });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.answer).toMatch(/lens/i);
    expect(body.data.markdown.replace(/\s+/g, " ")).toContain(body.data.answer);
    expect(body.data.metadata.creditsUsed).toBe(1);
  });

  it("quotes the page's passages on a query, leaving out one it does not hold", async () => {
    const highlights = { type: "highlights", query: "lens [fake:invent]" };
    const { body } = await scrape({ url: unique("/article.html"), formats: ["markdown", highlights] });
    const quotes = body.data.highlights.split("\n\n");
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) expect(body.data.markdown.replace(/\s+/g, " ")).toContain(quote);
    expect(body.data.highlights).not.toContain("green cheese");
    expect(body.data.warning).toMatch(/1 of the LLM's highlights are not on the page and were left out/);
  });

  it("reads the deprecated query format as question or highlights", async () => {
    const url = unique("/article.html");
    const freeform = await scrape({ url, formats: [{ type: "query", prompt: "What does the lens do?" }] });
    expect(freeform.body.data.answer).toMatch(/lens/i);
    expect(freeform.body.data.highlights).toBeUndefined();
    const quoted = await scrape({ url, formats: [{ type: "query", prompt: "lens", mode: "directQuote" }] });
    expect(quoted.body.data.highlights).toMatch(/lens/i);
    expect(quoted.body.data.answer).toBeUndefined();
  });

  it("refuses them up front without an LLM, naming the format; and an empty question", async () => {
    const refused = await callJsonWith(NO_LLM, "POST", "/v2/scrape", {
      url: unique("/article.html"),
      formats: [{ type: "highlights", query: "lens" }],
    });
    expect(refused).toMatchObject({ status: 400, body: { code: "LLM_NOT_CONFIGURED" } });
    expect(refused.body.error).toMatch(/highlights format needs an LLM/);
    const empty = await scrape({ url: unique("/article.html"), formats: [{ type: "question", question: "" }] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/question/);
  });
});
