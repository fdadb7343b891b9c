/**
 * Picture credits written as a line of text under an article's picture: "Photo: Ben Hasty/Getty Images", "Image
 * source: Google", "Source: Sociallyin". Credits marked up as such (a <figcaption>, a class naming a credit) are
 * judged by their markup (entities.ts); these are plain paragraphs, so their words and their place give them away: a
 * short line that reads as a credit, right after a picture with no text of its own. A credit elsewhere ("Source:" under
 * a table, a sentence naming Getty Images) stays.
 */
import { collapsedText, ELEMENT, type ElementNode, type PageNode } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/** A credit is a short line (characters other than spaces). */
const CREDIT_MAX_CHARS = 100;
const CREDIT = new RegExp(
  "^(?:(?:image|photo|photograph|picture|illustration|header image|featured image|cover image)s?" +
    "(?: source| credits?| by| courtesy(?: of)?)?\\s*[:,©]|(?:credit|courtesy(?: of)?|source)\\s*:)" +
    "|getty images|shutterstock|istock|unsplash|adobe stock",
  "i",
);
const PICTURE_TAGS = new Set(["img", "picture"]);

/** Whether a subtree is a picture and nothing else (no text of its own). */
function isBarePicture(node: ElementNode): boolean {
  if (collapsedText(node) !== "") return false;
  if (PICTURE_TAGS.has(node.name)) return true;
  const stack: PageNode[] = [...node.children];
  while (stack.length) {
    const child = stack.pop()!;
    if (child.type !== ELEMENT) continue;
    if (PICTURE_TAGS.has(child.name)) return true;
    stack.push(...child.children);
  }
  return false;
}

/** The element before `node` among its parent's children, passing over blank text. */
function previousElement(node: ElementNode): ElementNode | null {
  const siblings = node.parent?.children ?? [];
  for (let k = siblings.indexOf(node) - 1; k >= 0; k--) {
    const sibling = siblings[k];
    if (sibling.type === ELEMENT) return sibling;
    if (sibling.data.trim() !== "") return null;
  }
  return null;
}

/** Cuts the lines of the region that credit the picture right before them. */
export function cutPictureCredits(index: PageIndex, region: Region): void {
  const { nodes, chars, ownChars } = index;
  cutWhere(index, region, (i) => {
    if (ownChars[i] === 0 || ownChars[i] !== chars[i] || chars[i] > CREDIT_MAX_CHARS) return false;
    if (!CREDIT.test(collapsedText(nodes[i]))) return false;
    const before = previousElement(nodes[i]);
    return before !== null && isBarePicture(before);
  });
}
