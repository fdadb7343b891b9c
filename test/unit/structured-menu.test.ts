/**
 * The menu format from markup alone: hand-written pages (JSON-LD, microdata; with the product pages of
 * structured-product.test.ts, ten), each read through the HTML path the scrape uses, and every field the markup
 * states found in the profile — no LLM involved.
 */
import { describe, expect, it } from "vitest";
import { menuFromMarkup } from "../../src/structured/menu";
import { ld, objectsOf, page, PAGE_URL as URL_ } from "./structured-pages";

describe("menu profiles from markup", () => {
  it("a JSON-LD Restaurant's menu with sections, prices, diets, calories, add-ons and identifiers", () => {
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@type": "Restaurant",
        name: "The Lamp Room",
        address: { "@type": "PostalAddress", streetAddress: "1 Pier Road", addressLocality: "Harbourtown" },
        hasMenu: {
          "@type": "Menu",
          name: "Dinner",
          hasMenuSection: [
            {
              "@type": "MenuSection",
              name: "Starters",
              description: "To share",
              hasMenuItem: [
                {
                  "@type": "MenuItem",
                  name: "Mussels",
                  description: "In cider",
                  identifier: "m-01",
                  url: "/menu/mussels",
                  image: "/img/mussels.jpg",
                  suitableForDiet: ["https://schema.org/GlutenFreeDiet"],
                  nutrition: { "@type": "NutritionInformation", calories: "430 calories" },
                  offers: { "@type": "Offer", price: "9.50", priceCurrency: "GBP" },
                  menuAddOn: [{ "@type": "MenuSection", name: "Bread" }],
                },
              ],
            },
            {
              "@type": "MenuSection",
              name: "Mains",
              hasMenuItem: [
                {
                  "@type": "MenuItem",
                  name: "Bean stew",
                  suitableForDiet: "https://schema.org/VeganDiet",
                  offers: { "@type": "Offer", price: 14, priceCurrency: "GBP", availability: "SoldOut" },
                },
              ],
            },
          ],
        },
      }),
    );
    expect(menuFromMarkup(objectsOf(html), URL_)).toEqual({
      isMenu: true,
      confidence: 1,
      merchant: {
        name: "The Lamp Room",
        type: "Restaurant",
        location: { "@type": "PostalAddress", streetAddress: "1 Pier Road", addressLocality: "Harbourtown" },
      },
      currency: "GBP",
      sourceUrl: URL_,
      sections: [
        {
          id: "s1",
          name: "Starters",
          description: "To share",
          items: [
            {
              id: "s1.i1",
              name: "Mussels",
              description: "In cider",
              images: [{ url: "https://shop.example/img/mussels.jpg" }],
              price: { amount: 9.5, currency: "GBP" },
              availability: { inStock: true, text: "listed" },
              dietary: ["gluten free"],
              calories: 430,
              optionGroups: [{ "@type": "MenuSection", name: "Bread" }],
              identifiers: { merchantItemId: "m-01" },
              url: "https://shop.example/menu/mussels",
              sourceUrl: URL_,
            },
          ],
        },
        {
          id: "s2",
          name: "Mains",
          items: [
            {
              id: "s2.i1",
              name: "Bean stew",
              images: [],
              price: { amount: 14, currency: "GBP" },
              availability: { inStock: false, text: "SoldOut" },
              dietary: ["vegan"],
              optionGroups: [],
              identifiers: {},
              sourceUrl: URL_,
            },
          ],
        },
      ],
    });
  });

  it("a microdata menu, items without offers priced on the item", () => {
    const html = page(
      "",
      `<div itemscope itemtype="https://schema.org/CafeOrCoffeeShop"><h1 itemprop="name">Tide Café</h1>
        <div itemprop="hasMenu" itemscope itemtype="https://schema.org/Menu">
          <section itemprop="hasMenuSection" itemscope itemtype="https://schema.org/MenuSection">
            <h2 itemprop="name">Drinks</h2>
            <div itemprop="hasMenuItem" itemscope itemtype="https://schema.org/MenuItem">
              <span itemprop="name">Flat white</span> <span itemprop="description">Double shot</span>
              <span itemprop="offers" itemscope itemtype="https://schema.org/Offer">
                <span itemprop="price" content="3.20">£3.20</span><meta itemprop="priceCurrency" content="GBP">
                <link itemprop="availability" href="https://schema.org/InStock">
              </span>
            </div>
          </section>
        </div>
      </div>`,
    );
    expect(menuFromMarkup(objectsOf(html), URL_)).toEqual({
      isMenu: true,
      confidence: 1,
      merchant: { name: "Tide Café", type: "CafeOrCoffeeShop" },
      currency: "GBP",
      sourceUrl: URL_,
      sections: [
        {
          id: "s1",
          name: "Drinks",
          items: [
            {
              id: "s1.i1",
              name: "Flat white",
              description: "Double shot",
              images: [],
              price: { amount: 3.2, currency: "GBP" },
              availability: { inStock: true, text: "InStock" },
              dietary: [],
              optionGroups: [],
              identifiers: {},
              sourceUrl: URL_,
            },
          ],
        },
      ],
    });
  });

  it("a Menu on its own, nested sections named after the outer one, items straight on the menu", () => {
    const item = (name: string, price: number) => ({
      "@type": "MenuItem",
      name,
      offers: { "@type": "Offer", price, priceCurrency: "EUR" },
    });
    const html = page(
      ld({
        "@type": "Menu",
        name: "Lunch",
        hasMenuItem: [item("Soup of the day", 6)],
        hasMenuSection: {
          "@type": "MenuSection",
          name: "Fish",
          hasMenuSection: [{ "@type": "MenuSection", name: "Grilled", hasMenuItem: [item("Mackerel", 12)] }],
        },
      }),
    );
    const menu = menuFromMarkup(objectsOf(html), URL_)!;
    expect(menu.merchant).toEqual({ name: "Lunch", type: null });
    expect(menu.currency).toBe("EUR");
    expect(menu.sections.map((s) => [s.id, s.name, s.items.map((i) => [i.name, i.price?.amount])])).toEqual([
      ["s1.1", "Fish > Grilled", [["Mackerel", 12]]],
      ["s0", "Lunch", [["Soup of the day", 6]]],
    ]);
  });

  it("no Menu in the markup: null (the format then asks the LLM)", () => {
    const html = page(ld({ "@type": "Restaurant", name: "No menu here", servesCuisine: "Seafood" }));
    expect(menuFromMarkup(objectsOf(html), URL_)).toBeNull();
  });
});
