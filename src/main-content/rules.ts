/**
 * The cuts made inside the picked region, in the order they run: each rule's name says what it cuts, `on` which pages
 * it runs on, and its file how it recognises what it cuts. A new rule is one more entry here and one file beside
 * this one (walk.ts gives it the region's walk).
 */
import { cutBreadcrumbs, cutKicker } from "./breadcrumbs";
import { cutCallsToAction } from "./calls-to-action";
import { cutCardBadges } from "./card-badges";
import { cutDataIslands } from "./data-islands";
import { cutDatelines } from "./datelines";
import { cutHiddenCopies } from "./hidden-copies";
import type { ItemLists } from "./items";
import type { Judgement } from "./judge";
import type { PageIndex } from "./measure";
import { cutPictureCredits } from "./picture-credits";
import { cutPosterStats } from "./poster-stats";
import { cutPolls } from "./polls";
import { cutPullQuotes } from "./pull-quotes";
import { cutNumberScales } from "./number-scales";
import { cutOrphanHeadings } from "./orphan-headings";
import type { Region } from "./region";
import { cutReadMoreLines } from "./read-more-links";
import { cutRepeats } from "./repeats";
import { cutReplySubjects } from "./reply-subjects";
import { cutSignUpBoxes, cutSignUpLines } from "./sign-up-boxes";
import { cutStatusMessages } from "./status-messages";
import { cutTeaserCards } from "./teaser-cards";
import { cutTemplatePlaceholders } from "./template-placeholders";

/** What the rules know of the page once its region is picked. */
export interface PageReading {
  index: PageIndex;
  region: Region;
  items: ItemLists;
  judgement: Judgement;
  /** The page is read as a discussion: its comment threads are content. */
  commentsAreContent: boolean;
  /** How items' text counts: "clutter" on a product page (other products' cards), "content" on a listing. */
  itemText: "clutter" | "content" | undefined;
  /** The region is a small page's (small-pages.ts). */
  small: boolean;
  /** The page is an article: its text is its prose (index.ts, `onlyProse`). */
  article: boolean;
  /** The names the page declares as its author's (JSON-LD, `<meta name="author">`). */
  authors: ReadonlySet<string>;
  /** The page's title element (index.ts pageTitle), or -1. */
  title: number;
}

export interface RegionCut {
  name: string;
  on: (page: PageReading) => boolean;
  cut: (page: PageReading) => void;
}

const everyPage = () => true;
/** Pages that are not listings, products (their items' text is content or clutter) or threads. */
const notListsOrThreads = ({ itemText, commentsAreContent }: PageReading) =>
  itemText === undefined && !commentsAreContent;
/** Articles, of those. */
const articles = (page: PageReading) => page.article && notListsOrThreads(page);
/** Pages other than small ones: a small page's few lines are its content, cut only on strong evidence. */
const notSmall = ({ small }: PageReading) => !small;

export const REGION_CUTS: readonly RegionCut[] = [
  {
    name: "repeats: a block repeating an earlier one word for word (repeats.ts)",
    on: everyPage,
    cut: ({ index, region, items, title }) => cutRepeats(index, region, items.inItem, title),
  },
  {
    name: 'hidden copies: the page again in a hidden element, raw Markdown for "Copy page" (hidden-copies.ts)',
    on: everyPage,
    cut: ({ index, region }) => cutHiddenCopies(index, region),
  },
  {
    name: "teaser cards: a link holding another story's headline and more, in an article (teaser-cards.ts)",
    on: articles,
    cut: ({ index, region, items }) => cutTeaserCards(index, region, items.inItem),
  },
  {
    name: 'read-more lines: "Read more: <headline>", all link but the label, not in items (read-more-links.ts)',
    on: notSmall,
    cut: ({ index, region, items }) => cutReadMoreLines(index, region, items.inItem),
  },
  {
    name: "breadcrumbs: a trail of links up from the page, over its title, not on a small page (breadcrumbs.ts)",
    on: notSmall,
    cut: ({ index, region, items, title }) => cutBreadcrumbs(index, region, items.inItem, title),
  },
  {
    name: "kicker: one short link just over an article's title, naming its section (breadcrumbs.ts)",
    on: (page) => articles(page) && notSmall(page),
    cut: ({ index, region, title }) => cutKicker(index, region, title),
  },
  // Before orphan headings: a heading over nothing but "Loading…" is left alone once the message goes.
  {
    name:
      'status messages: "Loading…", "Link copied!", "Advertisement", "Jump to Recipe", "Print Pin", ' +
      '"5 from 3 votes", not on a small page (status-messages.ts)',
    on: notSmall,
    cut: ({ index, region }) => cutStatusMessages(index, region),
  },
  {
    name:
      "orphan headings: a wrapper left holding only its heading once its content was cut, or a contents label over " +
      "an empty list (orphan-headings.ts)",
    on: everyPage,
    cut: ({ index, region, items }) => cutOrphanHeadings(index, region, items.inItem),
  },
  {
    name: "calls to action: a lone short link closing a section, not on a small page (calls-to-action.ts)",
    on: notSmall,
    cut: ({ index, region, items, judgement }) => cutCallsToAction(index, region, items.inItem, judgement.good),
  },
  {
    name: "datelines and bylines over the first paragraph: not listings, products, threads, small pages (datelines.ts)",
    on: (page) => notListsOrThreads(page) && notSmall(page),
    cut: ({ index, region, items, authors }) => cutDatelines(index, region, items.inItem, authors),
  },
  {
    name: 'picture credits: a line "Photo: Getty Images" under a picture, not on listings (picture-credits.ts)',
    on: notListsOrThreads,
    cut: ({ index, region }) => cutPictureCredits(index, region),
  },
  {
    name: "pull quotes: an article's quote whose words its prose already holds, not on threads (pull-quotes.ts)",
    on: articles,
    cut: ({ index, region, items }) => cutPullQuotes(index, region, items.inItem),
  },
  {
    name: 'feedback polls: "Was this page helpful?" over Yes and No (polls.ts)',
    on: everyPage,
    cut: ({ index, region }) => cutPolls(index, region),
  },
  {
    name: "sign-up boxes: a newsletter offer over an e-mail field, not on a small page (sign-up-boxes.ts)",
    on: notSmall,
    cut: ({ index, region }) => cutSignUpBoxes(index, region),
  },
  {
    name:
      'sign-up lines: "Sign up for our newsletter…", "Follow us on X", "Tried this recipe? Tag us" as a line of ' +
      "its own, a small part of the region (sign-up-boxes.ts)",
    on: everyPage,
    cut: ({ index, region }) => cutSignUpLines(index, region),
  },
  {
    name: 'number scales: a list of only "1", "2", "3"… without links, a star rating\'s labels (number-scales.ts)',
    on: everyPage,
    cut: ({ index, region }) => cutNumberScales(index, region),
  },
  {
    name: "data islands: a block whose text is all JSON, or a machine's timestamp off small pages (data-islands.ts)",
    on: everyPage,
    cut: ({ index, region, small }) => cutDataIslands(index, region, small),
  },
  {
    name: 'template placeholders: a block of unrendered "{{ price.total }}" expressions (template-placeholders.ts)',
    on: everyPage,
    cut: ({ index, region }) => cutTemplatePlaceholders(index, region),
  },
  {
    name: 'card badges: "New", "Top Rated", "Sale", "Compare" alone on a repeated item (card-badges.ts)',
    on: notSmall,
    cut: ({ index, region, items }) => cutCardBadges(index, region, items.inItem),
  },
  {
    name:
      'poster statistics: "Join Date: Aug 2008 · Posts: 1,077", "Last edited by …" beside posts; a question\'s or ' +
      'topic\'s counters ("Viewed 3k times", "6.3K views 23 replies") off threads too (poster-stats.ts)',
    on: ({ commentsAreContent, small }) => commentsAreContent || !small,
    cut: ({ index, region, commentsAreContent }) => cutPosterStats(index, region, commentsAreContent),
  },
  {
    name: 'reply subjects: "Re: <title>" headings of replies (reply-subjects.ts)',
    on: everyPage,
    cut: ({ index, region }) => cutReplySubjects(index, region),
  },
];

/** Runs the rules that apply to the page, in order. */
export function cutInRegion(page: PageReading): void {
  for (const rule of REGION_CUTS) if (rule.on(page)) rule.cut(page);
}
