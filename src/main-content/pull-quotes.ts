/**
 * Pull quotes: a sentence of the article printed again in large type beside its paragraphs, as a <blockquote> or an
 * <aside> ("We are adding capacity as fast as we can." once in the text and once set off from it). A reader has
 * already read it there; in the text it is a copy. A quote goes when the rest of the region's prose holds its words
 * word for word (quotation marks, case and spacing aside); a quote of words the page does not print elsewhere (a
 * passage cited from a book, a tweet) stays. Threads are left alone, and so are quotes inside repeated items (the
 * posts of a thread not declared as one): replies quote each other (repeated-text.ts).
 */
import type { PageIndex } from "./measure";
import type { Region } from "./region";
import { ownBlockText, textWithout } from "./own-text";
import { walkRegion } from "./walk";

const PULL_QUOTE_TAGS = new Set(["blockquote", "aside"]);
/** A pull quote is a sentence or two: between these many characters other than spaces. */
const PULL_QUOTE_MIN_CHARS = 20;
const PULL_QUOTE_MAX_CHARS = 400;
/** Parts of a quote that are not the quoted words: who said them. */
const ATTRIBUTION_TAGS = new Set(["cite", "footer", "figcaption"]);
/** Quotation marks a pull quote adds or drops. */
const QUOTE_MARKS = /["“”„«»‘’'`]/g;

const normalize = (text: string) => text.replace(QUOTE_MARKS, "").replace(/\s+/g, " ").trim().toLowerCase();

/** Whether element `i` may be a pull quote: a quote of a sentence or two, outside repeated items. */
function mayBePullQuote(index: PageIndex, i: number, inItem: Uint8Array): boolean {
  const chars = index.chars[i];
  return (
    PULL_QUOTE_TAGS.has(index.nodes[i].name) &&
    !inItem[i] &&
    chars >= PULL_QUOTE_MIN_CHARS &&
    chars <= PULL_QUOTE_MAX_CHARS
  );
}

/** Cuts the quotes of the region whose words its other prose already holds. */
export function cutPullQuotes(index: PageIndex, region: Region, inItem: Uint8Array): void {
  const { nodes, ownChars } = index;
  const quotes: number[] = [];
  walkRegion(index, region, (i) => {
    if (!mayBePullQuote(index, i, inItem)) return "descend";
    quotes.push(i);
    return "skip";
  });
  if (quotes.length === 0) return;
  // The region's prose outside those quotes, block by block.
  const prose: string[] = [];
  walkRegion(index, region, (i) => {
    if (mayBePullQuote(index, i, inItem)) return "skip";
    if (ownChars[i] > 0) prose.push(ownBlockText(nodes[i]));
  });
  const text = normalize(prose.join(" "));
  for (const q of quotes) {
    const quoted = normalize(textWithout(nodes[q], ATTRIBUTION_TAGS));
    if (quoted.length >= PULL_QUOTE_MIN_CHARS && text.includes(quoted)) region.cut[q] = 1;
  }
}
