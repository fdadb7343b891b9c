/**
 * REFERENCE ONLY: the HTMLRewriter version of this pass, before the shared page tree (parity tests, bench).
 *
 * Link discovery for crawls and map: every followable link of the whole page (navigation and footer
 * included — that is how a crawler finds the rest of a site), unlike the `links` format, which lists the
 * links of the cleaned content. A page that asks robots not to follow its links (`<meta name="robots"
 * content="nofollow">`) yields none; `rel="nofollow"` links are skipped.
 */
import { decodeHtmlEntities } from "./entities";
import { scanHtml } from "./rewriter";
import { parseBaseUrl, resolveUrl } from "../../src/html/urls";

export async function discoverLinks(rawHtml: string, pageUrl: string): Promise<string[]> {
  let base = parseBaseUrl(pageUrl);
  const raw: string[] = [];
  let nofollowPage = false;
  const rewriter = new HTMLRewriter()
    .on("base[href]", {
      element(element) {
        base = parseBaseUrl(decodeHtmlEntities(element.getAttribute("href") ?? ""), base) ?? base;
      },
    })
    .on("meta[name]", {
      element(element) {
        const name = (element.getAttribute("name") ?? "").toLowerCase();
        if (
          (name === "robots" || name === "serviceagent") &&
          /nofollow|none/i.test(element.getAttribute("content") ?? "")
        )
          nofollowPage = true;
      },
    })
    .on("a[href], area[href]", {
      element(element) {
        if (/\bnofollow\b/i.test(element.getAttribute("rel") ?? "")) return;
        raw.push(decodeHtmlEntities(element.getAttribute("href") ?? ""));
      },
    });
  await scanHtml(rawHtml, rewriter);
  if (nofollowPage) return [];
  const seen = new Set<string>();
  for (const href of raw) {
    const resolved = resolveUrl(href, base);
    if (!resolved || !/^https?:/i.test(resolved)) continue;
    const url = new URL(resolved);
    url.hash = "";
    seen.add(url.href);
  }
  return [...seen];
}
