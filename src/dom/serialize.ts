/**
 * Page tree → HTML text, for the `html` format and for handing a subtree to code that wants markup.
 */
import { ElementNode, type PageNode } from "./tree";

/** Elements that never have content or an end tag. */
// prettier-ignore
export const VOID_ELEMENTS = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
]);
/** Elements whose text is written as is (it was never entity-decoded as markup). */
const RAW_TEXT_ELEMENTS = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"]);

const escapeText = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/\u00a0/g, "&nbsp;");

/** Serializes `node` (the document root serializes its children only, with no doctype). */
export function toHtml(node: PageNode): string {
  const parts: string[] = [];
  write(node, parts);
  return parts.join("");
}

/** Serializes the children of `element` only. */
export function innerHtml(element: ElementNode): string {
  const parts: string[] = [];
  for (const child of element.children) write(child, parts);
  return parts.join("");
}

function write(node: PageNode, parts: string[]): void {
  if (node.type === 3) {
    parts.push(node.parent && RAW_TEXT_ELEMENTS.has(node.parent.name) ? node.data : escapeText(node.data));
    return;
  }
  if (node.name === "#document") {
    for (const child of node.children) write(child, parts);
    return;
  }
  let open = "<" + node.name;
  for (const name in node.attrs) {
    const value = node.attrs[name];
    open += value === "" ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`;
  }
  parts.push(open + ">");
  if (VOID_ELEMENTS.has(node.name)) return;
  for (const child of node.children) write(child, parts);
  parts.push(`</${node.name}>`);
}
