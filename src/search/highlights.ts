/**
 * Search `highlights` (on by default, as in firecrawl-js 4.42) for a scraped result — the SDK types `highlights`
 * on the scraped `Document` only, not on a bare `SearchResultWeb`/`SearchResultNews`. Candidates are the sentences
 * of the result's snippet (the engine's own excerpt for the query; its "…" joins are cut apart) and of its scraped
 * markdown (prose lines only: headings, tables, quotes, code, images and bare links are left out). Each is scored
 * by how many distinct query words it holds (three letters or more, not a stop word, case-insensitive); those with
 * none are dropped, the rest ranked by score, snippet first then page order on ties. At most three, verbatim,
 * joined by a blank line as the highlights format is. No model is called: a highlight is always text of the result.
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

/** Sentences of at least 20 characters, cut at sentence ends followed by a capital and at "..." / "…". */
function sentences(line: string): string[] {
  return line
    .trim()
    .split(/(?<=[.!?])\s+(?=\p{Lu})|(?!(?<=\s)\s)\s*(?:\.\.\.|…)\s*/u)
    .map((s) => s.trim())
    .filter((s) => s.length >= 20);
}

export function searchHighlights(sources: { snippet?: string; markdown?: string }, query: string): string {
  const words = queryWords(query);
  if (!words.length) return "";
  const prose = (sources.markdown ?? "")
    .split(/\n+/)
    .filter((line) => !/^\s*(?:[#|>`]|!\[|\[[^\]]*\]\([^)]*\)\s*$)/.test(line));
  const candidates = [...new Set([...(sources.snippet ?? "").split(/\n+/), ...prose].flatMap(sentences))];
  const scored = candidates
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
