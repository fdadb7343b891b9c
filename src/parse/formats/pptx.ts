/**
 * PowerPoint (.pptx) → HTML: each slide in the presentation's order (`ppt/presentation.xml`'s slide list through
 * its relationships) as a section headed by its title placeholder's text (else "Slide N"), then its paragraphs
 * (`a:p`, their runs' `a:t`).
 */
import { escapeHtml, htmlPage, readXml } from "./xml";
import { text, unreadable, unzip } from "./zip";

export function pptxToHtml(filename: string, bytes: Uint8Array): string {
  const entries = unzip(filename, bytes, (path) => path.startsWith("ppt/"));
  const order = slideOrder(text(entries["ppt/presentation.xml"]), text(entries["ppt/_rels/presentation.xml.rels"]));
  if (!order.length) throw unreadable(filename, "it has no slides (not a PowerPoint presentation)");
  const sections = order.map((path, i) => {
    const { title, paragraphs } = slideText(text(entries[path]));
    const heading = `<h2>${escapeHtml(title ?? `Slide ${i + 1}`)}</h2>`;
    return `<section>${heading}${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</section>`;
  });
  return htmlPage(sections.join(""));
}

/** The slides' part names in presentation order. */
function slideOrder(presentation: string, rels: string): string[] {
  const targets = new Map<string, string>();
  readXml(rels, {
    open: (name, a) => {
      if (name === "Relationship" && a.Id && a.Target) targets.set(a.Id, `ppt/${a.Target.replace(/^\/?ppt\//, "")}`);
    },
  });
  const order: string[] = [];
  readXml(presentation, {
    open: (name, a) => {
      const target = name === "p:sldId" ? targets.get(a["r:id"]) : undefined;
      if (target) order.push(target);
    },
  });
  return order;
}

function slideText(xml: string): { title?: string; paragraphs: string[] } {
  const paragraphs: string[] = [];
  let title: string | undefined;
  let inTitle = false;
  let current: string[] | null = null;
  let inRun = false;
  let shapeDepth = 0;
  let titleShape = -1;
  readXml(xml, {
    open(name, a) {
      if (name === "p:sp") shapeDepth++;
      if (name === "p:ph" && (a.type === "title" || a.type === "ctrTitle")) titleShape = shapeDepth;
      if (name === "a:p") current = [];
      if (name === "a:t") inRun = true;
      if (name === "a:br") current?.push(" ");
      inTitle = titleShape === shapeDepth && shapeDepth > 0;
    },
    text: (value) => {
      if (inRun) current?.push(value);
    },
    close(name) {
      if (name === "a:t") inRun = false;
      if (name === "a:p" && current) {
        const paragraph = current.join("").trim();
        if (paragraph && inTitle && title === undefined) title = paragraph;
        else if (paragraph) paragraphs.push(paragraph);
        current = null;
      }
      if (name === "p:sp") {
        if (titleShape === shapeDepth) titleShape = -1;
        shapeDepth--;
      }
    },
  });
  return { title, paragraphs };
}
