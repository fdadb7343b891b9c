/**
 * Page heuristics for engine selection (select.ts): whether fetched HTML is an app shell that needs JavaScript to
 * show its content, and how much of it a reader could read as served.
 */
import { Terminators } from "../html/terminators";

/**
 * Where what a reader does not see begins, read left to right as a browser would: a comment, a script, style,
 * noscript, template, svg or head element (hidden whole), any other tag, or a no-break space (read as a space).
 */
const MARKUP = /<!--|<(script|style|noscript|template|svg|head)\b|<|&(?:nbsp|#160|#xa0);/gi;
const closingTags = new Map<string, RegExp>();

/** The runs of visible text between the hidden parts, in order; each hidden part is a space between two runs. */
function* visibleRuns(html: string): Generator<string> {
  const markup = new RegExp(MARKUP.source, MARKUP.flags);
  const ahead = new Terminators(html);
  let at = 0;
  for (let match; (match = markup.exec(html));) {
    const end = hiddenEnd(match, ahead);
    if (end < 0) continue; // a "<" that opens nothing is text
    if (match.index > at) yield html.slice(at, match.index);
    at = markup.lastIndex = end;
  }
  if (at < html.length) yield html.slice(at);
}

/** Where the hidden part that `match` opens ends, or -1 when it is not closed (then it is text). */
function hiddenEnd(match: RegExpExecArray, ahead: Terminators): number {
  const [token, element] = match;
  const after = match.index + token.length;
  if (token.startsWith("&")) return after;
  const end = element ? ahead.endOf(closingTag(element.toLowerCase()), after) : -1;
  // An element never closed is read as a tag, as far as the next ">".
  return end >= 0 ? end : ahead.markupEnd(match.index, token === "<!--");
}

function closingTag(element: string): RegExp {
  let pattern = closingTags.get(element);
  if (!pattern) closingTags.set(element, (pattern = new RegExp(`</${element}\\s*>`, "gi")));
  return pattern;
}

/** The text a reader would see: markup, scripts, styles, templates and comments removed, spaces collapsed. */
export function visibleText(html: string): string {
  return [...visibleRuns(html)].join(" ").replace(/\s+/g, " ").trim();
}

/**
 * Whether visibleText(html) has at least `chars` characters, reading only as far as it takes: a page's text
 * passes the mark long before the end of its HTML, so the check costs a fraction of building the whole text.
 */
export function hasVisibleText(html: string, chars: number): boolean {
  let letters = 0;
  let words = 0;
  for (const run of visibleRuns(html)) {
    for (const word of run.matchAll(/\S+/g)) {
      letters += word[0].length;
      words++;
      if (letters + words - 1 >= chars) return true; // the words and one space between each two of them
    }
  }
  return chars <= 0;
}

/** Enough text that the page is readable as served, whatever its scripts do. */
export const READABLE_TEXT_CHARS = 1500;
/** Less text than this plus scripts is an app shell. */
const SHELL_TEXT_CHARS = 200;
const JS_REQUIRED_NOTICE = new RegExp(
  String.raw`\b(enable|turn on|activate|allow)\s+(your\s+)?javascript|javascript\s+(is\s+)?(required|` +
    String.raw`disabled|needed|must be (enabled|turned on))|(requires?|needs?)\s+javascript|` +
    String.raw`without javascript`,
  "i",
);
/** Where single-page apps mount themselves: an empty element with one of these ids (or an empty <app-root>). */
const MOUNT_ID = /\bid\s*=\s*["']?(root|app|__next|__nuxt|svelte|main-app|application)/i;
const MOUNT_OPENING = /<(div|main|section|app-root)\b/gi;

/**
 * The openings of `element` in order, each as its tag's text from after the name to the next ">" (or the page's
 * end) and the offset just past it. The next opening is looked for after the tag, so that every character is read
 * once whatever the page holds.
 */
function* openings(
  html: string,
  opening: RegExp,
  ahead = new Terminators(html),
): Generator<{ name: string; tag: string; end: number }> {
  const open = new RegExp(opening.source, "gi");
  for (let match; (match = open.exec(html));) {
    const close = ahead.tagEnd(open.lastIndex);
    const end = close < 0 ? html.length : close;
    yield { name: match[1].toLowerCase(), tag: html.slice(open.lastIndex, end), end };
    open.lastIndex = end;
  }
}

/** The contents of every complete `element` (<script>, <noscript>) in order. */
function contentsOf(html: string, element: string): string[] {
  const contents: string[] = [];
  const ahead = new Terminators(html);
  for (const { tag, end } of openings(html, new RegExp(`<(${element})\\b`), ahead)) {
    if (!tag.endsWith(">")) break; // no ">" further on
    const close = ahead.find(closingTag(element), end);
    if (!close) break; // no closing tag further on
    contents.push(html.slice(end, close.index));
  }
  return contents;
}

/** An empty element where a single-page app mounts itself. */
function hasEmptyMountPoint(html: string): boolean {
  for (const { name, tag, end } of openings(html, MOUNT_OPENING)) {
    if (!tag.endsWith(">") || (name !== "app-root" && !MOUNT_ID.test(tag))) continue;
    const closing = new RegExp(`\\s*</${name}>`, "iy");
    closing.lastIndex = end;
    if (closing.test(html)) return true;
  }
  return false;
}

/** Text inside <noscript>: where app shells put the server-rendered view they give crawlers. */
function noscriptText(html: string): string {
  return contentsOf(html, "noscript")
    .map((content) => visibleText(content))
    .join(" ");
}

/** What a reader (or a crawler without JavaScript) can read in the HTML as served: visible text and noscript views. */
export function readableText(html: string): string {
  const crawlerView = noscriptText(html);
  return crawlerView.length >= SHELL_TEXT_CHARS ? `${visibleText(html)} ${crawlerView}` : visibleText(html);
}

/**
 * Whether fetched HTML evidently needs JavaScript to show its content: little readable text together with
 * scripts (an empty app shell, a script redirect), or a noscript notice asking for JavaScript. Content the page
 * already holds does not need a browser however the page is built: a server-rendered page with hydration
 * scripts has its text in the markup, and an app shell's <noscript> crawler view (Discourse and others) is
 * readable text too.
 */
export function needsJavaScript(html: string): boolean {
  if (hasVisibleText(html, READABLE_TEXT_CHARS) || noscriptText(html).length >= READABLE_TEXT_CHARS) return false;
  const text = visibleText(html);
  const externalScripts = [...openings(html, /<(script)\b/)].some(({ tag }) => /\bsrc\s*=/i.test(tag));
  const inlineScripts = contentsOf(html, "script").some((content) => content.trim() !== "");
  if (!externalScripts && !inlineScripts) return false;
  if (JS_REQUIRED_NOTICE.test(contentsOf(html, "noscript").join(" "))) return true;
  if (text.length < SHELL_TEXT_CHARS) return true;
  return text.length < READABLE_TEXT_CHARS / 3 && hasEmptyMountPoint(html);
}
