/**
 * Main-content extraction (src/main-content) on small hand-written pages, one per rule: an article's text and structure
 * kept, and what goes around it (navigation, cookie banners, newsletter boxes, share bars, related rails, legal fine
 * print, dialogs). Sections named as being about something else, and an article's bylines, author boxes and captions,
 * have files of their own, as do forums, products, listings and other page types (main-content-*.test.ts); the pages
 * are built from main-content-site.ts.
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
    "cuts blocks that only say a script is loading, a link was copied, a caption can be shown, " +
      "an ad stood here or where to jump, and keeps sentences about loading and advertisements",
    () => {
      const body = `<main><article><p>Supported by</p><h1>The lens comes back</h1><div class="prose">
      <p>${sentence("lens", 4)}</p><p>Supported by the trust, the keeper kept going.</p>
      <div class="specs">Loading specifications…</div><div class="toast">Link copied!</div><p>Show Caption</p>
      <b>toggle caption</b><p>Loading the lens onto the barge took a day.</p>
      <div class="slot-7"><span>Advertisement</span></div>
      <p>Story continues below advertisement</p><p>- Advertisement -</p><p>Advertisement paid for the new lens.</p>
      <p><a href="#recipe">Jump to Recipe</a> · <a href="#print">Print Recipe</a></p><p>Sponsored Ad</p>
      <div><button>Ad Feedback</button></div><div class="msg">Thanks for your feedback!</div>
      <p>${sentence("brass frame", 4)}</p><p>Thanks for your feedback, wrote the keeper.</p></div></article></main>`;
      const { text } = extract(`${siteHeader}${body}${siteFooter}`);
      const kept = ["The brass frame was checked", "Loading the lens onto the barge took a day.", "Advertisement paid"];
      expect(text.match(/Thanks for your feedback/g)).toHaveLength(1);
      expect(text.match(/Supported by/g)).toHaveLength(1);
      for (const line of kept) expect(text).toContain(line);
      const junk = [
        "Loading specifications",
        "Link copied",
        "Show Caption",
        "Story continues",
        "Jump to",
        "Sponsored",
        "toggle",
      ];
      for (const line of [...junk, "Ad Feedback"]) expect(text).not.toContain(line);
      expect(text.match(/Advertisement/g)).toHaveLength(1);
    },
  );

  it("cuts a star rating's number labels, and keeps pagination and a list that counts something", () => {
    const stars = `<ul class="ratingSM o5star">${[1, 2, 3, 4, 5].map((n) => `<li>${n}</li>`).join("")}</ul>`;
    const pages = `<ul class="pg">${[1, 2, 3].map((n) => `<li><a href="?page=${n}">${n}</a></li>`).join("")}</ul>`;
    const counted = `<ol><li>1</li><li>2</li><li>4</li><li>8</li></ol>`;
    const body = `<main><article><h1>The lens comes back</h1><h4>Brass frame</h4>${stars}
      <p>${sentence("brass frame", 4)}</p>${counted}${pages}</article></main>`;
    const { html } = extract(`${siteHeader}${body}${siteFooter}`);
    expect(html).not.toContain("<li>5</li>");
    expect(html).toContain("<li>8</li>");
    expect(html).toContain("?page=3");
  });
});
