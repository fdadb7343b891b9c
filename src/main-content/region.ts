/**
 * Picking the main region and clearing its clutter, in one bottom-up pass.
 *
 * Each element is worth its block's content text minus its clutter, plus what its children are worth — where a
 * child worth less than −REMOVAL_COST is cut off (at that cost) rather than carried. The region is the element
 * worth the most. Climbing from one post body to the whole thread pays as long as the further posts outweigh
 * what comes with them; a section of links or a form inside a marketing page is cut off instead of sinking the
 * page; boilerplate subtrees (judge.ts) are cut off for free. So one rule picks an article body on a news page,
 * every post of a forum thread and every section of a service page, without knowing which kind of page it is.
 */
import type { Judgement } from "./judge";
import type { PageIndex } from "./measure";
import { SECTION_HEADING_TAGS } from "./tags";

/** What cutting a subtree out of the region costs, in characters of content: small clutter is not worth a cut. */
const REMOVAL_COST = 30;
/** Text the whole-page fallback must keep without the page's chrome for the chrome to be left out. */
const FALLBACK_MIN_CHARS = 100;
/** Share of its content text a hidden block is worth in the region's cuts (not in choosing the region). */
const HIDDEN_WORTH = 0.5;

export interface Region {
  /** Index of the region's root element. */
  root: number;
  /** 1 for elements cut off from their parent (and so from any region holding them). */
  cut: Uint8Array;
  /** Worth of each element's subtree after its cuts. */
  worth: Float64Array;
}

/**
 * `anchor`: an element the region must hold (a product page's title): the core is then chosen among its
 * ancestors, so the product's own block wins over a longer review section or marketing band elsewhere.
 */
export function pickRegion(index: PageIndex, judgement: Judgement, anchor = -1): Region {
  const { parent } = index;
  const { boilerplate, blockGood, blockBad } = judgement;
  const count = index.nodes.length;
  const worth = new Float64Array(count);
  const cut = new Uint8Array(count);
  for (let i = 0; i < count; i++) worth[i] = blockGood[i] - blockBad[i] + HIDDEN_WORTH * judgement.hiddenGood[i];
  for (let i = count - 1; i > 0; i--) {
    const p = parent[i];
    if (boilerplate[i] || index.widget[i]) {
      cut[i] = boilerplate[p] ? 0 : 1;
      continue;
    }
    if (worth[i] < -REMOVAL_COST) {
      cut[i] = 1;
      worth[p] -= REMOVAL_COST;
    } else worth[p] += worth[i];
  }
  // The core: the subtree with the most content net of everything else in it, boilerplate and clutter alike.
  const net = new Float64Array(count);
  for (let i = 0; i < count; i++)
    net[i] = boilerplate[i]
      ? judgement.hidden[i] || judgement.aside[i]
        ? 0
        : -index.ownChars[i]
      : blockGood[i] - blockBad[i];
  for (let i = count - 1; i > 0; i--) net[parent[i]] += net[i];
  let core = 0;
  if (anchor > 0) {
    for (let i = anchor; i > 0; i = parent[i]) if (!boilerplate[i] && net[i] > net[core]) core = i;
  } else {
    // In a tie the wrapper keeps its short neutral text (a status line beside the heading); a wrapper with no
    // more text than the element inside it (only images, empty boxes) gives way to that element.
    for (let i = 1; i < count; i++) {
      if (boilerplate[i]) continue;
      if (net[i] > net[core] || (net[i] === net[core] && i < index.end[core] && index.chars[i] === index.chars[core]))
        core = i;
    }
  }
  return { root: widen(index, core, cut, worth, judgement), cut, worth };
}

const SIBLING_SHARE = 0.2;
const SIBLING_MIN = 100;
/**
 * A block beside the core with at least this much content text and clutter of at most ISLAND_CLUTTER_SHARE of it is
 * prose (an article's intro set apart from its body, a closing paragraph), not an island: it stays when the region
 * widens past it.
 */
const ISLAND_PROSE_MIN = 60;
const ISLAND_CLUTTER_SHARE = 0.1;

/**
 * The core region grows into its ancestors' other children when they hold real content of their own (at
 * least SIBLING_SHARE of the core's worth, or SIBLING_MIN): the other sections of a marketing page, the
 * continuation of an article split by a layout wrapper. Small islands around the content — "back to blog",
 * an author line, a promo box — are cut, but not a block of clean prose (ISLAND_PROSE_MIN); a titled section worth
 * SIBLING_MIN is not an island (a marketing page's short sections beside a long one, its hero under the page's
 * <h1>), and though alone it does not draw the region wider, such sections together do, as one long section would
 * (a dozen short feature blocks beside a long FAQ). Returns the new root.
 */
function widen(index: PageIndex, core: number, cut: Uint8Array, worth: Float64Array, judgement: Judgement): number {
  const { nodes, parent, end } = index;
  const threshold = Math.max(SIBLING_MIN, SIBLING_SHARE * worth[core]);
  // 1 where the subtree holds a heading with content text (the page's <h1> titles the hero section holding it).
  const titled = new Uint8Array(nodes.length);
  for (let i = nodes.length - 1; i > 0; i--) {
    if ((SECTION_HEADING_TAGS.has(nodes[i].name) || nodes[i].name === "h1") && judgement.good[i] > 0) titled[i] = 1;
    if (titled[i]) titled[parent[i]] = 1;
  }
  let root = core;
  for (let child = core, a = parent[core]; a >= 0; child = a, a = parent[a]) {
    let joined = false;
    const islands: number[] = [];
    // Worth of the titled sections beside the core.
    let sections = 0;
    for (let s = a + 1; s < end[a]; s = end[s]) {
      if (s === child || cut[s]) continue;
      if (worth[s] >= threshold) joined = true;
      else if (titled[s] && worth[s] >= SIBLING_MIN) sections += worth[s];
      else if (judgement.good[s] >= ISLAND_PROSE_MIN && judgement.bad[s] <= ISLAND_CLUTTER_SHARE * judgement.good[s])
        continue;
      else if (worth[s] !== 0 || index.chars[s] > 0) islands.push(s);
    }
    if (sections >= threshold) joined = true;
    if (!joined) continue;
    for (const s of islands) if (!headedSection(index, s, worth, cut, judgement)) cut[s] = 1;
    root = a;
  }
  return root;
}

/**
 * Whether a small block beside the core is a section set flat under its heading — the heading itself, followed by a
 * block worth something, or that block after it (a guide's "Best movers for those moving locally" over its list) —
 * rather than an island: the heading and its body are siblings, so neither holds a heading of its own.
 */
function headedSection(
  index: PageIndex,
  s: number,
  worth: Float64Array,
  cut: Uint8Array,
  judgement: Judgement,
): boolean {
  const { nodes, parent, end } = index;
  if (worth[s] <= 0) return false;
  const isHeading = (i: number) => SECTION_HEADING_TAGS.has(nodes[i].name) && judgement.good[i] > 0 && !cut[i];
  if (isHeading(s)) {
    const next = end[s];
    return next < end[parent[s]] && parent[next] === parent[s] && !cut[next] && worth[next] > 0 && !isHeading(next);
  }
  let previous = -1;
  for (let c = parent[s] + 1; c < s; c = end[c]) previous = c;
  return previous >= 0 && isHeading(previous);
}

/**
 * Brings the page's title (its first <h1> outside boilerplate) into the region when it stands just outside it or
 * was cut inside it: the heading of an article often sits in a wrapper of its own before the body, worth too little
 * to be joined by `widen`. Only the title and the path to it come in, nothing else around it — except, given
 * `sectionsBetween` (a judgement, on pages not declared articles or threads), what stands between the title and the
 * content and is content itself: a marketing page's sections under its hero, a listing's intro, each worth
 * SIBLING_MIN or clean prose as `widen` keeps it. An article's standfirst and disclosures there stay out. A title after
 * the content is not its title and stays out.
 */
export function joinTitle(index: PageIndex, region: Region, title: number, sectionsBetween?: Judgement): void {
  const { parent, end } = index;
  if (title < 0) return;
  const content = region.root;
  const keptBetween = (c: number) => {
    if (sectionsBetween === undefined || c < end[title] || c >= content || region.cut[c]) return false;
    const { good, bad } = sectionsBetween;
    return region.worth[c] >= SIBLING_MIN || (good[c] >= ISLAND_PROSE_MIN && bad[c] <= ISLAND_CLUTTER_SHARE * good[c]);
  };
  const inside = title > region.root && title < end[region.root];
  if (!inside && title > region.root) return;
  // The lowest common ancestor of the title and the region.
  let top = region.root;
  while (!(title > top && title < end[top])) top = parent[top];
  const path = new Set<number>([top]);
  // Elements on the way down to the title (and, when the region moves up, to the old region) that were left out:
  // their other children stay out.
  const excluded: number[] = [];
  const climb = (from: number, leftOut: boolean) => {
    const chain: number[] = [];
    for (let i = from; i !== top; i = parent[i]) chain.push(i);
    let out = leftOut;
    for (let k = chain.length - 1; k >= 0; k--) {
      const i = chain[k];
      out = out || region.cut[i] === 1;
      path.add(i);
      if (out && i !== from) excluded.push(i);
      region.cut[i] = 0;
    }
  };
  climb(title, !inside);
  if (!inside) {
    climb(region.root, true);
    excluded.push(top);
  }
  for (const e of excluded)
    for (let c = e + 1; c < end[e]; c = end[c]) if (!path.has(c) && !keptBetween(c)) region.cut[c] = 1;
  region.root = top;
}

/** Text the region keeps (or `root`, an element of it) once its cut subtrees are gone. */
export function keptChars(index: PageIndex, region: Region, root = region.root): number {
  let kept = index.chars[root];
  for (let i = root + 1; i < index.end[root];) {
    if (region.cut[i]) {
      kept -= index.chars[i];
      i = index.end[i];
    } else i++;
  }
  return kept;
}

/** Whether the region keeps an image (a photo page's content may be its picture alone). */
export function keptImage(index: PageIndex, region: Region): boolean {
  for (let i = region.root; i < index.end[region.root];) {
    if (region.cut[i]) i = index.end[i];
    else if (index.nodes[i].name === "img") return true;
    else i++;
  }
  return false;
}

/**
 * The whole page as the region, the fallback when no region is plausible: nothing cut but interface widgets and, given
 * the judgement, the chrome (when enough text is left without it).
 */
export function wholePage(index: PageIndex, judgement?: Judgement): Region {
  const count = index.nodes.length;
  const cut = new Uint8Array(count);
  for (let i = 1; i < count; i++) if (index.widget[i]) cut[i] = 1;
  const region = { root: 0, cut, worth: new Float64Array(count) };
  if (judgement === undefined) return region;
  // The body without its chrome (menus, footers, banners) when enough is left of it; else all of it.
  const bare = cut.slice();
  for (let i = 1; i < count; i++)
    if (judgement.boilerplate[i] && !judgement.boilerplate[index.parent[i]] && !judgement.hidden[i]) bare[i] = 1;
  const withoutChrome = { root: 0, cut: bare, worth: region.worth };
  return keptChars(index, withoutChrome) >= FALLBACK_MIN_CHARS ? withoutChrome : region;
}
