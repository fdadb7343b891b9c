/**
 * Main-content extraction on hand-written listings and collections: the items kept, the menus, filters and pagination
 * around them cut.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("listings and collections", () => {
  const story = (
    i: number,
  ) => `<article class="teaser"><h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in \
early</a></h3>
    <p>A short summary of story ${i}.</p></article>`;

  it("keeps a listing's items even though they are mostly links", () => {
    const page = `${siteHeader}<main><h1>Latest stories</h1><div \
class="stories">${Array.from({ length: 8 }, (_, i) => story(i + 1)).join("")}</div>
      <nav class="pagination"><a href="?page=2">Next page</a></nav></main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 4, 8]) expect(text).toContain(`Harbour story number ${i}`);
    expect(text).not.toContain("Next page");
    expect(text).not.toContain("About us");
  });

  it(
    "drops a collection's filter panel (its facets, a long list of " +
      "links), named so in its class, and keeps its products",
    () => {
      const card = (i: number) =>
        `<li class="product-card"><a href="/p/${i}"><img src="/${i}.jpg" alt="">` +
        `<h3>Storm lantern model ${i}</h3></a><span>€${40 + i}.00</span></li>`;
      const facet = (value: string) => `<li><a href="?filter=${value}">${value}</a></li>`;
      // prettier-ignore
      const values = [
        "Copper", "Brass", "Steel", "Black", "Green", "Red", "Small", "Medium", "Large", "Paraffin", "Electric",
        "Solar", "Candle", "Outdoor",
      ];
      const page = `${siteHeader}<main><h1>Storm lanterns</h1><div class="collection-filters">\
<ul>${values.map(facet).join("")}</ul></div>
      <ul class="products">${Array.from({ length: 8 }, (_, i) => card(i + 1)).join("")}</ul></main>${siteFooter}`;
      const { text } = extract(page);
      for (const i of [1, 5, 8]) expect(text).toContain(`Storm lantern model ${i}`);
      for (const junk of ["Paraffin", "Electric", "Outdoor"]) expect(text).not.toContain(junk);
    },
  );

  it("keeps the same teasers out of an article they stand beside, however they are named", () => {
    const teaser = (
      i: number,
    ) => `<article class="teaser"><h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in \
early</a></h3>
      <p>${sentence(`tide table ${i}`, 1)}</p></article>`;
    const teasers =
      `<section class="latest">` +
      `<h2>Latest</h2>${Array.from({ length: 4 }, (_, i) => teaser(i + 1)).join("")}</section>`;
    const page = `${siteHeader}<main><article><h1>The fog bell</h1><p>${sentence("fog bell", 5)}</p>\
<p>${sentence("bell rope", 4)}</p>
      ${teasers}</article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The bell rope was checked");
    expect(text).not.toContain("Harbour story number 2");
    expect(text).not.toContain("The tide table 2 was checked");
  });

  it("reads teasers as such when a short kicker heading (their section) stands above the linked title", () => {
    const teaser = (i: number) => `<div class="post-item"><h5 class="categories"><a href="/daily">Daily</a></h5>
      <h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in early</a></h3>\
<p>${sentence(`tide table ${i}`, 1)}</p></div>`;
    const page = `${siteHeader}<main><article><h1>The fog bell</h1><p>${sentence("fog bell", 5)}</p>\
<p>${sentence("bell rope", 4)}</p></article>
      <div class="more">${Array.from({ length: 4 }, (_, i) => teaser(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The bell rope was checked");
    expect(text).not.toContain("The tide table 2 was checked");
  });

  it("keeps a thread's posts whose headings link to the poster (not teasers)", () => {
    const reply = (
      i: number,
    ) => `<div class="reply"><h4><a href="/members/keeper-of-the-north-pier-${i}">keeper of the north pier ${i}</a></h4>
      <p>Reply ${i}: ${sentence("pier light", 1)}</p></div>`;
    const page = `${siteHeader}<main><div class="thread" itemscope \
itemtype="https://schema.org/DiscussionForumPosting"><h1>Pier lights</h1>
      <p>${sentence("question", 6)}</p>${Array.from({ length: 4 }, (_, i) => reply(i + 1)).join("")}</div>\
</main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Reply 1: The pier light");
    expect(text).toContain("Reply 4: The pier light");
  });

  it("keeps questions and answers whose titles are links that open them in place (not teasers)", () => {
    const faq = (
      i: number,
    ) => `<div class="toggle"><h3 class="toggle-title"><a href="#" role="button">Question number ${i} about the \
harbour light?</a></h3>
      <div class="toggle-body"><p>${sentence(`answer ${i}`, 1)}</p></div></div>`;
    const page =
      `${siteHeader}<main><h1>Questions</h1><p>${sentence("visitor desk", 6)}</p><div ` +
      `class="faq">${Array.from({ length: 4 }, (_, i) => faq(i + 1)).join("")}</div>` +
      `</main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The answer 1 was checked");
    expect(text).toContain("The answer 4 was checked");
  });

  it(
    "reads a page of microdata products side by side as a listing, " + "even in a box named like a related-items rail",
    () => {
      // Each card is one link (its name, a one-line description and the price); the listing is named "related".
      const card = (
        i: number,
      ) => `<div class="col item" itemscope itemtype="https://schema.org/Product"><a href="/mowers/m${i}">
      <h4 itemprop="name">Mower M${i}</h4><img src="/m${i}.jpg"><div class="title"><h3 itemprop="description">Robotic \
mower for ${i} acres</h3>
      <div class="price">$ ${i},999.00</div></div></a></div>`;
      const page = `${siteHeader}<section class="intro"><h1>Robotic lawn mowers</h1></section>
      <section class="related-product"><div \
class="content-listing">${Array.from({ length: 6 }, (_, i) => card(i + 1)).join("")}</div></section>
      ${siteFooter}`;
      const { text, warnings } = extract(page);
      expect(text).toContain("Robotic mower for 1 acres");
      expect(text).toContain("Mower M6");
      expect(text).not.toContain("About us");
      expect(text).not.toContain("All rights reserved");
      expect(warnings).toEqual([]);
    },
  );

  it("reads a pick that is a list of entries with linked author lines as a listing, keeping those lines", () => {
    // Each entry: a title and a subject line (prose), a line of author links and a line of format links (clutter).
    const entry = (
      i: number,
    ) => `<li><div class="title">Title: Fog signals and harbour lights, a survey of the north coast, part ${i}</div>
      <div class="authors"><a href="/a/ann${i}">Annabel Keeper${i}</a>, <a href="/a/bob${i}">Bartholomew Pilot</a>, <a \
href="/a/cy${i}">Cyrus Warden</a></div>
      <div class="subjects">Subjects: Navigation; Maritime history.</div><div class="formats"><a \
href="/pdf/${i}">pdf</a> <a href="/html/${i}">html</a></div></li>`;
    const page =
      `${siteHeader}<main><ul ` +
      `class="papers">${Array.from({ length: 8 }, (_, i) => entry(i + 1)).join("")}</ul>` +
      `</main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Fog signals and harbour lights, a survey of the north coast, part 3");
    expect(text).toContain("Annabel Keeper3, Bartholomew Pilot");
    expect(text).not.toContain("About us");
  });

  it("reads a pick that mostly is such a list (a wrapper with the list's heading and count) as a listing too", () => {
    const entry = (
      i: number,
    ) => `<li><div class="title">Title: Fog signals and harbour lights, a survey of the north coast, part ${i}</div>
      <div class="authors"><a href="/a/ann${i}">Annabel Keeper${i}</a>, <a href="/a/bob${i}">Bartholomew Pilot</a>, <a \
href="/a/cy${i}">Cyrus Warden</a></div>
      <div class="subjects">Subjects: Navigation; Maritime history.</div><div class="formats"><a \
href="/pdf/${i}">pdf</a> <a href="/html/${i}">html</a></div></li>`;
    const page = `${siteHeader}<main><div class="results"><h2>Papers on harbour lights</h2><p>Eight papers were found \
for your search.</p>
      <ul class="papers">${Array.from({ length: 8 }, (_, i) => entry(i + 1)).join("")}</ul></div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Eight papers were found");
    expect(text).toContain("Fog signals and harbour lights, a survey of the north coast, part 3");
    expect(text).toContain("Annabel Keeper3, Bartholomew Pilot");
    expect(text).not.toContain("About us");
  });

  it("keeps the linked titles of stories of different shapes above their excerpts", () => {
    // Three cards built differently (not one list of items): each a linked headline over an excerpt.
    const excerpt = (i: number) =>
      `<p>Excerpt ${i}: the keeper logged the fog, the bell and the lamp through a long night.</p>`;
    const title = (i: number) =>
      `<a href="/story/${i}"><h3>Harbour story number ${i}: the night the fog came in early over the pier</h3></a>`;
    const page = `<main><h1>Latest stories</h1><div class="lead">${title(1)}${excerpt(1)}</div>
      <section class="second"><div class="text">${title(2)}</div>${excerpt(2)}<span>May 2</span></section>
      <article>${title(3)}<div class="summary">${excerpt(3)}</div></article></main>`;
    const { text } = extract(page);
    for (const i of [1, 2, 3]) expect(text).toContain(`Harbour story number ${i}: the night the fog`);
    expect(text).toContain("Excerpt 3: the keeper");
  });

  it("drops a listing's rows of tags named so, however long (its items' links are not prose)", () => {
    // prettier-ignore
    const tags = [
      "lighthouses", "fog-signals", "harbour-history", "lens-making", "coastal-walks", "shipwrecks", "maritime-law",
      "lantern-rooms", "keepers-logs", "tide-tables", "buoyage", "pilotage", "foghorns", "breakwaters",
      "harbour-cranes", "light-vessels", "signal-stations", "coast-guard", "pier-lights", "ferry-routes",
      "storm-warnings",
    ];
    const entry = (
      i: number,
    ) => `<article class="entry"><h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in \
early</a></h3>
      <div class="tags">${tags.map((t) => `<a href="/tag/${t}">${t}</a>`).join(" ")}</div></article>`;
    const page =
      `${siteHeader}<main><h1>Latest stories</h1><div ` +
      `class="stories">${Array.from({ length: 6 }, (_, i) => entry(i + 1)).join("")}</div>` +
      `</main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 6]) expect(text).toContain(`Harbour story number ${i}`);
    expect(text).not.toContain("coastal-walks");
  });

  it("keeps a listing's menu out when the menu is itself a long list of links", () => {
    const menu =
      `<nav class="site-menu">` +
      (`<ul>` +
        Array.from({ length: 40 }, (_, i) => `<li><a href="/c/${i}">Garden category number ${i}</a></li>`).join("") +
        `</ul>`) +
      `</nav>`;
    const page =
      `${menu}<main><h1>Latest stories</h1><div ` +
      `class="stories">${Array.from({ length: 5 }, (_, i) => story(i + 1)).join("")}</div>` +
      `</main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 5]) expect(text).toContain(`Harbour story number ${i}`);
    expect(text).not.toContain("Garden category number 7");
  });

  it("keeps a short list whose entries carry a note beside their link, where a menu's entries are only links", () => {
    const entry = (i: number, note: string) => `<li><a href="/lens/${i}">Lens number ${i}</a> — ${note}</li>`;
    const page = `${siteHeader}<main><h1>Lens catalogue</h1><p>Every lens in the collection.</p>
      <ul>${entry(1, "the largest")}${entry(2, "for harbour lights")}${entry(3, "prisms and mirrors")}</ul></main>`;
    const { text } = extract(page);
    expect(text).toContain("Lens number 1 — the largest");
    expect(text).toContain("Lens number 3 — prisms and mirrors");
    expect(text).not.toContain("About us");
  });
});
