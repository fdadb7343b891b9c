/**
 * Headings left alone in the picked region once what they announced was cut (a rule of rules.ts).
 */
import { collapsedText } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { LIST_TAGS, SECTION_HEADING_TAGS } from "./tags";
import { cutWhere } from "./walk";

/**
 * A label announcing a table of contents ("Table of contents", "On this page", "In this article"), set as a <div>, a
 * <p> or a <details>' <summary> rather than a heading, with its fold's toggle if it has one ("Contents [hide]"): once
 * the list under it is cut, or when a script was to fill the list in, it is as much an orphan.
 */
const CONTENTS_LABEL = new RegExp(
  String.raw`^\s*(?:table of contents|contents|on this page|in this (?:article|section|guide)|jump to(?: section)?)` +
    String.raw`\s*:?\s*(?:\[?(?:hide|show)\]?\s*)?$`,
  "i",
);
const CONTENTS_LABEL_CHARS = 24;

function namesContents(index: PageIndex, i: number): boolean {
  const chars = index.chars[i];
  return (
    chars >= 6 &&
    chars <= CONTENTS_LABEL_CHARS &&
    index.ownChars[i] === chars &&
    CONTENTS_LABEL.test(collapsedText(index.nodes[i]))
  );
}

/**
 * Cuts wrappers left holding nothing but a heading once their content was cut: "Related articles" over a cut list
 * of links, "Table of contents" over a cut menu (as a heading or as a plain label, namesContents). A section heading
 * announces what follows; alone it is clutter (except in a repeated item, where the title may be all that is left of a
 * card). An article's <header> left with only its <h1> once the byline is cut keeps the title.
 */
export function cutOrphanHeadings(index: PageIndex, region: Region, inItem: Uint8Array): void {
  const { nodes, parent, end, chars } = index;
  const root = region.root;
  const size = end[root] - root;
  // Per element of the region (offset by root): text kept after the cuts, the part of it in headings, and the
  // text of its children (to know its own text).
  const kept = new Float64Array(size);
  const inHeadings = new Float64Array(size);
  const childChars = new Float64Array(size);
  const childKept = new Float64Array(size);
  const childHeadings = new Float64Array(size);
  const headingCount = new Float64Array(size);
  // Contents labels, and lists with no text (a table of contents a script fills in), per subtree.
  const contentsLabels = new Uint8Array(size);
  const emptyLists = new Uint8Array(size);
  for (let i = end[root] - 1; i >= root; i--) {
    const k = i - root;
    if (!region.cut[i]) {
      kept[k] = chars[i] - childChars[k] + childKept[k];
      const contents = namesContents(index, i);
      const heading = SECTION_HEADING_TAGS.has(nodes[i].name) || contents;
      inHeadings[k] = heading ? kept[k] : childHeadings[k];
      if (heading && kept[k] > 0) headingCount[k] = 1;
      if (contents) contentsLabels[k] = 1;
      if (LIST_TAGS.has(nodes[i].name) && chars[i] === 0) emptyLists[k] = 1;
    } else headingCount[k] = 0; // the headings of a cut card are gone with it

    if (i > root) {
      const p = parent[i] - root;
      childChars[p] += chars[i];
      childKept[p] += kept[k];
      childHeadings[p] += inHeadings[k];
      headingCount[p] += headingCount[k];
      contentsLabels[p] |= contentsLabels[k];
      emptyLists[p] |= emptyLists[k];
    }
  }
  // A card reduced to its title (its "Read more" button cut) is still an item of its list.
  // A contents label over an empty list is as alone as one over a cut menu.
  const orphan = (i: number) =>
    headingCount[i - root] === 1 &&
    kept[i - root] === inHeadings[i - root] &&
    (kept[i - root] < chars[i] || (contentsLabels[i - root] === 1 && emptyLists[i - root] === 1)) &&
    !SECTION_HEADING_TAGS.has(nodes[i].name) &&
    !inItem[i];
  cutWhere(index, region, orphan);
}
