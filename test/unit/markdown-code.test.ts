/**
 * htmlToMarkdown on code: the fence language from the markup around a block, spacing kept inside code, highlighted
 * lines on lines of their own.
 */
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "../../src/markdown";

describe("htmlToMarkdown: code blocks", () => {
  it(
    "takes the code language from language-, lang-, data-lang and " +
      '"brush: js", and lengthens the fence when needed',
    () => {
      expect(htmlToMarkdown(`<pre><code class="hljs language-TypeScript">let a = 1;\n</code></pre>`)).toBe(
        "```typescript\nlet a = 1;\n```",
      );
      expect(htmlToMarkdown(`<pre class="lang-rust"><code>fn main() {}</code></pre>`)).toBe(
        "```rust\nfn main() {}\n```",
      );
      expect(htmlToMarkdown(`<pre data-lang="sh">ls -la</pre>`)).toBe("```sh\nls -la\n```");
      expect(htmlToMarkdown(`<pre class="brush: js notranslate"><code>let a = 1;</code></pre>`)).toBe(
        "```js\nlet a = 1;\n```",
      );
      expect(htmlToMarkdown("<pre><code>a ``` b</code></pre>")).toBe("````\na ``` b\n````");
    },
  );

  it("takes the language from Sphinx's wrapper, a wrapper two levels up and a well-known language's class word", () => {
    const sphinx = (language: string) =>
      `<div class="highlight-${language} notranslate"><div class="highlight"><pre><span></span>x = 1</pre></div></div>`;
    expect(htmlToMarkdown(sphinx("python3"))).toBe("```python\nx = 1\n```");
    expect(htmlToMarkdown(sphinx("pycon"))).toBe("```pycon\nx = 1\n```");
    // "default" is whatever the site set as default; a wrapper that is not Sphinx's names no language.
    expect(htmlToMarkdown(sphinx("default"))).toBe("```\nx = 1\n```");
    expect(htmlToMarkdown(`<div class="highlight-line"><div class="box"><pre>x = 1</pre></div></div>`)).toBe(
      "```\nx = 1\n```",
    );
    expect(
      htmlToMarkdown(
        `<div class="code-block language-hcl"><div class="body"><pre ` +
          `class="code"><code>resource "a" "b" {}</code></pre></div></div>`,
      ),
    ).toBe('```hcl\nresource "a" "b" {}\n```');
    expect(htmlToMarkdown(`<pre class="rust rust-example-rendered"><code>let x = 5;</code></pre>`)).toBe(
      "```rust\nlet x = 5;\n```",
    );
    expect(htmlToMarkdown(`<pre class="gatsby-code-jsx"><code>&lt;App /&gt;</code></pre>`)).toBe(
      "```jsx\n<App />\n```",
    );
    // A wrapper's language- / lang- class that names no programming language (the page's language, a menu) says
    // nothing.
    expect(htmlToMarkdown(`<div class="lang-en"><div class="post"><pre><code>x = 1</code></pre></div></div>`)).toBe(
      "```\nx = 1\n```",
    );
    expect(htmlToMarkdown(`<div class="language-selector"><pre>x = 1</pre></div>`)).toBe("```\nx = 1\n```");
    // A highlighter's own class names the language whatever it is.
    expect(htmlToMarkdown(`<div class="highlight highlight-source-objc"><pre>[a b];</pre></div>`)).toBe(
      "```objc\n[a b];\n```",
    );
    // Class words that are not well-known language names say nothing.
    expect(htmlToMarkdown(`<pre class="text js wide-go"><code>plain</code></pre>`)).toBe("```\nplain\n```");
  });

  it("keeps blank lines and spacing inside code while collapsing them outside", () => {
    expect(htmlToMarkdown("<pre><code>one\n\n\n\ntwo  </code></pre><p>a</p><br><br><br><br><p>b</p>")).toBe(
      "```\none\n\n\n\ntwo\n```\n\na\n\nb",
    );
    expect(htmlToMarkdown("<pre><code>line one<br>line two</code></pre>")).toBe("```\nline one\nline two\n```");
  });

  it(
    "starts each highlighted line on a line of its own when the " + "highlighter leaves the break to its stylesheet",
    () => {
      const glued =
        `<pre class="shiki"><code><span class="line"><span>npm</span><span> create vite</span>` +
        `</span><span class="line"><span>cd</span><span> app</span></span></code></pre>`;
      expect(htmlToMarkdown(glued)).toBe("```\nnpm create vite\ncd app\n```");
      const separated =
        `<pre class="shiki"><code><span class="line">npm create ` +
        `vite</span>\n<span class="line">cd app</span>\n</code></pre>`;
      expect(htmlToMarkdown(separated)).toBe("```\nnpm create vite\ncd app\n```");
      // gatsby-remark-prismjs wraps a highlighted line without the newline after it.
      const gatsby =
        `<pre><code>function f() {\n<span class="gatsby-highlight-code-line">  // note</span>` +
        `<span class="gatsby-highlight-code-line">  run();</span>\n}</code></pre>`;
      expect(htmlToMarkdown(gatsby)).toBe("```\nfunction f() {\n  // note\n  run();\n}\n```");
    },
  );
});
