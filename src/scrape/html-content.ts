/**
 * The page path from raw HTML to every format: one parse into the page tree (src/dom), then every pass on it —
 * metadata and JSON-LD, link discovery (whole page), cleaning (junk, include/exclude tags, absolute URLs),
 * main content, then Markdown, `html`, `links`, `images` and `attributes` from the same result tree.
 *
 * Order matters because cleaning edits the tree: metadata and discovery read the page before it.
 */
import { parseHtml } from "../dom/parse";
import { innerHtml, toHtml } from "../dom/serialize";
import type { ElementNode } from "../dom/tree";
import { extractAttributes, type AttributeSelector, type AttributeValues } from "../html/attributes";
import { cleanTree, type CleanedPage } from "../html/clean";
import { discoverLinks } from "../html/links";
import { resolveNoscript, selectorMainContent } from "../html/main-content";
import { extractMetadata, type PageMetadata } from "../html/metadata";
import { treeToMarkdown } from "../markdown";

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
}

export interface HtmlPathResult {
  metadata: PageMetadata;
  /** The page's JSON-LD blocks (a signal for main-content extraction). */
  jsonLd: unknown[];
  markdown?: string;
  html?: string;
  links: string[];
  images: string[];
  attributes?: AttributeValues[];
  discoveredLinks?: string[];
}

export function convertHtml(rawHtml: string, options: HtmlPathOptions): HtmlPathResult {
  const document = parseHtml(rawHtml);
  const { metadata, jsonLd } = extractMetadata(document, options.url);
  const discoveredLinks = options.discoverLinks ? discoverLinks(document, options.url) : undefined;
  const cleaned = cleanTree(document, { baseUrl: options.url, includeTags: options.includeTags, excludeTags: options.excludeTags });
  const root = mainContent(cleaned, options.onlyMainContent, { url: options.url, title: metadata.title, jsonLd, metadata });
  const { links, images } = cleaned.linksAndImages(root);
  return {
    metadata,
    jsonLd,
    markdown: options.markdown ? treeToMarkdown(root) : undefined,
    html: options.html ? cleanedHtml(root, cleaned) : undefined,
    links,
    images,
    attributes: options.attributes ? extractAttributes(root, options.attributes) : undefined,
    discoveredLinks,
  };
}

/** What main-content extraction may use besides the tree (the shape of src/extract's PageSignals). */
interface MainContentSignals {
  url: string;
  title?: string;
  jsonLd: unknown[];
  metadata: Record<string, unknown>;
}

/**
 * The part of the cleaned page the formats show. onlyMainContent uses the selector rules of main-content.ts
 * (the interim step until src/extract's extractMainContent(body, signals) takes over, `signals` are ready for
 * it); both paths settle <noscript> the same way.
 */
function mainContent(cleaned: CleanedPage, onlyMainContent: boolean, _signals: MainContentSignals): ElementNode {
  const root = onlyMainContent ? selectorMainContent(cleaned.body, cleaned.includedRoots) : cleaned.body;
  resolveNoscript(root);
  return root;
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
