/**
 * Small pages: a page whose main region holds little text — a heading over one short paragraph, three list items,
 * a table, a form, an error page's line and its link home — is all content. The region scoring weighs text against
 * clutter, and on so little text a single link ("Back") or a short label outweighs the paragraph beside it, so the
 * pick shrinks to the heading. Here the pick is widened back to the whole region.
 *
 * - The region: the page's declared main region (`<main>`, `role="main"`, else its only `<article>`) when the pick
 *   lies inside it; on a page that declares none, the whole body.
 * - Cut from it: only boilerplate (chrome, probable clutter, sections about something else: judge.ts), hidden layers
 *   and widgets; not what the pick cut because its links outweighed its text (a schedule's rows).
 * - When: the region then holds at most SMALL_REGION_CHARS, the pick less than SMALL_PICK_CHARS (with more, the
 *   scoring had enough text to go on), and the region most of the page's text outside chrome (REGION_SHARE: a small
 *   `<main>` beside the page's real content is not the content).
 * - Then: the pass that cuts a lone closing link leaves the region alone (on such a page "Go to the home page" is
 *   part of what it says), a declared region is not replaced by the whole-body fallback, and its forms (a contact
 *   form, a sign-in form, a newsletter's) keep their labels. The cuts read from words or shapes (rules.ts notSmall)
 *   leave it alone: a notice's "Updated 3 Dec 2026" or a "Loading…" is part of what it says.
 */
import { attr } from "../dom/tree";
import type { Judgement } from "./judge";
import type { PageIndex } from "./measure";
import { keptChars, type Region } from "./region";
import { Hint } from "./signals";
import { cutWhere } from "./walk";

/**
 * Most text (characters other than spaces, chrome cut) a region may hold to be read whole as a small page's content.
 */
const SMALL_REGION_CHARS = 400;
/**
 * A pick holding this much text had enough to be scored on: the links and labels it left beside a paragraph of this
 * size are a menu, not the page's content.
 */
const SMALL_PICK_CHARS = 100;
/** Least share of the page's text outside chrome (judge.ts's keptChars) the region must hold. */
const REGION_SHARE = 0.5;

/** The page's declared main region: its first `<main>` or `role="main"` outside chrome, else its only `<article>`. */
function declaredMain(index: PageIndex, judgement: Judgement): number {
  let article = -1;
  let articles = 0;
  for (let i = 1; i < index.nodes.length; i++) {
    if (judgement.boilerplate[i] || judgement.hidden[i]) continue;
    const node = index.nodes[i];
    if (node.name === "main" || attr(node, "role") === "main") return i;
    if (node.name === "article" && articles++ === 0) article = i;
  }
  return articles === 1 ? article : -1;
}

/**
 * The small page's region (see above) with `declared` telling which kind it is, or null when the page is not small or
 * the pick is not inside its region.
 */
export function smallPageRegion(
  index: PageIndex,
  judgement: Judgement,
  region: Region,
): (Region & { declared: boolean }) | null {
  const picked = keptChars(index, region);
  if (picked >= SMALL_PICK_CHARS) return null;
  const declared = declaredMain(index, judgement);
  const { end } = index;
  if (declared >= 0 && !(region.root >= declared && region.root < end[declared])) return null;
  const root = declared >= 0 ? declared : 0;
  // Only what the judgement calls boilerplate (chrome, probable clutter, sections about something else), interface
  // widgets and hidden layers are cut: not what the pick cut for its links outweighing its text (a schedule's rows).
  const small = { root, cut: new Uint8Array(index.nodes.length), worth: region.worth, declared: declared >= 0 };
  cutWhere(index, small, (i) => judgement.boilerplate[i] === 1 || judgement.hidden[i] === 1 || index.widget[i] === 1);
  const kept = keptChars(index, small);
  if (kept === 0 || kept > SMALL_REGION_CHARS || kept < picked) return null;
  // A region holding little of the page's text other than chrome is not where the page keeps its content.
  if (kept < REGION_SHARE * judgement.keptChars) return null;
  if (keepForms(index, small)) return small;
  // The pick lost none of the region's text: it stands (as the small page's region, which the weak cuts leave alone).
  return kept === picked ? { ...region, declared: small.declared } : small;
}

/**
 * A small page's forms (a contact form, a sign-in form, a newsletter's page), cut as probable clutter, are part of what
 * it says: their labels come back ("Email", "Password"); their fields and buttons still go. Whether there was a form.
 */
function keepForms(index: PageIndex, region: Region): boolean {
  const { nodes, end, widget } = index;
  let kept = false;
  for (let i = region.root + 1; i < end[region.root]; i++) {
    if (nodes[i].name !== "form" || !region.cut[i] || index.hint[i] !== Hint.Clutter) continue;
    region.cut[i] = 0;
    for (let j = i + 1; j < end[i]; j++) if (widget[j]) region.cut[j] = 1;
    kept = true;
  }
  return kept;
}
