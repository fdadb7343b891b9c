/**
 * The walk every cut of the region shares: its elements below the root in document order (the index's order), with
 * the subtrees already cut skipped unread. A rule looks at one element and says what to do with it.
 */
import type { PageIndex } from "./measure";
import type { Region } from "./region";

/**
 * What a rule does with an element: look inside it (`descend`, also what returning nothing means), pass over its
 * subtree (`skip`), cut it from the region (`cut`), or end the walk (`stop`).
 */
export type Step = "descend" | "skip" | "cut" | "stop" | void;

/** Walks the region's uncut elements below its root, doing with each what `visit` answers. */
export function walkRegion(index: PageIndex, region: Region, visit: (i: number) => Step): void {
  const { end } = index;
  for (let i = region.root + 1; i < end[region.root];) {
    if (region.cut[i]) {
      i = end[i];
      continue;
    }
    const step = visit(i);
    if (step === "stop") return;
    if (step === "cut") region.cut[i] = 1;
    i = step === "cut" || step === "skip" ? end[i] : i + 1;
  }
}

/** Cuts every outermost element of the region that `matches`; subtrees `skip` names are not looked into. */
export function cutWhere(
  index: PageIndex,
  region: Region,
  matches: (i: number) => boolean,
  skip?: (i: number) => boolean,
): void {
  walkRegion(index, region, (i) => (skip?.(i) ? "skip" : matches(i) ? "cut" : "descend"));
}
