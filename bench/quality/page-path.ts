/**
 * Offline quality harness, the part that runs the project's own code (bundled by offline.mjs with esbuild): the
 * server's page path itself — parseHtml → metadata and JSON-LD → cleanTree → extractMainContent → treeToMarkdown
 * — timed stage by stage, so offline figures are the server's figures without the server. `runSelectorPage`
 * times the same path with the previous onlyMainContent (selector lists, html/main-content.ts) for comparison.
 */
import { parseHtml } from "../../src/dom/parse";
import { removeNode, type ElementNode } from "../../src/dom/tree";
import { querySelectorAll } from "../../src/dom/select";
import { extractMainContent } from "../../src/main-content";
import { cleanTree } from "../../src/html/clean";
import { selectorMainContent } from "../../src/html/main-content";
import { extractMetadata } from "../../src/html/metadata";
import { resolveNoscript } from "../../src/html/noscript";
import { treeToMarkdown } from "../../src/markdown";

export interface OfflineResult {
  markdown: string;
  warnings: string[];
  parseMs: number;
  extractMs: number;
  markdownMs: number;
}

// prettier-ignore
const BLOCKS = new Set([
  "p", "div", "section", "article", "main", "aside", "header", "footer", "nav", "li", "ul", "ol", "dl", "dt", "dd",
  "table", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "br", "hr", "figure",
  "figcaption", "form", "details", "summary",
]);
const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "canvas", "img"]);

/**
 * Quick mode: the text the markdown path would yield (markdownToText of turndown's output), approximated straight
 * from the tree — the same words in the same order, at a tiny fraction of turndown's cost. For fast loops only;
 * figures to report come from the markdown path.
 */
function quickText(root: ElementNode): string {
  const parts: string[] = [];
  const visit = (element: ElementNode) => {
    for (const child of element.children) {
      if (child.type === 3) parts.push(child.data.replace(/\s+/g, " "));
      else if (!SKIPPED.has(child.name)) {
        const block = BLOCKS.has(child.name);
        if (block) parts.push("\n");
        visit(child);
        if (block) parts.push("\n");
      }
    }
  };
  visit(root);
  return parts
    .join("")
    .replace(/[ \t\r\f\v]+/g, " ")
    .replace(/ *\n[\s]*/g, "\n")
    .trim();
}

export function runPage(html: string, url: string, quick = false): OfflineResult {
  const t0 = performance.now();
  const document = parseHtml(html);
  const { metadata, jsonLd } = extractMetadata(document, url);
  const cleaned = cleanTree(document, { baseUrl: url });
  const t1 = performance.now();
  const { root, warnings } = extractMainContent(cleaned.body, { url, title: metadata.title, jsonLd, metadata });
  cleaned.linksAndImages(root);
  const t2 = performance.now();
  const markdown = quick ? quickText(root) : treeToMarkdown(root);
  const t3 = performance.now();
  return { markdown, warnings, parseMs: t1 - t0, extractMs: t2 - t1, markdownMs: t3 - t2 };
}

/** Milliseconds of the whole page path with the selector-list main content instead of the extractor. */
export function runSelectorPage(html: string, url: string): number {
  const t0 = performance.now();
  const document = parseHtml(html);
  extractMetadata(document, url);
  const cleaned = cleanTree(document, { baseUrl: url });
  const root = selectorMainContent(cleaned.body, cleaned.includedRoots);
  resolveNoscript(root);
  cleaned.linksAndImages(root);
  treeToMarkdown(root);
  return performance.now() - t0;
}

/**
 * The text of the page's first element matching `selector` (a content container known for the site, such as
 * rustdoc's `#main-content`), as `quickText` reads it, without the elements matching `exclude`, on one line: a
 * stand-in for ground truth on pages outside the benchmark (bench/quality/container.mjs). Null when nothing matches.
 */
export function containerText(html: string, selector: string, exclude?: string): string | null {
  const container = querySelectorAll(parseHtml(html), selector)[0];
  if (container === undefined) return null;
  if (exclude) for (const element of querySelectorAll(container, exclude)) removeNode(element);
  return quickText(container).replace(/\s+/g, " ");
}
