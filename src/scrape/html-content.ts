/**
 * The page path from raw HTML to every format: one parse into the page tree (src/dom), then every pass on it —
 * metadata and JSON-LD, link discovery (whole page), cleaning (junk, include/exclude tags), main content, the kept
 * part's URLs made absolute (with its `links` and `images`), then Markdown, `html` and `attributes` from the same
 * result tree.
 *
 * Order matters because cleaning edits the tree: metadata and discovery read the page before it; and the URLs are
 * resolved only where the formats read them (html/clean.ts).
 */
import { parseHtml } from "../dom/parse";
import { innerHtml, toHtml } from "../dom/serialize";
import type { ElementNode } from "../dom/tree";
import { extractAttributes, type AttributeSelector, type AttributeValues } from "../html/attributes";
import { cleanTree, type CleanedPage } from "../html/clean";
import { discoverLinks } from "../html/links";
import { selectorMainContent } from "../html/main-content";
import { resolveNoscript } from "../html/noscript";
import { extractMainContent, type PageSignals } from "../main-content";
import { extractMetadata, type PageMetadata } from "../html/metadata";
import { treeToMarkdown } from "../markdown";
import { readMicrodata } from "../structured/microdata";

export interface HtmlPathOptions {
  /** The final page URL (relative URLs resolve against it, or the page's <base href>). */
  url: string;
  onlyMainContent: boolean;
  includeTags?: string[];
  excludeTags?: string[];
  /** What to produce; everything else is skipped. */
  markdown: boolean;
  html: boolean;
  attributes?: AttributeSelector[];
  /** Every followable link of the whole page (crawl and map). */
  discoverLinks: boolean;
  /** The page's structured data, JSON-LD and microdata (the product and menu formats). */
  structuredData?: boolean;
}

export interface HtmlPathResult {
  metadata: PageMetadata;
  /** The page's JSON-LD blocks (a signal for main-content extraction). */
  jsonLd: unknown[];
  markdown?: string;
  html?: string;
  /** What the main-content step wants the caller to know (a fallback it took). */
  warnings: string[];
  links: string[];
  images: string[];
  attributes?: AttributeValues[];
  discoveredLinks?: string[];
  /** With `structuredData`: the JSON-LD blocks and the microdata items, read before cleaning. */
  structured?: unknown[];
}

export function convertHtml(rawHtml: string, options: HtmlPathOptions): HtmlPathResult {
  const document = parseHtml(rawHtml);
  const { metadata, jsonLd } = extractMetadata(document, options.url);
  const discoveredLinks = options.discoverLinks ? discoverLinks(document, options.url) : undefined;
  const structured = options.structuredData ? [...jsonLd, ...readMicrodata(document, options.url)] : undefined;
  const cleaned = cleanTree(document, {
    baseUrl: options.url,
    includeTags: options.includeTags,
    excludeTags: options.excludeTags,
  });
  const { root, warnings } = mainContent(cleaned, options.onlyMainContent, {
    url: options.url,
    title: metadata.title,
    jsonLd,
    metadata,
  });
  const { links, images } = cleaned.linksAndImages(root);
  return {
    metadata,
    jsonLd,
    markdown: options.markdown ? treeToMarkdown(root) : undefined,
    html: options.html ? cleanedHtml(root, cleaned) : undefined,
    warnings,
    links,
    images,
    attributes: options.attributes ? extractAttributes(root, options.attributes) : undefined,
    discoveredLinks,
    structured,
  };
}

/**
 * The part of the cleaned page the formats show: with onlyMainContent, the main content found by src/main-content —
 * or, when includeTags chose the content, those matches without the chrome inside them (selector rules); without
 * it, the whole cleaned body. <noscript> is settled the same way on every path (html/noscript.ts).
 */
function mainContent(
  cleaned: CleanedPage,
  onlyMainContent: boolean,
  signals: PageSignals,
): { root: ElementNode; warnings: string[] } {
  if (onlyMainContent && cleaned.includedRoots === null) return extractMainContent(cleaned.body, signals);
  const root = onlyMainContent ? selectorMainContent(cleaned.body, cleaned.includedRoots) : cleaned.body;
  resolveNoscript(root);
  return { root, warnings: [] };
}

/**
 * The `html` format: the cleaned document (`<html><body>…`); with includeTags only the kept matches, and for
 * a fragment only its content.
 */
function cleanedHtml(root: ElementNode, cleaned: CleanedPage): string {
  if ((cleaned.includedRoots !== null || !cleaned.bodyFromSource) && root === cleaned.body) return innerHtml(root);
  const html = root === cleaned.body && root.parent?.name === "html" ? root.parent : root;
  return toHtml(html);
}
