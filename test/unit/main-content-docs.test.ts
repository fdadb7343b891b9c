/**
 * Main-content extraction on small hand-written documentation pages: the rules about how generated markup (CSS
 * modules, documentation generators' section anchors) is read, so that a reference page keeps every section and
 * table of its own.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/dom/parse";
import { collapsedText, findElement } from "../../src/dom/tree";
import { extractMainContent } from "../../src/main-content";

function extract(bodyHtml: string) {
  const body = findElement(parseHtml(`<html><head><title>t</title></head><body>${bodyHtml}</body></html>`), "body")!;
  const result = extractMainContent(body, { url: "https://docs.example.test/guide", jsonLd: [], metadata: {} });
  return collapsedText(result.root);
}

const sentence = (topic: string, n = 3) =>
  Array.from(
    { length: n },
    (_, i) => `The ${topic} is read for the ${i + 1}. time, and the tool writes down what it found, line by line.`,
  ).join(" ");

const sidebar = `<nav class="docs-sidebar"><ul>${["Install", "Configure", "Deploy", "Upgrade", "Reference"]
  .map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`)
  .join("")}</ul></nav>`;
const footer = `<footer><p>© 2025 Example Docs.</p><a href="/privacy">Privacy</a></footer>`;

describe("documentation pages", () => {
  it(
    "keeps a code block whose wrapper is named like clutter (a " + "highlighter's toolbar, a meta line, a drop-down)",
    () => {
      const code = (n: number) =>
        `<pre><code class="language-python">import os\nprint(os.getcwd())  # ` +
        `sample ${n}\nfor name in os.listdir("."):\n    print(name)</code></pre>`;
      const page = `${sidebar}<main><h1>Listing files</h1><p>${sentence("listing", 4)}</p>
      <div class="code-toolbar">${code(1)}<div class="toolbar"><div class="toolbar-item"><button>Copy</button></div>\
</div></div>
      <div class="highlight-meta"><span>example.py</span>${code(2)}</div><div class="dropdown-content">${code(3)}</div>
      <p>${sentence("closing note", 3)}</p></main>${footer}`;
      const text = extract(page);
      for (const n of [1, 2, 3]) expect(text).toContain(`# sample ${n}`);
      expect(text).not.toContain("Copy");
      expect(text).not.toContain("Upgrade");
    },
  );

  it("keeps an <aside> named as a callout (a note, a caution) in the text, and drops one that is a sidebar", () => {
    const page = `${sidebar}<main><h1>Upgrading</h1><p>${sentence("upgrade", 4)}</p>
      <aside aria-label="Caution" class="starlight-aside starlight-aside--caution"><p>Back up the database before you \
upgrade.</p></aside>
      <p>${sentence("migration", 3)}</p><aside class="Note"><p><strong>Note:</strong> For other tutorials, see the \
index.</p></aside>
      <p>${sentence("closing note", 3)}</p><aside class="related"><h3>More guides</h3><p>Read how we moved to the new \
storage.</p></aside></main>${footer}`;
    const text = extract(page);
    expect(text).toContain("Back up the database before you upgrade.");
    expect(text).toContain("For other tutorials, see the index.");
    expect(text).not.toContain("Read how we moved");
    expect(text).not.toContain("Upgrade");
  });

  it("reads no layout into a code sample's highlighter classes: its comments, tags and meta lines stay", () => {
    const code = `<pre class="hljs"><code class="language-js"><span class="hljs-comment">// Connect once, reuse the \
pool everywhere</span>
<span class="hljs-meta">"use strict"</span>;
const pool = connect(<span class="token tag">&lt;Options&gt;</span>);</code></pre>
      <pre><code><span class="token comment"># install the command line tool first</span>\nnpm install tool</code>\
</pre>`;
    const page =
      `${sidebar}<main><h1>Connection pools</h1>` +
      `<p>${sentence("pool", 4)}</p>${code}<p>${sentence("closing note", 3)}</p>` +
      `</main>${footer}`;
    const text = extract(page);
    expect(text).toContain("// Connect once, reuse the pool everywhere");
    expect(text).toContain('"use strict"');
    expect(text).toContain("<Options>");
    expect(text).toContain("# install the command line tool first");
    expect(text).not.toContain("Upgrade");
  });

  it(
    'reads a CSS module\'s hash after "__" as no word: an argument ' +
      'table named "mdx-table_root__adKqa" is not an ad',
    () => {
      const rows = ["count", "provider", "lifecycle"]
        .map((name) => `<tr><td><code>${name}</code></td><td>${sentence(`argument ${name}`, 1)}</td></tr>`)
        .join("");
      const page = `${sidebar}<main><h1>Resource block</h1><p>${sentence("resource block", 4)}</p>
      <div class="mdx-table_root__adKqa"><table><thead><tr><th>Argument</th><th>Description</th></tr></thead>\
<tbody>${rows}</tbody></table></div>
      <p>${sentence("closing note", 4)}</p></main>${footer}`;
      const text = extract(page);
      expect(text).toContain("The argument lifecycle is read for the 1. time");
      expect(text).toContain("The closing note is read for the 2. time");
      expect(text).not.toContain("Upgrade");
    },
  );

  it(
    "reads a section id as its heading's slug past the empty anchors " +
      "before the heading and a generator's short prefix",
    () => {
      const section = (id: string, title: string) =>
        `<section id="${id}"><span id="old-${id}"></span><h2>${title}<a class="headerlink" ` +
        `href="#${id}">¶</a></h2><p>${sentence(title.toLowerCase(), 2)}</p></section>`;
      const trimmed = section(
        "use-trimmed-interleaved-replies-in-email-discussions",
        "Use trimmed interleaved replies in email discussions",
      );
      const page = `${sidebar}<main><h1>Working with forms</h1><p>${sentence("form", 4)}</p>
      ${trimmed}
      ${section("s-rendering-form-error-messages", "Rendering form error messages")}<p>${sentence("summary", 2)}</p>\
</main>
      <div id="related-links"><h2>Links</h2><p>${sentence("partner site", 2)}</p></div>${footer}`;
      const text = extract(page);
      expect(text).toContain("The use trimmed interleaved replies in email discussions is read for the 2. time");
      expect(text).toContain("The rendering form error messages is read for the 2. time");
      expect(text).not.toContain("The partner site is read");
    },
  );

  it(
    "cuts a feedback poll (a short question with Yes and No buttons) " +
      "and keeps a question asked by the text or an accordion",
    () => {
      const page = `${sidebar}<main><h1>Install the tool</h1><p>${sentence("installer", 4)}</p>
      <div class="faq"><div><button aria-expanded="false">How do I install an older release of the tool?</button>
      <button aria-expanded="false">Can the tool run without network access at all?</button></div>
      <p>Does the tool need root?</p></div><p>${sentence("upgrade", 3)}</p>
      <div class="page-rating"><p>Was this page helpful?</p><button aria-label="Yes">👍</button><button \
aria-label="No">👎</button></div></main>${footer}`;
      const text = extract(page);
      expect(text).toContain("The upgrade is read for the 3. time");
      expect(text).toContain("Does the tool need root?");
      expect(text).not.toContain("Was this page helpful?");
    },
  );

  it(
    "keeps an accordion's questions — buttons asking a question or " +
      "holding a heading, followed by the answer they open",
    () => {
      const faq = [
        ["How do I install an older release of the tool?", "older release"],
        ["Can the tool run without network access at all?", "offline mode"],
      ]
        .map(
          ([question, topic]) =>
            `<div class="faq-item"><button aria-expanded="false">${question}</button>` +
            `<div class="answer"><p>${sentence(topic, 1)}</p></div></div>`,
        )
        .join("");
      const page = `${sidebar}<main><h1>Install the tool</h1><p>${sentence("installer", 4)}</p>
      <div class="faq">${faq}<div class="faq-item"><button><h3>Uninstalling</h3></button><div class="answer">\
<p>${sentence("uninstaller", 1)}</p></div></div></div>
      <div class="toolbar"><button>Copy</button><p>${sentence("closing note", 2)}</p></div></main>${footer}`;
      const text = extract(page);
      expect(text).toContain("How do I install an older release of the tool?");
      expect(text).toContain("The offline mode is read for the 1. time");
      expect(text).toContain("Uninstalling");
      expect(text).not.toContain("Copy");
    },
  );

  it(
    "keeps the questions of an accordion whose headings wrap their " +
      "toggles (WAI-ARIA's pattern), answers not yet in the page",
    () => {
      const question = (q: string, i: number) =>
        `<div class="faq-entry"><h3><button id="faq-${i}" aria-expanded="false" ` +
        `aria-controls="faq-panel-${i}"><span>${q}</span></button></h3></div>`;
      const page = `${sidebar}<main><h1>Install the tool</h1><p>${sentence("installer", 4)}</p><h2>Questions</h2>
      <div \
class="faq">\
${["Which shells does the installer support?", "Does the tool keep its settings on upgrade?"].map(question).join("")}\
</div>
      <div class="toolbar"><h3><button>Copy</button></h3></div></main>${footer}`;
      const text = extract(page);
      expect(text).toContain("Which shells does the installer support?");
      expect(text).toContain("Does the tool keep its settings on upgrade?");
      expect(text).not.toContain("Copy");
    },
  );

  it("keeps an accordion's questions whose toggles are named as buttons by their class", () => {
    const question = (q: string, i: number) =>
      `<div class="faq-entry"><h3><button class="faq-accordion__button" ` +
      `aria-expanded="false" aria-controls="faq-${i}">${q}</button></h3></div>`;
    const page = `${sidebar}<main><h1>Install the tool</h1><p>${sentence("installer", 4)}</p><h2>Questions</h2>
      <div \
class="faq">\
${["Which shells does the installer support?", "Does the tool keep its settings on upgrade?"].map(question).join("")}\
</div></main>${footer}`;
    const text = extract(page);
    expect(text).toContain("Which shells does the installer support?");
  });

  it("keeps a paragraph that refers the reader to another page in a sentence, and drops a short linked label", () => {
    const page = `${sidebar}<main><h1>Storage</h1><p>${sentence("storage layer", 2)}</p>
      <p>For more information, see <a href="/docs/storage-overview">Overview of the storage layer and its \
tables</a>.</p>
      <p>${sentence("query engine", 2)}</p>
      <p>Learn more about <a href="/docs/billing-and-quotas-for-every-region">Billing and quotas for every region</a>\
</p>
      <p>${sentence("export", 2)}</p></main>${footer}`;
    const text = extract(page);
    expect(text).toContain("For more information, see Overview of the storage layer and its tables.");
    expect(text).not.toContain("Billing and quotas");
  });
  it("drops a table of contents' label once its list is cut, whether a heading, a plain <div> or a <summary>", () => {
    const toc =
      `<ul>` +
      ["Install", "Configure", "Networks", "Volumes", "Secrets"]
        .map((s) => `<li><a href="#${s.toLowerCase()}">${s}</a></li>`)
        .join("") +
      `</ul>`;
    const page = `${sidebar}<main><h1>Networking</h1><div class="not-prose"><div class="pb-0 text-lg">Table of \
contents</div><nav class="toc">${toc}</nav></div>
      <p>${sentence("network", 3)}</p><details class="fancy"><summary>On this page</summary><div \
class="toc-body">${toc}</div></details>
      <h2>Volumes</h2><p>${sentence("volume", 3)}</p></main>${footer}`;
    const text = extract(page);
    expect(text).toContain("The volume is read for the 3. time");
    expect(text).not.toContain("Table of contents");
    expect(text).not.toContain("On this page");
  });
  it("drops a table of contents' label over a list a script was to fill in, and one with its fold's toggle", () => {
    const links = ["Install", "Volumes"].map((s) => `<li><a href="#${s.toLowerCase()}">${s}</a></li>`).join("");
    const page = `${sidebar}<main><h1>Networking</h1><div class="new-toc"><strong>Table of contents</strong><ul>\
</ul></div>
      <p>${sentence("network", 3)}</p><div class="lwptoc"><div class="lwptoc_header"><b>Contents</b> <span><a \
href="#">hide</a></span></div><nav class="lwptoc_items"><ul>${links}</ul></nav></div>
      <h2>Volumes</h2><p>${sentence("volume", 3)}</p></main>${footer}`;
    const text = extract(page);
    expect(text).toContain("The volume is read for the 3. time");
    expect(text).not.toContain("Table of contents");
    expect(text).not.toContain("Contents");
    expect(text).not.toContain("hide");
  });
  it(
    "drops a generated manual's Prev / Up / Home / Next tables " +
      "(DocBook's navheader and navfooter) around a chapter",
    () => {
      const nav = (
        name: string,
      ) => `<div class="${name}"><table width="100%"><tr><th colspan="3">Chapter 11. Indexes</th></tr>
      <tr><td><a href="typeconv.html">Prev</a></td><td><a href="sql.html">Up</a></td><th>Part II. The SQL Language</th>\
<td><a href="intro.html">Next</a></td></tr></table></div>`;
      const page = `<div id="docContent">${nav("navheader")}<div class="chapter"><h2>Chapter 11. Indexes</h2>\
<p>${sentence("index", 4)}</p>
      <p>${sentence("query plan", 3)}</p></div>${nav("navfooter")}</div>${footer}`;
      const text = extract(page);
      expect(text).toContain("The query plan is read for the 3. time");
      expect(text).not.toContain("Part II. The SQL Language");
      expect(text).not.toContain("Prev");
    },
  );
});
