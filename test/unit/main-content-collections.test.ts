/**
 * Main-content extraction on hand-written collections: product grids and cards kept with their names, prices and
 * descriptions, the offers and boxes around them cut.
 */
import { describe, expect, it } from "vitest";
import { cookieBanner, extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("collections", () => {
  it("keeps cards that a page builder names like calls to action, titles and descriptions alike", () => {
    const card = (
      name: string,
      miles: number,
    ) => `<div class="widget"><div class="elementor-cta"><h2 class="elementor-cta__title">${name} trail</h2>
      <div class="elementor-cta__description">Difficulty: beginner<br>Length: ${miles} miles</div>
      <a class="elementor-cta__button" href="/map/${name}">View map</a></div></div>`;
    const page = `${siteHeader}<main><h1>Trails</h1><p>Every trail the club looks after.</p>
      <div \
class="cards">${["Anthill", "Burrough", "Cypress", "Dry Creek"].map((n, i) => card(n, i + 3)).join("")}</div>\
</main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Anthill trail");
    expect(text).toContain("Length: 6 miles");
    expect(text).toContain("Dry Creek trail");
    expect(text).not.toContain("About us");
  });

  it('drops a sort control\'s label ("Sort: Best Match") and a count ("(3 products)") over the cards', () => {
    const card = (name: string, price: string) =>
      `<li class="product-card"><img src="/img/${price}.jpg" alt=""><h3><a href="/p/${price}">${name} helmet</a></h3>\
<p>$${price}.00</p><div>1,411 Reviews</div></li>`;
    const grid = `<ul class="grid">${[card("Road", "60"), card("Trail", "80"), card("Kids", "40")].join("")}</ul>`;
    const bar = `<div class="oM9VG6"><div class="iVnwEK"><span>Sort</span><span>: </span><span>Best Match</span></div>\
<select aria-label="Sort By"><option>Best Match</option><option>Newest</option></select></div><div class="count">\
(3 products)</div><div role="status">loaded 3 results</div>`;
    const page = `${siteHeader}<main><h1>Bike helmets</h1><p>Sort the helmets by fit before you think of colour.</p>\
${bar}${grid}</main>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["Road helmet", "$80.00", "Sort the helmets by fit"]) expect(text).toContain(kept);
    for (const gone of ["Best Match", "3 products", "loaded 3", "Reviews"]) expect(text).not.toContain(gone);
  });

  it("drops the badges on product cards (New, Top Rated, Compare), and keeps names, prices and stock", () => {
    const card = (name: string, badge: string, price: string) =>
      `<li class="product-card"><div class="badge">${badge}</div><img src="/img/${price}.jpg" alt=""><h3><a \
href="/p/${price}">${name} lamp</a></h3><p>$${price}.00</p><p>In stock</p><div><label><input type="checkbox"> \
Compare</label></div></li>`;
    const cards = [card("Brass", "New", "40"), card("Copper", "Top Rated", "55"), card("Tin", "NEWNEW", "25")];
    const more = [card("Iron", "New", "30"), card("Steel", "Sale", "35"), card("Glass", "New", "45")];
    const grid = `<ul class="grid">${[...cards, ...more].join("")}</ul>`;
    const { text } = extract(`${siteHeader}<main><h1>Lamps</h1>${grid}</main>${siteFooter}`);
    for (const kept of ["Brass lamp", "$55.00", "Tin lamp", "In stock"]) expect(text).toContain(kept);
    for (const gone of ["New", "Top Rated", "Compare"]) expect(text).not.toContain(gone);
  });

  it(
    "reads a definition list's entries (a term with its number, a " +
      "description with title and authors) as a list of items",
    () => {
      const entry = (
        i: number,
      ) => `<dt><a href="/abs/${i}">[${i}] paper:${1000 + i}</a> [<a href="/pdf/${i}">pdf</a>, <a \
href="/other/${i}">other</a>]</dt>
      <dd><div class="meta"><div class="list-title">Title: Tide tables of the northern harbour, part ${i}</div>
        <div class="list-authors"><a href="/a/${i}">Ann Keeper</a>, <a href="/b/${i}">Bo Pier</a></div></div></dd>`;
      const page =
        `${siteHeader}<main><h1>Recent papers</h1><dl ` +
        `class="articles">${Array.from({ length: 8 }, (_, i) => entry(i + 1)).join("")}</dl>` +
        `</main>${siteFooter}`;
      const { text } = extract(page);
      for (const i of [1, 4, 8]) expect(text).toContain(`Title: Tide tables of the northern harbour, part ${i}`);
      expect(text).not.toContain("About us");
    },
  );

  it(
    "keeps items whose whole text sits in one box named like a " +
      'byline ("meta"): the box is the item, not a part of it',
    () => {
      const entry = (
        i: number,
      ) => `<li class="entry"><div class="meta"><p><a href="/tides/${i}">Tide table ${i}</a> for the northern harbour, \
with the hours of both high waters</p>
      <p>Compiled by the harbour office</p></div></li>`;
      const page =
        `${siteHeader}<main><h1>Tide tables</h1><ul ` +
        `class="entries">${Array.from({ length: 6 }, (_, i) => entry(i + 1)).join("")}</ul>` +
        `</main>${siteFooter}`;
      const { text, warnings } = extract(page);
      for (const i of [1, 3, 6]) expect(text).toContain(`Tide table ${i} for the northern harbour`);
      expect(warnings).toEqual([]);
    },
  );

  it("keeps a collection's product grid with names and prices", () => {
    const tile = (i: number) =>
      `<div class="tile"><a href="/p/${i}"><img src="/${i}.jpg" alt=""></a><a ` +
      `href="/p/${i}">Rope fender model ${i}, 40 cm</a><span>€${10 + i}.90</span></div>`;
    const page =
      `${cookieBanner}${siteHeader}<main><h1>Fenders</h1><div ` +
      `class="grid">${Array.from({ length: 9 }, (_, i) => tile(i + 1)).join("")}</div>` +
      `</main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 5, 9]) expect(text).toContain(`Rope fender model ${i}, 40 cm`);
    expect(text).toContain("€15.90");
    expect(text).not.toContain("We use cookies");
  });

  it("keeps product cards named for a subscription offer, and drops a subscription box", () => {
    const card = (
      i: number,
    ) => `<li class="grid-item"><div class="product-card subscription-eligible"><a href="/p/${i}"><img src="/${i}.jpg" \
alt=""></a>
      <h3><a href="/p/${i}">Dark roast coffee no. ${i}</a></h3><span>$${10 + i}.99</span></div></li>`;
    const box =
      `<div class="subscription-box"><p>Join the club.</p><form><input ` +
      `type="email"><button>Join</button></form></div>`;
    const page =
      `${siteHeader}<main><h1>Coffee</h1><ul ` +
      `class="grid">${Array.from({ length: 9 }, (_, i) => card(i + 1)).join("")}</ul>${box}</main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 5, 9]) expect(text).toContain(`Dark roast coffee no. ${i}`);
    expect(text).toContain("$15.99");
    expect(text).not.toContain("Join the club");
  });

  it(
    "brings a collection's introduction under its title along with the " +
      "title, and leaves the title's other neighbours out",
    () => {
      const page = `${siteHeader}<main><div class="collection-hero"><div class="hero-inner"><h1>Storm lanterns</h1>
      <p>A storm lantern keeps burning in any wind, with a glass chimney and a brass hood. Browse our lanterns \
below.</p>
      <a class="hero-link" href="/lanterns/sale">Lanterns on sale</a></div></div>
      <div class="shop-by">${[
        "Copper lanterns",
        "Brass lanterns",
        "Paraffin lanterns",
        "Electric lanterns",
        "Solar lanterns",
        "Hanging lanterns",
        "Table lanterns",
        "Outdoor lanterns",
        "Camping lanterns",
        "Vintage lanterns",
      ]
        .map((name) => `<a href="/c/${name}">${name}</a>`)
        .join(" ")}</div>
      <div class="buying-guide"><h2>How to choose a storm lantern</h2><p>${sentence("lantern wick", 6)}</p>\
<p>${sentence("brass hood", 6)}</p>
      <p>${sentence("glass chimney", 6)}</p></div></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("Storm lanterns");
      expect(text).toContain("A storm lantern keeps burning in any wind");
      expect(text).toContain("The brass hood was checked");
      for (const junk of ["Lanterns on sale", "Solar lanterns"]) expect(text).not.toContain(junk);
    },
  );
});
