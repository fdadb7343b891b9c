/**
 * Cleans the page tree for the `html` and `markdown` formats, in one walk of the body:
 *
 * - junk goes (head, script, style, template, meta, link, hidden SVG sprites, blocks a site builder never shows,
 *   ...); the head's image metas and icon links are noted first, they still describe the page (`images`);
 * - includeTags: only the outermost matches are kept, as the new body's children, in document order;
 *   excludeTags: matches are removed (inside the kept matches; junk always goes);
 * - URLs become absolute (html/page-urls.ts: a[href], img src/srcset with lazy-loader attributes, source srcset,
 *   video poster), resolved against `<base href>` or the page URL — only in the part that is kept, when
 *   `linksAndImages` is asked for it (after main-content selection, which reads hrefs only to tell in-page and
 *   script links from others): resolving the menus and footers that are cut cost about 5 % of the page path.
 *
 * `links` and `images` list what the cleaned body holds when they are read (so after main-content removal, what is
 * left); `linksAndImages` answers for any part of it, and must be called on a part before it is serialized.
 * <noscript> stays: main-content.ts decides about it.
 */
import { compileSelector, type ElementTest } from "../dom/select";
import { documentBody, type ElementNode, findElement, type PageNode, walkElements } from "../dom/tree";
import { note, pageImage, rewriteUrls, URL_ELEMENTS, urlResolver, type FoundUrls } from "./page-urls";
import { JUNK_SELECTOR } from "./selectors";
import { parseBaseUrl } from "./urls";

export interface CleanOptions {
  /** Final page URL, used to absolutize; a `<base href>` in the page overrides it. */
  baseUrl: string;
  /** CSS selectors; ones that cannot be parsed are ignored. */
  includeTags?: string[];
  excludeTags?: string[];
}

export interface LinksAndImages {
  /** Absolute http(s) URLs of `<a href>`, deduplicated, in document order. */
  links: string[];
  /** Absolute image URLs (data: URIs kept as they are), the page's meta/icon images first, deduplicated. */
  images: string[];
}

export interface CleanedPage extends LinksAndImages {
  body: ElementNode;
  base: URL | null;
  /** With includeTags: the kept matches (the body's children), which boilerplate removal must spare. */
  includedRoots: ReadonlySet<ElementNode> | null;
  /** The page had a <body> (not a fragment whose body was made up here). */
  bodyFromSource: boolean;
  /** Makes the URLs of a part of the cleaned body (say the main content) absolute, and lists its links and images. */
  linksAndImages(root: ElementNode): LinksAndImages;
}

const isJunk = compileSelector(JUNK_SELECTOR)!;

/** The compiled user selectors (trimmed, empty and unparseable ones dropped), as one test. */
function userSelectorTest(selectors: readonly string[] | undefined): ElementTest | null {
  const tests = (selectors ?? [])
    .map((selector) => selector.trim())
    .filter((s) => s !== "")
    .map(compileSelector)
    .filter((test): test is ElementTest => test !== null);
  if (tests.length === 0) return null;
  return (element) => tests.some((test) => test(element));
}

/** The `<base href>` of the page (the first one), resolved against the page URL. */
export function documentBase(document: ElementNode, pageUrl: string): URL | null {
  const page = parseBaseUrl(pageUrl);
  let href: string | undefined;
  walkElements(document, (element) => {
    if (href !== undefined) return false;
    if (element.name === "base" && element.attrs.href !== undefined) href = element.attrs.href;
  });
  return href !== undefined ? (parseBaseUrl(href, page) ?? page) : page;
}

export function cleanTree(document: ElementNode, options: CleanOptions): CleanedPage {
  const base = documentBase(document, options.baseUrl);
  const resolve = urlResolver(base);
  const isIncluded = userSelectorTest(options.includeTags);
  const isExcluded = userSelectorTest(options.excludeTags);
  const pageImages: string[] = [];
  const found: FoundUrls = { links: new Map(), images: new Map() };
  const roots: ElementNode[] = [];

  const bodyFromSource = findElement(document, "body") !== null;
  const body = documentBody(document);
  for (const head of document.children.flatMap((node) =>
    node.type === 1 && node.name === "html" ? node.children : [node],
  )) {
    if (head.type !== 1 || head.name !== "head") continue;
    walkElements(head, (element) => {
      const image = pageImage(element, resolve);
      if (image !== null) pageImages.push(image);
    });
    head.parent!.children = head.parent!.children.filter((node) => node !== head);
  }

  /** Whether `child` stays; visits (and cleans) what it holds. */
  const keep = (parent: ElementNode, child: ElementNode, insideIncluded: boolean): boolean => {
    let included = insideIncluded;
    if (child.name === "head" || isJunk(child)) {
      // An image meta in the body counts where it stood (and goes if main-content selection drops that part).
      for (const element of child.name === "head" ? [child, ...descendants(child)] : [child]) {
        const image = pageImage(element, resolve);
        if (image !== null) note(found.images, parent, image);
      }
      return false;
    }
    if (isIncluded !== null && !insideIncluded && isIncluded(child)) {
      included = true;
      if (isExcluded === null || !isExcluded(child)) roots.push(child);
    }
    if (isExcluded !== null && (isIncluded === null || included) && isExcluded(child)) return false;
    if (child.children.length > 0) visit(child, included);
    return true;
  };
  const visit = (parent: ElementNode, insideIncluded: boolean): void => {
    const children = parent.children;
    /** Only built once something is removed: most elements keep all their children. */
    let kept: PageNode[] | null = null;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const stays = child.type !== 1 || keep(parent, child, insideIncluded);
      if (!stays && kept === null) kept = children.slice(0, i);
      else if (stays && kept !== null) kept.push(child);
    }
    if (kept !== null) parent.children = kept;
  };
  visit(body, false);

  if (isIncluded !== null) {
    for (const root of roots) root.parent = body;
    body.children = roots;
  }
  /** Elements whose URLs are absolute already (linksAndImages may be asked for a part, then for the whole). */
  const rewritten = new Set<ElementNode>();
  const linksAndImages = (root: ElementNode): LinksAndImages => {
    const links = new Set<string>();
    const images = new Set(pageImages);
    const collect = (element: ElementNode) => {
      if (URL_ELEMENTS.has(element.name) && !rewritten.has(element)) {
        rewritten.add(element);
        rewriteUrls(element, resolve, found);
      }
      const link = found.links.get(element);
      if (link !== undefined) links.add(link);
      const urls = found.images.get(element);
      if (urls !== undefined) for (const url of urls) images.add(url);
    };
    collect(root);
    walkElements(root, collect);
    return { links: [...links], images: [...images] };
  };
  return {
    body,
    base,
    includedRoots: isIncluded !== null ? new Set(roots) : null,
    bodyFromSource,
    get links() {
      return linksAndImages(body).links;
    },
    get images() {
      return linksAndImages(body).images;
    },
    linksAndImages,
  };
}

function descendants(root: ElementNode): ElementNode[] {
  const all: ElementNode[] = [];
  walkElements(root, (element) => void all.push(element));
  return all;
}
