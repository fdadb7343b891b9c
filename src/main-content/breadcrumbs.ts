/**
 * Breadcrumbs over the page's title that no class names as such: "Electronics › Audio", "Home > Knowledge center >
 * How to write a quiz", a list of links each a level up from the page. What makes them a trail and not a menu is the
 * links' addresses: the first is the site's home, or the next one's address lies under the first's
 * ("/wirecutter/electronics/" then "/wirecutter/electronics/audio/"). Only before the title, and only a block made of
 * such links, separators and the current page's name. Over an article's title, the section's name linked alone (a
 * kicker: "Technology") goes too.
 */
import { collapsedText } from "../dom/tree";
import { HOLDS_PICTURE, HOLDS_SUBHEADING, HOLDS_TITLE } from "./holds";
import type { PageIndex } from "./measure";
import { textWithout } from "./own-text";
import type { Region } from "./region";
import { walkRegion } from "./walk";

/** A trail has a few links, each a short name; more or longer is a menu or prose. */
const TRAIL_MAX_LINKS = 8;
const CRUMB_MAX_CHARS = 40;
/** Text outside the links, separators aside: the current page's name, at most this long (non-space characters). */
const CURRENT_MAX_CHARS = 100;
const SEPARATORS = /[›»>/|→·•\-–—:\s]+/g;
/** A trail's text at most: its links' names and the current page's (non-space characters). */
const TRAIL_MAX_CHARS = TRAIL_MAX_LINKS * CRUMB_MAX_CHARS + CURRENT_MAX_CHARS;
const LINKS = new Set(["a"]);

/** The host and path of `href` (with one trailing slash), or null for an address that does not parse or has a #part. */
function pathOf(href: string): { host: string; path: string } | null {
  try {
    const url = new URL(href, "https://page.invalid/");
    // A link to a part of a page (a tab, a footnote) is not a level of the site.
    if (url.hash !== "") return null;
    return { host: url.host, path: url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/` };
  } catch {
    return null;
  }
}

/** Whether block `i` is a trail of links up from the page (with no heading in it: a title's wrapper is not). */
function isTrail(index: PageIndex, i: number): boolean {
  const { nodes, end } = index;
  if (index.chars[i] > TRAIL_MAX_CHARS || index.holds[i] & (HOLDS_TITLE | HOLDS_SUBHEADING)) return false;
  const links: number[] = [];
  for (let j = i + 1; j < end[i] && links.length <= TRAIL_MAX_LINKS; j++) if (nodes[j].name === "a") links.push(j);
  if (links.length < 2 || links.length > TRAIL_MAX_LINKS) return false;
  for (const j of links) if (index.chars[j] === 0 || index.chars[j] > CRUMB_MAX_CHARS) return false;
  if (textWithout(nodes[i], LINKS).replace(SEPARATORS, "").length > CURRENT_MAX_CHARS) return false;
  const first = pathOf(nodes[links[0]].attrs.href ?? "");
  const second = pathOf(nodes[links[1]].attrs.href ?? "");
  if (first === null || second === null || first.host !== second.host) return false;
  const home = first.path === "/" || /^home$/i.test(collapsedText(nodes[links[0]]));
  return home || (second.path !== first.path && second.path.startsWith(first.path));
}

/** Cuts the trails of links in the region before the page's `title` element (none without a title). */
export function cutBreadcrumbs(index: PageIndex, region: Region, inItem: Uint8Array, title: number): void {
  const { end, linkChars } = index;
  if (title < 0 || region.cut[title]) return;
  walkRegion(index, region, (i) => {
    if (i >= title) return "stop";
    return end[i] <= title && linkChars[i] > 0 && !inItem[i] && isTrail(index, i) ? "cut" : "descend";
  });
}

/**
 * Whether element `i` is its parent's first child holding text, and the next one (with only spaces between) is the
 * `title` element or holds it.
 */
function leadsTo(index: PageIndex, i: number, title: number): boolean {
  const { nodes, parent, end } = index;
  const next = end[i];
  if (next > title || parent[next] !== parent[i] || end[next] <= title) return false;
  const siblings = nodes[parent[i]].children;
  const at = siblings.indexOf(nodes[i]);
  for (let k = 0; k < at; k++) if (collapsedText(siblings[k]) !== "") return false;
  for (let k = at + 1; siblings[k] !== nodes[next]; k++) if (collapsedText(siblings[k]) !== "") return false;
  return true;
}

/** A kicker is a section's name: a word or three. */
const KICKER_MAX_CHARS = 30;

/**
 * Cuts the line just over an article's title when it is one short link and nothing else, no picture: the name of the
 * section the story is filed in ("Technology", "Local news"), the last step of a trail printed alone.
 */
export function cutKicker(index: PageIndex, region: Region, title: number): void {
  const { end, chars, linkChars, ownChars, nodes, holds } = index;
  if (title < 0 || region.cut[title]) return;
  let last = -1;
  walkRegion(index, region, (i) => {
    if (i >= title) return "stop";
    // A block before the title, or a link set inline just before it, first in the block holding both.
    const inlineKicker = nodes[i].name === "a" && chars[i] > 0 && leadsTo(index, i, title);
    if (end[i] <= title && (ownChars[i] > 0 || inlineKicker)) {
      last = i;
      return "skip";
    }
    return "descend";
  });
  if (last < 0 || chars[last] > KICKER_MAX_CHARS || linkChars[last] !== chars[last] || holds[last] & HOLDS_PICTURE)
    return;
  let links = 0;
  for (let j = last; j < end[last]; j++) if (nodes[j].name === "a") links++;
  if (links === 1) region.cut[last] = 1;
}
