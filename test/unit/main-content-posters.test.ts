/**
 * A thread's posts keep who wrote them and when (src/main-content/posters-and-dates.ts): the poster's card and the
 * attribution bar are cut, and each post opens with its poster's name and date instead.
 */
import { describe, expect, it } from "vitest";
import { extract, siteFooter, siteHeader } from "./main-content-site";

const bodies = [
  "Does anyone know whether a sixth-order lens can be upgraded without replacing the lantern room? The glazing is old.",
  "We did exactly that in 2019. The lantern room stayed, only the pedestal was changed, and the whole job took weeks.",
  "Keep in mind the weight: a larger lens needs a stronger pedestal, and the floor of the lantern room must carry it.",
  "Thanks everyone, this is very helpful. We will ask the heritage office before we order anything at all.",
];
const names = ["ada", "grace", "linus", "margaret"];

/** A XenForo-like post: the poster's card (itemprop="author") opens with an "OP" ribbon, then the name's own link. */
function post(i: number, quote = "", cardLast = false): string {
  const name = names[i];
  const card =
    `<div class="message-cell message-cell--user"><section class="message-user" itemprop="author" itemscope ` +
    `itemtype="https://schema.org/Person"><div class="message-avatar"><div class="ribbon"><span>OP</span></div>` +
    `<a href="/members/${name}.${i}/" class="avatar"><img src="/a/${i}.png" alt="${name}"></a></div>` +
    `<div class="message-userDetails"><h4 class="message-name"><a href="/members/${name}.${i}/" ` +
    `class="username">${name}</a></h4><h5 class="userTitle">Keeper of pier light</h5></div>` +
    `<div class="message-userExtras"><dl><dt>Messages</dt><dd>${900 + i}</dd></dl></div></section></div>`;
  const main =
    `<div class="message-cell message-cell--main"><div class="post-body">${quote}<p>${bodies[i]}</p></div>` +
    `<footer class="message-attribution"><time datetime="2025-03-0${i + 1}">Mar ${i + 1}, 2025</time></footer></div>`;
  return `<article class="message message--post">${cardLast ? main + card : card + main}</article>`;
}

const thread = (posts: string) =>
  `${siteHeader}<div class="thread" itemscope itemtype="https://schema.org/DiscussionForumPosting">` +
  `<h1 itemprop="headline">Upgrading a lens</h1>${posts}</div>${siteFooter}`;

describe("posters and dates of a thread's posts", () => {
  it("gives each post its poster's name and date out of the card it cuts (a badge, title, counts stay out)", () => {
    const { text, html } = extract(thread([0, 1, 2, 3].map((i) => post(i)).join("")));
    for (const body of bodies) expect(text).toContain(body);
    expect(html).toContain("<p>ada · Mar 1, 2025</p>");
    expect(html).toContain("<p>margaret · Mar 4, 2025</p>");
    for (const chrome of ["OP", "Keeper of pier light", "Messages", "901"]) expect(text).not.toContain(chrome);
  });

  it("takes the poster from the post's own card, not from a post it quotes before it", () => {
    const quote =
      `<blockquote class="bbCodeBlock--quote"><div class="bbCodeBlock-title"><a href="/members/ada.0/" ` +
      `class="username">ada said:</a></div><div>The glazing is old.</div></blockquote>`;
    // The card printed after the body (a profile column on the right): the quote's poster comes first in the post.
    const { html } = extract(thread(post(0, "", true) + post(1, quote, true)));
    expect(html).toContain("<p>grace · Mar 2, 2025</p>");
    expect(html).not.toContain("<p>ada said:");
  });
});
