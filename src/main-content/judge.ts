/**
 * Turns the page index into two numbers per element: how much content text its subtree holds (`good`) and how
 * much clutter (`bad`), after deciding which subtrees are boilerplate.
 *
 * Boilerplate: an element whose markup says so (signals.ts), unless it evidently wraps the page's content — it
 * holds most of the page's text, or a <main>/<article>-like element carrying most of its own — because layout
 * wrappers get names like "has-sidebar" or "page-header-and-content". A site <header> outside the content is
 * boilerplate too. An element named only as navigation ("nav", "menu") is not when it holds prose rather than links
 * (the sections a scrolling menu points at). Comment threads are boilerplate unless the page is a discussion (then
 * they are the content).
 *
 * Every other block is judged on its own text first (block-text.ts: its rules, in order, say what counts as
 * content and what as clutter).
 */
import { type PageIndex } from "./measure";
import { HOLDS_CODE, HOLDS_FIELD, HOLDS_PICTURE, HOLDS_SUBHEADING, HOLDS_TITLE } from "./holds";
import { Hint } from "./signals";
import { isDialog, isDisclosurePanel } from "./visibility";
import { numbersFigure } from "./entities";
import { judgeBlockText } from "./block-text";
import { subtractSubtrees, sumSubtrees } from "./subtree-sums";

export interface Judgement {
  /** 1 where the element or an ancestor is boilerplate. */
  boilerplate: Uint8Array;
  /**
   * 1 where the element or an ancestor is hidden (a closed tab or accordion, a collapsed menu): such text neither
   * draws the region nor weighs against it, and is kept when the region holds it.
   */
  hidden: Uint8Array;
  /**
   * 1 inside boilerplate that belongs beside the content rather than around it (a product's customer reviews): cut
   * from the region, but its text does not count against the region holding it.
   */
  aside: Uint8Array;
  /** Content text of the element's own block (0 in boilerplate). */
  blockGood: Float64Array;
  /** Clutter of the element's own block (0 in boilerplate: boilerplate is removed, not weighed). */
  blockBad: Float64Array;
  /**
   * Content text of a hidden block outside boilerplate (the answer under an accordion's question, a closed tab's
   * prose): it does not draw the region, but it keeps the container holding it from being cut as clutter.
   */
  hiddenGood: Float64Array;
  /** Subtree sums of blockGood and blockBad. */
  good: Float64Array;
  bad: Float64Array;
  /** Content text inside comment threads (counted as clutter unless comments are content). */
  commentGood: number;
  /** Text outside boilerplate. */
  keptChars: number;
}

export interface JudgeOptions {
  /** Comment threads are the page's content (a forum or Q&A page). */
  commentsAreContent: boolean;
  /** The page is made of signed posts (a question and its answers): each post's author card stays with it. */
  signedPosts?: boolean;
  /**
   * What is printed beside the prose is clutter (an article: its text is its prose): the captions and credits of
   * pictures (the pictures stay), except a numbered figure's ("Figure 2. ..."), which the text refers to, and
   * disclosures.
   */
  onlyProse?: boolean;
  /** 1 inside repeated items (items.ts). */
  inItem?: Uint8Array;
  /** 1 on each repeated item: a card is not clutter for being named like a call to action. */
  isItem?: Uint8Array;
  /**
   * 1 inside teasers (items.ts: entries titled by a link to another page). Unless item text is content (a listing)
   * or comments are (a thread), teasers are clutter: the related posts and latest news beside an article.
   */
  inTeaser?: Uint8Array;
  /** 1 inside items that link somewhere by their text (items.ts): the only ones a product page's cards can be. */
  inLinkingItem?: Uint8Array;
  /**
   * How text in repeated items counts: all content (a listing page: the items are what it lists), all clutter
   * (a product page: its lists of other products are recommendations), or like any other text (unset).
   */
  itemText?: "content" | "clutter";
  /**
   * Customer reviews are clutter (a product page: its content is the product's own description and specs, not
   * what buyers wrote about it).
   */
  reviewsAreClutter?: boolean;
  /**
   * Hidden blocks that are not panels opened in place (visibility.ts isDisclosurePanel) are layers shown on demand
   * and go (a product page: its quick views, size guides and "notify me" forms), instead of being kept unweighed.
   */
  hiddenLayersAreClutter?: boolean;
  /**
   * 1 on sections titled as being about something else than the page (named-sections.ts: "Related articles",
   * "About the author"): clutter like a block named "related", unless they wrap the page's content.
   */
  namedSections?: Uint8Array;
}

/**
 * A probable-clutter element (a form, a "cta" box, a "meta" block) with this much prose is content under a
 * misleading name — a post wrapped in a form, a page builder's card — not a sign-up box or a byline.
 */
const CLUTTER_MAX_PROSE = 200;
/** Share of a repeated item's text above which a block inside it is the item itself rather than a part of it. */
const CARD_SHARE = 0.5;
/**
 * ... and above which, titled or not, it wraps the whole item (an entry's "meta" box holding its title and authors).
 */
const ITEM_WRAPPER_SHARE = 0.9;
/**
 * An element named only as navigation is content when it holds this much prose (its own worth, not item text promoted
 * on a listing) and more than PROSE_RATIO times as much as clutter: a menu is links, a menu's target is sections.
 */
const PROSE_SECTION = 300;
const PROSE_RATIO = 2;
/**
 * Content text (net of links) above which an element named as chrome by its class or id only, holding most of the
 * page's, is the page's content under a layout name; a cookie notice or a newsletter box has far less.
 */
const CHROME_WRAPPER_MIN = 2000;

export function judge(index: PageIndex, options: JudgeOptions): Judgement {
  const { nodes, parent, hint, ownChars } = index;
  const count = nodes.length;
  const { itemText } = options;

  // Each block on its own text, boilerplate or not yet.
  const { good: rawGood, bad: rawBad, subtreeGood, promoted } = judgeBlockText(index, options);
  const subtreeBad = sumSubtrees(rawBad, parent);
  // The largest content text of a content-hinted element inside each subtree.
  const contentInside = new Float64Array(count);
  for (let i = count - 1; i >= 0; i--) {
    if (hint[i] === Hint.Content && subtreeGood[i] > contentInside[i]) contentInside[i] = subtreeGood[i];
    if (i > 0 && contentInside[i] > contentInside[parent[i]]) contentInside[parent[i]] = contentInside[i];
  }
  const totalGood = subtreeGood[0] || 1;
  // Whether a subtree holds most of the page's content is judged on its text's own worth: a menu found to be a list
  // of items does not wrap the page for having its links promoted to content on a listing page.
  const ownWorth = promoted === null ? subtreeGood : subtractSubtrees(subtreeGood, promoted, parent);
  const totalOwnWorth = ownWorth[0] || 1;

  const boilerplate = new Uint8Array(count);
  const hidden = new Uint8Array(count);
  const aside = new Uint8Array(count);
  const insideContent = new Uint8Array(count);
  const inComments = new Uint8Array(count);
  // A wrapper of the page's content, whatever its name or style says (streamed server rendering parks whole
  // pages in hidden elements; layout wrappers get names like "has-sidebar").
  const holdsMainContent = (i: number) => contentInside[i] > 0.5 * subtreeGood[i] && contentInside[i] > 0.2 * totalGood;
  const holdsMostOfPage = (i: number) => ownWorth[i] > 0.5 * totalOwnWorth;
  const wrapsContent = (i: number) => holdsMostOfPage(i) || holdsMainContent(i);
  // Chrome by its class or id only (not a <footer>, a dialog or a contentinfo landmark): holding most of the page's
  // text, and much of it, it is a layout wrapper a component library named after its place ("page1-footer" of a post).
  const namedOnly = (i: number) =>
    nodes[i].name !== "footer" && nodes[i].attrs.role !== "contentinfo" && ownWorth[i] >= CHROME_WRAPPER_MIN;
  // The repeated item each element belongs to (items.ts), or -1.
  const itemOf = new Int32Array(count).fill(-1);
  for (let i = 1; i < count; i++) itemOf[i] = options.isItem?.[i] ? i : itemOf[parent[i]];
  // The classifiers of an element whose parent is not boilerplate, each named for what it recognises.
  // A buyer's review of the product on sale: a review section holds what buyers wrote, however long, unless it wraps
  // the product's title (then it is a layout name); a rating summary line ("95% positive") speaks of the product.
  const buyersReview = (i: number) =>
    options.reviewsAreClutter === true &&
    index.reviews[i] === 1 &&
    !(index.holds[i] & HOLDS_TITLE) &&
    subtreeGood[i] >= CLUTTER_MAX_PROSE;
  // A product page's hidden layer (a quick view, a size guide), not a closed tab or fold of its details.
  const hiddenLayer = (i: number) =>
    options.hiddenLayersAreClutter === true &&
    hidden[i] === 1 &&
    !hidden[parent[i]] &&
    !options.isItem?.[i] &&
    !isDisclosurePanel(nodes[i]);
  // Chrome (a footer, a dialog, a cookie box) goes unless it wraps the page's content; a dialog goes anyway.
  const chromeGoes = (i: number) =>
    (!holdsMainContent(i) && !(namedOnly(i) && holdsMostOfPage(i))) || isDialog(nodes[i]);
  // The page's author (a byline, an author box with a biography) is about who wrote it, even when the box marks its
  // biography as a description (content by its itemprop); a thread's poster cards and a listing's bylines stay with
  // their posts and entries.
  const pagesAuthor = (i: number) =>
    index.author[i] === 1 &&
    !options.commentsAreContent &&
    !options.signedPosts &&
    itemText !== "content" &&
    !holdsMostOfPage(i);
  // Named or placed as chrome: navigation, clutter, comments on an article, a section about something else, a header
  // outside the content, and on an article a caption, credit or disclosure (not the picture it may wrap, nor the
  // caption of a figure the text numbers).
  const flagged = (i: number) => {
    const h = hint[i];
    return (
      h === Hint.Boilerplate ||
      h === Hint.Navigation ||
      h === Hint.Clutter ||
      options.namedSections?.[i] === 1 ||
      (options.onlyProse === true &&
        index.besideProse[i] === 1 &&
        !(index.holds[i] & HOLDS_PICTURE) &&
        !numbersFigure(nodes[i])) ||
      (h === Hint.Comments && !options.commentsAreContent) ||
      (nodes[i].name === "header" && !insideContent[parent[i]])
    );
  };
  // Flagged, but content by what it holds.
  const contentDespiteItsName = (i: number) => {
    const h = hint[i];
    const named = options.namedSections?.[i] === 1;
    // Named "nav" or "menu" but holding sections of prose: what a scrolling menu points at, not the menu.
    if (h === Hint.Navigation && ownWorth[i] >= PROSE_SECTION && ownWorth[i] > PROSE_RATIO * subtreeBad[i]) return true;
    // A probable-clutter element with prose (a post wrapped in a form, a page builder's "cta" card) is content;
    // a form one can fill in is not, whatever legal text comes with it. Prose by its own worth: a listing's item text
    // promoted to content does not make an entry's row of tags or its byline prose.
    const fillable = nodes[i].name === "form" && (index.holds[i] & HOLDS_FIELD) !== 0;
    // A titled "cta" box holding most of its card is the card itself (page builders name every card widget so);
    // a poster's card beside the post is not.
    const itemShare = itemOf[i] >= 0 ? index.chars[i] / (index.chars[itemOf[i]] || 1) : 0;
    const card =
      options.isItem?.[i] === 1 ||
      ((index.holds[i] & (HOLDS_TITLE | HOLDS_SUBHEADING)) !== 0 && itemShare > CARD_SHARE) ||
      itemShare >= ITEM_WRAPPER_SHARE;
    if (h === Hint.Clutter && !named && ((ownWorth[i] >= CLUTTER_MAX_PROSE && !fillable) || card)) return true;
    // A code block is content whatever its wrapper is named: a highlighter's toolbar ("code-toolbar"), its file name
    // and language line ("highlight-meta"), a drop-down of one example per language.
    if (h === Hint.Clutter && (index.holds[i] & HOLDS_CODE) !== 0 && !named) return true;
    // A button left holding text titles a panel (panel-toggles.ts: other buttons are widgets, cut anyway); a clutter
    // name on it ("accordion__button", "btn-expand") only says that it is a control, as every accordion's toggle is.
    if (h === Hint.Clutter && nodes[i].name === "button" && !named) return true;
    // A form with nothing to fill in around a block named as content is a post, however short (its body sits in the
    // form for editing).
    return nodes[i].name === "form" && !fillable && contentInside[i] > 0;
  };
  // The first classifier that speaks decides: 2 = boilerplate set aside (kept out of the region's net), 1 =
  // boilerplate, 0 = not.
  const classify = (i: number): 0 | 1 | 2 => {
    if (buyersReview(i) || hiddenLayer(i)) return 2;
    if (hint[i] === Hint.Chrome) return chromeGoes(i) ? 1 : 0;
    if (pagesAuthor(i)) return 1;
    return flagged(i) && !wrapsContent(i) && !contentDespiteItsName(i) ? 1 : 0;
  };
  for (let i = 1; i < count; i++) {
    const p = parent[i];
    insideContent[i] = insideContent[p] | (hint[i] === Hint.Content ? 1 : 0);
    inComments[i] = inComments[p] | (hint[i] === Hint.Comments ? 1 : 0);
    hidden[i] = hidden[p] | (index.hidden[i] && !wrapsContent(i) ? 1 : 0);
    if (boilerplate[p]) {
      boilerplate[i] = 1;
      aside[i] = aside[p];
      continue;
    }
    const verdict = classify(i);
    if (verdict > 0) boilerplate[i] = 1;
    if (verdict === 2) aside[i] = 1;
  }

  const blockGood = new Float64Array(count);
  const blockBad = new Float64Array(count);
  let commentGood = 0;
  let keptChars = 0;
  const hiddenGood = new Float64Array(count);
  // A carousel's slides out of view (hidden items of a list, items.ts): their clutter weighs like their shown
  // siblings'.
  const slide = new Uint8Array(count);
  for (let i = 1; i < count; i++) slide[i] = slide[parent[i]] | (options.isItem?.[i] && index.hidden[i] ? 1 : 0);
  for (let i = 0; i < count; i++) {
    if (inComments[i]) commentGood += rawGood[i];
    if (hidden[i] && !boilerplate[i]) hiddenGood[i] = rawGood[i];
    if (hidden[i] && !boilerplate[i] && slide[i]) blockBad[i] = rawBad[i];
    if (boilerplate[i] || hidden[i]) continue;
    blockGood[i] = rawGood[i];
    blockBad[i] = rawBad[i];
    keptChars += ownChars[i];
  }
  const good = sumSubtrees(blockGood, parent);
  const bad = sumSubtrees(blockBad, parent);
  return { boilerplate, hidden, aside, blockGood, blockBad, hiddenGood, good, bad, commentGood, keptChars };
}
