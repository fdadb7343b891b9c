/**
 * The product format from markup alone: hand-written pages (JSON-LD, @graph, microdata; with the menu pages of
 * structured-menu.test.ts, ten), each read through the HTML path the scrape uses, and every field the markup states
 * found in the profile — no LLM involved.
 */
import { describe, expect, it } from "vitest";
import { productFromMarkup } from "../../src/structured/product";
import { ld, objectsOf, page, PAGE_URL as URL_ } from "./structured-pages";

describe("product profiles from markup", () => {
  it("a JSON-LD Product with one Offer", () => {
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Storm lantern",
        brand: { "@type": "Brand", name: "Keeper & Co" },
        category: "Outdoor > Lighting",
        description: "A copper storm lantern.",
        sku: "SL-1",
        image: ["https://shop.example/img/lantern.jpg"],
        offers: {
          "@type": "Offer",
          price: "89.00",
          priceCurrency: "EUR",
          availability: "https://schema.org/InStock",
        },
      }),
    );
    expect(productFromMarkup(objectsOf(html), URL_)).toEqual({
      title: "Storm lantern",
      brand: "Keeper & Co",
      category: "Outdoor > Lighting",
      description: "A copper storm lantern.",
      url: URL_,
      variants: [
        {
          id: "SL-1",
          sku: "SL-1",
          price: { amount: 89, currency: "EUR" },
          availability: { inStock: true, text: "InStock" },
          images: [{ url: "https://shop.example/img/lantern.jpg" }],
        },
      ],
    });
  });

  it("a ProductGroup's variants, each with what it varies by, its own price and stock", () => {
    const variant = (sku: string, color: string, price: number, availability: string) => ({
      "@type": "Product",
      name: `Lantern, ${color}`,
      sku,
      color,
      image: { "@type": "ImageObject", url: `/img/${color}.jpg`, caption: `${color} lantern` },
      offers: { "@type": "Offer", price, priceCurrency: "USD", availability: `https://schema.org/${availability}` },
    });
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@type": "ProductGroup",
        name: "Harbour lantern",
        url: "https://shop.example/p/harbour",
        variesBy: "https://schema.org/color",
        productGroupID: "HL",
        hasVariant: [variant("HL-C", "copper", 120, "InStock"), variant("HL-B", "brass", 110, "OutOfStock")],
      }),
    );
    const product = productFromMarkup(objectsOf(html), URL_)!;
    expect(product).toMatchObject({ title: "Harbour lantern", url: "https://shop.example/p/harbour" });
    expect(product.variants).toEqual([
      {
        id: "HL-C",
        sku: "HL-C",
        title: "Lantern, copper",
        values: { color: "copper" },
        price: { amount: 120, currency: "USD" },
        availability: { inStock: true, text: "InStock" },
        images: [{ url: "https://shop.example/img/copper.jpg", alt: "copper lantern" }],
      },
      {
        id: "HL-B",
        sku: "HL-B",
        title: "Lantern, brass",
        values: { color: "brass" },
        price: { amount: 110, currency: "USD" },
        availability: { inStock: false, text: "OutOfStock" },
        images: [{ url: "https://shop.example/img/brass.jpg", alt: "brass lantern" }],
      },
    ]);
  });

  it("a microdata Product with a sale price and a price shown with its sign", () => {
    const html = page(
      "",
      `<div itemscope itemtype="https://schema.org/Product">
        <h1 itemprop="name">Pier lamp</h1>
        <img itemprop="image" src="/img/pier.jpg" alt="Pier lamp">
        <span itemprop="brand">Beacon</span>
        <p itemprop="description">A lamp for a pier.</p>
        <meta itemprop="sku" content="PL-7">
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="price">$45.00</span><meta itemprop="priceCurrency" content="USD">
          <link itemprop="availability" href="https://schema.org/LimitedAvailability">
          <div itemprop="priceSpecification" itemscope itemtype="https://schema.org/UnitPriceSpecification">
            <meta itemprop="priceType" content="https://schema.org/ListPrice">
            <meta itemprop="price" content="60.00"><meta itemprop="priceCurrency" content="USD">
          </div>
        </div>
      </div>`,
    );
    expect(productFromMarkup(objectsOf(html), URL_)).toEqual({
      title: "Pier lamp",
      brand: "Beacon",
      description: "A lamp for a pier.",
      url: URL_,
      variants: [
        {
          id: "PL-7",
          sku: "PL-7",
          price: { amount: 45, currency: "USD", formatted: "$45.00" },
          sale: { originalPrice: { amount: 60, currency: "USD" } },
          availability: { inStock: true, text: "LimitedAvailability" },
          images: [{ url: "https://shop.example/img/pier.jpg" }],
        },
      ],
    });
  });

  it("the Product of an @graph among the page's other objects, its offers an AggregateOffer's list", () => {
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebPage", name: "Buoy light — Shop" },
          { "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Shop" }] },
          {
            "@type": "Product",
            name: "Buoy light",
            manufacturer: { "@type": "Organization", name: "Tideworks" },
            gtin13: "4006381333931",
            offers: {
              "@type": "AggregateOffer",
              lowPrice: 30,
              priceCurrency: "GBP",
              offers: [
                { "@type": "Offer", name: "Small", sku: "BL-S", price: 30, priceCurrency: "GBP" },
                { "@type": "Offer", name: "Large", sku: "BL-L", price: "45.50", priceCurrency: "GBP" },
              ],
            },
          },
        ],
      }),
    );
    expect(productFromMarkup(objectsOf(html), URL_)).toEqual({
      title: "Buoy light",
      brand: "Tideworks",
      url: URL_,
      variants: [
        {
          id: "4006381333931",
          sku: "BL-S",
          title: "Small",
          price: { amount: 30, currency: "GBP" },
          availability: { inStock: false, text: "not stated" },
        },
        {
          id: "4006381333931",
          sku: "BL-L",
          title: "Large",
          price: { amount: 45.5, currency: "GBP" },
          availability: { inStock: false, text: "not stated" },
        },
      ],
    });
  });

  it("additionalProperty pairs as a variant's values, and a decimal comma", () => {
    const html = page(
      ld({
        "@type": "Product",
        name: "Chart table",
        category: ["Furniture", "Tables"],
        additionalProperty: [
          { "@type": "PropertyValue", name: "wood", value: "oak" },
          { "@type": "PropertyValue", name: "length", value: 120 },
        ],
        offers: [{ "@type": "Offer", price: "1.299,00", priceCurrency: "EUR", availability: "PreOrder" }],
      }),
    );
    expect(productFromMarkup(objectsOf(html), URL_)).toEqual({
      title: "Chart table",
      category: "Furniture > Tables",
      url: URL_,
      variants: [
        {
          values: { wood: "oak", length: "120" },
          price: { amount: 1299, currency: "EUR" },
          availability: { inStock: true, text: "PreOrder" },
        },
      ],
    });
  });

  it("no Product in the markup: null (the format then asks the LLM)", () => {
    const html = page(ld({ "@type": "Article", headline: "How lighthouses work" }));
    expect(productFromMarkup(objectsOf(html), URL_)).toBeNull();
  });
});
