/**
 * The `attributes` format (docs/api.md, "Scrape"): for each requested {selector, attribute}, the attribute's value on
 * every matching element of the cleaned content, falling back to `data-<attribute>`. One result per request,
 * in request order; a selector that cannot be parsed yields no values instead of failing the page.
 *
 * Selectors are matched in the page, not in the content alone: the main content can be a region such as an
 * <article>, and `article img` must still find its images (the region itself can match too).
 */
import { compileSelector } from "../dom/select";
import { walkElements, type ElementNode } from "../dom/tree";

export interface AttributeSelector {
  selector: string;
  attribute: string;
}

export interface AttributeValues extends AttributeSelector {
  values: string[];
}

export function extractAttributes(root: ElementNode, selectors: AttributeSelector[]): AttributeValues[] {
  return selectors.map(({ selector, attribute }) => {
    const name = attribute.trim().toLowerCase();
    const values: string[] = [];
    if (name !== "" && selector.trim() !== "") {
      const matches = compileSelector(selector.trim());
      const collect = (element: ElementNode) => {
        if (!matches?.(element)) return;
        // Firecrawl treats an empty value like a missing one before trying the data- variant.
        const value = element.attrs[name] || element.attrs[`data-${name}`];
        if (value) values.push(value);
      };
      if (matches !== null) {
        collect(root);
        walkElements(root, collect);
      }
    }
    return { selector, attribute, values };
  });
}
