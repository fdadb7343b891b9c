/**
 * REFERENCE ONLY: the HTMLRewriter version of this pass, before the shared page tree (parity tests, bench).
 *
 * Page metadata for `data.metadata`: title, description, language, Open Graph, Dublin Core and
 * article fields under Firecrawl's camelCase names, plus every other `<meta name|property|itemprop>` under
 * its own name as written in the page (e.g. "twitter:card", "og:title", "viewport"), as Firecrawl does.
 *
 * Repeated meta keys keep their first value; only og:locale:alternate collects every value. Raw meta names
 * never overwrite a named field or a key the API itself sets on `metadata` (url, statusCode, ...).
 */
import { assembleMetadata, declareLink, type DeclaredMetadata, type PageMetadata } from "../../src/html/metadata";
import { decodeHtmlEntities } from "./entities";
import { onElementEnd, scanHtml } from "./rewriter";

/** Collects with HTMLRewriter; the fields are assembled by the same code as the tree version's. */
export async function extractMetadata(rawHtml: string, baseUrl: string): Promise<PageMetadata> {
  const declared: DeclaredMetadata = {
    titleText: null,
    language: null,
    baseHref: null,
    canonicalHref: null,
    iconHrefs: [],
    metaValues: [],
  };
  let readingTitle = false;
  let svgDepth = 0;

  const rewriter = new HTMLRewriter()
    .on("html", {
      element(element) {
        declared.language ??= element.getAttribute("lang");
      },
    })
    // An inline <svg> can hold its own <title>; only the document's title counts.
    .on("svg", {
      element(element) {
        if (onElementEnd(element, () => svgDepth--)) svgDepth++;
      },
    })
    .on("title", {
      element(element) {
        if (declared.titleText !== null || svgDepth > 0) return;
        declared.titleText = "";
        readingTitle = true;
        if (!onElementEnd(element, () => void (readingTitle = false))) readingTitle = false;
      },
      text(text) {
        if (readingTitle) declared.titleText += text.text;
      },
    })
    .on("base[href]", {
      element(element) {
        declared.baseHref ??= element.getAttribute("href");
      },
    })
    .on("link[rel][href]", {
      element(element) {
        declareLink(declared, element.getAttribute("rel") ?? "", element.getAttribute("href") ?? "");
      },
    })
    .on("meta[content]", {
      element(element) {
        const key =
          element.getAttribute("name") ?? element.getAttribute("property") ?? element.getAttribute("itemprop");
        const content = element.getAttribute("content");
        if (key !== null && key.trim() !== "" && content !== null) declared.metaValues.push([key.trim(), content]);
      },
    });
  await scanHtml(rawHtml, rewriter);

  return assembleMetadata(declared, baseUrl, decodeHtmlEntities);
}
