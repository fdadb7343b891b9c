/**
 * Template placeholders: a block whose text is unrendered template expressions — "{{ price.total }}",
 * "Original Price: {{ info.originalPrice }}", "{{ Board.errors[1179].message }}" — the markup a client-side template
 * (Vue, Angular, Handlebars) fills in once its script runs. Served as is, it is no reader's text; the region drops it.
 * Template code shown to readers sits in <pre> or <code> and stays, and so does a block holding such code.
 */
import { TEXT, collapsedText, type ElementNode } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { walkRegion } from "./walk";

const PLACEHOLDER = /\{\{[^{}]*\}\}/g;
/** What a block may hold beside its placeholders: a short label ("Original Price:", "Save"), not a sentence. */
const LABEL_MAX_CHARS = 20;
/** Placeholders run short; a longer block is read (and its text collapsed) only when it is small enough to be one. */
const BLOCK_MAX_CHARS = 1000;
const CODE_TAGS = new Set(["pre", "code", "textarea", "script", "style"]);

/** Whether the element's own text nodes (not its descendants') open a placeholder. */
function ownsPlaceholder(element: ElementNode): boolean {
  for (const child of element.children) if (child.type === TEXT && child.data.includes("{{")) return true;
  return false;
}

/** Whether the element's whole text is placeholders, with at most a short label beside them. */
function onlyPlaceholders(element: ElementNode): boolean {
  const text = collapsedText(element);
  if (!text.includes("{{")) return false;
  const rest = text.replace(PLACEHOLDER, "").trim();
  return rest.length <= LABEL_MAX_CHARS && !rest.includes("{") && !rest.includes("}");
}

/** Whether the element is, or holds, code. */
function holdsCode(index: PageIndex, i: number): boolean {
  for (let d = i; d < index.end[i]; d++) if (CODE_TAGS.has(index.nodes[d].name)) return true;
  return false;
}

/**
 * Cuts from the region each element whose text is all placeholders: from every element owning one, the outermost
 * ancestor still made of placeholders alone (a price box of several), outside code. Only the few elements owning a
 * "{{" are looked at.
 */
export function cutTemplatePlaceholders(index: PageIndex, region: Region): void {
  const { nodes, parent, chars } = index;
  walkRegion(index, region, (i) => {
    if (CODE_TAGS.has(nodes[i].name)) return "skip";
    if (chars[i] > BLOCK_MAX_CHARS || !ownsPlaceholder(nodes[i]) || !onlyPlaceholders(nodes[i])) return "descend";
    // The placeholders' block may be wider than the element that owns one: its ancestors holding only them go too.
    let top = i;
    while (parent[top] > region.root && chars[parent[top]] <= BLOCK_MAX_CHARS && onlyPlaceholders(nodes[parent[top]]))
      top = parent[top];
    if (!holdsCode(index, top)) region.cut[top] = 1;
    return "skip";
  });
}
