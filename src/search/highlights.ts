/**
 * Search `highlights` (on by default, as in firecrawl-js 4.42): for a scraped result, the sentences of its markdown
 * that bear on the query — those holding the most of its words — verbatim, best first, at most three, joined by a
 * blank line as the highlights format is. No model is called: a highlight is always text of the page.
 */
const MAX_HIGHLIGHTS = 3;
// prettier-ignore
const STOP_WORDS = new Set([
  "the", "and", "for", "are", "but", "not", "you", "all", "any", "can", "was", "one", "our", "out", "has", "how",
  "what", "with", "from", "that", "this", "they", "them", "their", "into", "about", "which", "when", "where", "who",
]);

/** The query's words that count: three letters or more, not a stop word, lower case. */
function queryWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP_WORDS.has(w)))];
}

export function searchHighlights(markdown: string, query: string): string {
  const words = queryWords(query);
  if (!words.length) return "";
  const sentences = markdown
    .split(/\n+/)
    .filter((line) => !/^\s*(?:[#|>`]|!\[|\[[^\]]*\]\([^)]*\)\s*$)/.test(line))
    .flatMap((line) => line.trim().split(/(?<=[.!?])\s+(?=\p{Lu})/u))
    .filter((s) => s.length >= 20);
  const scored = sentences
    .map((sentence, order) => {
      const lower = sentence.toLowerCase();
      return { sentence, order, score: words.filter((w) => lower.includes(w)).length };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return scored
    .slice(0, MAX_HIGHLIGHTS)
    .map((s) => s.sentence)
    .join("\n\n");
}
