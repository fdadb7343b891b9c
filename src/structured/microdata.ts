/**
 * schema.org microdata (`itemscope`, `itemtype`, `itemprop`) read as JSON-LD-shaped objects, so one reader serves
 * both: each top-level item becomes `{"@type": "Product", name: …, offers: {…}}`, a property given twice an array.
 * Values follow the HTML microdata rules: `content` of <meta>, the URL of <a>, <link>, <img> and the like, `value`
 * of <data> and <meter>, `datetime` of <time>, and the text of anything else.
 */
import { attr, collapsedText, isElement, type ElementNode } from "../dom/tree";

/** Elements looked at, at most: a page of many thousand items is read in part. */
const MAX_ELEMENTS = 20_000;

const URL_ATTRIBUTE: Record<string, string> = {
  a: "href",
  area: "href",
  link: "href",
  img: "src",
  audio: "src",
  embed: "src",
  iframe: "src",
  source: "src",
  track: "src",
  video: "src",
  object: "data",
};

export type MicrodataItem = Record<string, unknown>;

/** The page's top-level microdata items (those not the value of another item's property), in document order. */
export function readMicrodata(root: ElementNode, baseUrl: string): MicrodataItem[] {
  const items: MicrodataItem[] = [];
  let budget = MAX_ELEMENTS;
  const visit = (element: ElementNode): void => {
    if (budget-- <= 0) return;
    if (attr(element, "itemscope") !== undefined && attr(element, "itemprop") === undefined) {
      items.push(readItem(element, baseUrl));
      return;
    }
    for (const child of element.children) if (isElement(child)) visit(child);
  };
  visit(root);
  return items;
}

function readItem(scope: ElementNode, baseUrl: string): MicrodataItem {
  const item: MicrodataItem = {};
  const types = (attr(scope, "itemtype") ?? "").split(/\s+/).filter(Boolean).map(typeName);
  if (types.length) item["@type"] = types.length === 1 ? types[0] : types;
  const id = attr(scope, "itemid");
  if (id) item["@id"] = id;
  const collect = (element: ElementNode): void => {
    for (const child of element.children) {
      if (!isElement(child)) continue;
      const names = (attr(child, "itemprop") ?? "").split(/\s+/).filter(Boolean);
      const nested = attr(child, "itemscope") !== undefined;
      if (names.length) {
        const value = nested ? readItem(child, baseUrl) : propertyValue(child, baseUrl);
        for (const name of names) add(item, typeName(name), value);
      }
      // A nested item's properties are its own.
      if (!nested) collect(child);
    }
  };
  collect(scope);
  return item;
}

function add(item: MicrodataItem, name: string, value: unknown): void {
  const existing = item[name];
  if (existing === undefined) item[name] = value;
  else item[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/** `https://schema.org/Product` → `Product`; a property named by URL the same way. */
function typeName(value: string): string {
  return value.replace(/^https?:\/\/schema\.org\//i, "");
}

function propertyValue(element: ElementNode, baseUrl: string): string {
  if (element.name === "meta") return attr(element, "content") ?? "";
  const urlAttribute = URL_ATTRIBUTE[element.name];
  if (urlAttribute) {
    const value = attr(element, urlAttribute) ?? "";
    try {
      return new URL(value, baseUrl).href;
    } catch {
      return value;
    }
  }
  if (element.name === "data" || element.name === "meter") return attr(element, "value") ?? "";
  if (element.name === "time") return attr(element, "datetime") ?? collapsedText(element);
  return attr(element, "content") ?? collapsedText(element);
}
