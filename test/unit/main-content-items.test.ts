/**
 * Lists of items (src/main-content/items.ts) on small hand-written pages: which repeated siblings are entries of a
 * list.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { findElement } from "../../src/dom/tree";
import { indexPage } from "../../src/main-content/measure";
import { findItemLists } from "../../src/main-content/items";

const sentence = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `The ${topic} was checked for the ${i + 1}. time, and the keeper wrote down what he saw, line by line.`,
  ).join(" ");

function listTags(bodyHtml: string, heavyCards: boolean): string[] {
  const body = findElement(parseHtml(`<html><body>${bodyHtml}</body></html>`), "body")!;
  const index = indexPage(body);
  const { isList } = findItemLists(index, heavyCards);
  const found: string[] = [];
  for (let i = 0; i < index.nodes.length; i++)
    if (isList[i]) found.push(`${index.nodes[i].name}.${index.nodes[i].attrs.class ?? ""}`);
  return found;
}

describe("heavy story cards", () => {
  // Each card carries a photo with a long caption, a linked title, an excerpt and player links: well over 600
  // characters.
  const card = (i: number, title: string) => `<article class="story"><div class="photo"><img src="/p${i}.jpg" alt="">
    <div class="caption"><p>${sentence(`photo ${i}`, 6)}</p><p>Photo: Harbour Weekly archive.</p></div></div>
    <div class="info"><h2 class="title">${title}</h2><p class="teaser">May ${i}, 2025 • ${sentence(`story ${i}`, 1)}</p>
    <div class="player"><a href="/listen/${i}">Listen · 4:12</a> <a href="/transcript/${i}">Transcript</a></div></div>\
</article>`;
  const linked = (i: number) =>
    card(i, `<a href="/story/${i}">Harbour story number ${i}: the night the fog came in early</a>`);
  const plain = (i: number) => card(i, `Harbour section number ${i}: the night the fog came in early`);

  it("are a list of items when their titles are links to the stories", () => {
    expect(listTags(`<section class="stories">${[1, 2, 3, 4, 5].map(linked).join("")}</section>`, true)).toContain(
      "section.stories",
    );
  });

  it("are not when their titles link nowhere (sections of one page), nor on a thread (its posts are not cards)", () => {
    expect(listTags(`<section class="stories">${[1, 2, 3, 4, 5].map(plain).join("")}</section>`, true)).not.toContain(
      "section.stories",
    );
    expect(listTags(`<section class="stories">${[1, 2, 3, 4, 5].map(linked).join("")}</section>`, false)).not.toContain(
      "section.stories",
    );
  });
});
