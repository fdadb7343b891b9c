/**
 * REFERENCE ONLY (with transform.ts, the page path before the shared tree): the cheap analysis pass that runs
 * before cleaning when needed. It finds `<base href>` and which boilerplate candidates hold the main content,
 * which a streaming pass cannot look ahead to see.
 */
import { decodeHtmlEntities } from "./entities";
import { onElementEnd, scanHtml } from "./rewriter";
import { BOILERPLATE_SELECTOR, MAIN_CONTENT_SELECTOR, SEMANTIC_BOILERPLATE_TAGS } from "../../src/html/selectors";
import { parseBaseUrl } from "../../src/html/urls";

/** A boilerplate candidate whose end tag has not been reached yet. */
interface OpenCandidate {
  order: number;
  /** Matched by tag (header, nav, ...), so only a real main container inside protects it. */
  semantic: boolean;
}

export interface PageAnalysis {
  base: URL | null;
  /** Order numbers (among BOILERPLATE_SELECTOR matches) of candidates that hold main content. */
  protectedCandidates: Set<number>;
}

export async function analysePage(
  rawHtml: string,
  baseUrl: string,
  findProtectedCandidates: boolean,
): Promise<PageAnalysis> {
  let baseHref: string | null = null;
  const protectedCandidates = new Set<number>();
  const rewriter = new HTMLRewriter().on("base[href]", {
    element(element) {
      baseHref ??= element.getAttribute("href");
    },
  });

  if (findProtectedCandidates) {
    const openCandidates: OpenCandidate[] = [];
    let candidateOrder = -1;
    rewriter
      .on(BOILERPLATE_SELECTOR, {
        element(element) {
          candidateOrder++;
          const candidate: OpenCandidate = {
            order: candidateOrder,
            semantic: SEMANTIC_BOILERPLATE_TAGS.has(element.tagName),
          };
          const hasEnd = onElementEnd(element, () => {
            const index = openCandidates.lastIndexOf(candidate);
            if (index >= 0) openCandidates.splice(index, 1);
          });
          if (hasEnd) openCandidates.push(candidate);
        },
      })
      // Registered after the candidate handler so an element that is both (say <main class="top">) is
      // already open when it protects itself.
      .on(MAIN_CONTENT_SELECTOR, {
        element() {
          for (const candidate of openCandidates) protectedCandidates.add(candidate.order);
        },
      })
      .on("article", {
        element() {
          for (const candidate of openCandidates) {
            if (!candidate.semantic) protectedCandidates.add(candidate.order);
          }
        },
      });
  }

  await scanHtml(rawHtml, rewriter);
  const pageUrl = parseBaseUrl(baseUrl);
  const base = baseHref !== null ? (parseBaseUrl(decodeHtmlEntities(baseHref), pageUrl) ?? pageUrl) : pageUrl;
  return { base, protectedCandidates };
}
