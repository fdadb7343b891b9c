/**
 * URLs and images in the cleaned page (convertHtml): \`<base href>\`, srcset candidates and densities, lazy-loading
 * attributes, picture sources and posters, all made absolute; and parseSrcset itself.
 */
import { describe, expect, it } from "vitest";
import { parseSrcset } from "../../src/html/urls";
import { PAGE_URL, transformHtml } from "../html-transform-helpers";

describe("URLs and images", () => {
  it("resolves against <base href>, itself relative to the page URL", async () => {
    const page =
      `<html><head><base href="/static/v2/"></head><body><a ` +
      `href="page.html">P</a><img src="img/a.png"></body></html>`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: false });
    expect(result.links).toEqual(["https://blog.example.com/static/v2/page.html"]);
    expect(result.images).toEqual(["https://blog.example.com/static/v2/img/a.png"]);
    expect(result.html).toBe(
      '<html><body><a href="https://blog.example.com/static/v2/page.html">P</a><img ' +
        'src="https://blog.example.com/static/v2/img/a.png"></body></html>',
    );
  });

  it("puts the widest srcset candidate in src and makes every candidate absolute", async () => {
    const page =
      `<img src="/s.jpg" srcset="/a-480.jpg 480w, ` +
      `https://cdn.example.net/c_fill,w_1200/a.jpg 1200w, /a-800.jpg 800w" ` +
      `alt="A">`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: false });
    expect(result.html).toBe(
      '<img src="https://cdn.example.net/c_fill,w_1200/a.jpg" srcset="https://blog.example.com/a-480.jpg 480w, ' +
        'https://cdn.example.net/c_fill,w_1200/a.jpg 1200w, https://blog.example.com/a-800.jpg 800w" alt="A">',
    );
    expect(result.images).toEqual([
      "https://cdn.example.net/c_fill,w_1200/a.jpg",
      "https://blog.example.com/a-480.jpg",
      "https://blog.example.com/a-800.jpg",
    ]);
  });

  it("treats src as 1x among density descriptors", async () => {
    const onlyLower = await transformHtml(`<img src="/one.jpg" srcset="/half.jpg 0.5x">`, {
      baseUrl: PAGE_URL,
      onlyMainContent: false,
    });
    expect(onlyLower.html).toContain('src="https://blog.example.com/one.jpg"');
    const higher = await transformHtml(`<img src="/one.jpg" srcset="/two.jpg 2x, /three.jpg 3x">`, {
      baseUrl: PAGE_URL,
      onlyMainContent: false,
    });
    expect(higher.html).toContain('src="https://blog.example.com/three.jpg"');
  });

  it("uses data-src over a placeholder and collects picture sources, posters and data: URIs", async () => {
    const page = `<img src="data:image/gif;base64,R0lGOD==" data-src="/lazy.jpg" alt="L">
      <picture><source srcset="/p.webp 1x, /p@2x.webp 2x" type="image/webp"><img src="/p.jpg"></picture>
      <video poster="/poster.jpg"></video><img src="data:image/png;base64,iVBOR==">
      <img src="/p.jpg"><img src="javascript:alert(1)">`;
    const result = await transformHtml(page, { baseUrl: PAGE_URL, onlyMainContent: false });
    expect(result.images).toEqual([
      "https://blog.example.com/lazy.jpg",
      "https://blog.example.com/p.webp",
      "https://blog.example.com/p@2x.webp",
      "https://blog.example.com/p.jpg",
      "https://blog.example.com/poster.jpg",
      "data:image/png;base64,iVBOR==",
    ]);
    expect(result.html).toContain('<img src="https://blog.example.com/lazy.jpg" data-src="/lazy.jpg" alt="L">');
  });
});

describe("parseSrcset", () => {
  it(
    "splits at any whitespace a regular expression knows, keeps " + "commas inside URLs, and reads w and x descriptors",
    () => {
      expect(parseSrcset("a.jpg 1x,\n\tb.jpg 2x")).toEqual([
        { url: "a.jpg", density: 1 },
        { url: "b.jpg", density: 2 },
      ]);
      expect(parseSrcset("https://cdn.test/w_100,h_50/x.jpg 100w, y.jpg\u00a0200w,z.jpg,, ")).toEqual([
        { url: "https://cdn.test/w_100,h_50/x.jpg", width: 100 },
        { url: "y.jpg", width: 200 },
        { url: "z.jpg" },
      ]);
      expect(parseSrcset("c.jpg (max-width: 1px, 2px) 3x, d.jpg\u2003")).toEqual([
        { url: "c.jpg", density: 3 },
        { url: "d.jpg" },
      ]);
    },
  );
});
