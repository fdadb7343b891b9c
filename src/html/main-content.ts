/**
 * onlyMainContent by selector lists (docs/api.md "Scrape", plus consent banners and dialogs), on the cleaned tree:
 * the interim main-content step until the extractor of src/extract replaces it. And the <noscript> rule of
 * the whole-page path.
 *
 * A boilerplate candidate (header, nav, .sidebar, [role=dialog], ...) is removed unless it holds the main
 * content (a `main`, `#main` or `[role=main]` inside it or on it; for class-matched candidates, whose class
 * often lands on a layout wrapper, an <article> too), or it is a <header> inside an article/main (the title
 * and byline), or an includeTags match. When removing every candidate would leave no text and no image, the
 * page is left whole: main-content detection must never cost a page its content.
 */
import { compileSelector } from "../dom/select";
import { type ElementNode, type PageNode, unwrap, walkElements } from "../dom/tree";
import { BOILERPLATE_SELECTOR, CONTENT_CONTAINER_SELECTOR, MAIN_CONTENT_SELECTOR, SEMANTIC_BOILERPLATE_TAGS } from "./selectors";

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
      const removable = candidates.has(child) && !protectedCandidates.has(child) && !(spare?.has(child) ?? false) &&
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
      if (child.name === "article") for (const entry of open) if (!entry.semantic) protectedCandidates.add(entry.element);
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

/** Less visible text than this outside <noscript> makes a page an app shell whose <noscript> is the content. */
const APP_SHELL_TEXT_CHARS = 200;

/**
 * <noscript> on the whole-page path: dropped (a "please enable JavaScript" notice, tracking pixels), unless the
 * rest of `root` has almost no text and the <noscript>s have some — an app shell whose crawler view lives in
 * <noscript> (Discourse and others) — then unwrapped.
 */
export function resolveNoscript(root: ElementNode): void {
  const noscripts: ElementNode[] = [];
  walkElements(root, (element) => {
    if (element.name !== "noscript") return;
    noscripts.push(element);
    return false;
  });
  if (noscripts.length === 0) return;
  const inside = new Set(noscripts);
  const outsideChars = visibleChars([root], inside);
  // A crawler view has real text; a short "please enable JavaScript" notice is not content.
  const appShell = outsideChars < APP_SHELL_TEXT_CHARS && visibleChars(noscripts, new Set()) >= APP_SHELL_TEXT_CHARS;
  for (const noscript of noscripts) {
    if (appShell) unwrap(noscript);
    else noscript.parent!.children = noscript.parent!.children.filter((child) => child !== noscript);
  }
}

/** Non-whitespace characters of text under `roots`, outside `skipped`, counted up to APP_SHELL_TEXT_CHARS. */
function visibleChars(roots: ElementNode[], skipped: ReadonlySet<ElementNode>): number {
  let chars = 0;
  const count = (parent: ElementNode): void => {
    for (const child of parent.children) {
      if (chars >= APP_SHELL_TEXT_CHARS) return;
      if (child.type === 3) chars += child.data.replace(/\s+/g, "").length;
      else if (!skipped.has(child) && child.name !== "script" && child.name !== "style") count(child);
    }
  };
  for (const root of roots) count(root);
  return chars;
}
