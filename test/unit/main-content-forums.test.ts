/**
 * Main-content extraction on hand-written forum threads: every post kept, the thread's chrome and rails cut.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("forums", () => {
  const post = (
    author: string,
    body: string,
  ) => `<div class="post-container"><div class="user-info"><a href="/u/${author}">${author}</a>
    <span>Joined 2019</span></div><div class="post-body"><p>${body}</p></div></div>`;
  const posts = [
    post(
      "ada",
      "Does anyone know whether a sixth-order lens can be upgraded without " +
        "replacing the lantern room? The glazing is original.",
    ),
    post(
      "grace",
      "We did exactly that in 2019. The lantern room stayed, only the " +
        "pedestal was changed, and the whole job took two weeks.",
    ),
    post(
      "linus",
      "Keep in mind the weight: a larger lens needs a stronger pedestal," +
        " and the floor of the lantern room must carry it.",
    ),
    post(
      "margaret",
      "Thanks everyone, this is very helpful. We will ask the heritage office before we order anything.",
    ),
  ];
  /** A page holding one thread that declares itself a discussion. */
  const thread = (
    postsHtml: string,
    title = "Upgrading a lens",
  ) => `${siteHeader}<div class="thread" itemscope itemtype="https://schema.org/DiscussionForumPosting">
      <h1 itemprop="headline">${title}</h1>${postsHtml}</div>${siteFooter}`;
  const expectEveryPost = (text: string) => {
    for (const word of ["lantern room", "pedestal was changed", "stronger pedestal", "heritage office"])
      expect(text).toContain(word);
  };

  it(
    "drops the rails a forum titles as other threads ('Similar threads', " +
      "'Related questions', 'More topics from this board')",
    () => {
      const rail = (title: string, topic: string) =>
        `<div class="block"><h3>${title}</h3><ol>${[1, 2, 3]
          .map(
            (i) =>
              `<li><a href="/t/${topic}-${i}">Question ${i} about the ${topic}</a> — ` +
              `asked by a keeper who wondered how the ${topic} was kept, with ${i + 3} replies so far.</li>`,
          )
          .join("")}</ol></div>`;
      const rails =
        rail("Similar threads", "foghorn") +
        rail("Related questions", "ferry") +
        rail("More Topics from this Board", "buoy");
      const longer = posts.map((p, i) => p.replace("</p>", ` ${sentence(`reply ${i + 1}`, 3)}</p>`)).join("");
      const page =
        `${siteHeader}<main><div class="thread"><h1>Upgrading a ` +
        `lens</h1>${longer}${rails}</div></main>${siteFooter}`;
      const { text } = extract(page);
      expectEveryPost(text);
      for (const junk of ["foghorn", "ferry", "buoy"]) expect(text).not.toContain(junk);
    },
  );

  it(
    "drops each reply's 'Re: <thread title>' subject line and the opening post's copy " +
      "of the title, and keeps a reply subject that names something else",
    () => {
      const subjects = [
        "Upgrading a lens",
        "Re: Upgrading a lens",
        "RE: upgrading a lens",
        "Re: Heritage office forms",
      ];
      const titled = posts
        .map((p, i) =>
          p.replace('<div class="post-body">', `<div class="post-body"><h3><a href="#p${i}">${subjects[i]}</a></h3>`),
        )
        .join("");
      const { text } = extract(thread(titled));
      expectEveryPost(text);
      expect(text).not.toMatch(/re: upgrading a lens/i);
      // The opening post's subject repeats the title above it: the title stays, once.
      expect(text.match(/upgrading a lens/gi)).toHaveLength(1);
      expect(text).toContain("Re: Heritage office forms");
    },
  );

  it("keeps every post of a thread that declares itself a discussion", () => {
    const page = thread(posts.join(""));
    const { text } = extract(page);
    expectEveryPost(text);
    expect(text).not.toContain("About us");
  });

  it("keeps every post when the posts are marked up as comments and nothing is declared", () => {
    const asComments = posts.map((p) => p.replace('class="post-container"', 'class="comment"')).join("");
    const page =
      `${siteHeader}<div id="comments" class="comments">` + `<h1>Upgrading a lens</h1>${asComments}</div>${siteFooter}`;
    const { text } = extract(page);
    expectEveryPost(text);
  });

  it("drops the reactions under each post (who liked it), named so in its class", () => {
    const reactions = (
      i: number,
    ) => `<div class="reactionsBar"><span>Reactions:</span> keeper_of_the_north_pier, harbourmaster_grace
      and ${i + 2} others</div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const page = thread(
      topics
        .map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${reactions(i)}</div>`))
        .join(""),
    );
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("harbourmaster_grace");
  });

  it("drops each post's badges and byline named as parts of a comment ('comment-badges', 'comment-meta')", () => {
    const parts = (i: number) => `<div class="comment-badges"><strong>Original poster</strong></div>
      <div class="comment-meta">Posted May ${i + 3}, 2024 by keeper_number_${i}</div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const page = thread(
      topics
        .map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${parts(i)}</div>`))
        .join(""),
    );
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("Original poster");
    expect(text).not.toContain("by keeper_number_1");
  });

  it("drops each post's counter of likes marked up as an interaction statistic", () => {
    const likes = (
      i: number,
    ) => `<div itemprop="interactionStatistic" itemscope itemtype="https://schema.org/InteractionCounter">
      <meta itemprop="interactionType" content="https://schema.org/LikeAction"><meta itemprop="userInteractionCount" \
content="${i + 17}">
      <span class="post-likes">${i + 17} Likes</span></div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const page = thread(
      topics
        .map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${likes(i)}</div>`))
        .join(""),
    );
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("18 Likes");
  });

  it("drops each poster's signature, however long", () => {
    // Longer than a clutter box may be, and one of a kind per poster (no repeat to cut).
    const signature = (
      i: number,
    ) => `<div class="signature">Keeper of pier light number ${i} since 1998, member of the coastal heritage
      society, and author of three small books on lenses and lamps. Opinions are my own, not the harbour board's. \
Visit my blog for
      photos of every light on the coast, from the north pier to the southern breakwater, taken at dusk and at \
dawn.</div>`;
    const topics = ["glazing", "pedestal", "lantern floor"];
    const signed = topics
      .map((topic, i) => post(`keeper${i}`, sentence(topic)).replace("</div></div>", `</div>${signature(i)}</div>`))
      .join("");
    const page = thread(signed);
    const { text } = extract(page);
    for (const topic of topics) expect(text).toContain(`The ${topic} was checked`);
    expect(text).not.toContain("Keeper of pier light");
  });

  it("drops each post's attribution line like a byline, and gives the post back its poster and date", () => {
    const attributed = posts.map((p, i) =>
      p.replace(
        '<div class="post-body">',
        `<div class="message-attribution"><time>Mar ${i + 1}, 2025</time> <a ` +
          `href="#post-${i + 1}">#${i + 1}</a></div><div class="post-body">`,
      ),
    );
    const page = thread(attributed.join(""));
    const { text, html } = extract(page);
    expectEveryPost(text);
    expect(text).not.toContain("#2");
    expect(text).not.toContain("Joined 2019");
    expect(html).toContain("<p>grace · Mar 2, 2025</p>");
  });

  it("keeps short posts whose bodies sit in a form (with nothing to fill in)", () => {
    const replies = [
      "Same here, it fogged up after a week.",
      "Mine too. Try the silica packs.",
      "That fixed it for me, thanks!",
    ]
      .map(
        (
          reply,
          i,
        ) => `<div class="comment"><a href="/u/${i}">keeper${i}</a><form class="usertext"><input type="hidden" \
name="id" value="${i}">
        <div class="usertext-body"><p>${reply}</p></div></form></div>`,
      )
      .join("");
    const page = thread(`<p>${sentence("lens")}</p><div class="comments">${replies}</div>`, "Foggy lens");
    const { text } = extract(page);
    for (const word of ["fogged up after a week", "Try the silica packs", "That fixed it for me"])
      expect(text).toContain(word);
  });

  it("drops the control that unfolds a collapsed quote, and keeps the quote", () => {
    const quote = `<blockquote class="quote-block"><div class="quote-block-title">ada said:</div><div \
class="quote-block-content">The glazing is original.</div>
      <div class="quote-block-expandLink"><a href="#">Click to expand...</a></div></blockquote>`;
    const quoted = posts.map((p, i) =>
      i === 1 ? p.replace('<div class="post-body">', `<div class="post-body">${quote}`) : p,
    );
    const page = thread(quoted.join(""));
    const { text } = extract(page);
    for (const word of ["lantern room", "pedestal was changed", "stronger pedestal", "ada said:"])
      expect(text).toContain(word);
    expect(text).not.toContain("Click to expand");
  });

  it("drops the poster's card printed beside each post (postprofile)", () => {
    const profiled = posts.map((p, i) =>
      p.replace(
        '<div class="post-body">',
        `<dl class="postprofile"><dt><a href="/u/${i}">keeper${i}</a></dt>
      <dd><strong>Posts:</strong> <a href="/search?author=${i}">${9000 + i}</a></dd><dd><strong>Joined:</strong> Mon \
Mar ${i + 1}, 2015 4:12 pm</dd></dl><div class="post-body">`,
      ),
    );
    const page = thread(profiled.join(""));
    const { text } = extract(page);
    expectEveryPost(text);
    expect(text).not.toContain("Joined:");
  });

  it("keeps an article's comment section out", () => {
    const comments = `<section id="comments" class="comments-area"><h2>2 comments</h2>${posts
      .slice(1, 3)
      .map((p) => p.replace('class="post-container"', 'class="comment"'))
      .join("")}</section>`;
    const page =
      `${siteHeader}<article><h1>Lenses</h1><p>${sentence("lens", 12)}</p>` +
      `<p>${sentence("lamp", 12)}</p></article>${comments}${siteFooter}`;
    const { text } = extract(page);
    expect(text).toContain("The lamp was checked");
    expect(text).not.toContain("pedestal was changed");
  });

  describe("a short post with a longer comment section", () => {
    const many = posts.map((p) => p.replace('class="post-container"', 'class="comment"')).join("");
    const comments = `<div id="comments" class="comments"><h4>4 comments:</h4>${many}${many}</div>`;
    const short = (articleAttributes: string) =>
      `${siteHeader}<div class="blog-posts"><div ${articleAttributes}><h1>Lenses</h1><div ` +
      `class="post-body"><p>${sentence("lens", 2)}</p></div></div>${comments}</div>${siteFooter}`;

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
      const empty =
        `${siteHeader}<div class="blog-posts"><div class="post">` +
        `<h1>Lenses</h1></div>${comments}</div>${siteFooter}`;
      expect(extract(empty, { metadata: { ogType: "article" } }).text).toContain("pedestal was changed");
    });

    it("keeps the comments out of a page declaring a schema.org article", () => {
      const { text } = extract(short('class="post"'), {
        jsonLd: [{ "@context": "https://schema.org", "@type": "BlogPosting", headline: "Lenses" }],
      });
      expect(text).toContain("The lens was checked");
      expect(text).not.toContain("pedestal was changed");
    });
  });
});
