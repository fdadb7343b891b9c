/**
 * Offline quality harness, the part that runs the project's own code (bundled by offline.mjs with esbuild):
 * raw HTML → parseHtml → a STAND-IN for cleanTree (src/html/clean.ts is written on another branch; this only drops
 * what cleanTree is specified to drop) → extractMainContent → toHtml → the project's turndown markdown.
 */
import { parseHtml } from "../../src/dom/parse";
import { toHtml } from "../../src/dom/serialize";
import { findElement, rawText, removeNode, walkElements, type ElementNode } from "../../src/dom/tree";
import { extractMainContent, type PageSignals } from "../../src/extract";
import { htmlToMarkdown } from "../../src/markdown";

const JUNK = new Set(["head", "script", "style", "template", "meta", "link", "base", "title", "symbol"]);

/** What cleanTree drops (PIPELINE.md), nothing more: junk elements and hidden SVG sprites. noscript is kept. */
function standInClean(document: ElementNode): ElementNode {
  const doomed: ElementNode[] = [];
  walkElements(document, (element) => {
    const hiddenSvg =
      element.name === "svg" &&
      (element.attrs["aria-hidden"] === "true" || "hidden" in element.attrs || /display:\s*none/i.test(element.attrs.style ?? ""));
    if (JUNK.has(element.name) || hiddenSvg) {
      doomed.push(element);
      return false;
    }
  });
  for (const element of doomed) removeNode(element);
  return findElement(document, "body") ?? document;
}

/** Meta names the metadata pass (src/html/metadata.ts) files under camelCase fields; others keep their own name. */
const NAMED_METAS: Record<string, string> = { description: "description", "og:description": "ogDescription", "og:title": "ogTitle", "og:type": "ogType" };

/** The signals the pipeline hands the extractor: JSON-LD blocks, title and metas, read from the raw tree. */
function pageSignals(document: ElementNode, url: string): PageSignals {
  const jsonLd: unknown[] = [];
  const metadata: Record<string, unknown> = {};
  let title: string | undefined;
  walkElements(document, (element) => {
    if (element.name === "script" && /ld\+json/i.test(element.attrs.type ?? "")) {
      try {
        jsonLd.push(JSON.parse(rawText(element)));
      } catch {
        // A broken block is skipped, as the metadata pass does.
      }
      return false;
    }
    if (element.name === "title" && title === undefined) title = rawText(element).trim();
    if (element.name === "meta") {
      const key = element.attrs.property ?? element.attrs.name;
      if (key && element.attrs.content !== undefined) metadata[NAMED_METAS[key.toLowerCase()] ?? key] ??= element.attrs.content;
    }
  });
  if (title !== undefined) metadata.title = title;
  return { url, title, jsonLd, metadata };
}

export interface OfflineResult {
  markdown: string;
  warnings: string[];
  parseMs: number;
  extractMs: number;
  markdownMs: number;
}

const BLOCKS = new Set([
  "p", "div", "section", "article", "main", "aside", "header", "footer", "nav", "li", "ul", "ol", "dl", "dt", "dd", "table", "tr",
  "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "br", "hr", "figure", "figcaption", "form", "details", "summary",
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
  return parts.join("").replace(/[ \t\r\f\v]+/g, " ").replace(/ *\n[\s]*/g, "\n").trim();
}

export function runPage(html: string, url: string, quick = false): OfflineResult {
  const t0 = performance.now();
  const document = parseHtml(html);
  const signals = pageSignals(document, url);
  const body = standInClean(document);
  const t1 = performance.now();
  const { root, warnings } = extractMainContent(body, signals);
  const t2 = performance.now();
  const markdown = quick ? quickText(root) : htmlToMarkdown(toHtml(root));
  const t3 = performance.now();
  return { markdown, warnings, parseMs: t1 - t0, extractMs: t2 - t1, markdownMs: t3 - t2 };
}
