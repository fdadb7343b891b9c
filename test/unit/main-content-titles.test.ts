/**
 * Which heading titles the page (src/main-content/page-title.ts): the one the document's <title> names, where a
 * blog prints its own name as the <h1> and the post's title lower down (the one nearest the content when the title
 * names both); the first <h1> otherwise.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence } from "./main-content-site";

/** A post in a classic blog template: the blog's name is the <h1>, the post's title an <h3>. */
const blog = `<div class="content-outer"><div class="header-outer">
  <h1 class="title"><a href="/">Workbench Notes</a></h1>
  <p class="description">Small projects from a small shed</p></div> <div class="main-inner">
  <div class="column-center-inner"><div class="blog-posts hfeed"> <div class="date-outer">
  <h2 class="date-header"><span>Sunday, 12 April 2026</span></h2> <div class="post-outer">
  <div class="post hentry"><h3 class="post-title entry-title">Building a birdhouse from scrap wood</h3>
  <div class="post-body entry-content"> <p>
  I had a pile of offcuts from last year's shelving project, and the blue tits in the garden needed somewhere
  to nest. This is how I turned the scraps into a birdhouse in an afternoon.</p> <p>
  The box is 15 cm square and 25 cm tall, with a 28 mm entrance hole, which is the size blue tits prefer and
  too small for sparrows. Leave the wood untreated inside.</p> <p>
  Drill a couple of drainage holes in the floor and fix the roof with a strip of old bicycle inner tube as a
  hinge, so the box can be cleaned out in autumn.</p> </div> <div class="post-footer">
  <div class="post-footer-line-1"><span class="post-author vcard">Posted by <span class="fn">Martin</span>
  </span> <span class="post-timestamp">at <a class="timestamp-link" href="/2026/04/birdhouse.html">
  <abbr class="published">10:32</abbr></a></span> <span class="post-comment-link">
  <a class="comment-link" href="#comments">No comments:</a></span></div> <div class="post-share-buttons">
  <a href="#" title="Email This">Email This</a><a href="#" title="BlogThis!">BlogThis!</a>
  <a href="#" title="Share to X">Share to X</a><a href="#">Share to Facebook</a></div>
  <div class="post-footer-line-2"><span class="post-labels">Labels: <a href="/search/label/garden">garden</a>
  , <a href="/search/label/woodwork">woodwork</a></span></div></div> </div>
  <div class="comments" id="comments"><h4>No comments:</h4><div id="comment-form">
  <h4 id="comment-post-message">Post a Comment</h4></div></div> </div></div></div>
  <div class="blog-pager" id="blog-pager"><span id="blog-pager-newer-link"><a href="/newer">Newer Post</a>
  </span><span id="blog-pager-older-link"><a href="/older">Older Post</a></span><a class="home-link" href="/">
  Home</a></div> <div class="post-feeds"><div class="feed-links">Subscribe to:
  <a class="feed-link" href="/feeds/comments">Post Comments (Atom)</a></div></div> </div></div></div>`;

describe("the page's title", () => {
  it("brings in the heading the document's title names, not the blog's name in the <h1>", () => {
    const signals = { title: "Building a birdhouse from scrap wood", metadata: { ogType: "article" } };
    const { text } = extract(blog, signals);
    expect(text.startsWith("Building a birdhouse from scrap wood")).toBe(true);
    expect(text).toContain("Drill a couple of drainage holes");
    expect(text).not.toContain("Workbench Notes");
  });

  it("picks the post's title, nearest the content, when the document's title names the blog's name too", () => {
    const signals = { title: "Workbench Notes: Building a birdhouse from scrap wood", metadata: { ogType: "article" } };
    const { text } = extract(blog, signals);
    expect(text.startsWith("Building a birdhouse from scrap wood")).toBe(true);
    expect(text).not.toContain("Workbench Notes");
  });

  it("keeps the first of two copies of the title (a theme's second heading, in a link to the page)", () => {
    const colours = ["Black", "Grey", "Green", "Navy", "Red", "Blue"];
    const page = `<main><section class="product"><div class="product__media"><img src="/a.jpg" alt="Pack"></div>
      <div class="product__info-wrapper"><div class="product__title"><h1>Maelstrom trail backpack</h1>
      <a href="/page" class="product__title"><h2 class="h1">Maelstrom trail backpack</h2></a></div>
      <div class="price"><span class="visually-hidden">Regular price</span> $39.99 USD <span>Sale</span></div>
      <form action="/cart/add"><fieldset><legend>Colour</legend>
      ${colours.map((c) => `<label><input type="radio" name="c">Colour ${c}</label>`).join("")}</fieldset>
      <label>Quantity <input type="number"></label><button>Add to cart</button><button>Buy it now</button></form>
      <a href="/shipping">Shipping policy</a> <a href="/returns">Returns</a></div></section>
      <section class="description"><ul>${`<li>${sentence("pack", 5)}</li>`.repeat(4)}</ul></section></main>`;
    const { text } = extract(page, { title: "Maelstrom trail backpack" });
    expect(text.startsWith("Maelstrom trail backpack")).toBe(true);
    expect(text).toContain("The pack was checked");
  });

  it("keeps to the first <h1> when the document's title names no heading", () => {
    const page = `<main><h1>The lens comes back</h1><p>${sentence("lens", 3)}</p><h2>Brass frame</h2>
      <p>${sentence("frame", 3)}</p></main>`;
    const { text } = extract(page, { title: "Harbour Trust" });
    expect(text.startsWith("The lens comes back")).toBe(true);
  });
});
