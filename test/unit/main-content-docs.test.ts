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
  Array.from({ length: n }, (_, i) => `The ${topic} is read for the ${i + 1}. time, and the tool writes down what it found, line by line.`).join(" ");

const sidebar = `<nav class="docs-sidebar"><ul>${["Install", "Configure", "Deploy", "Upgrade", "Reference"]
  .map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`)
  .join("")}</ul></nav>`;
const footer = `<footer><p>© 2025 Example Docs.</p><a href="/privacy">Privacy</a></footer>`;

describe("documentation pages", () => {
  it("reads a CSS module's hash after \"__\" as no word: an argument table named \"mdx-table_root__adKqa\" is not an ad", () => {
    const rows = ["count", "provider", "lifecycle"]
      .map((name) => `<tr><td><code>${name}</code></td><td>${sentence(`argument ${name}`, 1)}</td></tr>`)
      .join("");
    const page = `${sidebar}<main><h1>Resource block</h1><p>${sentence("resource block", 4)}</p>
      <div class="mdx-table_root__adKqa"><table><thead><tr><th>Argument</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table></div>
      <p>${sentence("closing note", 4)}</p></main>${footer}`;
    const text = extract(page);
    expect(text).toContain("The argument lifecycle is read for the 1. time");
    expect(text).toContain("The closing note is read for the 2. time");
    expect(text).not.toContain("Upgrade");
  });
});
