/**
 * Main-content extraction on a recipe post: the recipe card's ingredients and steps stay; its buttons printed as bare
 * words ("Print Pin"), its rating widget's summary ("5 from 3 votes") and the line under it asking the reader to share
 * ("Tried this recipe? Mention @crumbs or tag #crumbs!") go (status-messages.ts, sign-up-boxes.ts). The page is
 * hand-written in the shape a recipe plugin prints.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

const card = `<div class="wprm-recipe-container"><div class="wprm-recipe">
  <h2 class="wprm-recipe-name">River-stone cookies</h2>
  <div class="wprm-recipe-rating"><span class="star"></span><div class="wprm-recipe-rating-details">
    <span class="wprm-recipe-rating-average">5</span> from <span class="wprm-recipe-rating-count">3</span> votes</div>
  </div>
  <div class="wprm-recipe-buttons"><a href="/print/1" class="wprm-recipe-print">Print</a>
    <a href="#" class="wprm-recipe-pin">Pin</a></div>
  <div class="wprm-recipe-summary"><span>Chewy cookies that look like the stones of the river bed.</span></div>
  <h3>Ingredients</h3><ul><li>200 g flour</li><li>100 g butter</li><li>80 g sugar</li></ul>
  <h3>Instructions</h3><ol><li>Mix the butter and sugar.</li><li>Add the flour and roll into stones.</li>
    <li>Bake for 12 minutes.</li></ol>
  <div class="wprm-call-to-action"><span>Tried this recipe?</span> <span>Mention <a href="#">@crumbs</a> or tag
    <a href="#">#crumbs</a>!</span></div>
</div></div>`;

describe("a recipe card", () => {
  it("keeps the recipe and cuts its bare buttons, its rating summary and the ask to share it", () => {
    const post = `<main><article><h1>Easy river-stone cookies</h1><div class="entry-content">
      <p>${sentence("dough", 4)}</p><p>I made this recipe twice before the stones came out round.</p>
      <p>${sentence("oven", 4)}</p><p>Pin this for later!</p>${card}</div></article></main>`;
    const { text } = extract(`${siteHeader}${post}${siteFooter}`, { metadata: { ogType: "article" } });
    for (const kept of ["The oven was checked", "200 g flour", "Bake for 12 minutes.", "I made this recipe twice"])
      expect(text).toContain(kept);
    for (const junk of ["from 3 votes", "Print Pin", "Tried this recipe", "@crumbs", "Pin this for later"])
      expect(text).not.toContain(junk);
  });

  it("keeps a list whose item is a word like a button's, and a sentence that starts like the ask", () => {
    const post = `<main><article><h1>Cookbooks of the coast</h1><p>${sentence("shelf", 4)}</p>
      <ul><li>Print</li><li>E-book</li></ul><p>Tried this recipe? Many readers wrote in to ask what to do with the \
stones that crack, so here is the answer, with a second batch to show it.</p></article></main>`;
    const { text } = extract(post);
    expect(text).toContain("Print");
    expect(text).toContain("E-book");
    expect(text).toContain("Many readers wrote in");
  });
});
