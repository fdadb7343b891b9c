/**
 * The official JS SDK (@mendable/firecrawl-js) against `npm start`: only the API URL changes.
 */
import Firecrawl from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";

const apiUrl = inject("e2eApiUrl");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl });

describe("official SDK: scrape", () => {
  it("scrapes an article into clean markdown with correct metadata", async () => {
    const doc = await client.scrape(`${site}/article.html`, { formats: ["markdown", "links"] });
    expect(doc.markdown).toMatch(/^# How Lighthouses Work/);
    expect(doc.markdown).toContain("| Cape Hatteras | 7.5 s | 24 nmi |");
    expect(doc.markdown).toContain("```python");
    expect(doc.markdown).not.toContain("We use cookies");
    expect(doc.links).toEqual([`${site}/articles/fresnel-lens`, "https://other.example/keepers"]);
    expect(doc.metadata).toMatchObject({
      title: "How Lighthouses Work | The Coastal Journal",
      description: "A field guide to lighthouse optics, rotation and keepers.",
      language: "en",
      sourceURL: `${site}/article.html`,
      statusCode: 200,
    });
  });

  it("surfaces validation errors as SDK errors with the status and code", async () => {
    await expect(client.scrape(`${site}/article.html`, { timeout: 10 } as never)).rejects.toMatchObject({
      status: 400,
      code: "BAD_REQUEST",
    });
  });

  it("rejects a bad key", async () => {
    const bad = new Firecrawl({ apiKey: "ec-wrong", apiUrl });
    await expect(bad.scrape(`${site}/article.html`)).rejects.toMatchObject({ status: 401 });
  });

  it("reads credit usage", async () => {
    const usage = await client.getCreditUsage();
    expect(usage.remainingCredits).toBeGreaterThan(0);
  });
});
