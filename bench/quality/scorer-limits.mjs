/**
 * `offline.mjs --scorer-limits`: how much of the distance to the quality goals is the scorer's own reading of the
 * Markdown rather than the Markdown itself. Diagnostics only — the figures the goals are judged by are the scorer's.
 *
 * - "code verbatim": the scorer turns Markdown into text with `text.mjs`, whose last step deletes everything from a
 *   `<` to the next `>`, across lines and inside code. A code sample holding `a < b` loses everything up to the next
 *   `>` (an arrow function's `=>`, a generic's `>`), although the Markdown carries it whole. Here code fences and
 *   inline code are set aside before that conversion and put back unchanged after it.
 * - "with" folded: the ground truth's snippets write a page's typographic quotes sometimes as typed (’ “ ”) and
 *   sometimes as plain ones (' "), and join lines the page breaks (its <br>s, label/value blocks) with a space. Folding
 *   quotes and whitespace on both sides shows what that alone costs; folding only the Markdown cannot match both
 *   spellings of the ground truth.
 * - pages whose ground truth is empty score 0 for any output, and the output is never empty (a fallback is returned).
 */

const FENCED = /```[^\n]*\n([\s\S]*?)```/g;
const INLINE = /`([^`\n]+)`/g;
const HOLE = /\u0000(\d+)\u0000/g;

/** The scorer's text for `markdown`, except that code comes through as written. */
export function textWithCodeVerbatim(markdown, markdownToText) {
  const code = [];
  const hole = (_, body) => `\u0000${code.push(body) - 1}\u0000`;
  const rest = markdown.replace(FENCED, hole).replace(INLINE, hole);
  return markdownToText(rest).replace(HOLE, (_, k) => code[Number(k)]);
}

const foldQuotes = (s) => s.replace(/[‘’‚‛′´]/g, "'").replace(/[“”„‟″]/g, '"');
const foldSpaces = (s) => s.replace(/\s+/g, " ");

/** Share of `list` found in `text`, both sides passed through `fold` (the scorer's own test when `fold` is `same`). */
function foundShare(text, list, fold) {
  if (!list.length) return 1;
  const folded = fold(text.toLowerCase());
  return list.filter((s) => folded.includes(fold(s.toLowerCase()))).length / list.length;
}

const same = (s) => s;

/**
 * Per page type, each column adding one more allowance to the one before: F1 as scored, then with code verbatim;
 * "with" as scored, then with code verbatim, then quotes folded, then whitespace folded; pages with empty ground
 * truth. `pages[k]` is the ground truth of `rows[k]`, whose Markdown is `markdowns[k]`.
 */
export function scorerLimits({ rows, pages, markdowns, markdownToText, wordF1 }) {
  const perRow = rows.map((row, k) => {
    const page = pages[k];
    const verbatim = textWithCodeVerbatim(markdowns[k], markdownToText);
    return {
      type: row.type,
      F: row.F,
      verbatimF: wordF1(verbatim, page.text)[2],
      with: row.with,
      verbatimWith: foundShare(verbatim, page.with, same),
      quotes: foundShare(verbatim, page.with, foldQuotes),
      spaces: foundShare(verbatim, page.with, (s) => foldSpaces(foldQuotes(s))),
      emptyTruth: page.text.trim() === "",
    };
  });
  const mean = (xs, key) => xs.reduce((sum, x) => sum + x[key], 0) / (xs.length || 1);
  const pct = (x) => `${(100 * x).toFixed(1)}%`.padStart(8);
  const lines = [
    "scorer limits (diagnostics, not the score; each column adds to the one before it):",
    '  F1 → with code verbatim; "with" → with code verbatim → + quotes ' +
      "folded on both sides → + whitespace folded on both sides",
    `${"type".padEnd(14)} ${"pages".padStart(5)}  ${"F1".padStart(6)} ${"verbatim".padStart(8)} ` +
      ` ${"with".padStart(8)} ${"verbatim".padStart(8)} ${"quotes".padStart(8)} ${"spaces".padStart(8)}  empty ` +
      `truth`,
  ];
  const groups = [
    ["overall", perRow],
    ...["article", "forum", "product", "collection", "listing", "documentation", "service"].map((t) => [
      t,
      perRow.filter((r) => r.type === t),
    ]),
  ];
  for (const [name, xs] of groups) {
    if (!xs.length) continue;
    const shares = ["with", "verbatimWith", "quotes", "spaces"].map((key) => pct(mean(xs, key))).join(" ");
    lines.push(
      `${name.padEnd(14)} ${String(xs.length).padStart(5)} ` +
        ` ${mean(xs, "F").toFixed(4)} ${mean(xs, "verbatimF").toFixed(4).padStart(8)}  ${shares} ` +
        ` ${xs.filter((x) => x.emptyTruth).length}`,
    );
  }
  return lines.join("\n");
}
