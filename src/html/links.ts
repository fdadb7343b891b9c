/**
 * Link discovery for crawls and map: every followable link of the whole page (navigation and footer
 * included — that is how a crawler finds the rest of a site), unlike the `links` format, which lists the
 * links of the cleaned content. A page that asks robots not to follow its links (`<meta name="robots"
 * content="nofollow">`) yields none; `rel="nofollow"` links are skipped. Read from the page tree before
 * cleaning changes it.
 */
import { type ElementNode, walkElements } from "../dom/tree";
import { parseBaseUrl, resolveUrl } from "./urls";

export function discoverLinks(document: ElementNode, pageUrl: string): string[] {
  let base = parseBaseUrl(pageUrl);
  const raw: string[] = [];
  let nofollowPage = false;
  walkElements(document, (element) => {
    const attrs = element.attrs;
    switch (element.name) {
      case "base":
        if (attrs.href !== undefined) base = parseBaseUrl(attrs.href, base) ?? base;
        break;
      case "meta": {
        const name = (attrs.name ?? "").toLowerCase();
        if ((name === "robots" || name === "serviceagent") && /nofollow|none/i.test(attrs.content ?? ""))
          nofollowPage = true;
        break;
      }
      case "a":
      case "area":
        if (attrs.href !== undefined && !/\bnofollow\b/i.test(attrs.rel ?? "")) raw.push(attrs.href);
        break;
      case "script":
      case "style":
        return false;
    }
  });
  if (nofollowPage) return [];
  const seen = new Set<string>();
  for (const href of raw) {
    const resolved = resolveUrl(href, base);
    if (!resolved || !/^https?:/i.test(resolved)) continue;
    const hash = resolved.indexOf("#");
    // resolveUrl gives a serialized URL, so cutting at the first "#" is what clearing `hash` would do.
    seen.add(hash >= 0 ? resolved.slice(0, hash) : resolved);
  }
  return [...seen];
}
