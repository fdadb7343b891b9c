/**
 * OpenDocument text (.odt) → HTML: `content.xml`'s headings (`text:h` with its outline level), paragraphs, lists,
 * tables and links; spaces, tabs and line breaks as written. The title comes from `meta.xml` when it has one.
 */
import { escapeHtml, htmlPage, readXml } from "./xml";
import { text, unreadable, unzip } from "./zip";

const TAGS: Record<string, string> = {
  "text:p": "p",
  "text:list": "ul",
  "text:list-item": "li",
  "table:table": "table",
  "table:table-row": "tr",
  "table:table-cell": "td",
};

export function odtToHtml(filename: string, bytes: Uint8Array): string {
  const entries = unzip(filename, bytes, (path) => path === "content.xml" || path === "meta.xml");
  if (!entries["content.xml"]) throw unreadable(filename, "it has no content.xml (not an OpenDocument text)");
  const out: string[] = [];
  const closers: string[] = [];
  readXml(text(entries["content.xml"]), {
    open(name, attributes) {
      if (name === "text:h") {
        const level = Math.min(6, Math.max(1, Number(attributes["text:outline-level"]) || 1));
        out.push(`<h${level}>`);
        closers.push(`</h${level}>`);
      } else if (name === "text:a") {
        out.push(`<a href="${escapeHtml(attributes["xlink:href"] ?? "")}">`);
        closers.push("</a>");
      } else if (TAGS[name]) {
        out.push(`<${TAGS[name]}>`);
        closers.push(`</${TAGS[name]}>`);
      } else if (name === "text:s") out.push(" ".repeat(Number(attributes["text:c"]) || 1));
      else if (name === "text:tab") out.push("\t");
      else if (name === "text:line-break") out.push("<br>");
      else closers.push("");
    },
    text: (value) => out.push(escapeHtml(value)),
    close: (name) => {
      if (!["text:s", "text:tab", "text:line-break"].includes(name)) out.push(closers.pop() ?? "");
    },
  });
  const title = /<dc:title>([^<]*)<\/dc:title>/.exec(text(entries["meta.xml"]))?.[1];
  return htmlPage(out.join(""), title);
}
