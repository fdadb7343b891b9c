/**
 * Text out of XML read without a parser (sitemap-parse.ts): the words of a feed's HTML titles and summaries, and the
 * `<loc>` elements of a sitemap the parser rejects. Both read each part of the text once, whatever it holds.
 */

const BASIC_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Feed titles and summaries are often HTML: keep the words only. */
export function plainText(html: string | undefined, maxChars: number): string | undefined {
  if (!html) return undefined;
  const text = html
    .replace(/<[^<>]*>/g, " ") // not across another "<": a "<" without a ">" after it is then read once, not rescanned
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return BASIC_ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .replace(/ ([.,;:!?])/g, "$1") // the space a closing inline tag left before punctuation
    .trim();
  if (!text) return undefined;
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

const LOC_OPENING = /<(?:[\w.-]+:)?loc\s*>/gi;
const LOC_CLOSING = /<\/(?:[\w.-]+:)?loc\s*>/gi;

/**
 * What each `<loc>` element holds (a CDATA section unwrapped), in order. Each closing tag is looked for once: when
 * none follows an opening, none follows the later ones either, so a file of unclosed `<loc>`s costs one pass (a
 * single pattern with a lazy middle took 5.7 s for 40,000 of them, rescanning the rest of the file for each).
 */
export function locContents(xml: string): string[] {
  const opening = new RegExp(LOC_OPENING.source, LOC_OPENING.flags);
  const closing = new RegExp(LOC_CLOSING.source, LOC_CLOSING.flags);
  const contents: string[] = [];
  while (opening.exec(xml)) {
    closing.lastIndex = opening.lastIndex;
    const close = closing.exec(xml);
    if (!close) break;
    contents.push(
      xml
        .slice(opening.lastIndex, close.index)
        .trim()
        .replace(/^<!\[CDATA\[/, "")
        .replace(/\]\]>$/, ""),
    );
    opening.lastIndex = closing.lastIndex;
  }
  return contents;
}
