/**
 * Main-content extraction on small hand-written pages: what an article prints about itself beside its prose — the
 * author declared in microdata, captions, credits and disclosures, datelines and bylines over the body. The pages are
 * built from main-content-site.ts.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("the page's author declared in microdata", () => {
  const bio = `Maren Holt has written about lighthouses and the people who keep them for twenty years, and lives by \
the sea in a
    house she restored herself, with a lamp from the north pier in the hall and a logbook on every shelf.`;
  const authorBox = `<div class="css-1q2w3e" itemprop="author" itemscope itemtype="https://schema.org/Person"><div \
class="css-9k8j7h">
    <a itemprop="url" href="/authors/holt"><span itemprop="name">Maren Holt</span></a><p \
itemprop="description">${bio}</p></div></div>`;

  it("drops an article's author box (itemprop=author), biography and all, whatever its classes say", () => {
    const page = `${siteHeader}<main><article><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>\
<p>${sentence("frame", 4)}</p>
      ${authorBox}</article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Maren Holt");
  });

  it(
    'drops an author box named so by its class ("author-box" under a builder\'s ' +
      'prefix, "about-the-author"), and keeps a testimonial\'s author',
    () => {
      const box =
        `<div class="xy-author-box"><div class="xy-author-box__name">Maren ` +
        `Holt</div><p class="xy-author-box__bio">${bio}</p></div>`;
      const about =
        `<section id="about-the-author"><p>Jon Brand has kept the south light for ten ` +
        `years and writes about it when the fog allows.</p></section>`;
      const quote =
        `<figure class="testimonial"><blockquote><p>${sentence("ferry", 1)}</p></blockquote>` +
        `<div class="testimonial-author">Ida Lund, ferry captain</div></figure>`;
      const page = `${siteHeader}<main><article><h1>The lens comes back</h1>\
<p>${sentence("lens", 4)}</p>${quote}<p>${sentence("frame", 4)}</p>
      ${box}${about}</article></main>${siteFooter}`;
      const { text } = extract(page);
      for (const kept of ["The frame was checked", "The ferry was checked", "Ida Lund, ferry captain"])
        expect(text).toContain(kept);
      for (const junk of ["Maren Holt", "Jon Brand"]) expect(text).not.toContain(junk);
    },
  );

  it(
    "drops an author card found by its link to the writer's page (no class," +
      " no heading), and keeps prose that links to an author",
    () => {
      const card = `<div class="mt-6 flex"><img src="/holt.jpg" alt=""><div><a href="/author/maren-holt/">Maren \
Holt</a>\
<p>Contributing writer</p>
      <p>${bio}</p></div></div>`;
      const cited = `<p>The keeper's notes were checked against the log of the north pier and the harbour office's own \
records, says
      <a href="https://elsewhere.example/author/ida-lund/">Ida Lund</a>, who read them twice.</p>`;
      const page = `${siteHeader}<main><article><h1>The lens comes back</h1>\
<p>${sentence("lens", 4)}</p>${cited}<p>${sentence("frame", 4)}</p>
      ${card}</article></main>${siteFooter}`;
      const { text } = extract(page);
      for (const kept of ["The frame was checked", "says Ida Lund, who read them twice"]) expect(text).toContain(kept);
      expect(text).not.toContain("Maren Holt");
    },
  );

  it("keeps the authors linked from a list's entries (a list of books and their authors)", () => {
    const book = (
      title: string,
      author: string,
    ) => `<li><h3><a href="/book/${title}">${title} and the long winter at sea</a></h3>
      <p>by <a href="/author/${author}">${author}</a>. ${sentence(title, 1)}</p></li>`;
    const page = `${siteHeader}<main><h1>Books about lighthouses</h1><p>${sentence("shelf", 2)}</p>\
<ul>${book("Beacon", "ada_lovelace")}${book("Lantern", "grace_hopper")}
      ${book("Foghorn", "linus_keeper")}${book("Pier", "mary_shelley")}</ul></main>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["ada_lovelace", "mary_shelley", "The Pier was checked"]) expect(text).toContain(kept);
  });

  it("keeps each poster's name on a thread, where every post declares its author", () => {
    const post = (
      name: string,
      topic: string,
    ) => `<div class="post" itemprop="comment" itemscope itemtype="https://schema.org/Comment">
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${name}</span></div>
      <div itemprop="text"><p>${sentence(topic, 1)}</p></div></div>`;
    const page = `${siteHeader}<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><h1 \
itemprop="headline">The lens</h1>
      ${post("ada_lovelace", "lens")}${post("grace_hopper", "pedestal")}${post("linus_keeper", "lantern")}</div>\
${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["ada_lovelace", "grace_hopper", "The pedestal was checked", "linus_keeper"])
      expect(text).toContain(kept);
  });

  it("keeps the asker's and each answerer's name on a Q&A page", () => {
    const signed = (name: string) =>
      `<div itemprop="author" itemscope itemtype="https://schema.org/Person"><span ` +
      `itemprop="name">${name}</span> <span>asked on 3 May</span></div>`;
    const page = `${siteHeader}<div itemscope itemtype="https://schema.org/QAPage"><div itemprop="mainEntity" \
itemscope itemtype="https://schema.org/Question">
      <h1 itemprop="name">How is a lens upgraded?</h1><div itemprop="text"><p>${sentence("lens", 2)}</p>\
</div>${signed("ada_lovelace")}
      <div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><div itemprop="text">\
<p>${sentence("pedestal", 2)}</p></div>
      ${signed("grace_hopper")}</div></div></div>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["ada_lovelace", "grace_hopper", "The pedestal was checked"]) expect(text).toContain(kept);
  });
});

describe("what an article prints beside its prose: captions, credits, disclosures", () => {
  const figures = `<figure><img src="/lens.jpg" alt="The lens"><figcaption>The restored lens at dusk. Photo: Ida \
Lund</figcaption></figure>
    <div class="wp-caption"><img src="/pier.jpg" alt="The pier"><p class="wp-caption-text">The north pier in winter, \
courtesy of the harbour office</p></div>
    <figure><img src="/chart.png" alt="Chart"><figcaption>Figure 2. Range of the light by year, in nautical \
miles.</figcaption></figure>`;
  const page =
    `${siteHeader}<main><article><h1>The lens comes back</h1>` +
    `<p>${sentence("lens", 4)}</p>${figures}<p>${sentence("frame", 4)}</p></article>` +
    `</main>${siteFooter}`;

  it(
    "drops the captions and credits of a declared article's pictures, " +
      "and keeps the pictures and a numbered figure's caption",
    () => {
      const { text, html } = extract(page, { metadata: { ogType: "article" } });
      expect(text).toContain("The frame was checked");
      expect(text).toContain("Figure 2. Range of the light");
      expect(html).toContain('src="/lens.jpg"');
      expect(html).toContain('src="/pier.jpg"');
      for (const junk of ["Photo: Ida Lund", "courtesy of the harbour office"]) expect(text).not.toContain(junk);
    },
  );

  /**
   * The same page saying nowhere that it is an article: no structured data, no Open Graph type, no <article> element.
   */
  const undeclared = (html: string) => html.replace("<article>", '<div class="story">').replace("</article>", "</div>");

  it("keeps captions on a page that does not say it is an article", () => {
    const { text } = extract(undeclared(page));
    for (const kept of ["Photo: Ida Lund", "courtesy of the harbour office"]) expect(text).toContain(kept);
  });

  it("drops a credit written as a line right after a picture on any page, and keeps one under a table", () => {
    const body = `<main><div class="story"><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>
      <div><img src="/lens.jpg" alt="The lens"></div><p>Photo: Ben Hasty/Getty Images</p><p>${sentence("frame", 4)}</p>
      <table><tr><td>1921</td><td>12 miles</td></tr></table><p>Source: harbour office records</p></div></main>`;
    const { text, html } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The frame was checked");
    expect(html).toContain('src="/lens.jpg"');
    expect(text).not.toContain("Ben Hasty");
    expect(text).toContain("Source: harbour office records");
  });

  it("drops a declared article's disclosure and its author's bio however long, and keeps them on other pages", () => {
    const disclosure =
      `<div class="editorial-disclosure"><p>${sentence("commission", 3)}</p></div>` +
      `<div class="bio"><p>${sentence("keeper's career", 3)}</p></div>`;
    const withDisclosure = `${siteHeader}<main><article><h1>The lens comes \
back</h1>${disclosure}<p>${sentence("lens", 4)}</p>
      <p>${sentence("frame", 4)}</p></article></main>${siteFooter}`;
    for (const aside of ["The commission was checked", "The keeper's career was checked"]) {
      expect(extract(withDisclosure, { metadata: { ogType: "article" } }).text).not.toContain(aside);
      expect(extract(undeclared(withDisclosure)).text).toContain(aside);
    }
  });

  it("reads a page that is one <article> element as an article without structured data, unless it holds code", () => {
    const figure =
      `<figure><img src="/lens.jpg" alt="The lens"><figcaption>The lens after ` +
      `its cleaning, seen from the gallery.</figcaption></figure>`;
    const article = (extra: string) =>
      `${siteHeader}<main><article><h1>The lens comes back</h1>` +
      `<p>${sentence("lens", 4)}</p>${figure}<p>${sentence("brass frame", 4)}</p>${extra}</article>` +
      `</main>${siteFooter}`;
    expect(extract(article("")).text).not.toContain("The lens after its cleaning");
    expect(extract(article("<pre><code>rotate(lens)</code></pre>")).text).toContain("The lens after its cleaning");
  });
});

describe("datelines and bylines over the body", () => {
  it(
    "cuts lines made only of a date, a reading time and a byline " +
      "before the first paragraph, and keeps the body's dates",
    () => {
      const body = `<main><article><h1>The lens comes back</h1><div class="mt-2"><ul class="flex"><li>Sep 26, 2022</li>\
<li>6 minute read</li></ul>
      <p class="text-sm">By Maren Holt</p><div class="fs-small">March 15, 2022 · 3 min read · By Harbour Trust</div>\
</div>
      <div class="prose"><p>${sentence("lens", 4)}</p><p>September 16, 2023</p><p>${sentence("brass frame", 4)}</p>\
</div></article></main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      for (const kept of ["The lens comes back", "The brass frame was checked", "September 16, 2023"])
        expect(text).toContain(kept);
      for (const junk of ["Sep 26, 2022", "6 minute read", "Maren Holt", "Harbour Trust"])
        expect(text).not.toContain(junk);
    },
  );

  /** The text of an article whose lines over the body are `head`, then two paragraphs of prose. */
  const withHead = (head: string) =>
    extract(
      `${siteHeader}<main><article><h1>The lens comes back</h1>${head}<div class="prose"><p>${sentence("lens", 4)}` +
        `</p><p>${sentence("brass frame", 4)}</p></div></article></main>${siteFooter}`,
    ).text;

  it(
    "cuts a byline with the writer's title or a second name, a bar of name, date " +
      "and reading time, and a dateline with a weekday and a time zone",
    () => {
      const text = withHead(
        `<p>By Jane Doe, Staff Writer</p><p>By Ann Lee and Tom Berg</p><div>Jane Doe | March 3,` +
          ` 2025 | 5 min read</div><p>Updated 3:45 PM EST, Mon March 3, 2025</p>` +
          `<div>4 min read<div aria-hidden="true">·</div>Dec 1, 2025</div><p>Thu 3 Dec 2026 14.02 GMT</p>`,
      );
      expect(text).toContain("The brass frame was checked");
      for (const junk of ["Jane Doe", "Staff Writer", "Tom Berg", "5 min read", "3:45 PM", "4 min read", "14.02"])
        expect(text).not.toContain(junk);
    },
  );

  it(
    "cuts a byline with its date after it, names in other alphabets and an Oxford comma, and a bar of a byline, " +
      "the writer's title and the date between dot operators",
    () => {
      const text = withHead(
        `<p>Posted by Harbour Trust on Tuesday, August 29, 2023</p><p>by: Sönke Hahn, Dec 17, 2025</p>` +
          `<p>By Ann Lee, Tom Berg, and Kai Moss</p>` +
          `<div>By <a href="/authors/holt">Maren Holt</a> ⋅ Founder and Editor-in-Chief ⋅ Updated May 6, 2025</div>` +
          `<p>On Behalf of O’Malley Berg LLP | Apr 21, 2017 | Lighthouse Law</p>`,
      );
      expect(text).toContain("The brass frame was checked");
      for (const junk of ["Harbour Trust", "Sönke Hahn", "Kai Moss", "Maren Holt", "Editor-in-Chief", "O’Malley"])
        expect(text).not.toContain(junk);
    },
  );

  it("cuts a dateline that says how long ago, and keeps a sentence that starts so", () => {
    const text = withHead(`<p>Updated 3 hours ago</p><div>Ann Lee · an hour ago</div><p>2 days ago we sailed out.</p>`);
    for (const junk of ["3 hours ago", "Ann Lee"]) expect(text).not.toContain(junk);
    expect(text).toContain("2 days ago we sailed out.");
  });

  it("cuts a byline under a standfirst (a paragraph alone in the article's header), and keeps the standfirst", () => {
    const text = withHead(`<p class="lede">${sentence("harbour", 2)}</p><p>By Maren Holt · 6 min read</p>`);
    for (const kept of ["The harbour was checked", "The brass frame was checked"]) expect(text).toContain(kept);
    expect(text).not.toContain("Maren Holt");
  });

  it("cuts a date printed inline beside a byline's own block, once the byline is cut", () => {
    const text = withHead(`<div class="css-by"><p>By <span>Anna Kowalski</span></p><time>Dec. 3, 2026</time></div>`);
    expect(text).toContain("The brass frame was checked");
    for (const junk of ["Anna Kowalski", "Dec. 3"]) expect(text).not.toContain(junk);
  });

  it("cuts lines naming the declared author with a role or a place, and keeps a sentence about the author", () => {
    const head =
      `<div class="x1"><div class="x2"><a href="/people/priya-shah">Priya Shah</a></div><div>Rail correspondent</div>` +
      `</div><div class="x3">Maria Costa in Madrid</div><p>Priya Shah has covered the railways for ten years.</p>`;
    const page = `${siteHeader}<main><article><h1>The lens comes back</h1>${head}<div class="prose"><p>\
${sentence("lens", 4)}</p></div></article></main>${siteFooter}`;
    const jsonLd = [{ "@type": "NewsArticle", author: [{ "@type": "Person", name: "Priya Shah" }] }];
    const { text } = extract(page, { jsonLd, metadata: { author: "Maria Costa" } });
    expect(text).toContain("The lens was checked");
    for (const junk of ["Rail correspondent", "in Madrid"]) expect(text).not.toContain(junk);
    expect(text).toContain("Priya Shah has covered the railways for ten years.");
    // Without the declaration the same lines are the page's own.
    expect(extract(page).text).toContain("Maria Costa in Madrid");
  });

  it("keeps a line naming people beside a date that is not a bar of a byline's parts (a caption-like sentence)", () => {
    const line = "Keepers of the North Light, 1921 to 1958";
    expect(withHead(`<p>${line}</p>`)).toContain(line);
  });

  it("keeps a short line that only starts like one (a sentence about a date)", () => {
    const line = "Published by the Harbour Trust in 1998 as a pamphlet";
    expect(withHead(`<p>${line}</p>`)).toContain(line);
  });

  it("keeps a byline-like line whose tail is not a date, and a month and year alone", () => {
    const text = withHead(`<p>Posted by Harbour Trust on a calm night in 2023 with the lamp</p><p>November 2015</p>`);
    expect(text).toContain("Posted by Harbour Trust on a calm night in 2023 with the lamp");
    expect(text).toContain("November 2015");
  });
});
