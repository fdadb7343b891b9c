/**
 * Main-content extraction on hand-written threads: a poster's statistics printed beside each post ("Join Date: Aug
 * 2008", "Posts: 1,077"), a poster's badge and edit notes, src/main-content/poster-stats.ts.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("poster statistics", () => {
  const post = (name: string, joined: string, posts: string, topic: string) =>
    `<table class="tborder"><tr><td class="alt2"><a href="/members/${name}.html">${name}</a>` +
    `<div>Join Date: <b>${joined}</b></div><div>Location: <b>Oslo</b></div><div>Posts: <b>${posts}</b></div></td>` +
    `<td class="alt1"><div>${sentence(topic, 2)}</div><div><em>Last edited by ${name}; Feb 17, 2026 at 9:17 am</em>` +
    `</div><ul><li><a href="/reply?quote=1">Reply with quote</a></li><li>Offline</li></ul></td></tr></table>`;

  it("drops the statistics, the badges, the edit notes and the controls beside every post, and keeps the posts", () => {
    const posts =
      post("ada", "Aug 2008", "1,077", "lens") +
      post("grace", "Feb 2019", "98", "lantern").replace(
        /Last edited by grace; (.*?) at 9:17 am/,
        "Edited $1 by grace",
      ) +
      post("linus", "Jan 2010", "4,198", "pedestal").replace(
        "<div>Join Date",
        "<div>Original Poster</div><div>Join Date",
      );
    const { text } = extract(`${siteHeader}<main><h1>Upgrading a lens</h1>${posts}</main>${siteFooter}`);
    for (const kept of ["The lens was checked", "The lantern was checked", "The pedestal was checked"])
      expect(text).toContain(kept);
    const gone = ["Join Date", "Aug 2008", "Location", "Posts:", "1,077", "Last edited", "Original Poster", "Offline"];
    for (const line of [...gone, "Reply with quote", "Edited Feb"]) expect(text).not.toContain(line);
  });

  it("keeps the locations of a list of schools, where no member's statistics are printed", () => {
    const school = (name: string, city: string) =>
      `<li><h3>${name}</h3><p>${sentence(name, 1)}</p><ul><li><strong>Location:</strong> ${city}</li></ul></li>`;
    const { text } = extract(
      `${siteHeader}<main><h1>Harbour schools</h1><ol>${school("North school", "Boston, Massachusetts")}` +
        `${school("South school", "Evanston, Illinois")}${school("West school", "Chicago, Illinois")}</ol></main>` +
        siteFooter,
    );
    for (const kept of ["Location: Boston, Massachusetts", "Location: Chicago, Illinois"]) expect(text).toContain(kept);
  });

  it("gives a post its poster's name back without a timestamp as machines write it", () => {
    const post = (name: string, topic: string) =>
      `<div class="post"><div class="user-card"><a href="/u/${name}">${name}</a><span>Joined 2019</span></div>` +
      `<time class="d-none">2019-01-21T21:40:59.62Z+00:00</time><div class="post-body"><p>${sentence(topic, 2)}</p>` +
      `</div></div>`;
    const thread =
      `<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><h1 itemprop="headline">Upgrading a ` +
      `lens</h1>${post("ada", "lens")}${post("grace", "lantern")}${post("linus", "pedestal")}</div>`;
    const { text } = extract(`${siteHeader}${thread}${siteFooter}`);
    for (const kept of ["ada", "grace", "The pedestal was checked"]) expect(text).toContain(kept);
    expect(text).not.toContain("2019-01-21T21");
  });

  it("drops a board's control printed under every post of a page not read as a thread, not a table's column", () => {
    const post = (topic: string) =>
      `<div class="postbody"><div class="content">${sentence(topic, 2)}</div><ul class="x"><li><a href="/posting?` +
      `quote=${topic}">Reply with quote</a></li></ul></div>`;
    const table = `<table><tr><th>Company</th><th>Quote</th></tr><tr><td>North Lights</td><td>$400</td></tr></table>`;
    const text = extract(
      `${siteHeader}<main><h1>Lens talk</h1>${table}${["lens", "lantern", "pedestal"].map(post).join("")}</main>` +
        siteFooter,
    ).text;
    expect(text).toContain("The pedestal was checked");
    expect(text).not.toContain("Reply with quote");
    expect(text).toContain("CompanyQuote");
  });

  it('drops a question\'s statistics ("Asked 6 years ago", "Viewed 3k times") on a Q&A page', () => {
    const stats = `<div class="stats"><div><span>Asked</span> <time>6 years, 9 months ago</time></div><div>Modified \
<time>today</time></div><div>Viewed 3k times</div></div>`;
    const answer = (topic: string) =>
      `<div class="answer"><div class="answercell"><p>${sentence(topic, 2)}</p></div></div>`;
    const page = `<div itemscope itemtype="https://schema.org/QAPage"><div itemprop="mainEntity" itemscope \
itemtype="https://schema.org/Question"><h1 itemprop="name">How does a fresnel lens focus?</h1>${stats}<div \
itemprop="text"><p>${sentence("lens", 2)}</p><p>I asked 6 years ago and never got an answer.</p></div></div>\
<h2 data-answercount="2">2 Answers<span style="display:none">2</span></h2><div><label>Sorted by:</label> \
<a href="?sort=default">Reset to default</a></div>${answer("prism")}${answer("lamp")}</div>`;
    const { text } = extract(`${siteHeader}<main>${page}</main>${siteFooter}`);
    for (const kept of ["How does a fresnel lens focus?", "The prism was checked", "I asked 6 years ago"])
      expect(text).toContain(kept);
    for (const gone of ["9 months ago", "Modified", "Viewed 3k times", "2 Answers", "Sorted by"])
      expect(text).not.toContain(gone);
  });

  it('drops a topic\'s counters ("6.3K views 23 replies 14 participants last post by …") and keeps a sentence', () => {
    const stats = `<div class="topic-stats"><span>6.3K views</span> <span>23 replies</span> \
<span>14 participants</span> <span>last post by ada Sep 26, 2024</span></div>`;
    const posts = ["lens", "prism", "lamp"].map((t) => `<article class="post"><p>${sentence(t, 2)}</p></article>`);
    const page = `<main><h1>Fresnel lenses</h1>${stats}${posts.join("")}<p>The thread had 6,300 views.</p></main>`;
    const { text } = extract(`${siteHeader}${page}${siteFooter}`);
    for (const kept of ["The prism was checked", "The thread had 6,300 views."]) expect(text).toContain(kept);
    for (const gone of ["6.3K views", "participants", "last post by"]) expect(text).not.toContain(gone);
  });
});
