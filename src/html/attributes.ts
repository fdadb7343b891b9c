/**
 * The `attributes` format (docs/api.md, "Scrape"): for each requested {selector, attribute}, the attribute's value on
 * every matching element of the cleaned content, falling back to `data-<attribute>`. One result per request,
 * in request order; a selector that cannot be parsed yields no values instead of failing the page.
 */
import { querySelectorAll } from "../dom/select";
import type { ElementNode } from "../dom/tree";

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
      for (const element of querySelectorAll(root, selector.trim())) {
        // Firecrawl treats an empty value like a missing one before trying the data- variant.
        const value = element.attrs[name] || element.attrs[`data-${name}`];
        if (value) values.push(value);
      }
    }
    return { selector, attribute, values };
  });
}
