/**
 * Main-content extraction on small hand-written pages: sections whose heading or name says they are about something
 * else ("Related articles", "About the author", "People who viewed this item also viewed"), src/main-content/
 * named-sections.ts. The pages are built from main-content-site.ts.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

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

  it("cuts such a label standing alone in a flat body, and keeps a table cell worded like one", () => {
    const table =
      `<table><tr><th>Field</th><th>Use</th></tr>` + `<tr><td>warning</td><td>Product disclaimers</td></tr></table>`;
    const body = `<main><article><h1>The lens comes back</h1><div class="prose"><p>${sentence("lens", 3)}</p>
      <p>Share this article</p><p>${sentence("frame", 3)}</p>${table}</div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`, { metadata: { ogType: "article" } });
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Share this article");
    expect(text).toContain("Product disclaimers");
  });

  it("drops related posts in a box whose name writes them as one word (Jetpack's jp-relatedposts)", () => {
    const box = `<div id="jp-relatedposts" class="jp-relatedposts"><h3><em>Related</em></h3><p>
      <span><a href="/2025/08/dry/">A dry August</a></span><span>August 3, 2025</span>
      <span>In "River"</span></p></div>`;
    const body = `<main><article><h1>The lens comes back</h1><div class="entry-content"><p>${sentence("lens", 4)}</p>
      <p>${sentence("frame", 4)}</p>${box}</div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`, { metadata: { ogType: "article" } });
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("A dry August");
  });

  it("drops a plain-line title in a flat body with the list of links after it, not a list of prose", () => {
    const links = `<ul><li><a href="/t1">Crash closes the coast road</a></li><li><a href="/t2">Fair opens Friday</a>
      </li></ul>`;
    const prose = `<ul><li>The keeper logs the lamp at dusk.</li><li>The relief crew comes at dawn.</li></ul>`;
    const body = `<main><article><h1>The lens comes back</h1><div class="story-body"><p>${sentence("lens", 4)}</p>
      <p>Trending stories at harbour.test</p>${links}<p>${sentence("frame", 4)}</p><p>Related posts:</p>${prose}
      </div></article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`, { metadata: { ogType: "article" } });
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Trending stories");
    expect(text).not.toContain("Crash closes the coast road");
    expect(text).toContain("The relief crew comes at dawn.");
  });

  it('drops a rail whose label names a topic ("Trending stories in world travel") over teaser cards', () => {
    const card = (slug: string, topic: string) =>
      `<div class="py-4"><p>${sentence(topic, 1)}</p><a href="/${slug}"><img src="/${slug}.jpg" alt=""></a></div>`;
    const rail = `<div class="w-full"><p class="uppercase">Trending stories in world travel</p><div class="flex">\
${card("fares", "cheap fare")}${card("ferries", "night ferry")}</div></div>`;
    const body = `<main><article><h1>The lens comes back</h1><div class="story-body"><p>${sentence("lens", 4)}</p>
      <p>${sentence("frame", 4)}</p></div>${rail}</article></main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`, { metadata: { ogType: "article" } });
    expect(text).toContain("The frame was checked");
    expect(text).not.toContain("Trending stories");
    expect(text).not.toContain("night ferry");
  });

  it('drops a board\'s box asking a guest to sign in ("Create an account or sign in to comment")', () => {
    const box = `<div class="ipsBox"><h2>Create an account or sign in to comment</h2><p>You need to be a member in \
order to leave a comment</p><div><h3>Create an account</h3><p>Sign up for a new account in our community.</p>
      <a href="/register">Register a new account</a></div><div><h3>Sign in</h3><p>Already have an account?</p>\
</div></div>`;
    const posts = ["lens", "prism", "lamp"].map((t) => `<article class="post"><p>${sentence(t, 2)}</p></article>`);
    const body = `<main><h1>Fresnel lenses</h1>${posts.join("")}${box}</main>`;
    const { text } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(text).toContain("The lamp was checked");
    for (const gone of ["Create an account", "need to be a member", "Already have an account"])
      expect(text).not.toContain(gone);
  });
});
