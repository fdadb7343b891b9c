/**
 * Boilerplate removal by selector lists (header, nav, footer, aside, .sidebar, consent banners and dialogs …) on
 * the cleaned tree. It is the onlyMainContent step when `includeTags` chose the content: the caller's matches are
 * kept whole and only the chrome inside them goes. Without includeTags, src/main-content finds the main content.
 *
 * A boilerplate candidate (header, nav, .sidebar, [role=dialog], ...) is removed unless it holds the main
 * content (a `main`, `#main` or `[role=main]` inside it or on it; for class-matched candidates, whose class
 * often lands on a layout wrapper, an <article> too), or it is a <header> inside an article/main (the title
 * and byline), or an includeTags match. When removing every candidate would leave no text and no image, the
 * page is left whole: main-content detection must never cost a page its content.
 */
import { compileSelector } from "../dom/select";
import type { ElementNode, PageNode } from "../dom/tree";
import {
  BOILERPLATE_SELECTOR,
  CONTENT_CONTAINER_SELECTOR,
  MAIN_CONTENT_SELECTOR,
  SEMANTIC_BOILERPLATE_TAGS,
} from "./selectors";

const isBoilerplate = compileSelector(BOILERPLATE_SELECTOR)!;
const isMainContent = compileSelector(MAIN_CONTENT_SELECTOR)!;
const isContentContainer = compileSelector(CONTENT_CONTAINER_SELECTOR)!;

/** Removes the boilerplate from `body` (in place) and returns it. `spare`: elements never removed. */
export function selectorMainContent(body: ElementNode, spare: ReadonlySet<ElementNode> | null = null): ElementNode {
  const { candidates, protectedCandidates } = findCandidates(body);
  const removals: ElementNode[] = [];
  const visit = (parent: ElementNode, insideContainer: boolean): void => {
    for (const child of parent.children) {
      if (child.type !== 1) continue;
      const inContainer = insideContainer || isContentContainer(child);
      const removable =
        candidates.has(child) &&
        !protectedCandidates.has(child) &&
        !(spare?.has(child) ?? false) &&
        !(child.name === "header" && inContainer);
      if (removable) removals.push(child);
      else visit(child, inContainer);
    }
  };
  visit(body, isContentContainer(body));
  if (removals.length === 0 || !hasContent(body, new Set(removals))) return body;
  const parents = new Set<ElementNode>();
  for (const element of removals) parents.add(element.parent!);
  const removed = new Set<PageNode>(removals);
  for (const parent of parents) parent.children = parent.children.filter((child) => !removed.has(child));
  for (const element of removals) element.parent = null;
  return body;
}

/** The boilerplate candidates, and those that hold the main content (found before anything is removed). */
function findCandidates(body: ElementNode): { candidates: Set<ElementNode>; protectedCandidates: Set<ElementNode> } {
  const candidates = new Set<ElementNode>();
  const protectedCandidates = new Set<ElementNode>();
  const open: { element: ElementNode; semantic: boolean }[] = [];
  const visit = (parent: ElementNode): void => {
    for (const child of parent.children) {
      if (child.type !== 1) continue;
      const candidate = isBoilerplate(child);
      if (candidate) candidates.add(child);
      if (candidate) open.push({ element: child, semantic: SEMANTIC_BOILERPLATE_TAGS.has(child.name) });
      if (isMainContent(child)) for (const entry of open) protectedCandidates.add(entry.element);
      if (child.name === "article")
        for (const entry of open) if (!entry.semantic) protectedCandidates.add(entry.element);
      visit(child);
      if (candidate) open.pop();
    }
  };
  visit(body);
  return { candidates, protectedCandidates };
}

/** Whether any visible text or image would remain once `removed` (and <noscript>) are gone. */
function hasContent(root: ElementNode, removed: ReadonlySet<ElementNode>): boolean {
  let found = false;
  const visit = (parent: ElementNode): void => {
    for (const child of parent.children) {
      if (found) return;
      if (child.type === 3) found = /\S/.test(child.data);
      else if (!removed.has(child) && child.name !== "noscript") {
        if (child.name === "img") found = true;
        else visit(child);
      }
    }
  };
  visit(root);
  return found;
}
