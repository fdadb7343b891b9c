/**
 * Markdown conversion (the page tree through our serializer, inside workerd) and the Markdown helpers. The
 * expectations were written for the previous turndown converter and hold unchanged.
 */
import { describe, expect, it } from "vitest";
import { convertHtml } from "../../src/scrape/html-content";
import { htmlToMarkdown, jsonToMarkdown, removeBase64Images, textToMarkdown } from "../../src/markdown";
import { htmlToMarkdown as turndownMarkdown } from "../reference/turndown";

describe("htmlToMarkdown", () => {
  it("converts a cleaned article end to end", async () => {
    const page = `<!DOCTYPE html><html><head><title>T</title><script>var x = 1;</script></head><body>
      <a href="#main">Skip to main content</a>
      <nav><a href="/home">Home</a></nav>
      <main id="main"><article>
        <header><h1>Parsing  HTML</h1><p>By <a href="/ada">Ada</a></p></header>
        <p>Read <a href="guide.html">the <strong>guide</strong></a>, then <em>try</em> it.
           Prices use <code>a_b</code> and cost *nothing*.</p>
        <h2>Example</h2>
        <div class="highlight highlight-source-python"><pre><span class="k">def</span> f():
    <span>return</span> 1
</pre></div>
        <ol><li>First</li><li>Second<ul><li>Nested <del>old</del></li></ul></li></ol>
        <table><thead><tr><th>Name</th><th>Qty</th></tr></thead>
          <tbody><tr><td>Apples | red</td><td>3</td></tr><tr><td>Pears</td><td>5</td></tr></tbody></table>
        <p><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"> <img src="/photo.jpg" alt="A photo"></p>
        <picture>
          <source srcset="/wide.webp 2x" type="image/webp">
          <img src="/narrow.jpg" srcset="/narrow-2x.jpg 2x" alt="Picture">
        </picture>
        <aside class="ad"><a href="/buy">Buy</a></aside>
      </article></main>
      <footer>Footer text</footer></body></html>`;
    const { markdown } = convertHtml(page, {
      url: "https://docs.example.com/articles/parsing",
      onlyMainContent: true,
      markdown: true,
      html: false,
      discoverLinks: false,
    });
    expect(markdown).toBe(
      [
        "# Parsing HTML",
        "",
        "Read [the **guide**](https://docs.example.com/articles/guide.html), " +
          "then *try* it. Prices use `a_b` and cost \\*nothing\\*.",
        "",
        "## Example",
        "",
        "```python",
        "def f():",
        "    return 1",
        "```",
        "",
        "1. First",
        "2. Second",
        "   - Nested ~~old~~",
        "",
        "| Name | Qty |",
        "| --- | --- |",
        "| Apples \\| red | 3 |",
        "| Pears | 5 |",
        "",
        "![dot](data:image/png;base64,iVBORw0KGgo=) ![A photo](https://docs.example.com/photo.jpg)",
        "",
        "![Picture](https://docs.example.com/narrow-2x.jpg)",
      ].join("\n"),
    );
  });

  it("drops a heading's link to itself (a permalink symbol, or a zero-width one) and keeps other links", () => {
    const html = `<h2><a class="doc-anchor" href="#variants">§</a>Variants</h2><h3>Options<a class="headerlink" \
href="#options" title="Link to this heading">¶</a></h3>
      <h4>Limits <a href="#limits" title="Permalink">#</a></h4><p>See <a href="#limits">the limits</a> and <a \
href="#fn1">1</a>.</p><h2>Install<a class="hash-link" href="#install" title="Direct link to Install">&#8203;</a></h2>`;
    expect(htmlToMarkdown(html)).toBe(
      "## Variants\n\n### Options\n\n#### Limits\n\nSee [the limits](#limits) and [1](#fn1).\n\n## Install",
    );
  });

  it(
    "leaves an underscore between two letters or digits unescaped (no " +
      "emphasis can start there) and escapes the others",
    () => {
      expect(htmlToMarkdown("<p>is_eligible, snake_case_2, é_x, _start, end_, a_ b, __init__ and *star*</p>")).toBe(
        "is_eligible, snake_case_2, é_x, \\_start, end\\_, a\\_ b, \\_\\_init\\_\\_ and \\*star\\*",
      );
    },
  );

  it("writes no-break spaces as ordinary spaces, collapsed outside code and kept one for one inside it", () => {
    const markdown = htmlToMarkdown(
      "<p>10&nbsp;km&nbsp;&nbsp;away,\u202fnow</p><p>&nbsp;</p>" +
        "<p>next</p><pre><code>a\u00a0=\u00a0\u00a01</code></pre>",
    );
    expect(markdown).toBe("10 km away, now\n\nnext\n\n```\na =  1\n```");
    expect(markdown).not.toMatch(/[\u00a0\u202f]/);
  });

  it("renders nested lists, paragraphs and code inside list items, and task lists", () => {
    expect(
      htmlToMarkdown(
        `<ul><li>One<ul><li>One.a</li><li>One.b<ol start="0"><li>Zero</li>` +
          `<li>One</li></ol></li></ul></li><li>Two</li></ul>`,
      ),
    ).toBe("- One\n  - One.a\n  - One.b\n    0. Zero\n    1. One\n- Two");
    expect(
      htmlToMarkdown(
        `<ul><li><p>Para one</p><p>Para two</p></li><li>Code<pre><code class="lang-py">print(1)</code></pre></li></ul>`,
      ),
    ).toBe("- Para one\n\n  Para two\n\n- Code\n\n  ```py\n  print(1)\n  ```");
    expect(
      htmlToMarkdown(`<ul><li><input type="checkbox" checked> Done</li><li><input type="checkbox"> Todo</li></ul>`),
    ).toBe("- [x] Done\n- [ ] Todo");
  });

  it("makes GFM tables with the first row as header, padding short rows and flattening layout tables", () => {
    expect(
      htmlToMarkdown(
        `<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td colspan="2">wide</td></tr><tr><td>x</td></tr></table>`,
      ),
    ).toBe("| a | b | c |\n| --- | --- | --- |\n| wide |  |  |\n| x |  |  |");
    expect(
      htmlToMarkdown(
        `<table><caption>Prices</caption><tr><th>Item</th></tr><tr><td><ul><li>a</li><li>b</li></ul></td></tr></table>`,
      ),
    ).toBe("Prices\n\n| Item |\n| --- |\n| - a<br>- b |");
    expect(
      htmlToMarkdown(
        `<table><tr><td><table><tr><td>in 1</td><td>in 2</td></tr></table></td><td><p>Outer</p></td></tr></table>`,
      ),
    ).toBe("| in 1 | in 2 |\n| --- | --- |\n\nOuter");
    expect(htmlToMarkdown(`<table><tr><td><h2>Single cell layout</h2></td></tr></table>`)).toBe(
      "## Single cell layout",
    );
  });

  it(
    "flattens a table whose cell holds a page's section (a heading and " +
      "paragraphs), not one whose cell holds a title alone",
    () => {
      const page =
        `<table><tr><td><img src="/corner.gif"></td><td><h1>Survival guide</h1><p>by ` +
        `Jon</p><p>These days init is simple.</p></td><td></td></tr></table>`;
      expect(htmlToMarkdown(page)).toBe("![](/corner.gif)\n\n# Survival guide\n\nby Jon\n\nThese days init is simple.");
      const comparison =
        `<table><tr><th><h3>Compare plans</h3></th><th>Basic</th></tr><tr>` +
        `<td>Support</td><td><p>Email</p></td></tr></table>`;
      expect(htmlToMarkdown(comparison)).toBe("| ### Compare plans | Basic |\n| --- | --- |\n| Support | Email |");
    },
  );

  it("gives a card's link to its heading: a title stays a heading, the card's other blocks stay as they are", () => {
    expect(htmlToMarkdown(`<a href="https://x.test/card"><h3>Card title</h3><p>Card text</p></a>`)).toBe(
      "### [Card title](https://x.test/card)\n\nCard text",
    );
    const grid =
      `<p>Shoes</p><a href="/p" title="Pegasus 41"><img src="/i.png" ` +
      `alt="Shoe"><div><h3>Nike Pegasus</h3><span>$130</span></div></a>` +
      `<a href="/q"><h3>Other</h3>$9</a>`;
    expect(htmlToMarkdown(grid)).toBe(
      'Shoes\n\n![Shoe](/i.png)\n\n### [Nike Pegasus](/p "Pegasus 41")\n\n$130\n\n### [Other](/q)\n\n$9',
    );
    // Inline beside text, the card still starts its own block; a link that leads nowhere leaves its heading alone.
    expect(htmlToMarkdown(`Latest: <a href="/x"><h2>Post</h2></a> more`)).toBe("Latest:\n\n## [Post](/x)\n\nmore");
    expect(htmlToMarkdown(`<a href="javascript:void(0)"><h3>Menu</h3><p>x</p></a><a name="top"><h2>Top</h2></a>`)).toBe(
      "### Menu\n\nx\n\n## Top",
    );
    // A card without a heading is still one link, its lines joined by hard breaks.
    expect(htmlToMarkdown(`<a href="/p"><div>Nike Pegasus</div><div>$130</div></a>`)).toBe(
      "[Nike Pegasus\\\n$130](/p)",
    );
  });

  it("keeps links on one line, drops empty and skip links, and unwraps javascript: links", () => {
    expect(
      htmlToMarkdown(`<p><a href="#content">Skip to content</a>Hello <a href="https://x.test/a"></a>world
      <a href="javascript:void(0)">menu</a> <a href="https://x.test/i"><img src="https://x.test/i.png" alt="I"></a>\
</p>`),
    ).toBe("Hello world menu [![I](https://x.test/i.png)](https://x.test/i)");
    expect(htmlToMarkdown(`<a href="https://x.test/a b(1)" title="The &quot;A&quot;">A</a>`)).toBe(
      '[A](<https://x.test/a b%281%29> "The \\"A\\"")',
    );
  });

  it("percent-encodes parentheses and angle brackets in link and image destinations", () => {
    // An inline SVG as a data: URL is full of parentheses; a reader that ends the destination at the first ")"
    // must not spill the SVG's markup into the text.
    const svg = `data:image/svg+xml,%3Csvg%3E%3Cpath fill='rgb(0,0,0)' d='M0 0'/%3E%3C/svg%3E`;
    const markdown = htmlToMarkdown(
      `<p><a href="https://x.test/wiki/Go_(language)">Go</a> <img ` +
        `src="${svg}" alt="icon"> <a href="/q?a=<b>">q</a></p>`,
    );
    expect(markdown).toBe(
      "[Go](https://x.test/wiki/Go_%28language%29) ![icon](<data:image/svg+xml," +
        "%3Csvg%3E%3Cpath fill='rgb%280,0,0%29' d='M0 0'/%3E%3C/svg%3E>) [q](/q?a=%3Cb%3E)",
    );
    expect(markdown.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")).toBe("Go icon q");
  });

  it("writes ATX headings on one line, breaks, quotes and rules", () => {
    expect(
      htmlToMarkdown(
        `<h2>Multi<br>line   heading</h2><p>one<br>two</p><blockquote><p>quoted</p></blockquote><hr><h3></h3>`,
      ),
    ).toBe("## Multi line heading\n\none\ntwo\n\n> quoted\n\n---");
  });

  it(
    "puts a line break at the edge of bold or italic text outside " +
      "its delimiters, so that the emphasis still closes",
    () => {
      expect(
        htmlToMarkdown("<p><strong>Contact:<br></strong>Harbour office</p><p><b><br>Opening hours</b> daily</p>"),
      ).toBe("**Contact:**\nHarbour office\n\n**Opening hours** daily");
      expect(htmlToMarkdown("<p>one <em>two<br>three</em> four</p>")).toBe("one *two\nthree* four");
    },
  );

  it("ignores scripts, styles and the head even in uncleaned HTML", () => {
    expect(
      htmlToMarkdown(`<html><head><title>T</title><style>p{}</style></head><body><script>alert(1)</script>
      <p>body</p><svg><title>icon</title></svg><noscript>enable JS</noscript></body></html>`),
    ).toBe("body");
  });

  it("returns an empty string for empty input", () => {
    expect(htmlToMarkdown("")).toBe("");
    expect(htmlToMarkdown("  <div> </div> ")).toBe("");
  });
});

describe("nested blocks, against turndown", () => {
  // Wrappers whose rule only adds blank lines are joined into their parent without building their own text
  // (serialize.ts, spliceBlock): the newlines at every seam must come out as turndown's join makes them.
  const snippets = [
    "<div><div><p>one</p></div><div></div><div><p>two</p><pre><code>x\n</code></pre></div></div><p>three</p>",
    "<div>\n\n<p>\n</p>\n<div> </div>lead<div><div><p>deep</p></div></div>tail</div>",
    "<strong>bold <div>block in bold</div></strong> after <em><div><p>para</p></div></em>",
    "<ul><li><div><p>item one</p><p>more</p></div></li><li><div></div></li></ul>" +
      "<blockquote><div><p>quoted</p></div><div></div></blockquote>",
    "<div><br><br></div><div>a<br></div><p></p><div><p>b</p>\n</div>" +
      "<table><tr><td><div><p>cell</p></div></td></tr></table>",
  ];
  for (const [i, html] of snippets.entries()) {
    it(`matches turndown on snippet ${i + 1}`, () => {
      expect(htmlToMarkdown(html)).toBe(turndownMarkdown(html));
    });
  }
});

describe("removeBase64Images", () => {
  it("replaces base64 image targets and keeps the alt text", () => {
    const markdown = [
      "![logo](data:image/png;base64,iVBORw0KGgo=) text",
      '![a \\] b](data:image/svg+xml;charset=utf-8;base64,PHN2Zz4= "title")',
      "![](<data:image/jpeg;base64,/9j/4AAQ>)",
      "![kept](https://x.test/a.png) [link](data:text/plain;base64,SGk=)",
    ].join("\n");
    expect(removeBase64Images(markdown)).toBe(
      [
        "![logo](<Base64-Image-Removed>) text",
        "![a \\] b](<Base64-Image-Removed>)",
        "![](<Base64-Image-Removed>)",
        "![kept](https://x.test/a.png) [link](data:text/plain;base64,SGk=)",
      ].join("\n"),
    );
  });
});

describe("jsonToMarkdown and textToMarkdown", () => {
  it("fences JSON as served", () => {
    expect(jsonToMarkdown('\uFEFF{"a":1,"b":[true]}\n')).toBe('```json\n{"a":1,"b":[true]}\n```');
    expect(jsonToMarkdown('{"code":"```js"}')).toBe('````json\n{"code":"```js"}\n````');
  });

  it("keeps plain text verbatim with tidy paragraphs", () => {
    expect(
      textToMarkdown("\r\nUser-agent: *   \r\nDisallow: /_private\r\n\r\n\r\n\r\n# kept as written\u0007\n\n"),
    ).toBe("User-agent: *\nDisallow: /_private\n\n# kept as written");
  });
});
