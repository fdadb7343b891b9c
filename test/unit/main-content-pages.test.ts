/**
 * Main-content extraction on hand-written documentation and service pages, and the fallbacks and special markup that
 * keep the result from ever being empty.
 */
import { describe, expect, it } from "vitest";
import { cookieBanner, extract, newsletter, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("documentation and service pages", () => {
  it("keeps a document's code and tables, and drops its navigation sidebar", () => {
    const sidebar =
      `<nav class="sidebar">` +
      (`<ul>` +
        ["Install", "Configure", "Lenses", "Lamps", "Rotation", "API"]
          .map((s) => `<li><a href="/docs/${s}">${s}</a></li>`)
          .join("") +
        `</ul>`) +
      `</nav>`;
    const page = `${siteHeader}${sidebar}<div role="main" class="document"><h1>rotate()</h1><p>${sentence("call")}</p>
      <pre><code class="language-python">rotate(lens, speed=2)\nstop(lens)</code></pre>
      <table><tr><th>Parameter</th><th>Meaning</th></tr><tr><td>speed</td><td>Turns per minute</td></tr></table>\
<p>${sentence("return value")}</p></div>${siteFooter}`;
    const { text, html } = extract(page);
    expect(html).toContain('<code class="language-python">rotate(lens, speed=2)\nstop(lens)</code>');
    expect(text).toContain("Turns per minute");
    expect(text).not.toContain("Configure");
  });

  it("reads a custom element's tag name like a class name: a content footer element goes", () => {
    const page = `${siteHeader}<main><article><h1>Lens maintenance</h1><p>${sentence("lens")}</p>\
<p>${sentence("frame")}</p></article>
      <docs-content-footer><p>Except as otherwise noted, the content of this page is licensed under an open licence, \
and code samples
      under another one. For details, see the site policies of the harbour authority and its partners.</p><p>Last \
updated 2025-12-18.</p></docs-content-footer></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Except as otherwise noted");
  });

  it(
    "keeps a list of arguments whose names link to their reference " +
      "(a link around code names, it does not lead away)",
    () => {
      const args = ["private_key", "certificate", "script_path", "target_platform", "agent_identity", "bastion_host"]
        .map((a) => `<li><a href="#arg-${a}"><code>${a}</code></a> string</li>`)
        .join("");
      const page =
        `${siteHeader}<main><h1>connect()</h1><p>${sentence("connection")}</p>` +
        `<h2>Arguments</h2><ul>${args}</ul><p>${sentence("reply")}</p></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("script_path string");
      expect(text).not.toContain("About us");
    },
  );

  it(
    "keeps a list of further reading whose entries name their " +
      "author beside a longer linked title, and drops a menu",
    () => {
      const entry = (i: number) =>
        `<li><a href="https://papers.example/${i}">Measuring the range of a ` +
        `harbour light, part ${i}</a> by Ann Keeper-Lund</li>`;
      const page = `${siteHeader}<main><h1>Lens tuning</h1><p>${sentence("lens")}</p><h2>Further reading</h2>
      <ul>${Array.from({ length: 6 }, (_, i) => entry(i + 1)).join("")}</ul><h2>Tools</h2><p>${sentence("tool")}</p>\
</main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("Measuring the range of a harbour light, part 1 by Ann Keeper-Lund");
      expect(text).toContain("part 6 by Ann Keeper-Lund");
      expect(text).not.toContain("About us");
    },
  );

  it(
    "keeps a short list of bare links set among the prose (a section's " +
      "references), and drops a long menu standing apart",
    () => {
      const menu =
        `<div class="toc-tree">` +
        (`<ul>` +
          `${Array.from({ length: 20 }, (_, i) => `<li><a href="/docs/${i}">Chapter number ${i}</a></li>`).join("")}` +
          `</ul>`) +
        `</div>`;
      const section = (type: string) => `<h2>${type}</h2><p>${sentence(type.toLowerCase(), 2)}</p>
      <ul><li><a href="/docs/${type}">Overview of ${type} lights</a></li><li><a href="/ref/${type}">${type} command \
reference</a></li></ul>`;
      const page =
        `${siteHeader}${menu}<div class="doc"><h1>Light ` +
        `types</h1>${["Sector", "Flashing", "Leading"].map(section).join("")}</div>${siteFooter}`;
      const { text } = extract(page);
      for (const type of ["Sector", "Flashing", "Leading"])
        expect(text).toContain(`Overview of ${type} lights${type} command reference`);
      expect(text).not.toContain("Chapter number 7");
    },
  );

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

describe("fallbacks and special markup", () => {
  it(
    "drops a data island (a script's JSON settings in a hidden span) " +
      "among the paragraphs, and keeps JSON shown as code",
    () => {
      const settings =
        `{"layoutMobile":2,"layoutDesktop":4,"buttonText":"Buy now",` + `"productTitle":{"hue":213,"brightness":0.8}}`;
      const page = `${siteHeader}<main><article><h1>Resistance bands</h1><p>${sentence("band", 3)}</p>
      <div class="widget"><span class="widget-value" hidden>${settings}</span></div>\
<p>${sentence("anchor point", 3)}</p>
      <pre><code>{"name": "band", "length": 208, "resistance": "medium"}</code></pre></article></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The anchor point was checked");
      expect(text).not.toContain("layoutMobile");
      expect(text).toContain('"resistance": "medium"');
    },
  );

  it(
    "drops a client template's unrendered placeholders (a price box " +
      "of {{ }} expressions), and keeps template code",
    () => {
      const page = `${siteHeader}<main><article><h1>Tide clock</h1>
      <div class="price-box"><span>{{ price.wrapper.totalPrice }}</span><span>{{ price.wrapper.monthly }}</span>
        <span>Original Price: {{ price.wrapper.originalPrice }}</span></div><p>${sentence("tide clock", 3)}</p>
      <p>${sentence("dial", 3)}</p><div class="highlight"><pre>{{ clock.name }}</pre></div></article>\
</main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The dial was checked");
      expect(text).not.toContain("price.wrapper");
      expect(text).toContain("{{ clock.name }}");
    },
  );

  it("falls back to the whole body, with a warning, when no region is plausible", () => {
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/l/${i}">Link number ${i}</a>`).join(" ");
    const { text, warnings } = extract(`<div>${links}</div><div>${links}</div>`);
    expect(text).toContain("Link number 29");
    expect(warnings.join(" ")).toMatch(/whole page body/);
  });

  it(
    "leaves the site's chrome (its footer, a cookie banner) out of " +
      "the whole-body fallback when enough text remains",
    () => {
      const links = Array.from({ length: 30 }, (_, i) => `<a href="/l/${i}">Link number ${i}</a>`).join(" ");
      const { text, warnings } = extract(`${cookieBanner}<div>${links}</div><div>${links}</div>${siteFooter}`);
      expect(warnings.join(" ")).toMatch(/whole page body/);
      expect(text).toContain("Link number 29");
      expect(text).not.toContain("We use cookies");
      expect(text).not.toContain("All rights reserved");
    },
  );

  it("brings in the page's <h1> when it stands in a wrapper of its own before the body, and nothing around it", () => {
    const { text } =
      extract(`<div class="hero"><h1>The lantern room</h1><p class="meta"><a href="/t/lights">Lights</a></p></div>
      <div class="layout">${siteHeader}<div class="entry-content"><p>${sentence("lantern")}</p></div></div>`);
    expect(text.startsWith("The lantern room")).toBe(true);
    expect(text).toContain("in the log");
    for (const gone of ["Lights", "Harbour Weekly", "About us"]) expect(text).not.toContain(gone);
  });

  it("keeps a short status line beside the heading of a small page (the wrapper wins a tie with the heading)", () => {
    const { text } = extract(`${siteHeader}<main><h1>Slow widget</h1><p id="status">Loading the forecast…</p></main>`);
    expect(text).toBe("Slow widgetLoading the forecast…");
  });

  it(
    "falls back to the whole body when all of a short page's text " + "sits in chrome, but keeps an image-only pick",
    () => {
      const { text, warnings } = extract(`<div class="menu"><p>Only text on the page</p><a href="/x">X</a></div>`, {
        metadata: { ogDescription: "A description the body does not need." },
      });
      expect(text).toBe("Only text on the pageX");
      expect(warnings.join(" ")).toMatch(/whole page body/);
      const photo = extract(`<nav><p>Menu</p></nav><main><img src="/photo.jpg" alt=""></main>`);
      expect(photo.html).toContain("photo.jpg");
      expect(photo.text).not.toContain("Menu");
      expect(photo.warnings).toEqual([]);
    },
  );

  it("returns the page's own description, with a warning, when the body has no text", () => {
    const { text, warnings } = extract(`<div id="root"></div>`, {
      metadata: { ogDescription: "Tide tables for the outer harbour." },
    });
    expect(text).toBe("Tide tables for the outer harbour.");
    expect(warnings.join(" ")).toMatch(/description \(or title\) is returned/);
    expect(extract(`<div id="root"></div>`, { title: "Tide tables" }).text).toBe("Tide tables");
  });

  it("reads a <noscript> crawler view as the page, and drops a tracking-pixel noscript", () => {
    const shell = `<section id="d-splash"></section><noscript><img src="/pixel.gif" alt=""></noscript>
      <noscript><div class="crawler-post"><h1>Fog horn schedule</h1><p>${sentence("fog horn", 4)}</p></div></noscript>`;
    const { text, html } = extract(shell);
    expect(text).toContain("The fog horn was checked");
    expect(html).not.toContain("<noscript");
    expect(html).not.toContain("pixel.gif");
  });

  it(
    "keeps an accordion's hidden answers with the article when its " +
      "questions are links (the hidden prose outweighs them)",
    () => {
      const fold = (
        i: number,
      ) => `<div class="accordion"><a class="accordion-toggle" href="/guide/step-${i}">Step ${i}: what happens during \
the installation visit?</a>
      <div class="accordion-body" hidden><p>Answer ${i}. ${sentence(`roof survey ${i}`, 2)}</p></div></div>`;
      const page = `${siteHeader}<main><article><h1>Installing a harbour light</h1><p>${sentence("lamp room", 4)}</p>
      <div class="accordion-list">${[1, 2, 3, 4].map(fold).join("")}</div></article></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The lamp room was checked");
      for (const i of [1, 4]) expect(text).toContain(`Answer ${i}. The roof survey ${i} was checked`);
    },
  );

  it("keeps content that streamed server rendering parked in a hidden element, and drops a hidden menu", () => {
    const page = `<div hidden class="mobile-menu"><a href="/a">Home</a><a href="/b">Shop</a></div>
      <template id="B:0"></template><div hidden id="S:0"><article><h1>Winter timetable</h1>\
<p>${sentence("ferry", 6)}</p></article></div>`;
    const { text } = extract(page);
    expect(text).toContain("The ferry was checked");
    expect(text).not.toContain("Shop");
  });

  it("cuts a repeated group of short blocks (a product header printed for phones and desktops)", () => {
    const header =
      `<div class="buy-box"><h2>Copper storm lantern, large</h2>` +
      `<span>With glass chimney</span><p>€35.00</p></div>`;
    const page =
      `<main><div class="mobile">${header}</div>` +
      `<p>${sentence("copper lantern", 3)}</p><div ` +
      `class="desktop">${header}</div></main>`;
    const { text } = extract(page);
    expect(text.split("Copper storm lantern, large").length - 1).toBe(1);
    expect(text).toContain("The copper lantern was checked");
  });

  it(
    "cuts a word-for-word repeat of a block (a mobile copy of the " +
      "description) and a heading left without its list",
    () => {
      const description = `<p class="description">${sentence("copper lantern", 2)}</p>`;
      const further =
        `<div class="further"><h3>Further reading</h3>` +
        (`<ul>` +
          ["One", "Two", "Three", "Four"]
            .map((t) => `<li><a href="/${t}">${t} more story about lanterns</a></li>`)
            .join("") +
          `</ul>`) +
        `</div>`;
      const page = `${siteHeader}<article><h1>Copper lantern</h1><div class="mobile">${description}</div><div \
class="desktop">${description}</div>
      <p>${sentence("wick", 4)}</p>${further}</article>${siteFooter}`;
      const { text } = extract(page);
      expect(text.split("The copper lantern was checked for the 1. time").length - 1).toBe(1);
      expect(text).toContain("The wick was checked");
      expect(text).not.toContain("Further reading");
    },
  );

  it("cuts a repeat whose copies differ only in markup and spacing (a button in one, a link in the other)", () => {
    const copy = (details: string, space: string) =>
      `<div class="course"><h3>Spring${space}evening course for harbour ` +
      `pilots</h3><p>12.01.26 — 10.04.26</p>${details}</div>`;
    const page = `<main><p>${sentence("pilot course", 3)}</p><div \
class="wide">${copy(`<button>Details</button>`, " ")}</div>
      <div class="narrow">${copy(`<a href="/details">Details</a>`, "\u2003\n ")}</div></main>`;
    const { text } = extract(page);
    expect(text.split("evening course for harbour pilots").length - 1).toBe(1);
    expect(text).toContain("The pilot course was checked");
  });

  it('keeps the sections a jump menu skips to (named "skip") and drops a skip link', () => {
    const topic = (n: number, title: string) =>
      `<div id="topic${n}" class="skip-item"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 3)}</p></div>`;
    const page = `<div class="skip"><a href="#content">Skip to content</a></div>${siteHeader}<main id="content">\
<h1>Lighthouse lenses</h1>
      <p>Everything about lenses, from the glass to the \
frame.</p>${topic(1, "Glass")}${topic(2, "Frame")}${topic(3, "Lamp")}</main>${siteFooter}`;
    const { text } = extract(page);
    for (const part of ["glass", "frame", "lamp"]) expect(text).toContain(`The ${part} was checked for the 3. time`);
    expect(text).not.toContain("Skip to content");
  });

  it("keeps a video with its sources but not the fallback text only a browser that cannot play it shows", () => {
    const video = `<video controls poster="https://example.test/p.jpg"><source src="https://example.test/lens.mp4" \
type="video/mp4">
      <p>Your browser does not support the video tag. <a href="https://example.test/lens.mp4">Download it</a>.</p>\
</video>`;
    const page =
      `${siteHeader}<main><h1>Lens cleaning</h1>` +
      `<p>${sentence("lens", 3)}</p>${video}<p>${sentence("frame", 2)}</p>` +
      `</main>${siteFooter}`;
    const { text, html } = extract(page);
    expect(html).toContain('<source src="https://example.test/lens.mp4" type="video/mp4">');
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("does not support the video tag");
    expect(text).not.toContain("Download it");
  });

  it("drops a popover (the popover attribute: a layer shown on demand, like a dialog), however much it says", () => {
    const popover =
      `<div popover id="install-help"><h3>Install the app</h3>` + `<p>${sentence("home screen icon", 3)}</p></div>`;
    const page =
      `${siteHeader}<div class="thread"><h1>Fog horns</h1>` +
      `<p>${sentence("fog horn", 4)}</p></div>${popover}${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The fog horn was checked");
    expect(text).not.toContain("home screen icon");
  });

  it("does not drop a layout wrapper whose class names a sidebar when it holds the content", () => {
    const page =
      `${siteHeader}<div class="layout has-sidebar"><div class="entry">` +
      `<p>${sentence("wrapper", 6)}</p></div></div>${siteFooter}`;
    expect(extract(page).text).toContain("The wrapper was checked for the 6. time");
  });
});
