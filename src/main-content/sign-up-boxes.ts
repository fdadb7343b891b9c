/**
 * Sign-up boxes inside the content: "Join our newsletter — the freshest updates delivered to your inbox" over a field
 * for an e-mail address, set between an article's sections by a page builder whose class names say nothing
 * ("elementor-section", "mt-10 w-full"). Boxes named as newsletter or subscription boxes are chrome already
 * (signals.ts); these are found by what they hold: a field asking for an e-mail address, a few words of text at most,
 * and those words offering a subscription — but not the page's title (<h1>), which a box around a title and a
 * sign-up form beside it (one hidden until asked for) would take along. The field itself goes with every form
 * control; without this rule its heading and its pitch would stay behind as a stray section of the article.
 */
import { collapsedText, type ElementNode } from "../dom/tree";
import { type PageIndex } from "./measure";
import { HOLDS_FIELD, HOLDS_TITLE } from "./holds";
import type { Region } from "./region";
import { cutWhere } from "./walk";

/** A sign-up box's text: a heading, a sentence of pitch, a line of consent. More is a section of the page. */
const SIGN_UP_MAX_CHARS = 300;
/** ... and never most of the region: a short page may be little more than its sign-up form. */
const SIGN_UP_MAX_SHARE = 0.5;

/** What the box offers: a newsletter, a mailing list, updates by e-mail. */
const SIGN_UP_WORDS = new RegExp(
  String.raw`\b(?:newsletters?|subscribe|sign(?:ing)? up|signup|mailing list|` +
    String.raw`(?:e-?mail|weekly|monthly) (?:updates|digest)|to your inbox|in your inbox)\b`,
  "i",
);

/** Field attributes naming an e-mail address ("email", "form_fields[email]", "Your e-mail"). */
const EMAIL_NAME = /e-?mail/i;

/** Whether the element is a field for an e-mail address: by its type, or by its name, id, placeholder or label. */
function asksForEmail(element: ElementNode): boolean {
  if (element.name !== "input") return false;
  const { type = "text", name, id, placeholder } = element.attrs;
  const kind = type.toLowerCase();
  if (kind === "email") return true;
  // A text field (or one of no stated type) that its name, id, placeholder or label says is for an e-mail address.
  if (kind !== "text" && kind !== "") return false;
  return [name, id, placeholder, element.attrs["aria-label"]].some(
    (value) => value !== undefined && EMAIL_NAME.test(value),
  );
}

/** Whether the subtree at `i` holds a field for an e-mail address. */
function holdsEmailField(index: PageIndex, i: number): boolean {
  for (let j = i; j < index.end[i]; j++) if (asksForEmail(index.nodes[j])) return true;
  return false;
}

/**
 * Cuts from the region each outermost box of at most SIGN_UP_MAX_CHARS of text that offers a subscription for an
 * e-mail address.
 */
export function cutSignUpBoxes(index: PageIndex, region: Region): void {
  const { nodes, chars, holds } = index;
  const root = region.root;
  const limit = Math.min(SIGN_UP_MAX_CHARS, SIGN_UP_MAX_SHARE * chars[root]);
  // A field and no title first (cheap), then the words, then the field's kind.
  cutWhere(
    index,
    region,
    (i) =>
      (holds[i] & (HOLDS_FIELD | HOLDS_TITLE)) === HOLDS_FIELD &&
      chars[i] > 0 &&
      chars[i] <= limit &&
      SIGN_UP_WORDS.test(collapsedText(nodes[i])) &&
      holdsEmailField(index, i),
  );
}

/**
 * A line of its own inviting the reader to subscribe, with no field: "Sign up for our newsletter to get the latest
 * news in your inbox", "Don't miss a story: subscribe to our daily briefing". It opens with the invitation and names
 * what is sent, so a sentence of the text about newsletters ("The newsletter reached 10,000 readers") stays.
 */
const SIGN_UP_LINE = new RegExp(
  String.raw`^\W*(?:sign(?:ing)? up|subscribe|get (?:our|the)|join (?:our|the)|` +
    String.raw`want (?:more|the)|never miss|don['’]t miss|like this (?:story|` +
    String.raw`article)|enjoy(?:ed)? this)\b[^.!?]{0,120}?\b(?:newsletters?|inbox|` +
    String.raw`briefing|digest|mailing list)\b`,
  "i",
);
/** A line asking the reader to follow the site or the writer elsewhere: "Follow Northern Post on X and Facebook". */
const FOLLOW_LINE = new RegExp(
  String.raw`^\W*(?:follow|find|join|connect with) (?:us|me|[\w’'.&-]+(?: [\w’'.&-]+){0,4}) on (?:twitter|x|` +
    String.raw`facebook|instagram|linkedin|youtube|tiktok|threads|bluesky|mastodon|social(?: media)?)\b`,
  "i",
);
/**
 * A line asking the reader to share having used a recipe, under a recipe card: "Tried this recipe? Mention @crumbs or
 * tag #crumbs!", "Did you make this recipe? Leave a rating", "Pin this for later!". It opens with the question (or the
 * ask to pin), so a sentence of the post ("I made this recipe twice") stays.
 */
const SHARE_ASK_LINE = new RegExp(
  String.raw`^\W*(?:(?:(?:have|did) you )?(?:tried|made|make|try|baked|bake|cooked|cook) (?:this|it)` +
    String.raw`(?: recipe| dish)?\s*\?|pin (?:this|it) for later\b)`,
  "i",
);
/** Such a line is short, and a small part of the region (not a newsletter's own landing page). */
const SIGN_UP_LINE_MAX_CHARS = 160;
const SIGN_UP_LINE_MAX_SHARE = 0.1;

const isSignUpLine = (text: string) => SIGN_UP_LINE.test(text) || FOLLOW_LINE.test(text) || SHARE_ASK_LINE.test(text);

/** Cuts the region's blocks that are such lines. */
export function cutSignUpLines(index: PageIndex, region: Region): void {
  const { nodes, chars, ownChars } = index;
  const limit = Math.min(SIGN_UP_LINE_MAX_CHARS, SIGN_UP_LINE_MAX_SHARE * chars[region.root]);
  cutWhere(
    index,
    region,
    (i) => ownChars[i] > 0 && ownChars[i] === chars[i] && chars[i] <= limit && isSignUpLine(collapsedText(nodes[i])),
  );
}
