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

  it("reads the product and menu profiles of pages with schema.org markup, typed as the SDK types them", async () => {
    const shop = await client.scrape(`${site}/shop/lantern.html`, { formats: ["product"] });
    const product = shop.product!;
    expect(product).toMatchObject({ title: "Harbour lantern", brand: "Keeper & Co", category: "Lighting" });
    expect(product.variants.map((v) => [v.sku, v.price?.amount, v.availability.inStock])).toEqual([
      ["HL-C", 120, true],
      ["HL-B", 110, false],
    ]);
    const dinner = await client.scrape(`${site}/shop/menu.html`, { formats: ["menu"] });
    const menu = dinner.menu!;
    expect(menu).toMatchObject({ isMenu: true, merchant: { name: "The Lamp Room" }, currency: "GBP" });
    expect(menu.sections.flatMap((s) => s.items.map((i) => `${s.name}: ${i.name} ${i.price?.amount}`))).toEqual([
      "Starters: Mussels 9.5",
      "Mains: Bean stew 14",
    ]);
  });

  it("answers a question and quotes highlights from the page (the fixture site's fake model answers)", async () => {
    const doc = await client.scrape(`${site}/article.html`, {
      formats: [
        "markdown",
        { type: "question", question: "What does the lens do?" },
        { type: "highlights", query: "lens" },
      ],
    });
    const page = doc.markdown!.replace(/\s+/g, " ");
    expect(doc.answer).toMatch(/lens/i);
    expect(page).toContain(doc.answer);
    for (const quote of doc.highlights!.split("\n\n")) expect(page).toContain(quote);
  });

  it("redacts personal data with redactPII (people and places read by the fixture site's fake model)", async () => {
    const doc = await client.scrape(`${site}/people/contact.html`, {
      formats: ["markdown", "rawHtml"],
      redactPII: { entities: ["EMAIL", "PHONE", "FINANCIAL", "PERSON"] },
    });
    expect(doc.markdown).toContain("Our secretary <PERSON> answers letters sent to <EMAIL>");
    expect(doc.markdown).toContain("Donations by card <FINANCIAL> or <FINANCIAL>");
    expect(doc.markdown).toContain("Visit us at 12 Harbour Street"); // LOCATION was not asked for
    const text = `${doc.markdown} ${doc.rawHtml}`;
    for (const value of ["harbour-lantern.test", "7946 0958", "4111 1111", "Lovelace"])
      expect(text).not.toContain(value);
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
