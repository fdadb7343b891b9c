/**
 * Prose the main content repeats word for word (src/main-content/repeated-text.ts): a forum reply's quote of the post
 * above it, a paragraph printed twice — and what repeats legitimately (a sentence inside a paragraph, a card's
 * description, code).
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { collapsedText, findElement } from "../../src/dom/tree";
import { extractMainContent } from "../../src/main-content";

function extract(bodyHtml: string, metadata: Record<string, unknown> = {}): string {
  const body = findElement(parseHtml(`<html><body>${bodyHtml}</body></html>`), "body")!;
  return collapsedText(extractMainContent(body, { url: "https://forum.example.test/t/1", jsonLd: [], metadata }).root);
}

const count = (text: string, part: string) => text.split(part).length - 1;
const first =
  "The lantern room stayed where it was, only the old pedestal was " +
  "changed, and the whole job took two weeks in May last year.";
const second =
  "Keep in mind the weight of the new lens: a larger one needs a stronger " +
  "pedestal and a lantern floor that can carry it safely.";

describe("repeated prose", () => {
  it("cuts a reply's quote of a post already in the thread, keeping who is quoted and the reply", () => {
    const post = (author: string, body: string) =>
      `<div class="message"><div class="author">${author}</div><div class="message-body">${body}</div></div>`;
    const quoting =
      `<blockquote><b>grace wrote:</b><br>${first}</blockquote>` +
      `<p>That is good to hear, and two weeks is less than we feared for the whole job.</p>`;
    const page = `<main><h1>Upgrading a lens</h1><div class="thread">
      ${post("grace", `<p>${first}</p>`)}
      ${post("linus", `<p>${second}</p>`)}
      ${post("ada", quoting)}
      </div></main>`;
    const text = extract(page);
    expect(count(text, first)).toBe(1);
    expect(text).toContain("grace wrote:");
    expect(text).toContain("two weeks is less than we feared");
    expect(count(text, second)).toBe(1);
  });

  it("cuts a paragraph printed again as a line of its own, and keeps a sentence repeated inside a paragraph", () => {
    const page = `<main><article><h1>The lens comes back</h1><p>${first}</p><p>${second}</p>
      <div class="mobile-copy">${first}<br>${second}</div>
      <p>As we said before: <em>the keeper was right</em>. ${first} And so the work could begin at last.</p></article>\
</main>`;
    const text = extract(page);
    expect(count(text, second)).toBe(1);
    expect(count(text, first)).toBe(2);
    expect(text).toContain(`the keeper was right. ${first} And so the work could begin at last.`);
  });

  it("keeps the same description on every card of a list, and code as written", () => {
    // (A card's description as a paragraph of its own is a whole repeated block, which repeats.ts judges.)
    const card = (i: number) =>
      `<li class="event"><h3><a href="/e/${i}">Harbour workshop, ` +
      `day ${i}</a></h3><p>Held on May ${i}<br>${first}</p></li>`;
    // A highlighter's lines, one element each: a comment repeated in the code stays.
    const code =
      `<pre><div class="line">// ${second}</div><div ` +
      `class="line">rotate(lens);</div><div class="line">// ${second}</div>` +
      `</pre>`;
    const text = extract(`<main><h1>Workshops</h1><ul>${[1, 2, 3, 4].map(card).join("")}</ul>${code}</main>`);
    expect(count(text, first)).toBe(4);
    expect(count(text, second)).toBe(2);
  });
});

describe("hidden copies of the page (src/main-content/hidden-copies.ts)", () => {
  const article =
    `<h1>The lens comes back</h1><p>${first}</p><p>${second}</p>` +
    `<p>The keepers carried it up the tower on a Tuesday, one crate at a time, and nobody dropped a thing.</p>`;

  it('cuts the article again as raw Markdown in a hidden <pre> (a "Copy page" button\'s source)', () => {
    const copy =
      `<pre hidden aria-hidden="true" class="rawMarkdown"># The lens comes back\n\n${first}\n\n` +
      `${second}\n\nThe keepers carried it up the tower on a Tuesday, one crate at a time.</pre>`;
    const text = extract(`<main><article>${article}</article>${copy}</main>`);
    expect(count(text, first)).toBe(1);
    expect(text).not.toContain("# The lens");
    expect(text).toContain("nobody dropped a thing");
  });

  it("keeps hidden text that says what is not in view, and a closed tab that reads almost the same", () => {
    const other =
      "The old pedestal went to the museum in town, where it stands beside the keeper's chair and " +
      "the brass clock that used to hang over the stairs of the tower for a hundred years.";
    const hiddenNote = `<div style="display:none"><p>${other}</p></div>`;
    // The same steps for another language, in a closed tab panel: a reader opens it in place.
    const again = first.replace("two weeks", "three weeks");
    const tab = `<div role="tabpanel" hidden><p>${again}</p><p>${second} Run: python lens.py</p></div>`;
    const text = extract(`<main><article>${article}${hiddenNote}${tab}</article></main>`);
    expect(text).toContain("brass clock");
    expect(text).toContain(again);
    expect(text).toContain("python lens.py");
  });
});

describe("pull quotes (src/main-content/pull-quotes.ts)", () => {
  const said = "We are adding capacity as fast as we can, and our customers keep raising their forecasts";
  const article = (quote: string) =>
    `<div class="wrap"><h1>Chipmaker profits jump</h1><div class="body"><p>${first}</p>
    <p>"Demand is strong," the chief executive told analysts. "${said}," she said on the call.</p>${quote}
    <p>${second}</p></div></div>`;

  it("cuts an article's quote of its own words, whatever its marks and case, and keeps a quote from elsewhere", () => {
    const pulled = `<blockquote class="q-7"><p>“${said.toUpperCase()}”</p><cite>— the chief executive</cite>\
</blockquote>`;
    const cited = `<blockquote><p>The light must never go out, whatever the weather or the cost of oil.</p>\
</blockquote>`;
    const text = extract(article(pulled + cited), { ogType: "article" });
    expect(count(text.toLowerCase(), said.toLowerCase())).toBe(1);
    expect(text).not.toContain("— the chief executive");
    expect(text).toContain("The light must never go out");
    expect(text).toContain(second);
  });

  it("keeps the quote on a page that is not an article", () => {
    const pulled = `<blockquote><p>${said}</p></blockquote>`;
    expect(count(extract(article(pulled)), said)).toBe(2);
  });
});
