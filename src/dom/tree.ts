/**
 * The page tree every HTML pass works on: one parse of the page (see parse.ts), shared by cleaning, main-content
 * extraction, markdown, links, images and metadata, instead of one HTMLRewriter or DOM parse per pass.
 *
 * Deliberately small — elements with lower-case names and a plain attribute object, and text — so building it
 * is cheap (a fraction of the cost of a full DOM such as domino) and every pass can walk it with plain loops.
 * Comments, doctypes and processing instructions are not kept. Script and style bodies are kept as text
 * children: JSON-LD and app-shell detection read them; cleaning drops them.
 */

export const ELEMENT = 1;
export const TEXT = 3;

export class ElementNode {
  readonly type = ELEMENT;
  children: PageNode[] = [];
  constructor(
    /** Lower-case tag name; "#document" for the root. */
    public name: string,
    /** Lower-case attribute names, entity-decoded values. */
    public attrs: Record<string, string>,
    public parent: ElementNode | null,
  ) {}
}

export class TextNode {
  readonly type = TEXT;
  constructor(
    /** Entity-decoded text, whitespace as written. */
    public data: string,
    public parent: ElementNode | null,
  ) {}
}

export type PageNode = ElementNode | TextNode;

export const isElement = (node: PageNode): node is ElementNode => node.type === ELEMENT;
export const isText = (node: PageNode): node is TextNode => node.type === TEXT;

/** An attribute's value, or undefined when absent. */
export function attr(element: ElementNode, name: string): string | undefined {
  return element.attrs[name];
}

/** The element children of `element`, in order. */
export function elementChildren(element: ElementNode): ElementNode[] {
  const out: ElementNode[] = [];
  for (const child of element.children) if (child.type === ELEMENT) out.push(child);
  return out;
}

/** Every text under `node`, concatenated as written (no whitespace handling). */
export function rawText(node: PageNode): string {
  if (node.type === TEXT) return node.data;
  let out = "";
  const stack: PageNode[] = [node];
  while (stack.length) {
    const current = stack.pop()!;
    if (current.type === TEXT) out += current.data;
    else for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]);
  }
  return out;
}

/** JavaScript's `\s` (what `collapsedText` and turndown's whitespace tests match), by character code. */
export function isWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The first (or, with `fromEnd`, the last) text run under `element` that is not blank, looking no deeper than `depth`
 * elements ("" when none): how a block begins or ends, without joining its text.
 */
export function edgeTextRun(element: ElementNode, fromEnd: boolean, depth: number): string {
  const children = element.children;
  for (let n = 0; n < children.length; n++) {
    const child = children[fromEnd ? children.length - 1 - n : n];
    if (child.type === TEXT) {
      if (child.data.trim() !== "") return child.data;
    } else if (child.type === ELEMENT && depth > 0) {
      const text = edgeTextRun(child, fromEnd, depth - 1);
      if (text !== "") return text;
    }
  }
  return "";
}

/**
 * The first character of `node`'s text that is not whitespace ("" when none), found without joining the text: a
 * cheap test that `collapsedText` cannot begin a certain way.
 */
export function firstCharacter(node: PageNode): string {
  const stack: PageNode[] = [node];
  while (stack.length) {
    const current = stack.pop()!;
    if (current.type === TEXT) {
      const data = current.data;
      for (let k = 0; k < data.length; k++) if (!isWhitespace(data.charCodeAt(k))) return data[k];
    } else for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]);
  }
  return "";
}

/** Text under `node` with runs of whitespace collapsed to one space and the ends trimmed. */
export function collapsedText(node: PageNode): string {
  return rawText(node).replace(/\s+/g, " ").trim();
}

/**
 * Calls `visit` for every element under `root` (not root itself), in document order; return false to skip a subtree.
 */
export function walkElements(root: ElementNode, visit: (element: ElementNode) => boolean | void): void {
  const stack: PageNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]);
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type !== ELEMENT) continue;
    if (visit(node) === false) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
}

/** The first element under `root` named `name` (document order), or null. */
export function findElement(root: ElementNode, name: string): ElementNode | null {
  let found: ElementNode | null = null;
  walkElements(root, (element) => {
    if (found) return false;
    if (element.name === name) {
      found = element;
      return false;
    }
  });
  return found;
}

/** Detaches `node` from its parent. */
export function removeNode(node: PageNode): void {
  const parent = node.parent;
  if (!parent) return;
  const index = parent.children.indexOf(node);
  if (index >= 0) parent.children.splice(index, 1);
  node.parent = null;
}

/** Replaces `element` by its own children (keeps the content, drops the tag). */
export function unwrap(element: ElementNode): void {
  const parent = element.parent;
  if (!parent) return;
  const index = parent.children.indexOf(element);
  if (index < 0) return;
  for (const child of element.children) child.parent = parent;
  parent.children.splice(index, 1, ...element.children);
  element.children = [];
  element.parent = null;
}

/** A new element `name` holding `children` (re-parented), for building a result tree out of picked nodes. */
export function wrap(name: string, children: PageNode[], attrs: Record<string, string> = {}): ElementNode {
  const element = new ElementNode(name, attrs, null);
  for (const child of children) {
    child.parent = element;
    element.children.push(child);
  }
  return element;
}

/** Whether `ancestor` is `node` or contains it. */
export function contains(ancestor: ElementNode, node: PageNode): boolean {
  for (let current: PageNode | null = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/**
 * The document's <body>, holding all of the page's content as an HTML5 parser would put it there: the
 * tokenizer-based parse leaves text and elements that come before <body> or after </body> (or </html>)
 * outside it, and a fragment has no <body> at all. Stray nodes are moved into the body (one is created when
 * missing); <head> and whitespace-only text outside the body stay where they are.
 */
export function documentBody(document: ElementNode): ElementNode {
  const html =
    document.children.find((node): node is ElementNode => node.type === ELEMENT && node.name === "html") ?? null;
  const container = html ?? document;
  let body =
    container.children.find((node): node is ElementNode => node.type === ELEMENT && node.name === "body") ?? null;
  const isStray = (node: PageNode): boolean =>
    node !== html &&
    node !== body &&
    !(node.type === ELEMENT && node.name === "head") &&
    !(node.type === TEXT && node.data.trim() === "");
  /** Stray children of `level` before and after `pivot` (the body, or <html> at the document level). */
  const split = (level: ElementNode, pivot: ElementNode | null): [PageNode[], PageNode[]] => {
    const at = pivot ? level.children.indexOf(pivot) : -1;
    const strays = level.children.map((node, index) => [node, index] as const).filter(([node]) => isStray(node));
    return [
      strays.filter(([, index]) => at < 0 || index < at).map(([node]) => node),
      strays.filter(([, index]) => at >= 0 && index > at).map(([node]) => node),
    ];
  };
  const [documentBefore, documentAfter] = html ? split(document, html) : [[], []];
  const [before, after] = split(container, body);
  const leading = [...documentBefore, ...before];
  const trailing = [...after, ...documentAfter];
  if (leading.length === 0 && trailing.length === 0 && body !== null) return body;
  if (body === null) {
    body = new ElementNode("body", {}, container);
    container.children.push(body);
  }
  const moved = new Set([...leading, ...trailing]);
  for (const level of [document, container]) level.children = level.children.filter((node) => !moved.has(node));
  for (const node of moved) node.parent = body;
  body.children = [...leading, ...body.children, ...trailing];
  return body;
}
