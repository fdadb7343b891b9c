/**
 * Streamed server rendering (React 18+ / Next.js app router): the server sends the page shell first, with
 * `<template id="B:1">` (boundary) or `<template id="P:1">` (placeholder) where content is still pending, and later,
 * at the end of the body, the content itself in `<div hidden id="S:1">` followed by a script (`$RC("B:1","S:1")`,
 * `$RS("S:1","P:1")`) that moves it into place. Browsers run those scripts; a scraper does not, so the tree does
 * it here: each hidden segment's children replace their template, where the reader sees them.
 *
 * Only the shape above is matched (hidden div with an `S:` id, template with the same number after `B:` or `P:`);
 * a segment whose template is missing stays where it is.
 */
import { ElementNode } from "./tree";

const SEGMENT_ID = /^S:([0-9a-z]+)$/i;
const TEMPLATE_ID = /^[BP]:([0-9a-z]+)$/i;

/** Collects the elements taking part, during parsing (cheap: two attribute tests per template/div). */
export class StreamedSegments {
  private readonly templates = new Map<string, ElementNode>();
  private readonly segments: [string, ElementNode][] = [];

  note(element: ElementNode): void {
    const id = element.attrs.id;
    if (id === undefined) return;
    if (element.name === "template") {
      const match = TEMPLATE_ID.exec(id);
      if (match) this.templates.set(match[1], element);
    } else if (element.name === "div" && "hidden" in element.attrs) {
      const match = SEGMENT_ID.exec(id);
      if (match) this.segments.push([match[1], element]);
    }
  }

  /** Moves every segment's content into its template's place; returns how many were placed. */
  place(): number {
    let placed = 0;
    for (const [key, segment] of this.segments) {
      const template = this.templates.get(key);
      const target = template?.parent;
      const owner = segment.parent;
      if (!template || !target || !owner) continue;
      // A segment may itself hold templates of later segments: placing in document order handles nesting.
      const at = target.children.indexOf(template);
      if (at < 0) continue;
      for (const child of segment.children) child.parent = target;
      target.children.splice(at, 1, ...segment.children);
      template.parent = null;
      segment.children = [];
      owner.children.splice(owner.children.indexOf(segment), 1);
      segment.parent = null;
      placed++;
    }
    return placed;
  }
}
