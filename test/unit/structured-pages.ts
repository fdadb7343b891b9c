/**
 * Helpers for the product and menu tests: a hand-written page, a JSON-LD block, and the page's structured data read
 * through the HTML path the scrape uses.
 */
import { convertHtml } from "../../src/scrape/html-content";
import { schemaObjects, type SchemaObject } from "../../src/structured/objects";

export const PAGE_URL = "https://shop.example/p/lantern";

export function objectsOf(html: string): SchemaObject[] {
  const { structured } = convertHtml(html, {
    url: PAGE_URL,
    onlyMainContent: true,
    markdown: false,
    html: false,
    discoverLinks: false,
    structuredData: true,
  });
  return schemaObjects(structured ?? []);
}

export const page = (head: string, body = "<h1>Page</h1>") => `<html><head>${head}</head><body>${body}</body></html>`;
export const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
