/**
 * E-books (.epub) → HTML: `META-INF/container.xml` names the package document, whose spine gives the reading
 * order of its XHTML documents; their bodies are joined in that order, under the book's `dc:title`.
 */
import { htmlPage, readXml } from "./xml";
import { text, unreadable, unzip } from "./zip";

export function epubToHtml(filename: string, bytes: Uint8Array): string {
  const entries = unzip(filename, bytes, () => true);
  let packagePath = "";
  readXml(text(entries["META-INF/container.xml"]), {
    open: (name, a) => {
      if (name === "rootfile" && !packagePath) packagePath = a["full-path"] ?? "";
    },
  });
  if (!entries[packagePath]) throw unreadable(filename, "it has no package document (not an EPUB book)");
  const base = packagePath.includes("/") ? packagePath.slice(0, packagePath.lastIndexOf("/") + 1) : "";
  const manifest = new Map<string, string>();
  const spine: string[] = [];
  let title: string | undefined;
  let inTitle = false;
  readXml(text(entries[packagePath]), {
    open(name, a) {
      if (name === "item" && a.id && a.href) manifest.set(a.id, base + decodeURIComponent(a.href));
      if (name === "itemref" && a.idref && a.linear !== "no") spine.push(a.idref);
      if (name === "dc:title" && title === undefined) inTitle = true;
    },
    text: (value) => {
      if (inTitle) title = (title ?? "") + value;
    },
    close: (name) => {
      if (name === "dc:title") inTitle = false;
    },
  });
  const chapters = spine
    .map((id) => manifest.get(id))
    .map((path) => (path ? text(entries[path]) : ""))
    .map((xhtml) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(xhtml)?.[1] ?? "")
    .filter((body) => body.trim());
  if (!chapters.length) throw unreadable(filename, "its spine lists no readable chapter");
  return htmlPage(chapters.map((body) => `<section>${body}</section>`).join(""), title?.trim());
}
