/**
 * The product and menu formats through POST /v2/scrape against the fixture site: read from the page's markup
 * (JSON-LD @graph, microdata) with no model call and nothing extra billed; a page without such markup read by the
 * fixture site's fake OpenAI-compatible model (no real model runs here), billed as the json format.
 */
import { describe, expect, it } from "vitest";
import { callJson, callJsonWith, fixture, NO_LLM, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);
/** The requests the fixture site's fake model has answered. */
const llmCalls = async () => ((await (await fetch(fixture("/__llm"))).json()) as unknown[]).length;

describe("product and menu profiles", () => {
  it("reads a product group's variants from JSON-LD, with no LLM call and 1 credit", async () => {
    const before = await llmCalls();
    const url = unique("/shop/lantern.html");
    const { status, body } = await scrape({ url, formats: ["markdown", "product"] });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.product).toEqual({
      title: "Harbour lantern",
      brand: "Keeper & Co",
      category: "Lighting",
      description: "A lantern for the harbour wall.",
      url: body.data.metadata.url,
      variants: [
        {
          id: "HL-C",
          sku: "HL-C",
          title: "Harbour lantern, copper",
          values: { color: "copper" },
          price: { amount: 120, currency: "EUR" },
          availability: { inStock: true, text: "InStock" },
          images: [{ url: fixture("/shop/copper.jpg") }],
        },
        {
          id: "HL-B",
          sku: "HL-B",
          title: "Harbour lantern, brass",
          values: { color: "brass" },
          price: { amount: 110, currency: "EUR" },
          sale: { originalPrice: { amount: 140, currency: "EUR" } },
          availability: { inStock: false, text: "OutOfStock" },
        },
      ],
    });
    expect(body.data.markdown).toContain("# Harbour lantern");
    expect(body.data.metadata.creditsUsed).toBe(1);
    expect(await llmCalls()).toBe(before);
  });

  it("reads a restaurant's menu from microdata, with no LLM call", async () => {
    const before = await llmCalls();
    const { body } = await scrape({ url: unique("/shop/menu.html"), formats: [{ type: "menu" }] });
    const menu = body.data.menu;
    expect(menu).toMatchObject({
      isMenu: true,
      confidence: 1,
      merchant: { name: "The Lamp Room", type: "Restaurant", location: "1 Pier Road, Harbourtown" },
      currency: "GBP",
    });
    expect(menu.sections.map((s: any) => s.name)).toEqual(["Starters", "Mains"]);
    expect(menu.sections[0].items[0]).toMatchObject({
      name: "Mussels",
      description: "In cider, with bread.",
      price: { amount: 9.5, currency: "GBP" },
      availability: { inStock: true, text: "listed" },
      dietary: ["gluten free"],
    });
    expect(menu.sections[1].items[0]).toMatchObject({
      name: "Bean stew",
      calories: 520,
      price: { amount: 14, currency: "GBP" },
      availability: { inStock: false, text: "SoldOut" },
    });
    expect(body.data.markdown).toBeUndefined();
    expect(body.data.metadata.creditsUsed).toBe(1);
    expect(await llmCalls()).toBe(before);
  });

  it("asks the LLM for a page without the markup, billed as the json format; says so without a menu", async () => {
    const before = await llmCalls();
    const { body } = await scrape({ url: unique("/article.html"), formats: ["product"] });
    expect(body.data.product).toEqual({ title: "How Lighthouses Work", url: body.data.metadata.url, variants: [] });
    expect(body.data.metadata.creditsUsed).toBe(5);
    expect(await llmCalls()).toBe(before + 1);
    // No markup and no LLM: no menu, a warning that says why, and nothing extra billed.
    const alone = await callJsonWith(NO_LLM, "POST", "/v2/scrape", { url: unique("/article.html"), formats: ["menu"] });
    expect(alone.status).toBe(200);
    expect(alone.body.data.menu).toBeUndefined();
    expect(alone.body.data.warning).toMatch(/menu format found no schema.org Menu .* no LLM is configured/);
    expect(alone.body.data.metadata.creditsUsed).toBe(1);
  });
});
