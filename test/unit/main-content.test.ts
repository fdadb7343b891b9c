/**
 * Main-content extraction (src/main-content) on small hand-written pages, one per rule: an article's text and structure
 * kept, and what goes around it (navigation, cookie banners, newsletter boxes, share bars, related rails, author boxes,
 * captions, legal fine print, dialogs). Forums, products, listings and other page types have files of their own
 * (main-content-*.test.ts); the pages are built from main-content-site.ts.
 */
import { describe, expect, it } from "vitest";
import { cookieBanner, extract, newsletter, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("articles", () => {
  const page = `${cookieBanner}${siteHeader}
    <main><article>
      <h1>How the old lighthouse got its lens back</h1>
      <div class="share-bar"><a href="https://x.example/share">Share on X</a><a href="https://fb.example/share">Share \
on Facebook</a></div>
      <div class="entry-content">
        <p>${sentence("lens")}</p>
        <h2>The restoration</h2>
        <p>${sentence("brass frame")}</p>
        <ul><li>Cleaning the prisms by hand</li><li>Re-seating the bull's-eye panel</li><li>Testing the rotation at \
night</li></ul>
        <table><tr><th>Year</th><th>Range</th></tr><tr><td>1902</td><td>9 nm</td></tr><tr><td>2025</td><td>14 nm</td>\
</tr></table>
        <pre><code class="language-js">rotate(lens, { speed: 2 });</code></pre>
        <p>${sentence("rotation")}</p>
      </div>
      ${newsletter}
    </article>
    <aside class="related-posts"><h3>Related stories</h3><ul>
      <li><a href="/a">Five harbours worth a visit this summer</a></li><li><a href="/b">The last keeper of the north \
pier</a></li>
      <li><a href="/c">Why fog horns sound the way they do</a></li></ul></aside>
    <div id="respond" class="comment-respond"><h3>Leave a reply</h3><form><label>Comment</label><textarea></textarea>
      <p>Your email address will not be published.</p><button>Post comment</button></form></div>
    </main>${siteFooter}`;

  it(
    "keeps the article's text and structure, and drops chrome, share bar, " +
      "newsletter, related rail, comment form, cookie banner",
    () => {
      const { text, html, warnings } = extract(page);
      expect(warnings).toEqual([]);
      expect(text).toContain("The lens was checked for the 1. time");
      expect(text).toContain("The rotation was checked");
      for (const element of ["<h2>", "<ul>", "<table>", "<pre>", '<code class="language-js">'])
        expect(html).toContain(element);
      for (const junk of [
        "Share on X",
        "Subscribe to our newsletter",
        "Five harbours",
        "Leave a reply",
        "We use cookies",
        "About us",
        "All rights reserved",
      ]) {
        expect(text).not.toContain(junk);
      }
    },
  );
});

describe("blocks beside the article's body", () => {
  it(
    "keeps a paragraph of prose set apart from the body (an intro in " +
      "a box of its own), and cuts the links around it",
    () => {
      const page = `${siteHeader}<main><article><h1>Moving the lighthouse</h1>
      <div class="intro-box"><p>We have moved three lighthouses in ten years, and no two moves were alike.</p></div>
      <div class="post-body"><p>${sentence("tower", 8)}</p><p>${sentence("crane", 8)}</p></div>
      <div class="post-more"><p>${sentence("barge", 4)}</p></div>
      <div class="back-link"><a href="/blog">Back to the blog</a></div>
      <div \
class="mt-4">${Array.from({ length: 30 }, (_, i) => `<a href="/tag/${i}">Stories about cranes ${i}</a>`).join(" ")}\
</div>
      </article></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The barge was checked");
      expect(text).toContain("We have moved three lighthouses in ten years");
      expect(text).not.toContain("Back to the blog");
      expect(text).not.toContain("Stories about cranes 7");
    },
  );
});

describe("sections titled as being about something else", () => {
  const teaser = (title: string, slug: string) =>
    `<li><a href="/${slug}">${title}</a><p>A short note ` +
    `on ${title.toLowerCase()}, from our archive, with pictures.</p></li>`;
  const related =
    `<ul>${teaser("Five harbours worth a visit", "a")}` + `${teaser("The last keeper of the north pier", "b")}</ul>`;
  const authorBox = `<div class="mt-8 p-4"><h2>About the author</h2><div class="flex"><p>Maren Holt has written about \
lighthouses and the
    people who keep them for twenty years, and lives by the sea in a house she restored herself.</p><a \
href="/authors/holt">View all posts by Maren Holt</a></div></div>`;

  it(
    'drops a news rail titled "Editor\'s picks", and an ' + "article's disclaimer section but not a service page's",
    () => {
      const disclaimer =
        `<h2>Disclaimer</h2><p>Nothing on this site replaces the advice of a ` +
        `harbour master or a pilot who knows the waters.</p>`;
      const body = (wrap: string) =>
        `<main><${wrap}><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>` +
        `<p>${sentence("brass frame", 4)}</p><h2>Editor's picks</h2>${related}${disclaimer}</${wrap}>` +
        `</main>`;
      const article = extract(`${siteHeader}${body("article")}${siteFooter}`).text;
      expect(article).toContain("The brass frame was checked");
      for (const junk of ["Editor's picks", "Five harbours", "Nothing on this site replaces"])
        expect(article).not.toContain(junk);
      expect(extract(`${siteHeader}${body("section")}${siteFooter}`).text).toContain("Nothing on this site replaces");
    },
  );

  it(
    'drops a rail of posts under a "Popular" heading, but keeps a ' + 'plan card\'s "Popular" badge on a service page',
    () => {
      const rail = `<section><h5>Popular</h5>${related}</section>`;
      const article = extract(
        `${siteHeader}<main><article><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>` +
          `<p>${sentence("brass frame", 4)}</p>${rail}</article></main>${siteFooter}`,
      ).text;
      expect(article).toContain("The brass frame was checked");
      for (const junk of ["Popular", "Five harbours"]) expect(article).not.toContain(junk);
      const plan = (name: string, badge: string) =>
        `<div class="plan">${badge}<h3>${name}</h3><p>${sentence(`${name} plan`, 1)}</p></div>`;
      const pricing =
        `<main><h1>Plans</h1><p>${sentence("plan", 2)}</p><div ` +
        `class="plans">${plan("Basic", "")}${plan("Keeper", "<p>Popular</p>")}${plan("Harbour", "")}</div>` +
        `</main>`;
      expect(extract(`${siteHeader}${pricing}${siteFooter}`).text).toContain("Popular");
    },
  );

  it("drops a related list and an author box that only their headings name (utility classes, flat or wrapped)", () => {
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens")}</p><h2>The \
restoration</h2>
      <p>${sentence("brass frame")}</p><h2>Related articles</h2>${related}</div>${authorBox}</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The brass frame was checked");
    expect(text).toContain("The restoration");
    for (const junk of [
      "Related articles",
      "Five harbours",
      "north pier",
      "About the author",
      "Maren Holt has written",
      "View all posts",
    ])
      expect(text).not.toContain(junk);
  });

  it(
    "reads a block of text that titles a small section without " + "heading markup (a bold label) like such a heading",
    () => {
      const links =
        `<ul><li><a href="/a">Five harbours worth a visit this summer</a></li><li>` +
        `<a href="/b">The last keeper of the north pier</a></li></ul>`;
      const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p>\
<p>${sentence("brass frame", 4)}</p></div>
      <div class="mt-8"><p><strong>Related posts:</strong></p>${links}</div><div class="mt-4 flex"><div \
class="text-sm">About the author</div>
      <p>Maren Holt has written about lighthouses and the people who keep them for twenty years.</p></div></article>\
</main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      expect(text).toContain("The brass frame was checked");
      for (const junk of ["Related posts", "Five harbours", "About the author", "Maren Holt"])
        expect(text).not.toContain(junk);
    },
  );

  it('drops a bare "Related" or "Table of contents" title over links, and keeps a section of prose so titled', () => {
    const toc =
      `<div class="mt-4"><h4>Table of Contents</h4><ul><li><a href="#a">The ` +
      `lens</a></li><li><a href="#b">The frame</a></li></ul></div>`;
    const jetpack = `<div class="mt-8"><h3><em>Related</em></h3></div>`;
    const body = `<main><article><h1>The lens comes back</h1>${toc}<div class="prose"><p>${sentence("lens", 4)}</p>\
<p>${sentence("brass frame", 4)}</p>
      ${jetpack}<h2>Related</h2><p>${sentence("older lens", 3)}</p><h2>Sources</h2><p>${sentence("archive", 2)}</p>\
</div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    for (const kept of ["The brass frame was checked", "The older lens was checked", "Related"])
      expect(text).toContain(kept);
    expect(text).not.toContain("Table of Contents");
    expect(text.match(/Related/g)?.length).toBe(1);
  });

  it("knows the titles of the boxes closing a post: share, like this, written by someone, authors", () => {
    const box = (title: string, text: string) => `<div class="mt-6"><h4>${title}</h4><p>${text}</p></div>`;
    const share = "Send this story to a friend who loves the sea, or post it wherever you talk about lighthouses.";
    const writer = "Maren Holt has written about lighthouses and the people who keep them for twenty years.";
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p>\
<p>${sentence("brass frame", 4)}</p></div>
      ${box("Share it!", share)}
      ${box("Like this:", "Loading, one moment while we count everyone who liked it.")}
      ${box("Written by Maren Holt", writer)}
      ${box("Authors", "Jon Berg and Ida Lund, keepers of the north pier light since 2001, wrote this guide.")}\
</article>\
</main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The brass frame was checked");
    for (const junk of ["Send this story", "Loading, one moment", "Maren Holt", "Ida Lund"])
      expect(text).not.toContain(junk);
  });

  it("keeps a large block that such a label opens: a label is not a heading, the article after it stays", () => {
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>Share this post</p>\
<p>${sentence("lens", 4)}</p>
      <p>${sentence("brass frame", 4)}</p></div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    for (const kept of ["The lens was checked", "The brass frame was checked"]) expect(text).toContain(kept);
  });

  it(
    "knows the usual names of such rails: trending, latest news, related " +
      "blog posts, you might like, you might also be interested in",
    () => {
      const rail = (title: string, topic: string) =>
        `<div class="mt-6"><h4>${title}</h4><p>${sentence(topic, 1)}</p></div>`;
      const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p>\
<p>${sentence("brass frame", 4)}</p></div>
      ${rail("Trending", "foghorn")}${rail("Latest News", "ferry")}${rail("Related blog posts", "pier")}\
${rail("You might like", "buoy")}
      ${rail("You might also be interested in…", "tide clock")}${rail("Other related articles...", "chart room")}\
</article>\
</main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      expect(text).toContain("The brass frame was checked");
      for (const junk of ["foghorn", "ferry", "pier", "buoy", "tide clock", "chart room"])
        expect(text).not.toContain(junk);
    },
  );

  it(
    'drops related case studies ("Related case studies about …") set ' +
      "as cards linked as a whole inside the page's body",
    () => {
      const study = (topic: string) =>
        `<a href="/cases/${topic.replace(/ /g, "-")}"><h3>${topic}</h3><p>${sentence(topic, 1)}</p></a>`;
      const body = `<main><div class="page"><h1>Night watch services</h1><p>${sentence("night watch", 4)}</p><h2>How \
it \
works</h2><p>${sentence("rota", 4)}</p>
      <h2>Related case studies about night watches</h2><div \
class="cases">${["north pier", "ferry quay", "harbour mouth"].map(study).join("")}</div></div></main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      expect(text).toContain("The rota was checked");
      expect(text).not.toContain("The ferry quay was checked");
    },
  );

  it(
    "knows a shop's names for them too: more like this, explore related " +
      "items, recently viewed, similar products, bundles, add-ons",
    () => {
      const rail = (title: string, topic: string) =>
        `<div class="mt-6"><h4>${title}</h4><p>${sentence(topic, 1)}</p></div>`;
      const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p>\
<p>${sentence("brass frame", 4)}</p></div>
      ${rail("More like this", "foghorn")}${rail("Explore related items", "ferry")}${rail("Recently viewed", "pier")}
      ${rail("Similar products from other sellers", "buoy")}${rail("You may also like…", "anchor")}</article></main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      expect(text).toContain("The brass frame was checked");
      for (const junk of ["foghorn", "ferry", "pier", "buoy", "anchor"]) expect(text).not.toContain(junk);
      // Inside the description (a flat run of headings and paragraphs), where only the heading tells them apart.
      const flat = (title: string, topic: string) => `<h2>${title}</h2><p>${sentence(topic, 1)}</p>`;
      const shop = `<main><article><h1>Storm lantern</h1><div class="prose"><p>${sentence("lens", 4)}</p><h2>Care</h2>\
<p>${sentence("brass frame", 4)}</p>
      ${flat("Buy a bundle and save!", "mooring")}${flat("Choose your add-ons", "rudder")}\
${flat("Frequently compared lanterns", "tiller")}</div></article></main>`;
      const inside = extract(`${siteHeader}${shop}${siteFooter}`).text;
      expect(inside).toContain("The brass frame was checked");
      for (const junk of ["mooring", "rudder", "tiller"]) expect(inside).not.toContain(junk);
    },
  );

  it('drops a block that a label names as an advertisement or sponsored ("Advertisement", "• SPONSORED •")', () => {
    const ad = (label: string, topic: string) =>
      `<div class="mx-auto my-4"><div class="text-xs">${label}</div><p>${sentence(topic, 1)}</p></div>`;
    const body = `<main><article><h1>The lens comes back</h1>\
<p>${sentence("lens", 4)}</p>${ad("Advertisement", "vacuum")}<p>${sentence("frame", 4)}</p>
      ${ad("• SPONSORED •", "mattress")}</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The frame was checked");
    for (const junk of ["vacuum", "mattress", "SPONSORED"]) expect(text).not.toContain(junk);
  });

  it("reads the heading as a whole: a section whose heading only mentions such words stays", () => {
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens")}</p><h2>Related \
work on the north pier</h2>
      <p>${sentence("pier")}</p><h2>More on fields</h2><p>${sentence("field")}</p></div></article></main>`;
    const { text } = extract(body);
    for (const kept of [
      "Related work on the north pier",
      "The pier was checked",
      "More on fields",
      "The field was checked",
    ])
      expect(text).toContain(kept);
  });
});

describe("skip links", () => {
  it('reads the target of a skip link ("skip-link-target") as the content it leads to, not as the skip link', () => {
    const page = `<a class="skip-link" href="#skip-link-target">Skip to main content</a>${siteHeader}<div \
class="layout">
      <div id="skip-link-target"><h1>The lens comes back</h1><p>${sentence("lens", 3)}</p></div>
      <div class="col"><p>${sentence("harbour wall", 5)}</p></div></div>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The lens was checked");
    expect(text).not.toContain("Skip to main content");
  });
});

describe("legal fine print", () => {
  it(
    "drops blocks named as a disclaimer, legal text or an " + "affiliate notice on any page, whatever prose they hold",
    () => {
      const fine = (name: string, text: string) =>
        `<div class="${name}"><p>${text} ${sentence(`${name} clause`, 2)}</p></div>`;
      const page = `${siteHeader}<main><article><h1>Choosing a harbour lamp</h1><p>${sentence("lamp wick", 5)}</p>
      ${fine("affiliate-notice", "We may earn a commission from links on this page.")}<p>${sentence("lamp glass", 5)}\
</p>
      ${fine("disclaimer", "This article is not professional advice.")}\
${fine("legal", "Prices are subject to change.")}\
</article></main>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The lamp wick was checked");
      expect(text).toContain("The lamp glass was checked");
      for (const line of ["earn a commission", "not professional advice", "subject to change"])
        expect(text).not.toContain(line);
    },
  );
});

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

describe("Q&A pages", () => {
  it(
    "keeps a short question declared in microdata (not its " + "comments) with the long answers laid out apart from it",
    () => {
      const answer = (
        i: number,
      ) => `<div class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">
      <div itemprop="text"><p>Answer ${i}. ${sentence(`relay ${i}`, 4)}</p></div></div>`;
      const page = `${siteHeader}<div itemscope itemtype="https://schema.org/QAPage"><div class="mainbar">
      <div class="question" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><div itemprop="text">
      <p>Our light still turns a lens from 1890; how do we fit a modern lamp?</p></div>
      <ul class="comments-list"><li class="comment">${sentence("bulb socket", 1)}</li><li \
class="comment">${sentence("wiring", 1)}</li></ul></div>
      <div class="answers"><h2>3 Answers</h2>${[1, 2, 3].map(answer).join("")}</div></div></div>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("how do we fit a modern lamp?");
      for (const i of [1, 3]) expect(text).toContain(`Answer ${i}. The relay ${i} was checked`);
      expect(text).not.toContain("The wiring was checked");
    },
  );
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

describe("similar-content rails", () => {
  it("drops a block named for similar content, like a related rail, even when its teasers read as prose", () => {
    const teaser = (topic: string) =>
      `<div class="teaser"><h3><a href="/${topic}">A story about ` +
      `the ${topic}</a></h3><p>${sentence(topic, 2)}</p></div>`;
    const page = `${siteHeader}<main><article><h1>The lens</h1><p>${sentence("lens", 4)}</p>\
<p>${sentence("frame", 4)}</p></article>
      <section class="similar-stories">${["foghorn", "pier"].map(teaser).join("")}</section></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("The foghorn was checked");
  });
});

describe("declared non-content", () => {
  it('drops a block whose class declares it is not content ("nocontent"), whatever prose it holds', () => {
    const page = `${siteHeader}<main><article><h1>The lens</h1><p>${sentence("lens", 4)}</p>
      <div class="nocontent"><p>${sentence("advertiser", 2)}</p></div><p>${sentence("frame", 4)}</p></article>\
</main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("The advertiser was checked");
  });
});

describe("negated chrome names", () => {
  it("keeps a wrapper whose name says the chrome is absent ('not-footer', 'no-sidebar')", () => {
    const page = `${siteHeader}<div id="site-content" class="elements not-footer"><div class="no-sidebar">\
<h1>Treadmill repair</h1>
      <p>${sentence("treadmill belt", 4)}</p><p>${sentence("motor", 4)}</p></div></div>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The treadmill belt was checked");
    expect(text).toContain("The motor was checked");
    expect(text).not.toContain("All rights reserved");
  });

  it(
    "keeps a wrapper named like chrome only by its class when it " + "holds most of the page's prose ('page1-footer')",
    () => {
      const sections = ["lens", "brass frame", "clockwork", "lamp", "gallery"].map(
        (topic) => `<h2>The ${topic}</h2><p>${sentence(topic, 6)}</p>`,
      );
      const page = `${siteHeader}<div class="page1"><div class="page1-lead"><h1>Restoring the lighthouse</h1>\
<p>${sentence("keeper's diary", 1)}</p></div>
      <div class="page1-footer">${sections.join("")}</div></div>
      <div class="cookie-notice"><p>${sentence("cookie", 2)}</p></div>${siteFooter}`;
      const { text } = extract(page);
      expect(text).toContain("The clockwork was checked");
      expect(text).toContain("The gallery was checked");
      expect(text).not.toContain("The cookie was checked");
      expect(text).not.toContain("All rights reserved");
    },
  );

  it("keeps a listing's sections whose names say an ad is hidden in them ('hide-read-more-ad')", () => {
    const story = (
      topic: string,
      i: number,
    ) => `<div class="summary-item"><h3><a href="/story/${topic}-${i}">A ${topic} story, number ${i}, about the \
harbour</a></h3>
      <p>Why the ${topic} matters to everyone on the pier.</p></div>`;
    const section = (
      topic: string,
    ) => `<section class="collection"><h2>${topic}</h2><div class="grid-items hide-read-more-ad">
      ${[1, 2, 3, 4].map((i) => story(topic, i)).join("")}</div></section>`;
    const page =
      `${siteHeader}<main>` +
      `<h1>Science</h1>${["Health", "Climate", "Energy"].map(section).join("")}</main>${siteFooter}`;
    const { text, warnings } = extract(page);
    for (const topic of ["Health", "Climate", "Energy"]) expect(text).toContain(`A ${topic} story, number 3`);
    expect(warnings).toEqual([]);
  });
});

describe("dialogs", () => {
  it("drops a dialog's prose even when it is longer than the page and named like content", () => {
    const policy = `<div id="modal-privacy" role="dialog" aria-modal="true" class="fixed inset-0"><div class="prose">\
<h2>Privacy policy</h2>
      <p>${sentence("privacy notice", 12)}</p></div></div>`;
    const page = `${siteHeader}<main><h1>Wool runners</h1><p>${sentence("runner")}</p></main>${policy}${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The runner was checked");
    expect(text).not.toContain("privacy notice");
  });
});

describe("datelines and bylines over the body", () => {
  it(
    "cuts lines made only of a date, a reading time and a byline " +
      "before the first paragraph, and keeps the body's dates",
    () => {
      const body = `<main><article><h1>The lens comes back</h1><div class="mt-2"><ul class="flex"><li>Sep 26, 2022</li>\
<li>2 min read</li></ul>
      <p class="text-sm">By Maren Holt</p><div class="fs-small">March 15, 2022 · 3 min read · By Harbour Trust</div>\
</div>
      <div class="prose"><p>${sentence("lens", 4)}</p><p>September 16, 2023</p><p>${sentence("brass frame", 4)}</p>\
</div></article></main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      for (const kept of ["The lens comes back", "The brass frame was checked", "September 16, 2023"])
        expect(text).toContain(kept);
      for (const junk of ["Sep 26, 2022", "2 min read", "Maren Holt", "Harbour Trust"])
        expect(text).not.toContain(junk);
    },
  );

  it(
    "cuts a byline with the writer's title or a second name, a bar of name, date " +
      "and reading time, and a dateline with a weekday and a time zone",
    () => {
      const head =
        `<p>By Jane Doe, Staff Writer</p><p>By Ann Lee and Tom Berg</p><div>Jane Doe | March 3,` +
        ` 2025 | 5 min read</div><p>Updated 3:45 PM EST, Mon March 3, 2025</p>`;
      const body =
        `<main><article><h1>The lens comes back</h1>${head}<div class="prose">` +
        `<p>${sentence("lens", 4)}</p><p>${sentence("brass frame", 4)}</p></div></article>` +
        `</main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      expect(text).toContain("The brass frame was checked");
      for (const junk of ["Jane Doe", "Staff Writer", "Tom Berg", "5 min read", "3:45 PM"])
        expect(text).not.toContain(junk);
    },
  );

  it("keeps a line naming people beside a date that is not a bar of a byline's parts (a caption-like sentence)", () => {
    const body = `<main><article><h1>The lens comes back</h1><p>Keepers of the North Light, 1921 to 1958</p>
      <div class="prose"><p>${sentence("lens", 4)}</p><p>${sentence("brass frame", 4)}</p></div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("Keepers of the North Light, 1921 to 1958");
  });

  it("keeps a short line that only starts like one (a sentence about a date)", () => {
    const body = `<main><article><h1>The lens comes back</h1><p>Published by the Harbour Trust in 1998 as a pamphlet</p>
      <div class="prose"><p>${sentence("lens", 4)}</p><p>${sentence("brass frame", 4)}</p></div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("Published by the Harbour Trust in 1998 as a pamphlet");
  });
});

describe("sign-up lines", () => {
  it("cuts a line of its own inviting to a newsletter, and keeps the text's sentences about newsletters", () => {
    const pitch = "<p>Sign up for our newsletter to get the latest harbour news in your inbox every morning.</p>";
    const about = "<p>The newsletter of the harbour trust reached ten thousand readers in its first year.</p>";
    const body =
      `<main><article><h1>The lens comes back</h1>` +
      `<p>${sentence("lens", 4)}</p>${pitch}${about}<p>${sentence("brass frame", 4)}</p>` +
      `</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).not.toContain("Sign up for our newsletter");
    expect(text).toContain("The newsletter of the harbour trust reached");
  });
});

describe("placeholders and interface messages", () => {
  it(
    "cuts blocks that only say a script is loading, a link was copied or a " +
      "caption can be shown, and keeps sentences about loading",
    () => {
      const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p>
      <div class="specs">Loading specifications…</div><div class="toast">Link copied!</div><p>Show Caption</p>
      <p>Loading the lens onto the barge took a day.</p><p>${sentence("brass frame", 4)}</p></div></article></main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      for (const kept of ["The brass frame was checked", "Loading the lens onto the barge took a day."])
        expect(text).toContain(kept);
      for (const junk of ["Loading specifications", "Link copied", "Show Caption"]) expect(text).not.toContain(junk);
    },
  );
});
