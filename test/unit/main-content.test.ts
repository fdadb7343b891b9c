/**
 * Main-content extraction (src/main-content) on small hand-written pages: one of each page type, and one per rule —
 * what is kept (every forum post, a product's description and specs, a listing's items, a document's code and
 * tables, structure as it was), what goes (navigation, cookie banners, newsletter boxes, share bars, related
 * rails, comment forms), and the fallbacks that keep the result from ever being empty.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { toHtml } from "../../src/dom/serialize";
import { collapsedText, findElement } from "../../src/dom/tree";
import { extractMainContent, type PageSignals } from "../../src/main-content";

function extract(bodyHtml: string, signals: Partial<PageSignals> = {}) {
  const body = findElement(parseHtml(`<html><head><title>t</title></head><body>${bodyHtml}</body></html>`), "body")!;
  const result = extractMainContent(body, { url: "https://example.test/page", jsonLd: [], metadata: {}, ...signals });
  return { ...result, text: collapsedText(result.root), html: toHtml(result.root) };
}

const sentence = (topic: string, n = 3) =>
  Array.from({ length: n }, (_, i) => `The ${topic} was checked for the ${i + 1}. time, and the keeper wrote down what he saw, line by line, in the log.`).join(" ");

const siteHeader = `<header class="site-header"><a href="/">Harbour Weekly</a><nav><ul>
  <li><a href="/news">News</a></li><li><a href="/boats">Boats</a></li><li><a href="/lights">Lights</a></li>
  <li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li></ul></nav></header>`;
const siteFooter = `<footer><p>© 2025 Harbour Weekly. All rights reserved.</p><ul><li><a href="/privacy">Privacy policy</a></li>
  <li><a href="/terms">Terms of use</a></li><li><a href="/imprint">Imprint</a></li></ul></footer>`;
const cookieBanner = `<div id="cookie-consent" class="cookie-banner"><p>We use cookies to improve your experience on our site.
  By continuing to browse you agree to our use of cookies and similar technologies.</p><button>Accept all</button></div>`;
const newsletter = `<div class="newsletter-signup"><h3>Get the weekly digest</h3><p>Subscribe to our newsletter and never miss a story
  from the harbour.</p><form><input type="email" placeholder="Email"><button>Subscribe</button></form></div>`;

describe("articles", () => {
  const page = `${cookieBanner}${siteHeader}
    <main><article>
      <h1>How the old lighthouse got its lens back</h1>
      <div class="share-bar"><a href="https://x.example/share">Share on X</a><a href="https://fb.example/share">Share on Facebook</a></div>
      <div class="entry-content">
        <p>${sentence("lens")}</p>
        <h2>The restoration</h2>
        <p>${sentence("brass frame")}</p>
        <ul><li>Cleaning the prisms by hand</li><li>Re-seating the bull's-eye panel</li><li>Testing the rotation at night</li></ul>
        <table><tr><th>Year</th><th>Range</th></tr><tr><td>1902</td><td>9 nm</td></tr><tr><td>2025</td><td>14 nm</td></tr></table>
        <pre><code class="language-js">rotate(lens, { speed: 2 });</code></pre>
        <p>${sentence("rotation")}</p>
      </div>
      ${newsletter}
    </article>
    <aside class="related-posts"><h3>Related stories</h3><ul>
      <li><a href="/a">Five harbours worth a visit this summer</a></li><li><a href="/b">The last keeper of the north pier</a></li>
      <li><a href="/c">Why fog horns sound the way they do</a></li></ul></aside>
    <div id="respond" class="comment-respond"><h3>Leave a reply</h3><form><label>Comment</label><textarea></textarea>
      <p>Your email address will not be published.</p><button>Post comment</button></form></div>
    </main>${siteFooter}`;

  it("keeps the article's text and structure, and drops chrome, share bar, newsletter, related rail, comment form, cookie banner", () => {
    const { text, html, warnings } = extract(page);
    expect(warnings).toEqual([]);
    expect(text).toContain("The lens was checked for the 1. time");
    expect(text).toContain("The rotation was checked");
    for (const element of ["<h2>", "<ul>", "<table>", "<pre>", '<code class="language-js">']) expect(html).toContain(element);
    for (const junk of ["Share on X", "Subscribe to our newsletter", "Five harbours", "Leave a reply", "We use cookies", "About us", "All rights reserved"]) {
      expect(text).not.toContain(junk);
    }
  });
});

describe("blocks beside the article's body", () => {
  it("keeps a paragraph of prose set apart from the body (an intro in a box of its own), and cuts the links around it", () => {
    const page = `${siteHeader}<main><article><h1>Moving the lighthouse</h1>
      <div class="intro-box"><p>We have moved three lighthouses in ten years, and no two moves were alike.</p></div>
      <div class="post-body"><p>${sentence("tower", 8)}</p><p>${sentence("crane", 8)}</p></div>
      <div class="post-more"><p>${sentence("barge", 4)}</p></div>
      <div class="back-link"><a href="/blog">Back to the blog</a></div>
      <div class="mt-4">${Array.from({ length: 30 }, (_, i) => `<a href="/tag/${i}">Stories about cranes ${i}</a>`).join(" ")}</div>
      </article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The barge was checked");
    expect(text).toContain("We have moved three lighthouses in ten years");
    expect(text).not.toContain("Back to the blog");
    expect(text).not.toContain("Stories about cranes 7");
  });
});

describe("sections titled as being about something else", () => {
  const teaser = (title: string, slug: string) => `<li><a href="/${slug}">${title}</a><p>A short note on ${title.toLowerCase()}, from our archive, with pictures.</p></li>`;
  const related = `<ul>${teaser("Five harbours worth a visit", "a")}${teaser("The last keeper of the north pier", "b")}</ul>`;
  const authorBox = `<div class="mt-8 p-4"><h2>About the author</h2><div class="flex"><p>Maren Holt has written about lighthouses and the
    people who keep them for twenty years, and lives by the sea in a house she restored herself.</p><a href="/authors/holt">View all posts by Maren Holt</a></div></div>`;

  it("drops a related list and an author box that only their headings name (utility classes, flat or wrapped)", () => {
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens")}</p><h2>The restoration</h2>
      <p>${sentence("brass frame")}</p><h2>Related articles</h2>${related}</div>${authorBox}</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The brass frame was checked");
    expect(text).toContain("The restoration");
    for (const junk of ["Related articles", "Five harbours", "north pier", "About the author", "Maren Holt has written", "View all posts"]) expect(text).not.toContain(junk);
  });

  it("reads a block of text that titles a small section without heading markup (a bold label) like such a heading", () => {
    const links = `<ul><li><a href="/a">Five harbours worth a visit this summer</a></li><li><a href="/b">The last keeper of the north pier</a></li></ul>`;
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p><p>${sentence("brass frame", 4)}</p></div>
      <div class="mt-8"><p><strong>Related posts:</strong></p>${links}</div><div class="mt-4 flex"><div class="text-sm">About the author</div>
      <p>Maren Holt has written about lighthouses and the people who keep them for twenty years.</p></div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The brass frame was checked");
    for (const junk of ["Related posts", "Five harbours", "About the author", "Maren Holt"]) expect(text).not.toContain(junk);
  });

  it("keeps a large block that such a label opens: a label is not a heading, the article after it stays", () => {
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>Share this post</p><p>${sentence("lens", 4)}</p>
      <p>${sentence("brass frame", 4)}</p></div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    for (const kept of ["The lens was checked", "The brass frame was checked"]) expect(text).toContain(kept);
  });

  it("knows the usual names of such rails: trending, latest news, related blog posts, you might like, you might also be interested in", () => {
    const rail = (title: string, topic: string) => `<div class="mt-6"><h4>${title}</h4><p>${sentence(topic, 1)}</p></div>`;
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p><p>${sentence("brass frame", 4)}</p></div>
      ${rail("Trending", "foghorn")}${rail("Latest News", "ferry")}${rail("Related blog posts", "pier")}${rail("You might like", "buoy")}
      ${rail("You might also be interested in…", "tide clock")}${rail("Other related articles...", "chart room")}</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The brass frame was checked");
    for (const junk of ["foghorn", "ferry", "pier", "buoy", "tide clock", "chart room"]) expect(text).not.toContain(junk);
  });

  it("drops related case studies (\"Related case studies about …\") set as cards linked as a whole inside the page's body", () => {
    const study = (topic: string) => `<a href="/cases/${topic.replace(/ /g, "-")}"><h3>${topic}</h3><p>${sentence(topic, 1)}</p></a>`;
    const body = `<main><div class="page"><h1>Night watch services</h1><p>${sentence("night watch", 4)}</p><h2>How it works</h2><p>${sentence("rota", 4)}</p>
      <h2>Related case studies about night watches</h2><div class="cases">${["north pier", "ferry quay", "harbour mouth"].map(study).join("")}</div></div></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The rota was checked");
    expect(text).not.toContain("The ferry quay was checked");
  });

  it("knows a shop's names for them too: more like this, explore related items, recently viewed, similar products, bundles, add-ons", () => {
    const rail = (title: string, topic: string) => `<div class="mt-6"><h4>${title}</h4><p>${sentence(topic, 1)}</p></div>`;
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 4)}</p><p>${sentence("brass frame", 4)}</p></div>
      ${rail("More like this", "foghorn")}${rail("Explore related items", "ferry")}${rail("Recently viewed", "pier")}
      ${rail("Similar products from other sellers", "buoy")}${rail("You may also like…", "anchor")}</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The brass frame was checked");
    for (const junk of ["foghorn", "ferry", "pier", "buoy", "anchor"]) expect(text).not.toContain(junk);
    // Inside the description (a flat run of headings and paragraphs), where only the heading tells them apart.
    const flat = (title: string, topic: string) => `<h2>${title}</h2><p>${sentence(topic, 1)}</p>`;
    const shop = `<main><article><h1>Storm lantern</h1><div class="prose"><p>${sentence("lens", 4)}</p><h2>Care</h2><p>${sentence("brass frame", 4)}</p>
      ${flat("Buy a bundle and save!", "mooring")}${flat("Choose your add-ons", "rudder")}${flat("Frequently compared lanterns", "tiller")}</div></article></main>`;
    const inside = extract(`${siteHeader}${shop}${siteFooter}`).text;
    expect(inside).toContain("The brass frame was checked");
    for (const junk of ["mooring", "rudder", "tiller"]) expect(inside).not.toContain(junk);
  });

  it("drops a block that a label names as an advertisement or sponsored (\"Advertisement\", \"• SPONSORED •\")", () => {
    const ad = (label: string, topic: string) => `<div class="mx-auto my-4"><div class="text-xs">${label}</div><p>${sentence(topic, 1)}</p></div>`;
    const body = `<main><article><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>${ad("Advertisement", "vacuum")}<p>${sentence("frame", 4)}</p>
      ${ad("• SPONSORED •", "mattress")}</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The frame was checked");
    for (const junk of ["vacuum", "mattress", "SPONSORED"]) expect(text).not.toContain(junk);
  });

  it("reads the heading as a whole: a section whose heading only mentions such words stays", () => {
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens")}</p><h2>Related work on the north pier</h2>
      <p>${sentence("pier")}</p><h2>More on fields</h2><p>${sentence("field")}</p></div></article></main>`;
    const { text } = extract(body);
    for (const kept of ["Related work on the north pier", "The pier was checked", "More on fields", "The field was checked"]) expect(text).toContain(kept);
  });
});

describe("skip links", () => {
  it("reads the target of a skip link (\"skip-link-target\") as the content it leads to, not as the skip link", () => {
    const page = `<a class="skip-link" href="#skip-link-target">Skip to main content</a>${siteHeader}<div class="layout">
      <div id="skip-link-target"><h1>The lens comes back</h1><p>${sentence("lens", 3)}</p></div>
      <div class="col"><p>${sentence("harbour wall", 5)}</p></div></div>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The lens was checked");
    expect(text).not.toContain("Skip to main content");
  });
});

describe("legal fine print", () => {
  it("drops blocks named as a disclaimer, legal text or an affiliate notice on any page, whatever prose they hold", () => {
    const fine = (name: string, text: string) => `<div class="${name}"><p>${text} ${sentence(`${name} clause`, 2)}</p></div>`;
    const page = `${siteHeader}<main><article><h1>Choosing a harbour lamp</h1><p>${sentence("lamp wick", 5)}</p>
      ${fine("affiliate-notice", "We may earn a commission from links on this page.")}<p>${sentence("lamp glass", 5)}</p>
      ${fine("disclaimer", "This article is not professional advice.")}${fine("legal", "Prices are subject to change.")}</article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The lamp wick was checked");
    expect(text).toContain("The lamp glass was checked");
    for (const line of ["earn a commission", "not professional advice", "subject to change"]) expect(text).not.toContain(line);
  });
});

describe("the page's author declared in microdata", () => {
  const bio = `Maren Holt has written about lighthouses and the people who keep them for twenty years, and lives by the sea in a
    house she restored herself, with a lamp from the north pier in the hall and a logbook on every shelf.`;
  const authorBox = `<div class="css-1q2w3e" itemprop="author" itemscope itemtype="https://schema.org/Person"><div class="css-9k8j7h">
    <a itemprop="url" href="/authors/holt"><span itemprop="name">Maren Holt</span></a><p itemprop="description">${bio}</p></div></div>`;

  it("drops an article's author box (itemprop=author), biography and all, whatever its classes say", () => {
    const page = `${siteHeader}<main><article><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p><p>${sentence("frame", 4)}</p>
      ${authorBox}</article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Maren Holt");
  });

  it("drops an author box named so by its class (\"author-box\" under a builder's prefix, \"about-the-author\"), and keeps a testimonial's author", () => {
    const box = `<div class="xy-author-box"><div class="xy-author-box__name">Maren Holt</div><p class="xy-author-box__bio">${bio}</p></div>`;
    const about = `<section id="about-the-author"><p>Jon Brand has kept the south light for ten years and writes about it when the fog allows.</p></section>`;
    const quote = `<figure class="testimonial"><blockquote><p>${sentence("ferry", 1)}</p></blockquote><div class="testimonial-author">Ida Lund, ferry captain</div></figure>`;
    const page = `${siteHeader}<main><article><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>${quote}<p>${sentence("frame", 4)}</p>
      ${box}${about}</article></main>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["The frame was checked", "The ferry was checked", "Ida Lund, ferry captain"]) expect(text).toContain(kept);
    for (const junk of ["Maren Holt", "Jon Brand"]) expect(text).not.toContain(junk);
  });

  it("drops an author card found by its link to the writer's page (no class, no heading), and keeps prose that links to an author", () => {
    const card = `<div class="mt-6 flex"><img src="/holt.jpg" alt=""><div><a href="/author/maren-holt/">Maren Holt</a><p>Contributing writer</p>
      <p>${bio}</p></div></div>`;
    const cited = `<p>The keeper's notes were checked against the log of the north pier and the harbour office's own records, says
      <a href="https://elsewhere.example/author/ida-lund/">Ida Lund</a>, who read them twice.</p>`;
    const page = `${siteHeader}<main><article><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>${cited}<p>${sentence("frame", 4)}</p>
      ${card}</article></main>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["The frame was checked", "says Ida Lund, who read them twice"]) expect(text).toContain(kept);
    expect(text).not.toContain("Maren Holt");
  });

  it("keeps the authors linked from a list's entries (a list of books and their authors)", () => {
    const book = (title: string, author: string) => `<li><h3><a href="/book/${title}">${title} and the long winter at sea</a></h3>
      <p>by <a href="/author/${author}">${author}</a>. ${sentence(title, 1)}</p></li>`;
    const page = `${siteHeader}<main><h1>Books about lighthouses</h1><p>${sentence("shelf", 2)}</p><ul>${book("Beacon", "ada_lovelace")}${book("Lantern", "grace_hopper")}
      ${book("Foghorn", "linus_keeper")}${book("Pier", "mary_shelley")}</ul></main>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["ada_lovelace", "mary_shelley", "The Pier was checked"]) expect(text).toContain(kept);
  });

  it("keeps each poster's name on a thread, where every post declares its author", () => {
    const post = (name: string, topic: string) => `<div class="post" itemprop="comment" itemscope itemtype="https://schema.org/Comment">
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${name}</span></div>
      <div itemprop="text"><p>${sentence(topic, 1)}</p></div></div>`;
    const page = `${siteHeader}<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><h1 itemprop="headline">The lens</h1>
      ${post("ada_lovelace", "lens")}${post("grace_hopper", "pedestal")}${post("linus_keeper", "lantern")}</div>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["ada_lovelace", "grace_hopper", "The pedestal was checked", "linus_keeper"]) expect(text).toContain(kept);
  });

  it("keeps the asker's and each answerer's name on a Q&A page", () => {
    const signed = (name: string) => `<div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${name}</span> <span>asked on 3 May</span></div>`;
    const page = `${siteHeader}<div itemscope itemtype="https://schema.org/QAPage"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
      <h1 itemprop="name">How is a lens upgraded?</h1><div itemprop="text"><p>${sentence("lens", 2)}</p></div>${signed("ada_lovelace")}
      <div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><div itemprop="text"><p>${sentence("pedestal", 2)}</p></div>
      ${signed("grace_hopper")}</div></div></div>${siteFooter}`;
    const { text } = extract(page);
    for (const kept of ["ada_lovelace", "grace_hopper", "The pedestal was checked"]) expect(text).toContain(kept);
  });
});

describe("Q&A pages", () => {
  it("keeps a short question declared in microdata (not its comments) with the long answers laid out apart from it", () => {
    const answer = (i: number) => `<div class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">
      <div itemprop="text"><p>Answer ${i}. ${sentence(`relay ${i}`, 4)}</p></div></div>`;
    const page = `${siteHeader}<div itemscope itemtype="https://schema.org/QAPage"><div class="mainbar">
      <div class="question" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><div itemprop="text">
      <p>Our light still turns a lens from 1890; how do we fit a modern lamp?</p></div>
      <ul class="comments-list"><li class="comment">${sentence("bulb socket", 1)}</li><li class="comment">${sentence("wiring", 1)}</li></ul></div>
      <div class="answers"><h2>3 Answers</h2>${[1, 2, 3].map(answer).join("")}</div></div></div>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("how do we fit a modern lamp?");
    for (const i of [1, 3]) expect(text).toContain(`Answer ${i}. The relay ${i} was checked`);
    expect(text).not.toContain("The wiring was checked");
  });
});

describe("what an article prints beside its prose: captions, credits, disclosures", () => {
  const figures = `<figure><img src="/lens.jpg" alt="The lens"><figcaption>The restored lens at dusk. Photo: Ida Lund</figcaption></figure>
    <div class="wp-caption"><img src="/pier.jpg" alt="The pier"><p class="wp-caption-text">The north pier in winter, courtesy of the harbour office</p></div>
    <figure><img src="/chart.png" alt="Chart"><figcaption>Figure 2. Range of the light by year, in nautical miles.</figcaption></figure>`;
  const page = `${siteHeader}<main><article><h1>The lens comes back</h1><p>${sentence("lens", 4)}</p>${figures}<p>${sentence("frame", 4)}</p></article></main>${siteFooter}`;

  it("drops the captions and credits of a declared article's pictures, and keeps the pictures and a numbered figure's caption", () => {
    const { text, html } = extract(page, { metadata: { ogType: "article" } });
    expect(text).toContain("The frame was checked");
    expect(text).toContain("Figure 2. Range of the light");
    expect(html).toContain('src="/lens.jpg"');
    expect(html).toContain('src="/pier.jpg"');
    for (const junk of ["Photo: Ida Lund", "courtesy of the harbour office"]) expect(text).not.toContain(junk);
  });

  it("keeps captions on a page that does not declare itself an article", () => {
    const { text } = extract(page);
    for (const kept of ["Photo: Ida Lund", "courtesy of the harbour office"]) expect(text).toContain(kept);
  });

  it("drops a declared article's disclosure and its author's bio however long, and keeps them on other pages", () => {
    const disclosure = `<div class="editorial-disclosure"><p>${sentence("commission", 3)}</p></div><div class="bio"><p>${sentence("keeper's career", 3)}</p></div>`;
    const withDisclosure = `${siteHeader}<main><article><h1>The lens comes back</h1>${disclosure}<p>${sentence("lens", 4)}</p>
      <p>${sentence("frame", 4)}</p></article></main>${siteFooter}`;
    for (const aside of ["The commission was checked", "The keeper's career was checked"]) {
      expect(extract(withDisclosure, { metadata: { ogType: "article" } }).text).not.toContain(aside);
      expect(extract(withDisclosure).text).toContain(aside);
    }
  });
});

describe("similar-content rails", () => {
  it("drops a block named for similar content, like a related rail, even when its teasers read as prose", () => {
    const teaser = (topic: string) => `<div class="teaser"><h3><a href="/${topic}">A story about the ${topic}</a></h3><p>${sentence(topic, 2)}</p></div>`;
    const page = `${siteHeader}<main><article><h1>The lens</h1><p>${sentence("lens", 4)}</p><p>${sentence("frame", 4)}</p></article>
      <section class="similar-stories">${["foghorn", "pier"].map(teaser).join("")}</section></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("The foghorn was checked");
  });
});

describe("declared non-content", () => {
  it("drops a block whose class declares it is not content (\"nocontent\"), whatever prose it holds", () => {
    const page = `${siteHeader}<main><article><h1>The lens</h1><p>${sentence("lens", 4)}</p>
      <div class="nocontent"><p>${sentence("advertiser", 2)}</p></div><p>${sentence("frame", 4)}</p></article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("The advertiser was checked");
  });
});

describe("negated chrome names", () => {
  it("keeps a wrapper whose name says the chrome is absent ('not-footer', 'no-sidebar')", () => {
    const page = `${siteHeader}<div id="site-content" class="elements not-footer"><div class="no-sidebar"><h1>Treadmill repair</h1>
      <p>${sentence("treadmill belt", 4)}</p><p>${sentence("motor", 4)}</p></div></div>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The treadmill belt was checked");
    expect(text).toContain("The motor was checked");
    expect(text).not.toContain("All rights reserved");
  });

  it("keeps a wrapper named like chrome only by its class when it holds most of the page's prose ('page1-footer')", () => {
    const sections = ["lens", "brass frame", "clockwork", "lamp", "gallery"].map((topic) => `<h2>The ${topic}</h2><p>${sentence(topic, 6)}</p>`);
    const page = `${siteHeader}<div class="page1"><div class="page1-lead"><h1>Restoring the lighthouse</h1><p>${sentence("keeper's diary", 1)}</p></div>
      <div class="page1-footer">${sections.join("")}</div></div>
      <div class="cookie-notice"><p>${sentence("cookie", 2)}</p></div>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The clockwork was checked");
    expect(text).toContain("The gallery was checked");
    expect(text).not.toContain("The cookie was checked");
    expect(text).not.toContain("All rights reserved");
  });

  it("keeps a listing's sections whose names say an ad is hidden in them ('hide-read-more-ad')", () => {
    const story = (topic: string, i: number) => `<div class="summary-item"><h3><a href="/story/${topic}-${i}">A ${topic} story, number ${i}, about the harbour</a></h3>
      <p>Why the ${topic} matters to everyone on the pier.</p></div>`;
    const section = (topic: string) => `<section class="collection"><h2>${topic}</h2><div class="grid-items hide-read-more-ad">
      ${[1, 2, 3, 4].map((i) => story(topic, i)).join("")}</div></section>`;
    const page = `${siteHeader}<main><h1>Science</h1>${["Health", "Climate", "Energy"].map(section).join("")}</main>${siteFooter}`;
    const { text, warnings } = extract(page);
    for (const topic of ["Health", "Climate", "Energy"]) expect(text).toContain(`A ${topic} story, number 3`);
    expect(warnings).toEqual([]);
  });
});

describe("dialogs", () => {
  it("drops a dialog's prose even when it is longer than the page and named like content", () => {
    const policy = `<div id="modal-privacy" role="dialog" aria-modal="true" class="fixed inset-0"><div class="prose"><h2>Privacy policy</h2>
      <p>${sentence("privacy notice", 12)}</p></div></div>`;
    const page = `${siteHeader}<main><h1>Wool runners</h1><p>${sentence("runner")}</p></main>${policy}${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The runner was checked");
    expect(text).not.toContain("privacy notice");
  });
});

describe("forums", () => {
  const post = (author: string, body: string) => `<div class="post-container"><div class="user-info"><a href="/u/${author}">${author}</a>
    <span>Joined 2019</span></div><div class="post-body"><p>${body}</p></div></div>`;
  const posts = [
    post("ada", "Does anyone know whether a sixth-order lens can be upgraded without replacing the lantern room? The glazing is original."),
    post("grace", "We did exactly that in 2019. The lantern room stayed, only the pedestal was changed, and the whole job took two weeks."),
    post("linus", "Keep in mind the weight: a larger lens needs a stronger pedestal, and the floor of the lantern room must carry it."),
    post("margaret", "Thanks everyone, this is very helpful. We will ask the heritage office before we order anything."),
  ];
  /** A page holding one thread that declares itself a discussion. */
  const thread = (postsHtml: string, title = "Upgrading a lens") => `${siteHeader}<div class="thread" itemscope itemtype="https://schema.org/DiscussionForumPosting">
      <h1 itemprop="headline">${title}</h1>${postsHtml}</div>${siteFooter}`;
  const expectEveryPost = (text: string) => {
    for (const word of ["lantern room", "pedestal was changed", "stronger pedestal", "heritage office"]) expect(text).toContain(word);
  };

  it("drops the rails a forum titles as other threads ('Similar threads', 'Related questions', 'More topics from this board')", () => {
    const rail = (title: string, topic: string) => `<div class="block"><h3>${title}</h3><ol>${[1, 2, 3].map((i) =>
      `<li><a href="/t/${topic}-${i}">Question ${i} about the ${topic}</a> — asked by a keeper who wondered how the ${topic} was kept, with ${i + 3} replies so far.</li>`).join("")}</ol></div>`;
    const rails = rail("Similar threads", "foghorn") + rail("Related questions", "ferry") + rail("More Topics from this Board", "buoy");
    const longer = posts.map((p, i) => p.replace("</p>", ` ${sentence(`reply ${i + 1}`, 3)}</p>`)).join("");
    const page = `${siteHeader}<main><div class="thread"><h1>Upgrading a lens</h1>${longer}${rails}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expectEveryPost(text);
    for (const junk of ["foghorn", "ferry", "buoy"]) expect(text).not.toContain(junk);
  });

  it("keeps every post of a thread that declares itself a discussion", () => {
    const page = thread(posts.join(""));
    const { text } = extract(page);
    expectEveryPost(text);
    expect(text).not.toContain("About us");
  });

  it("keeps every post when the posts are marked up as comments and nothing is declared", () => {
    const asComments = posts.map((p) => p.replace('class="post-container"', 'class="comment"')).join("");
    const page = `${siteHeader}<div id="comments" class="comments"><h1>Upgrading a lens</h1>${asComments}</div>${siteFooter}`;
    const { text } = extract(page);
    expectEveryPost(text);
  });

  it("drops the reactions under each post (who liked it), named so in its class", () => {
    const reactions = (i: number) => `<div class="reactionsBar"><span>Reactions:</span> keeper_of_the_north_pier, harbourmaster_grace
      and ${i + 2} others</div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const page = thread(topics.map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${reactions(i)}</div>`)).join(""));
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("harbourmaster_grace");
  });

  it("drops each post's badges and byline named as parts of a comment ('comment-badges', 'comment-meta')", () => {
    const parts = (i: number) => `<div class="comment-badges"><strong>Original poster</strong></div>
      <div class="comment-meta">Posted May ${i + 3}, 2024 by keeper_number_${i}</div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const page = thread(topics.map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${parts(i)}</div>`)).join(""));
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("Original poster");
    expect(text).not.toContain("by keeper_number_1");
  });

  it("drops each post's counter of likes marked up as an interaction statistic", () => {
    const likes = (i: number) => `<div itemprop="interactionStatistic" itemscope itemtype="https://schema.org/InteractionCounter">
      <meta itemprop="interactionType" content="https://schema.org/LikeAction"><meta itemprop="userInteractionCount" content="${i + 17}">
      <span class="post-likes">${i + 17} Likes</span></div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const page = thread(topics.map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${likes(i)}</div>`)).join(""));
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("18 Likes");
  });

  it("drops each poster's signature, however long", () => {
    // Longer than a clutter box may be, and one of a kind per poster (no repeat to cut).
    const signature = (i: number) => `<div class="signature">Keeper of pier light number ${i} since 1998, member of the coastal heritage
      society, and author of three small books on lenses and lamps. Opinions are my own, not the harbour board's. Visit my blog for
      photos of every light on the coast, from the north pier to the southern breakwater, taken at dusk and at dawn.</div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const signed = topics.map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${signature(i)}</div>`)).join("");
    const page = thread(signed);
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("Keeper of pier light");
  });

  it("drops each post's attribution line (its date and number), like a byline", () => {
    const attributed = posts.map((p, i) => p.replace('<div class="post-body">', `<div class="message-attribution"><time>Mar ${i + 1}, 2025</time> <a href="#post-${i + 1}">#${i + 1}</a></div><div class="post-body">`));
    const page = thread(attributed.join(""));
    const { text } = extract(page);
    expectEveryPost(text);
    expect(text).not.toContain("Mar 2, 2025");
  });

  it("keeps short posts whose bodies sit in a form (with nothing to fill in)", () => {
    const replies = ["Same here, it fogged up after a week.", "Mine too. Try the silica packs.", "That fixed it for me, thanks!"]
      .map((reply, i) => `<div class="comment"><a href="/u/${i}">keeper${i}</a><form class="usertext"><input type="hidden" name="id" value="${i}">
        <div class="usertext-body"><p>${reply}</p></div></form></div>`).join("");
    const page = thread(`<p>${sentence("lens")}</p><div class="comments">${replies}</div>`, "Foggy lens");
    const { text } = extract(page);
    for (const word of ["fogged up after a week", "Try the silica packs", "That fixed it for me"]) expect(text).toContain(word);
  });

  it("drops the control that unfolds a collapsed quote, and keeps the quote", () => {
    const quote = `<blockquote class="quote-block"><div class="quote-block-title">ada said:</div><div class="quote-block-content">The glazing is original.</div>
      <div class="quote-block-expandLink"><a href="#">Click to expand...</a></div></blockquote>`;
    const quoted = posts.map((p, i) => (i === 1 ? p.replace('<div class="post-body">', `<div class="post-body">${quote}`) : p));
    const page = thread(quoted.join(""));
    const { text } = extract(page);
    for (const word of ["lantern room", "pedestal was changed", "stronger pedestal", "ada said:"]) expect(text).toContain(word);
    expect(text).not.toContain("Click to expand");
  });

  it("drops the poster's card printed beside each post (postprofile)", () => {
    const profiled = posts.map((p, i) => p.replace('<div class="post-body">', `<dl class="postprofile"><dt><a href="/u/${i}">keeper${i}</a></dt>
      <dd><strong>Posts:</strong> <a href="/search?author=${i}">${9000 + i}</a></dd><dd><strong>Joined:</strong> Mon Mar ${i + 1}, 2015 4:12 pm</dd></dl><div class="post-body">`));
    const page = thread(profiled.join(""));
    const { text } = extract(page);
    expectEveryPost(text);
    expect(text).not.toContain("Joined:");
  });

  it("keeps an article's comment section out", () => {
    const comments = `<section id="comments" class="comments-area"><h2>2 comments</h2>${posts.slice(1, 3).map((p) => p.replace('class="post-container"', 'class="comment"')).join("")}</section>`;
    const page = `${siteHeader}<article><h1>Lenses</h1><p>${sentence("lens", 12)}</p><p>${sentence("lamp", 12)}</p></article>${comments}${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The lamp was checked");
    expect(text).not.toContain("pedestal was changed");
  });

  describe("a short post with a longer comment section", () => {
    const many = posts.map((p) => p.replace('class="post-container"', 'class="comment"')).join("");
    const comments = `<div id="comments" class="comments"><h4>4 comments:</h4>${many}${many}</div>`;
    const short = (articleAttributes: string) =>
      `${siteHeader}<div class="blog-posts"><div ${articleAttributes}><h1>Lenses</h1><div class="post-body"><p>${sentence("lens", 2)}</p></div></div>${comments}</div>${siteFooter}`;

    it("reads it as a discussion (every comment kept) when nothing says it is an article", () => {
      const { text } = extract(short('class="post"'));
      expect(text).toContain("The lens was checked");
      expect(text).toContain("pedestal was changed");
    });

    it("keeps the comments out of a post declared as an hAtom entry (class hentry)", () => {
      const { text } = extract(short('class="post hentry"'));
      expect(text).toContain("The lens was checked");
      expect(text).not.toContain("pedestal was changed");
    });

    it("keeps the comments out of a page whose Open Graph type is article, when the post has prose of its own", () => {
      const { text } = extract(short('class="post"'), { metadata: { ogType: "article" } });
      expect(text).toContain("The lens was checked");
      expect(text).not.toContain("pedestal was changed");
      const empty = `${siteHeader}<div class="blog-posts"><div class="post"><h1>Lenses</h1></div>${comments}</div>${siteFooter}`;
      expect(extract(empty, { metadata: { ogType: "article" } }).text).toContain("pedestal was changed");
    });

    it("keeps the comments out of a page declaring a schema.org article", () => {
      const { text } = extract(short('class="post"'), { jsonLd: [{ "@context": "https://schema.org", "@type": "BlogPosting", headline: "Lenses" }] });
      expect(text).toContain("The lens was checked");
      expect(text).not.toContain("pedestal was changed");
    });
  });
});

describe("products", () => {
  const card = (name: string, price: string) => `<li class="product-card"><a href="/p/${name}"><img src="/${name}.jpg" alt=""><span>${name} lantern, brass</span></a><span class="price">${price}</span></li>`;
  const page = `${siteHeader}<main><div class="product-page">
      <h1>Storm lantern, copper</h1><div class="price">€89.00</div><button>Add to cart</button>
      <div class="product-description"><p>Hand-made in a small workshop by the sea, this copper storm lantern burns for twelve hours on one filling.
        The glass is hardened against heat, and the handle stays cool to the touch.</p></div>
      <h2>Specifications</h2>
      <table class="specs"><tr><th>Height</th><td>32 cm</td></tr><tr><th>Weight</th><td>1.2 kg</td></tr><tr><th>Fuel</th><td>Paraffin</td></tr>
        <tr><th>Burn time</th><td>12 hours</td></tr></table>
    </div>
    <section class="carousel"><h2>Customers also bought</h2><ul>${["Harbour", "Pier", "Beacon", "Keeper", "Signal"].map((n, i) => card(n, `€${20 + i}.00`)).join("")}</ul></section>
    </main>${siteFooter}`;
  const jsonLd = [{ "@context": "https://schema.org", "@type": "Product", name: "Storm lantern, copper", offers: { "@type": "Offer", price: "89.00" } }];

  it("keeps the title, description and specification table, and drops recommendations and the cart button", () => {
    const { text, html } = extract(page, { jsonLd });
    expect(text).toContain("Storm lantern, copper");
    expect(text).toContain("burns for twelve hours");
    expect(html).toContain("<table");
    expect(text).toContain("Paraffin");
    expect(text).not.toContain("Add to cart");
    expect(text).not.toContain("Beacon lantern, brass");
  });

  const review = (who: string) => `<div class="review-item"><p class="review-author">${who}</p><p>Bought this for our boat and it has been
    burning through every storm since spring; the glass never fogged and the handle stayed cool, five stars from ${who}.</p></div>`;
  const reviewed = () => page.replace("</table>", `</table><section id="reviews"><h2>Customer reviews</h2>${["Ann", "Bo", "Cy"].map(review).join("")}</section>`);
  const withOffer = jsonLd;
  const withoutOffer = [{ "@context": "https://schema.org", "@type": "Product", name: "Storm lantern, copper", aggregateRating: { "@type": "AggregateRating", ratingValue: 5 } }];

  it("drops customer reviews from a page that sells the product", () => {
    const { text } = extract(reviewed(), { jsonLd: withOffer });
    expect(text).toContain("burns for twelve hours");
    expect(text).toContain("Paraffin");
    expect(text).not.toContain("five stars from Bo");
  });

  it("picks the region as on any page when the product title alone would be too small a pick (a buy box apart from the details)", () => {
    const menu = `<div class="mega-menu">${Array.from({ length: 40 }, (_, i) => `<a href="/c/${i}">Lantern category ${i}</a>`).join(" ")}</div>`;
    const buyBox = `<div class="top"><div class="buy-box"><h1>Storm lantern</h1><span>€89.00</span></div>${menu}</div>`;
    const links = ["Compare all lanterns", "Compare all lamps now", "See every lantern"].map((t) => `<p><a href="/compare">${t}</a></p>`).join("");
    const details = `<div class="details"><p>Hand-made in a small workshop by the sea, this copper storm lantern burns for twelve hours on one filling.</p>${links}</div>`;
    const { text, warnings } = extract(`${buyBox}${details}`, { jsonLd });
    expect(text).toContain("burns for twelve hours");
    expect(text).not.toContain("Lantern category 7");
    expect(warnings).toEqual([]);
  });

  it("keeps the product's own details laid out as repeated blocks (no links), and drops cards of other products", () => {
    const detail = (title: string, a: string, b: string) => `<div class="detail"><h3>${title}</h3><p>${a}</p><p>${b}</p></div>`;
    const details = [detail("Materials", "Shell: hammered copper sheet", "Glass: hardened borosilicate"), detail("Care", "Wipe with a dry cloth", "Polish twice a year"),
      detail("Delivery", "Ships within two days", "Free returns for thirty days")].join("");
    const detailed = page.replace('<h2>Specifications</h2>', `<div class="details">${details}</div><h2>Specifications</h2>`);
    const { text } = extract(detailed, { jsonLd });
    for (const line of ["Shell: hammered copper sheet", "Polish twice a year", "Free returns for thirty days"]) expect(text).toContain(line);
    expect(text).not.toContain("Beacon lantern, brass");
  });

  it("reads a layout grid whose one cell holds most of the text (the buy box with the description) as the page, not as cards", () => {
    const cell = (inner: string) => `<div class="grid-item"><div class="cell">${inner}</div></div>`;
    const grid = `<div class="pdp-grid">${cell('<img src="/lantern.jpg" alt=""><span>Shown: copper</span>')}${cell("<h1>Storm lantern, copper</h1><h2>Hand-made lantern</h2>")}
      ${cell(`<div class="price">€89.00</div><p>Burns twelve hours on one filling of paraffin.</p>
        <p>Hand-made in a small workshop by the sea, this copper storm lantern keeps its flame in every wind.</p>
        <ul><li>Hardened glass that never fogs</li><li>A handle that stays cool to the touch</li><li>Hammered copper shell</li></ul>
        <p><a href="/membership">Members get free delivery</a></p>`)}</div>`;
    const { text } = extract(`${siteHeader}<main>${grid}</main>${siteFooter}`, { jsonLd });
    for (const line of ["Burns twelve hours", "Hardened glass that never fogs", "A handle that stays cool", "keeps its flame"]) expect(text).toContain(line);
  });

  it("drops a carousel of other products whose cards each carry a hidden panel (\"why am I seeing this ad\"), judged by their visible size", () => {
    const why = `<div class="ad-dialog" hidden><h2>Why you are seeing this ad</h2><p>${sentence("advertiser choice", 6)}</p></div>`;
    // The card is clickable through an empty link laid over it; its title is not a link.
    const slot = (n: string) => `<li class="slot"><div class="card"><a class="cover" href="/p/${n}"></a><h3>${n} lantern, brass and glass, for boats</h3><span>€24.00</span>${why}</div></li>`;
    const carousel = `<div class="recs"><ul class="carousel-list">${["Harbour", "Pier", "Beacon", "Keeper"].map(slot).join("")}</ul></div>`;
    const { text } = extract(page.replace("</main>", `${carousel}</main>`), { jsonLd });
    expect(text).toContain("burns for twelve hours");
    expect(text).not.toContain("Beacon lantern, brass and glass");
  });

  it("drops a product page's hidden layers (a size guide shown on demand) and keeps its hidden panels (a closed tab)", () => {
    const layer = `<div class="size-guide" hidden><h2>Find your size</h2><p>${sentence("chest measurement", 2)}</p></div>`;
    const tab = `<div class="tab-panel" hidden><h2>Care</h2><p>Polish the copper twice a year with a soft cloth, and wipe the glass after every storm.</p></div>`;
    const { text } = extract(page.replace("</table>", `</table>${layer}${tab}`), { jsonLd });
    expect(text).toContain("burns for twelve hours");
    expect(text).toContain("Polish the copper twice a year");
    expect(text).not.toContain("chest measurement");
  });

  it("drops a product's badge and its cart box, named so in their class (\"product-badge\", \"add-to-cart\")", () => {
    const marked = page
      .replace("<h1>Storm lantern, copper</h1>", '<span class="product-badge">Bestseller</span><h1>Storm lantern, copper</h1>')
      .replace("<button>Add to cart</button>", '<div class="add-to-cart"><span>Quantity</span><button>Add to cart</button><span>Ships in two days</span></div>');
    const { text } = extract(marked, { jsonLd });
    expect(text).toContain("burns for twelve hours");
    for (const junk of ["Bestseller", "Quantity", "Ships in two days"]) expect(text).not.toContain(junk);
  });

  it("drops the slides of a carousel of other products that are out of view (hidden) like the ones shown", () => {
    const slide = (n: string, hidden: boolean) =>
      `<li class="slot"${hidden ? ' aria-hidden="true"' : ""}><div class="card"><a class="cover" href="/p/${n}"></a><h3>${n} lantern, brass and glass, for boats</h3><span>€24.00</span><span>Free delivery</span></div></li>`;
    const names = ["Harbour", "Pier", "Beacon", "Keeper", "Signal", "Mast", "Buoy", "Quay", "Wharf", "Jetty"];
    const carousel = `<div class="recs"><ul class="carousel-list">${names.map((n, i) => slide(n, i >= 3)).join("")}</ul></div>`;
    const { text } = extract(page.replace("</table>", `</table>${carousel}`), { jsonLd });
    expect(text).toContain("burns for twelve hours");
    expect(text).not.toContain("Harbour lantern, brass and glass");
    expect(text).not.toContain("Buoy lantern, brass and glass");
  });

  it("reads a product group with its variants (each a Product named by colour) as one product on sale: its reviews go", () => {
    const variant = (colour: string) => ({ "@type": "Product", name: `Storm lantern, ${colour}`, offers: { "@type": "Offer", price: "89.00" } });
    const group = [{ "@context": "https://schema.org", "@type": "ProductGroup", name: "Storm lantern", hasVariant: ["copper", "brass", "black"].map(variant) }];
    const { text } = extract(reviewed(), { jsonLd: group });
    expect(text).toContain("burns for twelve hours");
    expect(text).not.toContain("five stars from Bo");
  });

  it("keeps reviews where the page declares a Product without an offer (a service page's testimonials)", () => {
    const { text } = extract(reviewed(), { jsonLd: withoutOffer });
    expect(text).toContain("burns for twelve hours");
    expect(text).toContain("five stars from Bo");
  });
});

describe("listings and collections", () => {
  const story = (i: number) => `<article class="teaser"><h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in early</a></h3>
    <p>A short summary of story ${i}.</p></article>`;

  it("keeps a listing's items even though they are mostly links", () => {
    const page = `${siteHeader}<main><h1>Latest stories</h1><div class="stories">${Array.from({ length: 8 }, (_, i) => story(i + 1)).join("")}</div>
      <nav class="pagination"><a href="?page=2">Next page</a></nav></main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 4, 8]) expect(text).toContain(`Harbour story number ${i}`);
    expect(text).not.toContain("Next page");
    expect(text).not.toContain("About us");
  });

  it("drops a collection's filter panel (its facets, a long list of links), named so in its class, and keeps its products", () => {
    const card = (i: number) => `<li class="product-card"><a href="/p/${i}"><img src="/${i}.jpg" alt=""><h3>Storm lantern model ${i}</h3></a><span>€${40 + i}.00</span></li>`;
    const facet = (value: string) => `<li><a href="?filter=${value}">${value}</a></li>`;
    const values = ["Copper", "Brass", "Steel", "Black", "Green", "Red", "Small", "Medium", "Large", "Paraffin", "Electric", "Solar", "Candle", "Outdoor"];
    const page = `${siteHeader}<main><h1>Storm lanterns</h1><div class="collection-filters"><ul>${values.map(facet).join("")}</ul></div>
      <ul class="products">${Array.from({ length: 8 }, (_, i) => card(i + 1)).join("")}</ul></main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 5, 8]) expect(text).toContain(`Storm lantern model ${i}`);
    for (const junk of ["Paraffin", "Electric", "Outdoor"]) expect(text).not.toContain(junk);
  });

  it("keeps the same teasers out of an article they stand beside, however they are named", () => {
    const teaser = (i: number) => `<article class="teaser"><h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in early</a></h3>
      <p>${sentence(`tide table ${i}`, 1)}</p></article>`;
    const teasers = `<section class="latest"><h2>Latest</h2>${Array.from({ length: 4 }, (_, i) => teaser(i + 1)).join("")}</section>`;
    const page = `${siteHeader}<main><article><h1>The fog bell</h1><p>${sentence("fog bell", 5)}</p><p>${sentence("bell rope", 4)}</p>
      ${teasers}</article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The bell rope was checked");
    expect(text).not.toContain("Harbour story number 2");
    expect(text).not.toContain("The tide table 2 was checked");
  });

  it("reads teasers as such when a short kicker heading (their section) stands above the linked title", () => {
    const teaser = (i: number) => `<div class="post-item"><h5 class="categories"><a href="/daily">Daily</a></h5>
      <h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in early</a></h3><p>${sentence(`tide table ${i}`, 1)}</p></div>`;
    const page = `${siteHeader}<main><article><h1>The fog bell</h1><p>${sentence("fog bell", 5)}</p><p>${sentence("bell rope", 4)}</p></article>
      <div class="more">${Array.from({ length: 4 }, (_, i) => teaser(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The bell rope was checked");
    expect(text).not.toContain("The tide table 2 was checked");
  });

  it("keeps a thread's posts whose headings link to the poster (not teasers)", () => {
    const reply = (i: number) => `<div class="reply"><h4><a href="/members/keeper-of-the-north-pier-${i}">keeper of the north pier ${i}</a></h4>
      <p>Reply ${i}: ${sentence("pier light", 1)}</p></div>`;
    const page = `${siteHeader}<main><div class="thread" itemscope itemtype="https://schema.org/DiscussionForumPosting"><h1>Pier lights</h1>
      <p>${sentence("question", 6)}</p>${Array.from({ length: 4 }, (_, i) => reply(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Reply 1: The pier light");
    expect(text).toContain("Reply 4: The pier light");
  });

  it("keeps questions and answers whose titles are links that open them in place (not teasers)", () => {
    const faq = (i: number) => `<div class="toggle"><h3 class="toggle-title"><a href="#" role="button">Question number ${i} about the harbour light?</a></h3>
      <div class="toggle-body"><p>${sentence(`answer ${i}`, 1)}</p></div></div>`;
    const page = `${siteHeader}<main><h1>Questions</h1><p>${sentence("visitor desk", 6)}</p><div class="faq">${Array.from({ length: 4 }, (_, i) => faq(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The answer 1 was checked");
    expect(text).toContain("The answer 4 was checked");
  });

  it("reads a page of microdata products side by side as a listing, even in a box named like a related-items rail", () => {
    // Each card is one link (its name, a one-line description and the price); the listing is named "related".
    const card = (i: number) => `<div class="col item" itemscope itemtype="https://schema.org/Product"><a href="/mowers/m${i}">
      <h4 itemprop="name">Mower M${i}</h4><img src="/m${i}.jpg"><div class="title"><h3 itemprop="description">Robotic mower for ${i} acres</h3>
      <div class="price">$ ${i},999.00</div></div></a></div>`;
    const page = `${siteHeader}<section class="intro"><h1>Robotic lawn mowers</h1></section>
      <section class="related-product"><div class="content-listing">${Array.from({ length: 6 }, (_, i) => card(i + 1)).join("")}</div></section>
      ${siteFooter}`;
    const { text, warnings } = extract(page);
    expect(text).toContain("Robotic mower for 1 acres");
    expect(text).toContain("Mower M6");
    expect(text).not.toContain("About us");
    expect(text).not.toContain("All rights reserved");
    expect(warnings).toEqual([]);
  });

  it("reads a pick that is a list of entries with linked author lines as a listing, keeping those lines", () => {
    // Each entry: a title and a subject line (prose), a line of author links and a line of format links (clutter).
    const entry = (i: number) => `<li><div class="title">Title: Fog signals and harbour lights, a survey of the north coast, part ${i}</div>
      <div class="authors"><a href="/a/ann${i}">Annabel Keeper${i}</a>, <a href="/a/bob${i}">Bartholomew Pilot</a>, <a href="/a/cy${i}">Cyrus Warden</a></div>
      <div class="subjects">Subjects: Navigation; Maritime history.</div><div class="formats"><a href="/pdf/${i}">pdf</a> <a href="/html/${i}">html</a></div></li>`;
    const page = `${siteHeader}<main><ul class="papers">${Array.from({ length: 8 }, (_, i) => entry(i + 1)).join("")}</ul></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Fog signals and harbour lights, a survey of the north coast, part 3");
    expect(text).toContain("Annabel Keeper3, Bartholomew Pilot");
    expect(text).not.toContain("About us");
  });

  it("keeps the linked titles of stories of different shapes above their excerpts", () => {
    // Three cards built differently (not one list of items): each a linked headline over an excerpt.
    const excerpt = (i: number) => `<p>Excerpt ${i}: the keeper logged the fog, the bell and the lamp through a long night.</p>`;
    const title = (i: number) => `<a href="/story/${i}"><h3>Harbour story number ${i}: the night the fog came in early over the pier</h3></a>`;
    const page = `<main><h1>Latest stories</h1><div class="lead">${title(1)}${excerpt(1)}</div>
      <section class="second"><div class="text">${title(2)}</div>${excerpt(2)}<span>May 2</span></section>
      <article>${title(3)}<div class="summary">${excerpt(3)}</div></article></main>`;
    const { text } = extract(page);
    for (const i of [1, 2, 3]) expect(text).toContain(`Harbour story number ${i}: the night the fog`);
    expect(text).toContain("Excerpt 3: the keeper");
  });

  it("drops a listing's rows of tags named so, however long (its items' links are not prose)", () => {
    const tags = ["lighthouses", "fog-signals", "harbour-history", "lens-making", "coastal-walks", "shipwrecks", "maritime-law",
      "lantern-rooms", "keepers-logs", "tide-tables", "buoyage", "pilotage", "foghorns", "breakwaters", "harbour-cranes",
      "light-vessels", "signal-stations", "coast-guard", "pier-lights", "ferry-routes", "storm-warnings"];
    const entry = (i: number) => `<article class="entry"><h3><a href="/story/${i}">Harbour story number ${i}: the night the fog came in early</a></h3>
      <div class="tags">${tags.map((t) => `<a href="/tag/${t}">${t}</a>`).join(" ")}</div></article>`;
    const page = `${siteHeader}<main><h1>Latest stories</h1><div class="stories">${Array.from({ length: 6 }, (_, i) => entry(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 6]) expect(text).toContain(`Harbour story number ${i}`);
    expect(text).not.toContain("coastal-walks");
  });

  it("keeps a listing's menu out when the menu is itself a long list of links", () => {
    const menu = `<nav class="site-menu"><ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="/c/${i}">Garden category number ${i}</a></li>`).join("")}</ul></nav>`;
    const page = `${menu}<main><h1>Latest stories</h1><div class="stories">${Array.from({ length: 5 }, (_, i) => story(i + 1)).join("")}</div></main>${siteFooter}`;
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

  it("keeps cards that a page builder names like calls to action, titles and descriptions alike", () => {
    const card = (name: string, miles: number) => `<div class="widget"><div class="elementor-cta"><h2 class="elementor-cta__title">${name} trail</h2>
      <div class="elementor-cta__description">Difficulty: beginner<br>Length: ${miles} miles</div>
      <a class="elementor-cta__button" href="/map/${name}">View map</a></div></div>`;
    const page = `${siteHeader}<main><h1>Trails</h1><p>Every trail the club looks after.</p>
      <div class="cards">${["Anthill", "Burrough", "Cypress", "Dry Creek"].map((n, i) => card(n, i + 3)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Anthill trail");
    expect(text).toContain("Length: 6 miles");
    expect(text).toContain("Dry Creek trail");
    expect(text).not.toContain("About us");
  });

  it("reads a definition list's entries (a term with its number, a description with title and authors) as a list of items", () => {
    const entry = (i: number) => `<dt><a href="/abs/${i}">[${i}] paper:${1000 + i}</a> [<a href="/pdf/${i}">pdf</a>, <a href="/other/${i}">other</a>]</dt>
      <dd><div class="meta"><div class="list-title">Title: Tide tables of the northern harbour, part ${i}</div>
        <div class="list-authors"><a href="/a/${i}">Ann Keeper</a>, <a href="/b/${i}">Bo Pier</a></div></div></dd>`;
    const page = `${siteHeader}<main><h1>Recent papers</h1><dl class="articles">${Array.from({ length: 8 }, (_, i) => entry(i + 1)).join("")}</dl></main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 4, 8]) expect(text).toContain(`Title: Tide tables of the northern harbour, part ${i}`);
    expect(text).not.toContain("About us");
  });

  it("keeps items whose whole text sits in one box named like a byline (\"meta\"): the box is the item, not a part of it", () => {
    const entry = (i: number) => `<li class="entry"><div class="meta"><p><a href="/tides/${i}">Tide table ${i}</a> for the northern harbour, with the hours of both high waters</p>
      <p>Compiled by the harbour office</p></div></li>`;
    const page = `${siteHeader}<main><h1>Tide tables</h1><ul class="entries">${Array.from({ length: 6 }, (_, i) => entry(i + 1)).join("")}</ul></main>${siteFooter}`;
    const { text, warnings } = extract(page);
    for (const i of [1, 3, 6]) expect(text).toContain(`Tide table ${i} for the northern harbour`);
    expect(warnings).toEqual([]);
  });

  it("keeps a collection's product grid with names and prices", () => {
    const tile = (i: number) => `<div class="tile"><a href="/p/${i}"><img src="/${i}.jpg" alt=""></a><a href="/p/${i}">Rope fender model ${i}, 40 cm</a><span>€${10 + i}.90</span></div>`;
    const page = `${cookieBanner}${siteHeader}<main><h1>Fenders</h1><div class="grid">${Array.from({ length: 9 }, (_, i) => tile(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 5, 9]) expect(text).toContain(`Rope fender model ${i}, 40 cm`);
    expect(text).toContain("€15.90");
    expect(text).not.toContain("We use cookies");
  });

  it("keeps product cards named for a subscription offer, and drops a subscription box", () => {
    const card = (i: number) => `<li class="grid-item"><div class="product-card subscription-eligible"><a href="/p/${i}"><img src="/${i}.jpg" alt=""></a>
      <h3><a href="/p/${i}">Dark roast coffee no. ${i}</a></h3><span>$${10 + i}.99</span></div></li>`;
    const box = `<div class="subscription-box"><p>Join the club.</p><form><input type="email"><button>Join</button></form></div>`;
    const page = `${siteHeader}<main><h1>Coffee</h1><ul class="grid">${Array.from({ length: 9 }, (_, i) => card(i + 1)).join("")}</ul>${box}</main>${siteFooter}`;
    const { text } = extract(page);
    for (const i of [1, 5, 9]) expect(text).toContain(`Dark roast coffee no. ${i}`);
    expect(text).toContain("$15.99");
    expect(text).not.toContain("Join the club");
  });
});

describe("documentation and service pages", () => {
  it("keeps a document's code and tables, and drops its navigation sidebar", () => {
    const sidebar = `<nav class="sidebar"><ul>${["Install", "Configure", "Lenses", "Lamps", "Rotation", "API"].map((s) => `<li><a href="/docs/${s}">${s}</a></li>`).join("")}</ul></nav>`;
    const page = `${siteHeader}${sidebar}<div role="main" class="document"><h1>rotate()</h1><p>${sentence("call")}</p>
      <pre><code class="language-python">rotate(lens, speed=2)\nstop(lens)</code></pre>
      <table><tr><th>Parameter</th><th>Meaning</th></tr><tr><td>speed</td><td>Turns per minute</td></tr></table><p>${sentence("return value")}</p></div>${siteFooter}`;
    const { text, html } = extract(page);
    expect(html).toContain('<code class="language-python">rotate(lens, speed=2)\nstop(lens)</code>');
    expect(text).toContain("Turns per minute");
    expect(text).not.toContain("Configure");
  });

  it("reads a custom element's tag name like a class name: a content footer element goes", () => {
    const page = `${siteHeader}<main><article><h1>Lens maintenance</h1><p>${sentence("lens")}</p><p>${sentence("frame")}</p></article>
      <docs-content-footer><p>Except as otherwise noted, the content of this page is licensed under an open licence, and code samples
      under another one. For details, see the site policies of the harbour authority and its partners.</p><p>Last updated 2025-12-18.</p></docs-content-footer></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Except as otherwise noted");
  });

  it("keeps a list of arguments whose names link to their reference (a link around code names, it does not lead away)", () => {
    const args = ["private_key", "certificate", "script_path", "target_platform", "agent_identity", "bastion_host"].map((a) => `<li><a href="#arg-${a}"><code>${a}</code></a> string</li>`).join("");
    const page = `${siteHeader}<main><h1>connect()</h1><p>${sentence("connection")}</p><h2>Arguments</h2><ul>${args}</ul><p>${sentence("reply")}</p></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("script_path string");
    expect(text).not.toContain("About us");
  });

  it("keeps a list of further reading whose entries name their author beside a longer linked title, and drops a menu", () => {
    const entry = (i: number) => `<li><a href="https://papers.example/${i}">Measuring the range of a harbour light, part ${i}</a> by Ann Keeper-Lund</li>`;
    const page = `${siteHeader}<main><h1>Lens tuning</h1><p>${sentence("lens")}</p><h2>Further reading</h2>
      <ul>${Array.from({ length: 6 }, (_, i) => entry(i + 1)).join("")}</ul><h2>Tools</h2><p>${sentence("tool")}</p></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("Measuring the range of a harbour light, part 1 by Ann Keeper-Lund");
    expect(text).toContain("part 6 by Ann Keeper-Lund");
    expect(text).not.toContain("About us");
  });

  it("keeps a short list of bare links set among the prose (a section's references), and drops a long menu standing apart", () => {
    const menu = `<div class="toc-tree"><ul>${Array.from({ length: 20 }, (_, i) => `<li><a href="/docs/${i}">Chapter number ${i}</a></li>`).join("")}</ul></div>`;
    const section = (type: string) => `<h2>${type}</h2><p>${sentence(type.toLowerCase(), 2)}</p>
      <ul><li><a href="/docs/${type}">Overview of ${type} lights</a></li><li><a href="/ref/${type}">${type} command reference</a></li></ul>`;
    const page = `${siteHeader}${menu}<div class="doc"><h1>Light types</h1>${["Sector", "Flashing", "Leading"].map(section).join("")}</div>${siteFooter}`;
    const { text } = extract(page);
    for (const type of ["Sector", "Flashing", "Leading"]) expect(text).toContain(`Overview of ${type} lights${type} command reference`);
    expect(text).not.toContain("Chapter number 7");
  });

  it("keeps a marketing page's short titled section beside its long ones, and cuts an untitled snippet between them", () => {
    const section = (title: string, n: number) => `<section><h2>${title}</h2>${Array.from({ length: n }, () => `<p>${sentence(title.toLowerCase(), 3)}</p>`).join("")}</section>`;
    const short = `<section><h2>Night watch</h2><p>${sentence("night watch", 2)}</p></section>`;
    const ports = `<ul>${Array.from({ length: 40 }, (_, i) => `<li><a href="/ports/${i}">Harbour of call number ${i}</a></li>`).join("")}</ul>`;
    const page = `${siteHeader}<main>${section("Inspections", 8)}${ports}${short}<p>Call us today.</p>${section("Repairs", 2)}</main>${siteFooter}`;
    const { text } = extract(page);
    for (const topic of ["inspections", "night watch", "repairs"]) expect(text).toContain(`The ${topic} was checked for the 1. time`);
    expect(text).not.toContain("Call us today");
    expect(text).not.toContain("Harbour of call number 7");
  });

  it("reads a section id made from its own heading as its topic (\"respond-to-review-comments\", a <section id=\"cookies\">), not its role", () => {
    const section = (id: string, title: string, tag = "section") => `<${tag} id="${id}"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 3)}</p></${tag}>`;
    const page = `${siteHeader}<main><h1>Submitting patches</h1><p>${sentence("patch", 3)}</p>
      ${section("respond-to-review-comments", "Respond to review comments", "div")}${section("cookies", "Cookies")}${section("signing-off", "Signing off")}</main>
      <div id="comments"><h2>Comments</h2><p>${sentence("reader's question", 2)}</p></div>${siteFooter}`;
    const { text } = extract(page);
    for (const topic of ["respond to review comments", "cookies", "signing off"]) expect(text).toContain(`The ${topic} was checked for the 3. time`);
    expect(text).not.toContain("The reader's question was checked");
  });

  it("cuts a call to action closing a section (a lone short link), and keeps a lone link that titles the prose after it", () => {
    const title = (name: string) => `<p><a href="https://makers.example/${name}">${name} bookshelf</a></p>`;
    const page = `${siteHeader}<main><div class="hero"><h1>Harbour woodwork</h1><p>${sentence("workbench", 2)}</p><div class="hero-actions"><a href="/signup">Get started</a></div></div>
      <div class="roundup">${title("pipe")}<p>${sentence("pipe shelf", 2)}</p><h2>For the shed</h2>${title("crate")}<img src="https://makers.example/c.jpg" alt="">
      <p>${sentence("crate shelf", 3)}</p></div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The workbench was checked for the 2. time");
    for (const name of ["pipe", "crate"]) expect(text).toContain(`${name} bookshelf`);
    expect(text).not.toContain("Get started");
  });

  it("keeps sections of prose named for the scrolling menu that points at them, and drops a menu named the same way", () => {
    const menu = `<div class="page-nav">${["Inspections", "Repairs", "Training"].map((t) => `<a href="#${t}">${t}</a>`).join(" ")}</div>`;
    const section = (title: string) => `<div class="nav-source" id="${title}"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 4)}</p></div>`;
    const page = `${siteHeader}<div class="page"><h1>Harbour services</h1><p>${sentence("quay", 1)}</p>${menu}
      ${["Inspections", "Repairs", "Training"].map(section).join("")}</div>${siteFooter}`;
    const { text } = extract(page);
    for (const topic of ["inspections", "repairs", "training"]) expect(text).toContain(`The ${topic} was checked for the 3. time`);
    expect(text).not.toContain("Inspections Repairs Training");
    expect(text).not.toContain("About us");
  });

  it("keeps a grid of service cards each linked as a whole (title and description in one link), as text rather than a menu", () => {
    const card = (name: string) => `<div class="tile"><a href="/services/${name.toLowerCase()}"><h3>${name}</h3>
      <div class="desc">Our ${name.toLowerCase()} crews look after every light on the coast, from the pier heads to the outer rocks.</div><span>Find out more</span></a></div>`;
    const page = `${siteHeader}<main><h1>Our services</h1><p>${sentence("quay", 4)}</p>
      <div class="grid">${["Inspections", "Repairs", "Training", "Night watch"].map(card).join("")}</div>
      <h2>Why us</h2><p>${sentence("crew", 4)}</p></main>${siteFooter}`;
    const { text } = extract(page);
    for (const name of ["inspections", "repairs", "night watch"]) expect(text).toContain(`Our ${name} crews look after every light`);
    expect(text).toContain("The crew was checked");
  });

  it("keeps teasers linked as a whole (headline and excerpt in one link) out of the article beside them", () => {
    const teaser = (i: number) => `<div class="card"><a href="/story/${i}"><h3>Harbour story number ${i}: the night the fog came in early</h3>
      <p>${sentence(`tide table ${i}`, 1)}</p></a></div>`;
    const page = `${siteHeader}<main><article><h1>The fog bell</h1><p>${sentence("fog bell", 5)}</p><p>${sentence("bell rope", 4)}</p></article>
      <div class="more">${Array.from({ length: 4 }, (_, i) => teaser(i + 1)).join("")}</div></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The bell rope was checked");
    expect(text).not.toContain("The tide table 2 was checked");
  });

  it("keeps a marketing page's hero and its short sections beside a long FAQ: together they outweigh what one section must", () => {
    const section = (title: string) => `<section class="module"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 2)}</p></section>`;
    const faq = `<section class="module"><h2>FAQs</h2><ul>${Array.from({ length: 10 }, (_, i) => `<li><h3>Question ${i + 1}?</h3><p>${sentence(`answer ${i + 1}`, 3)}</p></li>`).join("")}</ul></section>`;
    const page = `${siteHeader}<main><section class="hero"><h1>Harbour services</h1><p>${sentence("quay", 2)}</p></section>
      ${["Inspections", "Repairs", "Training", "Night watch"].map(section).join("")}
      <div class="newsletter-signup"><p>${sentence("newsletter", 12)}</p></div>${faq}</main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The answer 10 was checked");
    for (const topic of ["quay", "inspections", "repairs", "night watch"]) expect(text).toContain(`The ${topic} was checked for the 1. time`);
    expect(text).not.toContain("The newsletter was checked");
  });

  it("keeps every section of a marketing page", () => {
    const section = (title: string) => `<section class="feature"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 2)}</p><a class="btn" href="/start">Get started</a></section>`;
    const page = `${siteHeader}<main>${["Inspections", "Repairs", "Night watch", "Training"].map(section).join("")}</main>${newsletter}${siteFooter}`;
    const { text } = extract(page);
    for (const topic of ["inspections was checked", "repairs was checked", "night watch was checked", "training was checked"]) expect(text).toContain(`The ${topic}`);
    expect(text).not.toContain("Get started");
    expect(text).not.toContain("Subscribe to our newsletter");
  });
});

describe("fallbacks and special markup", () => {
  it("drops a data island (a script's JSON settings in a hidden span) among the paragraphs, and keeps JSON shown as code", () => {
    const settings = `{"layoutMobile":2,"layoutDesktop":4,"buttonText":"Buy now","productTitle":{"hue":213,"brightness":0.8}}`;
    const page = `${siteHeader}<main><article><h1>Resistance bands</h1><p>${sentence("band", 3)}</p>
      <div class="widget"><span class="widget-value" hidden>${settings}</span></div><p>${sentence("anchor point", 3)}</p>
      <pre><code>{"name": "band", "length": 208, "resistance": "medium"}</code></pre></article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The anchor point was checked");
    expect(text).not.toContain("layoutMobile");
    expect(text).toContain('"resistance": "medium"');
  });

  it("falls back to the whole body, with a warning, when no region is plausible", () => {
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/l/${i}">Link number ${i}</a>`).join(" ");
    const { text, warnings } = extract(`<div>${links}</div><div>${links}</div>`);
    expect(text).toContain("Link number 29");
    expect(warnings.join(" ")).toMatch(/whole page body/);
  });

  it("leaves the site's chrome (its footer, a cookie banner) out of the whole-body fallback when enough text remains", () => {
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/l/${i}">Link number ${i}</a>`).join(" ");
    const { text, warnings } = extract(`${cookieBanner}<div>${links}</div><div>${links}</div>${siteFooter}`);
    expect(warnings.join(" ")).toMatch(/whole page body/);
    expect(text).toContain("Link number 29");
    expect(text).not.toContain("We use cookies");
    expect(text).not.toContain("All rights reserved");
  });

  it("brings in the page's <h1> when it stands in a wrapper of its own before the body, and nothing around it", () => {
    const { text } = extract(`<div class="hero"><h1>The lantern room</h1><p class="meta"><a href="/t/lights">Lights</a></p></div>
      <div class="layout">${siteHeader}<div class="entry-content"><p>${sentence("lantern")}</p></div></div>`);
    expect(text.startsWith("The lantern room")).toBe(true);
    expect(text).toContain("in the log");
    for (const gone of ["Lights", "Harbour Weekly", "About us"]) expect(text).not.toContain(gone);
  });

  it("keeps a short status line beside the heading of a small page (the wrapper wins a tie with the heading)", () => {
    const { text } = extract(`${siteHeader}<main><h1>Slow widget</h1><p id="status">Loading the forecast…</p></main>`);
    expect(text).toBe("Slow widgetLoading the forecast…");
  });

  it("falls back to the whole body when all of a short page's text sits in chrome, but keeps an image-only pick", () => {
    const { text, warnings } = extract(`<div class="menu"><p>Only text on the page</p><a href="/x">X</a></div>`, {
      metadata: { ogDescription: "A description the body does not need." },
    });
    expect(text).toBe("Only text on the pageX");
    expect(warnings.join(" ")).toMatch(/whole page body/);
    const photo = extract(`<nav><p>Menu</p></nav><main><img src="/photo.jpg" alt=""></main>`);
    expect(photo.html).toContain("photo.jpg");
    expect(photo.text).not.toContain("Menu");
    expect(photo.warnings).toEqual([]);
  });

  it("returns the page's own description, with a warning, when the body has no text", () => {
    const { text, warnings } = extract(`<div id="root"></div>`, { metadata: { ogDescription: "Tide tables for the outer harbour." } });
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

  it("keeps an accordion's hidden answers with the article when its questions are links (the hidden prose outweighs them)", () => {
    const fold = (i: number) => `<div class="accordion"><a class="accordion-toggle" href="/guide/step-${i}">Step ${i}: what happens during the installation visit?</a>
      <div class="accordion-body" hidden><p>Answer ${i}. ${sentence(`roof survey ${i}`, 2)}</p></div></div>`;
    const page = `${siteHeader}<main><article><h1>Installing a harbour light</h1><p>${sentence("lamp room", 4)}</p>
      <div class="accordion-list">${[1, 2, 3, 4].map(fold).join("")}</div></article></main>${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The lamp room was checked");
    for (const i of [1, 4]) expect(text).toContain(`Answer ${i}. The roof survey ${i} was checked`);
  });

  it("keeps content that streamed server rendering parked in a hidden element, and drops a hidden menu", () => {
    const page = `<div hidden class="mobile-menu"><a href="/a">Home</a><a href="/b">Shop</a></div>
      <template id="B:0"></template><div hidden id="S:0"><article><h1>Winter timetable</h1><p>${sentence("ferry", 6)}</p></article></div>`;
    const { text } = extract(page);
    expect(text).toContain("The ferry was checked");
    expect(text).not.toContain("Shop");
  });

  it("cuts a repeated group of short blocks (a product header printed for phones and desktops)", () => {
    const header = `<div class="buy-box"><h2>Copper storm lantern, large</h2><span>With glass chimney</span><p>€35.00</p></div>`;
    const page = `<main><div class="mobile">${header}</div><p>${sentence("copper lantern", 3)}</p><div class="desktop">${header}</div></main>`;
    const { text } = extract(page);
    expect(text.split("Copper storm lantern, large").length - 1).toBe(1);
    expect(text).toContain("The copper lantern was checked");
  });

  it("cuts a word-for-word repeat of a block (a mobile copy of the description) and a heading left without its list", () => {
    const description = `<p class="description">${sentence("copper lantern", 2)}</p>`;
    const further = `<div class="further"><h3>Further reading</h3><ul>${["One", "Two", "Three", "Four"].map((t) => `<li><a href="/${t}">${t} more story about lanterns</a></li>`).join("")}</ul></div>`;
    const page = `${siteHeader}<article><h1>Copper lantern</h1><div class="mobile">${description}</div><div class="desktop">${description}</div>
      <p>${sentence("wick", 4)}</p>${further}</article>${siteFooter}`;
    const { text } = extract(page);
    expect(text.split("The copper lantern was checked for the 1. time").length - 1).toBe(1);
    expect(text).toContain("The wick was checked");
    expect(text).not.toContain("Further reading");
  });

  it("cuts a repeat whose copies differ only in markup and spacing (a button in one, a link in the other)", () => {
    const copy = (details: string, space: string) =>
      `<div class="course"><h3>Spring${space}evening course for harbour pilots</h3><p>12.01.26 — 10.04.26</p>${details}</div>`;
    const page = `<main><p>${sentence("pilot course", 3)}</p><div class="wide">${copy(`<button>Details</button>`, " ")}</div>
      <div class="narrow">${copy(`<a href="/details">Details</a>`, "\u2003\n ")}</div></main>`;
    const { text } = extract(page);
    expect(text.split("evening course for harbour pilots").length - 1).toBe(1);
    expect(text).toContain("The pilot course was checked");
  });

  it("keeps the sections a jump menu skips to (named \"skip\") and drops a skip link", () => {
    const topic = (n: number, title: string) => `<div id="topic${n}" class="skip-item"><h2>${title}</h2><p>${sentence(title.toLowerCase(), 3)}</p></div>`;
    const page = `<div class="skip"><a href="#content">Skip to content</a></div>${siteHeader}<main id="content"><h1>Lighthouse lenses</h1>
      <p>Everything about lenses, from the glass to the frame.</p>${topic(1, "Glass")}${topic(2, "Frame")}${topic(3, "Lamp")}</main>${siteFooter}`;
    const { text } = extract(page);
    for (const part of ["glass", "frame", "lamp"]) expect(text).toContain(`The ${part} was checked for the 3. time`);
    expect(text).not.toContain("Skip to content");
  });

  it("keeps a video with its sources but not the fallback text only a browser that cannot play it shows", () => {
    const video = `<video controls poster="https://example.test/p.jpg"><source src="https://example.test/lens.mp4" type="video/mp4">
      <p>Your browser does not support the video tag. <a href="https://example.test/lens.mp4">Download it</a>.</p></video>`;
    const page = `${siteHeader}<main><h1>Lens cleaning</h1><p>${sentence("lens", 3)}</p>${video}<p>${sentence("frame", 2)}</p></main>${siteFooter}`;
    const { text, html } = extract(page);
    expect(html).toContain('<source src="https://example.test/lens.mp4" type="video/mp4">');
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("does not support the video tag");
    expect(text).not.toContain("Download it");
  });

  it("drops a popover (the popover attribute: a layer shown on demand, like a dialog), however much it says", () => {
    const popover = `<div popover id="install-help"><h3>Install the app</h3><p>${sentence("home screen icon", 3)}</p></div>`;
    const page = `${siteHeader}<div class="thread"><h1>Fog horns</h1><p>${sentence("fog horn", 4)}</p></div>${popover}${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The fog horn was checked");
    expect(text).not.toContain("home screen icon");
  });

  it("does not drop a layout wrapper whose class names a sidebar when it holds the content", () => {
    const page = `${siteHeader}<div class="layout has-sidebar"><div class="entry"><p>${sentence("wrapper", 6)}</p></div></div>${siteFooter}`;
    expect(extract(page).text).toContain("The wrapper was checked for the 6. time");
  });
});
