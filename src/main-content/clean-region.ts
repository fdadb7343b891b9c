/**
 * The picked region made into the result: its cut subtrees removed, and what no reader sees inside it (the fallback
 * text of videos and audio).
 */
import { ELEMENT, removeNode, type PageNode } from "../dom/tree";
import type { PageIndex } from "./measure";
import type { Region } from "./region";

/** Media elements whose other content is only shown by a browser that cannot play them. */
const MEDIA_TAGS = new Set(["video", "audio"]);
/** What a media element's content holds for playing it: its sources and text tracks. */
const MEDIA_PARTS = new Set(["source", "track"]);

/**
 * Removes the cut subtrees inside the region (the outermost cut of each branch), and the fallback content of its
 * videos and audio ("Your browser does not support the video tag"): no reader sees it, the media stays.
 */
export function cleanRegion(index: PageIndex, region: Region): void {
  const { nodes, end } = index;
  const doomed: PageNode[] = [];
  for (let i = region.root + 1; i < end[region.root];) {
    if (region.cut[i]) {
      doomed.push(nodes[i]);
      i = end[i];
      continue;
    }
    if (MEDIA_TAGS.has(nodes[i].name)) {
      for (const child of nodes[i].children)
        if (child.type !== ELEMENT || !MEDIA_PARTS.has(child.name)) doomed.push(child);
    }
    i++;
  }
  for (const node of doomed) removeNode(node);
}
