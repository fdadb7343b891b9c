/**
 * Who wrote each post of a thread, and when. Forums print a post's poster and date in a card beside it (an author
 * column, an attribution bar) that is cut with the rest of the card — the poster's title, join date, post count and
 * avatar. A reader of the thread still sees who said what: each post whose poster's name or date was cut gets them
 * back as a line of its own at its start ("piizog · Jan 2, 2024"), and nothing else of the card.
 *
 * The poster's name is the first text of the post's first element marked as its user or author: a class or id word
 * ("username", "author", "poster"), itemprop="author", or a link to a member's profile page (/members/…, /profile/…,
 * /u/…, /user/…). The date is the post's first <time> element's first text (its long form: a short "1 yr" beside it is
 * the same date again), unless that text is a timestamp as machines write it (data-islands.ts). Quoted posts and
 * replies nested in the post (posts of their own) are not looked into.
 */
import { edgeTextRun, TextNode, wrap, type ElementNode } from "../dom/tree";
import { attributeWords } from "./class-words";
import { AUTHOR_ITEMPROP } from "./entities";
import type { PageIndex } from "./measure";
import { isMachineTime } from "./data-islands";
import { signature } from "./items";
import type { Region } from "./region";

/** Class or id words naming a post's user. */
const POSTER_WORDS = new Set(["username", "author", "poster", "postauthor", "uname"]);
/** A link to a member's profile page. */
const PROFILE_PATH = /\/(?:members?|profile|profiles|u|user|users)\/[^/?#]+/i;
/** A poster's name is longer than an avatar's initial ("R")... */
const POSTER_MIN_CHARS = 2;
/** ... and a name, not a sentence: at most this many characters. */
const POSTER_MAX_CHARS = 60;
/** A thread shows at least this many posts. */
const MIN_POSTS = 2;
/** The tags that quote another post inside this one. */
const QUOTE_TAGS = new Set(["blockquote", "q"]);

/** Whether the element marks the post's user by its markup. */
function marksPoster(element: ElementNode): boolean {
  const { itemprop, href } = element.attrs;
  if (itemprop !== undefined && AUTHOR_ITEMPROP.test(itemprop)) return true;
  if (element.name === "a" && href !== undefined && PROFILE_PATH.test(href)) return true;
  for (const value of [element.attrs.class, element.attrs.id]) {
    if (value === undefined) continue;
    for (const word of attributeWords(value)) if (POSTER_WORDS.has(word)) return true;
  }
  return false;
}

/** The first non-blank text run inside the element, with its spaces collapsed and trimmed, or "". */
const firstText = (element: ElementNode) => edgeTextRun(element, false, Infinity).replace(/\s+/g, " ").trim();

/** Whether the element marks the post's user and holds a name-like text. */
function isPoster(element: ElementNode): boolean {
  if (element.name === "time" || !marksPoster(element)) return false;
  const name = firstText(element);
  return name.length >= POSTER_MIN_CHARS && name.length <= POSTER_MAX_CHARS;
}

/**
 * The most specific mark of the poster inside a poster's card: the card (itemprop="author") may open with a badge
 * ("OP") before the name's own link (class "username").
 */
function innermostPoster(index: PageIndex, card: number): number {
  for (let j = card + 1; j < index.end[card]; j++) if (isPoster(index.nodes[j])) return innermostPoster(index, j);
  return card;
}

interface PostMarks {
  poster: number;
  date: number;
}

/** The post's poster and date elements (index numbers, -1 when it has none), outside nested items and quotes. */
function marksOf(index: PageIndex, item: number, posts: Uint8Array): PostMarks {
  const { nodes, end } = index;
  const found: PostMarks = { poster: -1, date: -1 };
  for (let j = item + 1; j < end[item];) {
    const element = nodes[j];
    if (posts[j] || QUOTE_TAGS.has(element.name)) {
      j = end[j];
      continue;
    }
    if (found.date < 0 && element.name === "time" && firstText(element) !== "" && !isMachineTime(firstText(element)))
      found.date = j;
    if (found.poster < 0 && isPoster(element)) found.poster = innermostPoster(index, j);
    if (found.date >= 0 && found.poster >= 0) break;
    j++;
  }
  return found;
}

/** 1 on each element of the region that is cut, or inside a cut subtree (the region's cuts mark only the outermost). */
function cutInside(index: PageIndex, region: Region): Uint8Array {
  const inside = new Uint8Array(index.nodes.length);
  for (let i = region.root + 1; i < index.end[region.root]; i++)
    inside[i] = region.cut[i] || inside[index.parent[i]] ? 1 : 0;
  return inside;
}

/**
 * The thread's posts in the region: siblings of one shape (items.ts `signature`), two or more, each holding a <time>
 * (its date) — XenForo's and Invision's <article>s, Discourse's and phpBB's post <div>s, a reply tree's comments — and
 * not cut.
 */
function findPosts(index: PageIndex, region: Region, cut: Uint8Array): Uint8Array {
  const { nodes, parent, end } = index;
  const posts = new Uint8Array(nodes.length);
  // Whether each element's subtree holds a <time>, summed children first (reverse document order).
  const holdsTime = new Uint8Array(nodes.length);
  for (let i = end[region.root] - 1; i > region.root; i--) {
    if (nodes[i].name === "time") holdsTime[i] = 1;
    if (holdsTime[i]) holdsTime[parent[i]] = 1;
  }
  const groups = new Map<string, number[]>();
  for (let p = region.root; p < end[region.root]; p++) {
    if (!holdsTime[p] || cut[p]) continue;
    groups.clear();
    for (let c = p + 1; c < end[p]; c = end[c]) {
      if (!holdsTime[c] || cut[c]) continue;
      const key = signature(index, c);
      const group = groups.get(key);
      if (group) group.push(c);
      else groups.set(key, [c]);
    }
    for (const group of groups.values()) if (group.length >= MIN_POSTS) for (const c of group) posts[c] = 1;
  }
  return posts;
}

/**
 * Gives each post of a thread kept in the region whose poster's name or date is cut a line of its own at its start
 * with them. For threads only: elsewhere a card's byline is not a post's.
 */
export function keepPostersAndDates(index: PageIndex, region: Region): void {
  const { nodes, end } = index;
  const cut = cutInside(index, region);
  const posts = findPosts(index, region, cut);
  const lines: [ElementNode, string][] = [];
  for (let i = region.root + 1; i < end[region.root]; i++) {
    if (!posts[i]) continue;
    const { poster, date } = marksOf(index, i, posts);
    const parts: string[] = [];
    if (poster >= 0 && cut[poster]) parts.push(firstText(nodes[poster]));
    if (date >= 0 && cut[date]) parts.push(firstText(nodes[date]));
    if (parts.length > 0) lines.push([nodes[i], parts.join(" · ")]);
  }
  // Inserted after the walk: the index numbers the elements as they were.
  for (const [post, line] of lines) {
    const marks = wrap("p", [new TextNode(line, null)]);
    marks.parent = post;
    post.children.unshift(marks);
  }
}
