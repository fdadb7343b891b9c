/**
 * Main-content extraction on hand-written service and marketing pages: short titled sections kept beside long
 * ones, flat headings, sections named by their ids or menus, and the calls to action and teasers between them.
 */
import { describe, expect, it } from "vitest";
import { extract, newsletter, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("sections of service and marketing pages", () => {
  it(
    "keeps a marketing page's short titled section beside its long " +
      "ones, and cuts an untitled snippet between them",
    () => {
      const section = (title: string, n: number) =>
        `<section>` +
        (`<h2>${title}</h2>` +
          `${Array.from({ length: n }, () => `<p>${sentence(title.toLowerCase(), 3)}</p>`).join("")}` +
          `</section>`);
      const short = `<section><h2>Night watch</h2><p>${sentence("night watch", 2)}</p></section>`;
      const ports =
        `<ul>` +
        Array.from({ length: 40 }, (_, i) => `<li><a href="/ports/${i}">Harbour of call number ${i}</a></li>`).join(
          "",
        ) +
        `</ul>`;
      const page =
        `${siteHeader}<main>${section("Inspections", 8)}${ports}${short}<p>Call ` +
        `us today.</p>${section("Repairs", 2)}</main>${siteFooter}`;
      const { text } = extract(page);
      for (const topic of ["inspections", "night watch", "repairs"])
        expect(text).toContain(`The ${topic} was checked for the 1. time`);
      expect(text).not.toContain("Call us today");
      expect(text).not.toContain("Harbour of call number 7");
    },
  );

  it("keeps the headings of sections set flat beside the content (a heading, then its body, as siblings)", () => {
    const body = (topic: string, n: number) =>
      `<div class="section-body">${Array.from({ length: n }, () => `<p>${sentence(topic, 3)}</p>`).join("")}</div>`;
    const ports =
      `<ul>` +
      Array.from({ length: 120 }, (_, i) => `<li><a href="/ports/${i}">Harbour of call number ${i}</a></li>`).join("") +
      `</ul>`;
    const page = `${siteHeader}<main><h1>Moving guide</h1><h2>Local \
movers</h2>${body("local mover", 8)}${ports}<h2>Long-distance movers</h2>
      ${body("long-distance mover", 4)}<h2>Storage</h2>${body("storage unit", 1)}<p>Call us today.</p>\
</main>${siteFooter}`;
    const { text } = extract(page);
    for (const topic of ["local mover", "long-distance mover", "storage unit"])
      expect(text).toContain(`The ${topic} was checked for the 1. time`);
    for (const heading of ["Local movers", "Long-distance movers", "Storage"]) expect(text).toContain(heading);
    expect(text).not.toContain("Call us today");
  });

  it(
    "reads a section id made from its own heading as its topic " +
      '("respond-to-review-comments", a <section id="cookies">), not its role',
    () => {
      const section = (id: string, title: string, tag = "section") =>
        `<${tag} id="${id}"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 3)}</p></${tag}>`;
      const page = `${siteHeader}<main><h1>Submitting patches</h1><p>${sentence("patch", 3)}</p>
      ${section("respond-to-review-comments", "Respond to review comments", "div")}${section("cookies", "Cookies")}\
${section("signing-off", "Signing off")}</main>
      <div id="comments"><h2>Comments</h2><p>${sentence("reader's question", 2)}</p></div>${siteFooter}`;
      const { text } = extract(page);
      for (const topic of ["respond to review comments", "cookies", "signing off"])
        expect(text).toContain(`The ${topic} was checked for the 3. time`);
      expect(text).not.toContain("The reader's question was checked");
    },
  );

  it(
    "cuts a call to action closing a section (a lone short link), and " +
      "keeps a lone link that titles the prose after it",
    () => {
      const title = (name: string) => `<p><a href="https://makers.example/${name}">${name} bookshelf</a></p>`;
      const page = `${siteHeader}<main><div class="hero"><h1>Harbour woodwork</h1><p>${sentence("workbench", 2)}</p>\
<div \
class="hero-actions"><a href="/signup">Get started</a></div></div>
      <div class="roundup">${title("pipe")}<p>${sentence("pipe shelf", 2)}</p><h2>For the \
shed</h2>${title("crate")}<img src="https://makers.example/c.jpg" alt="">
      <p>${sentence("crate shelf", 3)}</p></div></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The workbench was checked for the 2. time");
      for (const name of ["pipe", "crate"]) expect(text).toContain(`${name} bookshelf`);
      expect(text).not.toContain("Get started");
    },
  );

  it(
    'cuts a short link whose words repeat through the page ("Back to ' +
      'top" after every section) even with prose after it',
    () => {
      const part = (topic: string) =>
        `<h2>${topic}</h2><p>${sentence(topic.toLowerCase(), 2)}</p><p><a href="#top">Back to top</a></p>`;
      const page = `${siteHeader}<main><h1>Harbour \
handbook</h1>${["Moorings", "Fuel", "Showers", "Waste"].map(part).join("")}
      <p><a href="https://makers.example/crates">Crate shelves</a></p><p>${sentence("crate shelf", 3)}</p>\
</main>${siteFooter}`;
      const { text } = extract(page);
      for (const topic of ["moorings", "fuel", "showers", "waste"])
        expect(text).toContain(`The ${topic} was checked for the 2. time`);
      expect(text).toContain("Crate shelves");
      expect(text).not.toContain("Back to top");
    },
  );

  it(
    "keeps sections of prose named for the scrolling menu that " +
      "points at them, and drops a menu named the same way",
    () => {
      const menu =
        `<div ` +
        (`class="page-nav">` +
          `${["Inspections", "Repairs", "Training"].map((t) => `<a href="#${t}">${t}</a>`).join(" ")}` +
          `</div>`);
      const section = (title: string) =>
        `<div class="nav-source" id="${title}"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 4)}</p></div>`;
      const page = `${siteHeader}<div class="page"><h1>Harbour services</h1><p>${sentence("quay", 1)}</p>${menu}
      ${["Inspections", "Repairs", "Training"].map(section).join("")}</div>${siteFooter}`;
      const { text } = extract(page);
      for (const topic of ["inspections", "repairs", "training"])
        expect(text).toContain(`The ${topic} was checked for the 3. time`);
      expect(text).not.toContain("Inspections Repairs Training");
      expect(text).not.toContain("About us");
    },
  );

  it(
    "keeps a grid of service cards each linked as a whole (title and " +
      "description in one link), as text rather than a menu",
    () => {
      const card = (name: string) => `<div class="tile"><a href="/services/${name.toLowerCase()}"><h3>${name}</h3>
      <div class="desc">Our ${name.toLowerCase()} crews look after every light on the coast, from the pier heads to \
the outer rocks.</div><span>Find out more</span></a></div>`;
      const page = `${siteHeader}<main><h1>Our services</h1><p>${sentence("quay", 4)}</p>
      <div class="grid">${["Inspections", "Repairs", "Training", "Night watch"].map(card).join("")}</div>
      <h2>Why us</h2><p>${sentence("crew", 4)}</p></main>${siteFooter}`;
      const { text } = extract(page);
      for (const name of ["inspections", "repairs", "night watch"])
        expect(text).toContain(`Our ${name} crews look after every light`);
      expect(text).toContain("The crew was checked");
    },
  );

  it("keeps teasers linked as a whole (headline and excerpt in one link) out of the article beside them", () => {
    const teaser = (
      i: number,
    ) => `<div class="card"><a href="/story/${i}"><h3>Harbour story number ${i}: the night the fog came in early</h3>
      <p>${sentence(`tide table ${i}`, 1)}</p></a></div>`;
    const page = `${siteHeader}<main><article><h1>The fog bell</h1><p>${sentence("fog bell", 5)}</p>\
<p>${sentence("bell rope", 4)}</p></article>
      <div class="more">${Array.from({ length: 4 }, (_, i) => teaser(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The bell rope was checked");
    expect(text).not.toContain("The tide table 2 was checked");
  });

  it("cuts a heading left over a script's placeholder once the placeholder is cut", () => {
    const page = `${siteHeader}<main><h1>Deck lamp</h1><p>${sentence("lamp", 3)}</p><div class="qa"><h2>Questions \
&amp; Answers</h2>
      <div class="qa-body"><p>Loading…</p></div></div><h2>Care</h2><p>${sentence("wick", 3)}</p></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The wick was checked");
    expect(text).not.toContain("Questions & Answers");
    expect(text).not.toContain("Loading");
  });

  it("cuts a heading left over teaser cards once the cards are cut, though the cards had headings", () => {
    // Long headlines make the cards teasers of a list; short ones leave each card to teaser-cards.ts.
    for (const headline of ["How harbour story # ended for us", "Story #"]) {
      const card = (i: number) =>
        `<a href="/story/${i}"><img src="/${i}.jpg" alt=""><h3>${headline.replace("#", String(i))}</h3></a>`;
      const page = `<div class="nav"><a href="/">Home</a> <a href="/news">News</a></div><div class="page">
        <h1>The fog bell</h1><p>${sentence("fog bell", 2)}</p><p>${sentence("bell rope", 2)}</p>
        <div class="more"><h2>More on the coast</h2><div>${card(1)}${card(2)}</div></div></div>`;
      const { text } = extract(page, { metadata: { ogType: "article" } });
      expect(text).toContain("The bell rope was checked");
      expect(text).not.toContain(headline.replace("#", "1"));
      expect(text).not.toContain("More on the coast");
    }
  });

  it("cuts a teaser card standing alone in an article, and keeps the article's own headings wrapped in links", () => {
    const card = `<div class="c-1"><a href="/fires"><img src="/f.jpg" alt=""><div><span>Read more</span>
      <h3>Wildfires force thousands to flee in Greece</h3>
      <p>Firefighters battle blazes near Athens as winds pick up.</p></div></a></div>`;
    const pick = `<a href="https://shop.example/fan"><h2>The Breeze 3000 fan</h2></a><p>${sentence("fan", 2)}</p>`;
    const page = `<div class="nav"><a href="/">Globe</a> <a href="/world">World</a></div><div class="page"><div>
      <h1>Heatwave to break records across southern Europe</h1>
      <p>Southern Europe is bracing for what forecasters say could be the most intense heatwave on record, with
      temperatures expected to exceed 45C in parts of Spain and Portugal by the weekend.</p>
      <p>Spain's national weather agency issued its highest level of alert for large parts of the south, warning that
      the heat posed a serious risk to health, especially for older people and those working outdoors.</p>${card}
      <p>In Italy, 16 cities were placed on red alert, and authorities in Rome urged tourists to avoid sightseeing
      during the hottest hours of the day.</p>
      <p>Scientists say heatwaves are becoming more frequent and more intense because of climate change, and that the
      Mediterranean is warming faster than the global average.</p>${pick}
      </div></div><div class="foot">© Globe 2026 <a href="/privacy">Privacy policy</a></div>`;
    const { text } = extract(page, { metadata: { ogType: "article" } });
    expect(text).toContain("In Italy, 16 cities");
    for (const part of ["Wildfires", "Firefighters", "Read more"]) expect(text).not.toContain(part);
    expect(text).toContain("The Breeze 3000 fan");
  });

  it(
    "keeps a marketing page's hero and its short sections beside a " +
      "long FAQ: together they outweigh what one section must",
    () => {
      const section = (title: string) =>
        `<section class="module"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 2)}</p></section>`;
      const faq =
        `<section class="module"><h2>FAQs</h2>` +
        (`<ul>` +
          Array.from(
            { length: 10 },
            (_, i) => `<li><h3>Question ${i + 1}?</h3><p>${sentence(`answer ${i + 1}`, 3)}</p></li>`,
          ).join("") +
          `</ul>`) +
        `</section>`;
      const page = `${siteHeader}<main><section class="hero"><h1>Harbour services</h1><p>${sentence("quay", 2)}</p>\
</section>
      ${["Inspections", "Repairs", "Training", "Night watch"].map(section).join("")}
      <div class="newsletter-signup"><p>${sentence("newsletter", 12)}</p></div>${faq}</main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The answer 10 was checked");
      for (const topic of ["quay", "inspections", "repairs", "night watch"])
        expect(text).toContain(`The ${topic} was checked for the 1. time`);
      expect(text).not.toContain("The newsletter was checked");
    },
  );

  it(
    "keeps a service page's short section between its title and its long " +
      "content when the title is joined, not an article's standfirst",
    () => {
      const page = `${siteHeader}<main><div class="hero"><h1>Harbour services</h1><p>Since 1901</p></div>
      <div class="intro"><p>We inspect, repair and light the quays of the harbour, day and night, all year round.</p>\
</div>
      <div \
class="services">${Array.from({ length: 8 }, (_, i) => `<p>${sentence(`service ${i + 1}`, 3)}</p>`).join("")}</div>
      <div class="ports">\
<p>${Array.from({ length: 12 }, (_, i) => `<a href="/ports/${i}">Port of call number ${i}</a>`).join(" ")}</p></div>\
</main>${siteFooter}`;
      const service = extract(page);
      expect(service.text).toContain("Harbour services");
      expect(service.text).toContain("We inspect, repair and light the quays");
      expect(service.text).toContain("The service 8 was checked");
      // Declared an article (not only by og:type, which site builders give every page): its standfirst stays out.
      const article = extract(page, {
        jsonLd: [{ "@context": "https://schema.org", "@type": "NewsArticle", headline: "Harbour services" }],
      });
      expect(extract(page, { metadata: { ogType: "article" } }).text).toContain(
        "We inspect, repair and light the quays",
      );
      expect(article.text).toContain("Harbour services");
      expect(article.text).not.toContain("We inspect, repair and light the quays");
    },
  );

  it("keeps every section of a marketing page", () => {
    const section = (title: string) =>
      `<section class="feature"><h2>${title}</h2>` +
      `<p>${sentence(title.toLowerCase(), 2)}</p><a class="btn" href="/start">Get ` +
      `started</a></section>`;
    const page =
      `${siteHeader}<main>` +
      `${["Inspections", "Repairs", "Night watch", "Training"].map(section).join("")}` +
      `</main>${newsletter}${siteFooter}`;
    const { text } = extract(page);
    for (const topic of [
      "inspections was checked",
      "repairs was checked",
      "night watch was checked",
      "training was checked",
    ])
      expect(text).toContain(`The ${topic}`);
    expect(text).not.toContain("Get started");
    expect(text).not.toContain("Subscribe to our newsletter");
  });
});
