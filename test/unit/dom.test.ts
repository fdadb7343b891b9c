/**
 * The page tree: parsing (implied tags, void and raw-text elements, entities), selectors and serialization.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { compileSelector, querySelectorAll } from "../../src/dom/select";
import { innerHtml, toHtml } from "../../src/dom/serialize";
import { collapsedText, elementChildren, findElement, unwrap, removeNode, type ElementNode } from "../../src/dom/tree";

const body = (html: string) => findElement(parseHtml(html), "body")!;

describe("parseHtml", () => {
  it("closes optional end tags and void elements the HTML way", () => {
    const root = body("<body><ul><li>one<li>two</ul><p>a<p>b<br>c<img src=x>d</body>");
    const list = findElement(root, "ul")!;
    expect(elementChildren(list).map((li) => collapsedText(li))).toEqual(["one", "two"]);
    const paragraphs = elementChildren(root).filter((e) => e.name === "p");
    expect(paragraphs.map((p) => collapsedText(p))).toEqual(["a", "bcd"]);
    expect(elementChildren(paragraphs[1]).map((e) => e.name)).toEqual(["br", "img"]);
  });

  it("decodes entities in text and attributes, lower-cases names, keeps script text", () => {
    const doc = parseHtml(`<DIV Data-X="a&amp;b">caf&eacute; &lt;tag&gt;&nbsp;!</DIV><script>if (a < b && c) {}</script>`);
    const div = findElement(doc, "div")!;
    expect(div.attrs).toEqual({ "data-x": "a&b" });
    expect(collapsedText(div)).toBe("café <tag>\u00a0!".replace(/\s+/g, " "));
    expect(collapsedText(findElement(doc, "script")!)).toBe("if (a < b && c) {}");
  });

  it("parses <noscript> content as markup (crawler views live there)", () => {
    const doc = parseHtml(`<body><noscript><div class="post"><p>Hello</p></div></noscript></body>`);
    expect(querySelectorAll(doc, "noscript .post p")).toHaveLength(1);
  });

  it("keeps content printed after </body></html> in the body", () => {
    const root = body("<html><body><p>one</p></body></html><div><p>two</p></div></body></html>");
    expect(collapsedText(root)).toBe("onetwo");
  });

  it("opens one <body> per document: a page pasted into <head> does not start a second one", () => {
    const doc = parseHtml(`<html><head><title>t</title><html lang="x"><head></head><body>{"json": 1}<p>x</p></head><body><p>real</p></body></html>`);
    expect(querySelectorAll(doc, "body")).toHaveLength(1);
    expect(collapsedText(findElement(doc, "body")!)).toContain("real");
  });

  it("reads a stray <![CDATA[ in markup as a bogus comment, not as a CDATA section swallowing the page", () => {
    const root = body(`<body><![CDATA[<div id="x"></div><p>post</p><script>//<![CDATA[\nvar a = "]]>";</script></body>`);
    expect(collapsedText(findElement(root, "p")!)).toBe("post");
    expect(collapsedText(findElement(root, "script")!)).toContain("<![CDATA[");
  });

  it("does not let a self-closed <iframe/> in a <noscript> swallow the rest of the page", () => {
    const root = body(`<body><noscript><iframe src="https://tags.example/ns.html" height="0" /></noscript><main><h1>Title</h1><p>Text</p></main></body>`);
    expect(collapsedText(findElement(root, "main")!)).toBe("TitleText");
  });

  it("puts content streamed by server rendering where its script would put it", () => {
    const root = body(`<body><main><h1>Title</h1><template id="B:0"></template><p>Loading…</p><footer>end</footer></main>
      <div hidden id="S:0"><article><p>Streamed text</p><template id="P:1"></template></article></div>
      <div hidden id="S:1"><p>Nested part</p></div><script>$RC("B:0","S:0")</script></body>`);
    const main = findElement(root, "main")!;
    expect(collapsedText(main)).toBe("TitleStreamed textNested partLoading…end");
    expect(querySelectorAll(root, "div[hidden]")).toHaveLength(0);
    expect(querySelectorAll(root, "template")).toHaveLength(0);
  });

  it("keeps one text node per run of text split by entities", () => {
    const p = findElement(parseHtml("<p>a &amp; b &copy; c</p>"), "p")!;
    expect(p.children).toHaveLength(1);
  });
});

describe("selectors", () => {
  const doc = parseHtml(`<main id="m"><div class="a b"><span data-k="v">x</span></div><div class="b">y</div></main>`);

  it("matches tags, classes, ids, attributes and combinators", () => {
    expect(querySelectorAll(doc, ".b")).toHaveLength(2);
    expect(querySelectorAll(doc, "#m > .a span[data-k=v]")).toHaveLength(1);
    expect(compileSelector("div.a")!(querySelectorAll(doc, "div")[0])).toBe(true);
  });

  it("treats an unparseable selector as matching nothing", () => {
    expect(compileSelector("div[[")).toBeNull();
    expect(querySelectorAll(doc, "div[[")).toEqual([]);
  });
});

describe("serialization and editing", () => {
  it("writes escaped text and attributes, void elements without end tags, raw script text", () => {
    const doc = parseHtml(`<p title='say "hi"'>1 &lt; 2 &amp; 3<br></p><script>a<b</script>`);
    expect(toHtml(doc)).toBe(`<p title="say &quot;hi&quot;">1 &lt; 2 &amp; 3<br></p><script>a<b</script>`);
  });

  it("removes and unwraps nodes", () => {
    const doc = parseHtml(`<div><span>a</span><em>b</em>c</div>`);
    const div = findElement(doc, "div") as ElementNode;
    removeNode(findElement(div, "span")!);
    unwrap(findElement(div, "em")!);
    expect(innerHtml(div)).toBe("bc");
    expect(div.children.every((child) => child.parent === div)).toBe(true);
  });
});
