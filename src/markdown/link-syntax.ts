/**
 * How the serializer (serialize.ts) writes links and images: destinations percent-encoded where readers would cut
 * them short, titles quoted, skip links and permalink symbols left out, a card's link handed to its heading.
 */
import { escapeAltText } from "./escape";
import type { MdElement } from "./view";

const SKIP_LINK_TEXT = /^skip (?:to|navigation|nav)\b/i;
/**
 * The symbol a heading or definition carries as a link to itself ("§", "¶", "#": a permalink to copy): noise in the
 * Markdown, where it came out as `## Variants[§](#variants)` or `[¶](#id "Link to this heading")` after every
 * heading of a documentation page.
 */
const PERMALINK_TEXT = /^(?:[§¶#🔗⚓]|\\#)$/u;
/**
 * Characters that take no room (zero-width space and joiners, word joiner, byte-order mark): a link whose text is only
 * these is seen by no reader — Docusaurus gives every heading one, `## Install[\u200b](#install "Direct link to
 * Install")`.
 */
const INVISIBLE_TEXT = /^[\u200b-\u200d\u2060\ufeff]+$/u;

const DESTINATION_DELIMITERS = /[()<>]/g;
const PERCENT_ENCODED: Record<string, string> = { "(": "%28", ")": "%29", "<": "%3C", ">": "%3E" };

/**
 * A URL as a Markdown link or image destination. Parentheses and angle brackets are percent-encoded rather than
 * backslash-escaped (CommonMark reads both the same): readers that end a destination at the first ")" — most of
 * those that are not full CommonMark parsers — would otherwise cut "Foo_(bar)" or an inline SVG's data: URL short
 * and spill the rest into the text.
 */
function encodeDestination(url: string): string {
  return url.replace(DESTINATION_DELIMITERS, (character) => PERCENT_ENCODED[character]);
}

function linkDestination(href: string): string {
  const encoded = encodeDestination(href);
  return /\s/.test(encoded) ? `<${encoded}>` : encoded;
}

/**
 * A link's destination and title, `(url "title")`, or null where the anchor leads nowhere (no href, an empty or a
 * javascript: one), so that its text stands unlinked.
 */
export function linkTarget(anchor: MdElement): string | null {
  const href = (anchor.attrs.href ?? "").trim();
  if (href === "" || /^javascript:/i.test(href)) return null;
  const title = (anchor.attrs.title ?? "").replace(/\s+/g, " ").trim();
  const titlePart = title ? ` "${title.replace(/"/g, '\\"')}"` : "";
  return `(${linkDestination(href)}${titlePart})`;
}

/** A link's rule: `[text](url "title")`, or its text alone where the anchor leads nowhere. */
export function link(content: string, anchor: MdElement): string {
  // A Markdown link cannot span a blank line; a hard break (backslash newline) keeps multi-line text inside it.
  const text = content.trim().replace(/(?!(?<=[ \t])[ \t])[ \t]*\n\s*/g, "\\\n");
  if (text === "" || INVISIBLE_TEXT.test(text)) return "";
  const target = linkTarget(anchor);
  if (target === null) return content;
  const href = anchor.attrs.href!.trim();
  if (href.includes("#") && SKIP_LINK_TEXT.test(text)) return "";
  if (href.startsWith("#") && PERMALINK_TEXT.test(text)) return "";
  // A card linked as a whole (a picture, a title, a description): its heading carries the link, and the card's other
  // blocks stand as they are, so the title stays a heading and the description a paragraph.
  if (anchor.linkGivenToHeading) return `\n\n${content.trim()}\n\n`;
  return `[${text}]${target}`;
}

function cleanAttribute(value: string | undefined): string {
  return value ? value.replace(/(\n+\s*)+/g, "\n") : "";
}

function imageDestination(src: string): string {
  const encoded = encodeDestination(src);
  return encoded.includes(" ") ? `<${encoded}>` : encoded;
}

/** An image's rule: `![alt](src "title")`, nothing when it has no source. */
export function image(_content: string, element: MdElement): string {
  const src = imageDestination(element.attrs.src ?? "");
  if (!src) return "";
  const alt = escapeAltText(cleanAttribute(element.attrs.alt));
  const title = cleanAttribute(element.attrs.title);
  const titlePart = title ? ` "${title.replace(/"/g, '\\"')}"` : "";
  return `![${alt}](${src}${titlePart})`;
}
