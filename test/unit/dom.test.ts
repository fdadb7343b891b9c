/**
 * The page tree: parsing (implied tags, void and raw-text elements, entities), selectors and serialization.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { compileSelector, querySelectorAll } from "../../src/dom/select";
import { innerHtml, toHtml } from "../../src/dom/serialize";
import { compileSimpleSelectorList } from "../../src/dom/simple-selector";
import {
  collapsedText,
  documentBody,
  elementChildren,
  findElement,
  firstCharacter,
  unwrap,
  removeNode,
  walkElements,
  type ElementNode,
} from "../../src/dom/tree";

const body = (html: string) => findElement(parseHtml(html), "body")!;

describe("firstCharacter", () => {
  it("finds the first character of an element's text that is not whitespace, through empty and nested elements", () => {
    const root = body(
      "<body><h3> <span></span>\n<b> \u00a0</b><i><u>Re</u>: x</i></h3><p> </p><div><img src=x></div></body>",
    );
    const [heading, paragraph, box] = elementChildren(root);
    expect(firstCharacter(heading)).toBe("R");
    expect(firstCharacter(paragraph)).toBe("");
    expect(firstCharacter(box)).toBe("");
  });
});

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
    const doc = parseHtml(
      `<DIV Data-X="a&amp;b">caf&eacute; &lt;tag&gt;&nbsp;!</DIV><script>if (a < b && c) {}</script>`,
    );
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
    const doc = parseHtml(
      `<html><head><title>t</title><html lang="x"><head></head>` +
        `<body>{"json": 1}<p>x</p></head><body><p>real</p></body></html>`,
    );
    expect(querySelectorAll(doc, "body")).toHaveLength(1);
    expect(collapsedText(findElement(doc, "body")!)).toContain("real");
  });

  it("reads a stray <![CDATA[ in markup as a bogus comment, not as a CDATA section swallowing the page", () => {
    const root = body(
      `<body><![CDATA[<div id="x"></div><p>post</p><script>//<![CDATA[\nvar a = "]]>";</script></body>`,
    );
    expect(collapsedText(findElement(root, "p")!)).toBe("post");
    expect(collapsedText(findElement(root, "script")!)).toContain("<![CDATA[");
  });

  it("drops a stray <![CDATA[ that follows a closed script, and keeps one inside an open script", () => {
    const root = body(
      `<body><script>//<![CDATA[\nvar a = 1;</script><![CDATA[<div id="x"></div>` +
        `<p>post</p><script type="x">//<![CDATA[\n</script></body>`,
    );
    expect(collapsedText(findElement(root, "p")!)).toBe("post");
    expect(root.children.filter((child) => child.type === 1).map((child) => (child as ElementNode).name)).toEqual([
      "script",
      "p",
      "script",
    ]);
  });

  it("closes a self-closed iframe written in capitals, and leaves a <![CDATA[ inside a comment to the comment", () => {
    const upper = body(
      `<body><noscript><IFRAME src="https://tags.example/ns.html" /></noscript><p>after the iframe</p></body>`,
    );
    expect(collapsedText(findElement(upper, "p")!)).toBe("after the iframe");
    const commented = body(`<body><!-- <![CDATA[ --><p>after the comment</p></body>`);
    expect(collapsedText(findElement(commented, "p")!)).toBe("after the comment");
  });

  it("keeps a </body> or </html> written inside a script as script text", () => {
    const root = body(`<body><script>document.write("</body></html>");</script><p>after</p></body>`);
    expect(collapsedText(findElement(root, "script")!)).toBe('document.write("</body></html>");');
    expect(collapsedText(findElement(root, "p")!)).toBe("after");
  });

  it("does not let a self-closed <iframe/> in a <noscript> swallow the rest of the page", () => {
    const root = body(
      `<body><noscript><iframe src="https://tags.example/ns.html" height="0" />` +
        `</noscript><main><h1>Title</h1><p>Text</p></main></body>`,
    );
    expect(collapsedText(findElement(root, "main")!)).toBe("TitleText");
  });

  it("puts content streamed by server rendering where its script would put it", () => {
    const root =
      body(`<body><main><h1>Title</h1><template id="B:0"></template><p>Loading…</p><footer>end</footer></main>
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

describe("HTML5 tree rules on top of the tokenizer", () => {
  const html = (source: string) => toHtml(parseHtml(source));

  it("closes an open <a> when another one starts, keeping the earlier content's link", () => {
    expect(html("<a href=1><div><img src=i><span>s<a href=2>two</a>t</span></div></a>after")).toBe(
      '<a href="1"></a><div><a href="1"><img src="i"></a><span><a href="1">s</a><a href="2">two</a>t</span></div>after',
    );
    // Unclosed named anchors before headings: the heading must not end up inside a link.
    expect(html("<a id=x><h2>Title</h2><p>Read <a href=/y>this</a></p><h3>Next</h3>")).toBe(
      '<a id="x"><h2>Title</h2></a><p><a id="x">Read </a><a href="/y">this</a></p><h3>Next</h3>',
    );
    // An <object> is a scope marker: a link inside it does not close the one around it.
    expect(html("<a href=1><object><a href=2>x</a></object></a>")).toBe(
      '<a href="1"><object><a href="2">x</a></object></a>',
    );
  });

  it("closes list items and paragraphs the way HTML5 does, through intervening elements", () => {
    expect(html("<ul><li><p>one<li>two<li><div>three<li>four</ul>")).toBe(
      "<ul><li><p>one</p></li><li>two</li><li><div>three</div></li><li>four</li></ul>",
    );
    expect(html("<dl><dt><span>t<dd>d</dl>")).toBe("<dl><dt><span>t</span></dt><dd>d</dd></dl>");
    expect(html("<p><span>a<div>b</div></span>")).toBe("<p><span>a</span></p><div>b</div>");
    expect(html("<table><tr><td><p>x<div>y</div></td></tr></table>")).toBe(
      "<table><tr><td><p>x</p><div>y</div></td></tr></table>",
    );
  });

  it("lets HTML elements break out of <svg>, except inside its HTML integration points", () => {
    expect(html('<button><svg><use></use><div class="v">label</div></svg><span>95</span></button>')).toBe(
      '<button><svg><use></use></svg><div class="v">label</div><span>95</span></button>',
    );
    expect(html("<svg><foreignObject><div>in</div></foreignObject></svg>")).toBe(
      "<svg><foreignObject><div>in</div></foreignObject></svg>",
    );
  });

  it("ignores stray <body>/</body>/</html> inside the content, and a self-closed iframe swallows nothing", () => {
    expect(html("<body><ol><li>a<p><body></p><li>b</body></html><li>c</ol>")).toBe(
      "<body><ol><li>a<p></p></li><li>b</li><li>c</li></ol></body>",
    );
    expect(html('<noscript><iframe src="x" /></noscript><p>after</p>')).toBe(
      '<noscript><iframe src="x"></iframe></noscript><p>after</p>',
    );
  });

  it("normalizes CR line breaks and decodes character references with HTML5's attribute rules", () => {
    const doc = parseHtml(
      '<p title="a\r\nb &amp; c&copy=2 &copy; d">x\r\ny &lt; &notin; &copy z</p><script>a &amp; b</script>',
    );
    const p = findElement(doc, "p")!;
    expect(p.attrs.title).toBe("a\nb & c&copy=2 © d");
    expect(collapsedText(p).replace(/\s+/g, " ")).toBe("x y < ∉ © z");
    expect(collapsedText(findElement(doc, "script")!)).toBe("a &amp; b");
  });

  it("finds the body and moves content outside it in, or makes one for a fragment", () => {
    const doc = parseHtml("<html><head><title>t</title></head><body><p>in</p></body></html><div>after</div>");
    const body = documentBody(doc);
    expect(innerHtml(body)).toBe("<p>in</p><div>after</div>");
    expect(documentBody(doc)).toBe(body);
    const fragment = documentBody(parseHtml("<p>a</p>text"));
    expect(innerHtml(fragment)).toBe("<p>a</p>text");
  });
});

describe("the simple selector fast path", () => {
  const doc = parseHtml(
    `<div id="Main" class="a  top\tside" data-x="Cookie-Banner-1" role="dialog">` +
      `</div><nav class="topnav"></nav><svg aria-hidden="true"></svg>`,
  );
  const elements: ElementNode[] = [];
  walkElements(doc, (element) => void elements.push(element));

  it("compiles tag, class, id and attribute lists and agrees with css-select", () => {
    // prettier-ignore
    const lists = [
      "nav, .top", "#Main", "#main", ".side", ".topnav, dialog", '[data-x*="cookie-banner" i]',
      '[data-x*="cookie-banner"]', '[role="dialog"]', 'svg[aria-hidden="true"]', "div.a.top", "[data-x^=Cookie]",
      "[class~=side]", "*",
    ];
    for (const list of lists) {
      const fast = compileSimpleSelectorList(list);
      expect(fast, list).not.toBeNull();
      const expected = new Set(querySelectorAll(doc, list));
      expect(
        elements.filter((element) => fast!(element)),
        list,
      ).toEqual(elements.filter((element) => expected.has(element)));
    }
  });

  it("leaves combinators and pseudo-classes to css-select", () => {
    for (const list of ["div > nav", "p + p", "div:has(p)", "a:not(.x)", '[data-x="a,b"]'])
      expect(compileSimpleSelectorList(list), list).toBeNull();
  });
});
