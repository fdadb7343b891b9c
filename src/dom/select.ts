/**
 * CSS selectors over the page tree, with css-select (the selector engine of the htmlparser2 family) through an
 * adapter for our node types. Used for includeTags / excludeTags, the `attributes` format and rule lists.
 */
import { compile, selectAll, type Options } from "css-select";
import { compileSimpleSelectorList } from "./simple-selector";
import { rawText, type ElementNode, type PageNode } from "./tree";

const adapter: NonNullable<Options<PageNode, ElementNode>["adapter"]> = {
  isTag: (node): node is ElementNode => node.type === 1,
  getAttributeValue: (element, name) => element.attrs[name],
  getChildren: (node) => (node.type === 1 ? node.children : []),
  getName: (element) => element.name,
  getParent: (element) => element.parent,
  getSiblings: (node) => (node.parent ? node.parent.children : [node]),
  getText: (node) => rawText(node),
  hasAttrib: (element, name) => Object.prototype.hasOwnProperty.call(element.attrs, name),
  removeSubsets: (nodes) => {
    const set = new Set(nodes);
    return nodes.filter((node, index) => {
      if (nodes.indexOf(node) !== index) return false;
      for (let parent = node.parent; parent; parent = parent.parent) if (set.has(parent)) return false;
      return true;
    });
  },
};

const options: Options<PageNode, ElementNode> = { adapter, cacheResults: false };

export type ElementTest = (element: ElementNode) => boolean;

/**
 * A compiled selector, or null when css-select cannot parse it (callers skip such selectors). Simple lists
 * (tags, classes, ids, attributes) take the fast path of simple-selector.ts.
 */
export function compileSelector(selector: string): ElementTest | null {
  const simple = compileSimpleSelectorList(selector);
  if (simple !== null) return simple;
  try {
    const test = compile<PageNode, ElementNode>(selector, options);
    return (element) => test(element);
  } catch {
    return null;
  }
}

/** Every element under `root` (root included) matching `selector`, in document order; [] for an invalid selector. */
export function querySelectorAll(root: ElementNode, selector: string): ElementNode[] {
  try {
    return selectAll<PageNode, ElementNode>(selector, root, options);
  } catch {
    return [];
  }
}
