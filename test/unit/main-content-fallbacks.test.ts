/**
 * Main-content extraction's fallbacks, which keep the result from ever being empty (the whole body, the page's
 * own description), and special markup: data islands, templates, noscript views, hidden and repeated blocks,
 * popovers, media.
 */
import { describe, expect, it } from "vitest";
import { cookieBanner, extract, sentence, siteFooter, siteHeader } from "./main-content-site";

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

  it("drops a timestamp printed as machines write it, and keeps one quoted in prose", () => {
    const page = `${siteHeader}<main><article><h1>Tide clock</h1><p>${sentence("dial", 3)}</p>
      <time class="d-none" itemprop="datePublished">2019-01-21T21:40:59.62Z+00:00</time><p>${sentence("hand", 3)} \
It logs <code>2005-04-07T22:13:13</code> at noon.</p></article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The hand was checked");
    expect(text).not.toContain("2019-01-21T21");
    expect(text).toContain("It logs 2005-04-07T22:13:13 at noon.");
  });

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
