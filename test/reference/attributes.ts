/**
 * REFERENCE ONLY: the HTMLRewriter version of this pass, before the shared page tree (parity tests, bench).
 *
 * The `attributes` format: for each requested {selector, attribute}, the attribute's value on
 * every matching element of the cleaned HTML, falling back to `data-<attribute>`. One result per request, in
 * request order; a selector HTMLRewriter cannot handle yields no values instead of failing the page.
 */
import { decodeHtmlEntities } from "./entities";
import { isSupportedSelector, scanHtml } from "./rewriter";

export interface AttributeSelector {
  selector: string;
  attribute: string;
}

export interface AttributeValues extends AttributeSelector {
  values: string[];
}

export async function extractAttributes(html: string, selectors: AttributeSelector[]): Promise<AttributeValues[]> {
  const results: AttributeValues[] = selectors.map(({ selector, attribute }) => ({ selector, attribute, values: [] }));
  const rewriter = new HTMLRewriter();
  let anyUsable = false;
  for (const result of results) {
    const selector = result.selector.trim();
    const attribute = result.attribute.trim().toLowerCase();
    if (attribute === "" || !isSupportedSelector(selector)) continue;
    anyUsable = true;
    rewriter.on(selector, {
      element(element) {
        // Firecrawl treats an empty value like a missing one before trying the data- variant.
        const value = element.getAttribute(attribute) || element.getAttribute(`data-${attribute}`);
        if (value) result.values.push(decodeHtmlEntities(value));
      },
    });
  }
  if (anyUsable) await scanHtml(html, rewriter);
  return results;
}
