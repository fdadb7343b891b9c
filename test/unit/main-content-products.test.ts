/**
 * Main-content extraction on hand-written product pages: the description and specifications kept, recommendations,
 * reviews of a product on sale and layers shown on demand cut.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("products", () => {
  const card = (name: string, price: string) =>
    `<li class="product-card"><a href="/p/${name}"><img src="/${name}.jpg" alt="">` +
    `<span>${name} lantern, brass</span></a><span class="price">${price}</span></li>`;
  const page = `${siteHeader}<main><div class="product-page">
      <h1>Storm lantern, copper</h1><div class="price">€89.00</div><button>Add to cart</button>
      <div class="product-description"><p>Hand-made in a small workshop by the sea, this copper storm lantern burns \
for twelve hours on one filling.
        The glass is hardened against heat, and the handle stays cool to the touch.</p></div>
      <h2>Specifications</h2>
      <table class="specs"><tr><th>Height</th><td>32 cm</td></tr><tr><th>Weight</th><td>1.2 kg</td></tr><tr>\
<th>Fuel</th><td>Paraffin</td></tr>
        <tr><th>Burn time</th><td>12 hours</td></tr></table>
    </div>
    <section class="carousel"><h2>Customers also bought</h2>\
<ul>${["Harbour", "Pier", "Beacon", "Keeper", "Signal"].map((n, i) => card(n, `€${20 + i}.00`)).join("")}</ul></section>
    </main>${siteFooter}`;
  const jsonLd = [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Storm lantern, copper",
      offers: { "@type": "Offer", price: "89.00" },
    },
  ];

  it("keeps the title, description and specification table, and drops recommendations and the cart button", () => {
    const { text, html } = extract(page, { jsonLd });
    expect(text).toContain("Storm lantern, copper");
    expect(text).toContain("burns for twelve hours");
    expect(html).toContain("<table");
    expect(text).toContain("Paraffin");
    expect(text).not.toContain("Add to cart");
    expect(text).not.toContain("Beacon lantern, brass");
  });

  const review = (
    who: string,
  ) => `<div class="review-item"><p class="review-author">${who}</p><p>Bought this for our boat and it has been
    burning through every storm since spring; the glass never fogged and the handle stayed cool, five stars \
from ${who}.</p></div>`;
  const reviewed = () =>
    page.replace(
      "</table>",
      `</table><section id="reviews"><h2>Customer reviews</h2>${["Ann", "Bo", "Cy"].map(review).join("")}</section>`,
    );
  const withOffer = jsonLd;
  const withoutOffer = [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Storm lantern, copper",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 5 },
    },
  ];

  it("drops customer reviews from a page that sells the product", () => {
    const { text } = extract(reviewed(), { jsonLd: withOffer });
    expect(text).toContain("burns for twelve hours");
    expect(text).toContain("Paraffin");
    expect(text).not.toContain("five stars from Bo");
  });

  it(
    "picks the region as on any page when the product title alone would " +
      "be too small a pick (a buy box apart from the details)",
    () => {
      const menu =
        `<div ` +
        (`class="mega-menu">` +
          `${Array.from({ length: 40 }, (_, i) => `<a href="/c/${i}">Lantern category ${i}</a>`).join(" ")}` +
          `</div>`);
      const buyBox =
        `<div class="top"><div class="buy-box"><h1>Storm ` + `lantern</h1><span>€89.00</span></div>${menu}</div>`;
      const links = ["Compare all lanterns", "Compare all lamps now", "See every lantern"]
        .map((t) => `<p><a href="/compare">${t}</a></p>`)
        .join("");
      const details =
        `<div class="details"><p>Hand-made in a small workshop by the sea, this copper ` +
        `storm lantern burns for twelve hours on one filling.</p>${links}</div>`;
      const { text, warnings } = extract(`${buyBox}${details}`, { jsonLd });
      expect(text).toContain("burns for twelve hours");
      expect(text).not.toContain("Lantern category 7");
      expect(warnings).toEqual([]);
    },
  );

  it(
    "keeps the product's own details laid out as repeated blocks " + "(no links), and drops cards of other products",
    () => {
      const detail = (title: string, a: string, b: string) =>
        `<div class="detail"><h3>${title}</h3><p>${a}</p><p>${b}</p></div>`;
      const details = [
        detail("Materials", "Shell: hammered copper sheet", "Glass: hardened borosilicate"),
        detail("Care", "Wipe with a dry cloth", "Polish twice a year"),
        detail("Delivery", "Ships within two days", "Free returns for thirty days"),
      ].join("");
      const detailed = page.replace(
        "<h2>Specifications</h2>",
        `<div class="details">${details}</div><h2>Specifications</h2>`,
      );
      const { text } = extract(detailed, { jsonLd });
      for (const line of ["Shell: hammered copper sheet", "Polish twice a year", "Free returns for thirty days"])
        expect(text).toContain(line);
      expect(text).not.toContain("Beacon lantern, brass");
    },
  );

  it(
    "reads a layout grid whose one cell holds most of the text (the buy " +
      "box with the description) as the page, not as cards",
    () => {
      const cell = (inner: string) => `<div class="grid-item"><div class="cell">${inner}</div></div>`;
      const grid = `<div class="pdp-grid">${cell('<img src="/lantern.jpg" alt=""><span>Shown: copper</span>')}\
${cell("<h1>Storm lantern, copper</h1><h2>Hand-made lantern</h2>")}
      ${cell(`<div class="price">€89.00</div><p>Burns twelve hours on one filling of paraffin.</p>
        <p>Hand-made in a small workshop by the sea, this copper storm lantern keeps its flame in every wind.</p>
        <ul><li>Hardened glass that never fogs</li><li>A handle that stays cool to the touch</li>\
<li>Hammered copper shell</li></ul>
        <p><a href="/membership">Members get free delivery</a></p>`)}</div>`;
      const { text } = extract(`${siteHeader}<main>${grid}</main>${siteFooter}`, { jsonLd });
      for (const line of [
        "Burns twelve hours",
        "Hardened glass that never fogs",
        "A handle that stays cool",
        "keeps its flame",
      ])
        expect(text).toContain(line);
    },
  );

  it(
    "drops a carousel of other products whose cards each carry a hidden panel " +
      '("why am I seeing this ad"), judged by their visible size',
    () => {
      const why =
        `<div class="ad-dialog" hidden><h2>Why you are seeing this ad</h2>` +
        `<p>${sentence("advertiser choice", 6)}</p></div>`;
      // The card is clickable through an empty link laid over it; its title is not a link.
      const slot = (n: string) =>
        `<li class="slot"><div class="card"><a class="cover" href="/p/${n}"></a><h3>${n} ` +
        `lantern, brass and glass, for boats</h3><span>€24.00</span>${why}</div></li>`;
      const carousel =
        `<div class="recs"><ul ` +
        `class="carousel-list">${["Harbour", "Pier", "Beacon", "Keeper"].map(slot).join("")}</ul>` +
        `</div>`;
      const { text } = extract(page.replace("</main>", `${carousel}</main>`), { jsonLd });
      expect(text).toContain("burns for twelve hours");
      expect(text).not.toContain("Beacon lantern, brass and glass");
    },
  );

  it(
    "drops a product page's hidden layers (a size guide shown on " +
      "demand) and keeps its hidden panels (a closed tab)",
    () => {
      const layer =
        `<div class="size-guide" hidden><h2>Find your size</h2>` + `<p>${sentence("chest measurement", 2)}</p></div>`;
      const tab =
        `<div class="tab-panel" hidden><h2>Care</h2><p>Polish the copper twice a year ` +
        `with a soft cloth, and wipe the glass after every storm.</p></div>`;
      const { text } = extract(page.replace("</table>", `</table>${layer}${tab}`), { jsonLd });
      expect(text).toContain("burns for twelve hours");
      expect(text).toContain("Polish the copper twice a year");
      expect(text).not.toContain("chest measurement");
    },
  );

  it('drops a product\'s badge and its cart box, named so in their class ("product-badge", "add-to-cart")', () => {
    const marked = page
      .replace(
        "<h1>Storm lantern, copper</h1>",
        '<span class="product-badge">Bestseller</span><h1>Storm lantern, copper</h1>',
      )
      .replace(
        "<button>Add to cart</button>",
        '<div class="add-to-cart"><span>Quantity</span><button>Add to ' +
          "cart</button><span>Ships in two days</span></div>",
      );
    const { text } = extract(marked, { jsonLd });
    expect(text).toContain("burns for twelve hours");
    for (const junk of ["Bestseller", "Quantity", "Ships in two days"]) expect(text).not.toContain(junk);
  });

  it("drops the slides of a carousel of other products that are out of view (hidden) like the ones shown", () => {
    const slide = (n: string, hidden: boolean) =>
      `<li class="slot"${hidden ? ' aria-hidden="true"' : ""}><div class="card"><a ` +
      `class="cover" href="/p/${n}"></a><h3>${n} lantern, brass and glass, for ` +
      `boats</h3><span>€24.00</span><span>Free delivery</span></div></li>`;
    const names = ["Harbour", "Pier", "Beacon", "Keeper", "Signal", "Mast", "Buoy", "Quay", "Wharf", "Jetty"];
    const carousel =
      `<div class="recs"><ul ` +
      `class="carousel-list">${names.map((n, i) => slide(n, i >= 3)).join("")}</ul>` +
      `</div>`;
    const { text } = extract(page.replace("</table>", `</table>${carousel}`), { jsonLd });
    expect(text).toContain("burns for twelve hours");
    expect(text).not.toContain("Harbour lantern, brass and glass");
    expect(text).not.toContain("Buoy lantern, brass and glass");
  });

  it(
    "reads a product group with its variants (each a Product named " +
      "by colour) as one product on sale: its reviews go",
    () => {
      const variant = (colour: string) => ({
        "@type": "Product",
        name: `Storm lantern, ${colour}`,
        offers: { "@type": "Offer", price: "89.00" },
      });
      const group = [
        {
          "@context": "https://schema.org",
          "@type": "ProductGroup",
          name: "Storm lantern",
          hasVariant: ["copper", "brass", "black"].map(variant),
        },
      ];
      const { text } = extract(reviewed(), { jsonLd: group });
      expect(text).toContain("burns for twelve hours");
      expect(text).not.toContain("five stars from Bo");
    },
  );

  it("keeps reviews where the page declares a Product without an offer (a service page's testimonials)", () => {
    const { text } = extract(reviewed(), { jsonLd: withoutOffer });
    expect(text).toContain("burns for twelve hours");
    expect(text).toContain("five stars from Bo");
  });
});
