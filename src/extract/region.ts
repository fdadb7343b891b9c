/**
 * Picking the main region and clearing its clutter.
 *
 * The region is the element whose subtree has the most content text net of clutter (good − CLUTTER_WEIGHT ×
 * bad): climbing from a post body to the thread container pays as long as what is gained (further posts) outweighs
 * what comes with it (menus, sidebars), which picks one article body on a news page and the whole list of posts on
 * a forum without knowing which kind of page it is.
 */
import { removeNode, type ElementNode } from "../dom/tree";
import type { Judgement } from "./judge";
import type { PageIndex } from "./measure";
import { UI_TAGS } from "./signals";

const CLUTTER_WEIGHT = 1;

export function pickRegion(index: PageIndex, judgement: Judgement): number {
  const { good, bad } = judgement;
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < index.nodes.length; i++) {
    const score = good[i] - CLUTTER_WEIGHT * bad[i];
    // >= prefers the deeper of equal scores (descendants come after their ancestors).
    if (score >= bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** Removes boilerplate subtrees (hidden ones included) and interface widgets inside the region. */
export function cleanRegion(index: PageIndex, judgement: Judgement, region: number): void {
  const { nodes, parent, end } = index;
  const doomed: ElementNode[] = [];
  for (let i = region + 1; i < end[region]; i++) {
    const p = parent[i];
    const parentDoomed = p !== region && (judgement.boilerplate[p] || UI_TAGS.has(nodes[p].name));
    if (parentDoomed) continue;
    if (judgement.boilerplate[i] || UI_TAGS.has(nodes[i].name)) doomed.push(nodes[i]);
  }
  for (const element of doomed) removeNode(element);
}
