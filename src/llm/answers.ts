/**
 * The question and highlights formats (and the deprecated query format, which is either): answers grounded in the
 * page's markdown. `question` gets a short answer from the page alone; `highlights` gets the passages of the page
 * that bear on a query, quoted verbatim — every quote is looked up in the markdown, and one the page does not
 * contain is left out with a warning, so what comes back can be found on the page.
 */
import { MAX_LLM_INPUT_CHARS } from "./client";
import { completeJson, completeText, type TextAnswer } from "./structured";

const clip = (markdown: string) => markdown.slice(0, MAX_LLM_INPUT_CHARS);

/** A question answered from the page: "" when the page does not say. */
export async function answerQuestion(
  env: Env,
  markdown: string,
  question: string,
  signal?: AbortSignal,
): Promise<TextAnswer> {
  return completeText(
    env,
    [
      {
        role: "system",
        content:
          "Answer the question from the web page alone, briefly, in the question's language. When the page does " +
          "not say, answer with nothing at all.",
      },
      { role: "user", content: `Question: ${question}\n\nPage:\n${clip(markdown)}` },
    ],
    signal,
  );
}

const QUOTES_SCHEMA = {
  type: "object",
  properties: { quotes: { type: "array", items: { type: "string" } } },
  required: ["quotes"],
};

/** The passages of the page that bear on `query`, verbatim, one per paragraph of the result. */
export async function findHighlights(
  env: Env,
  markdown: string,
  query: string,
  signal?: AbortSignal,
): Promise<TextAnswer> {
  const extraction = await completeJson(
    env,
    {
      system:
        "You quote web pages. Give the passages of the page that bear on the query as verbatim quotes: copy " +
        "each passage character for character, never rephrase, and give none when nothing bears on it. " +
        "Answer with one JSON object only.",
      user: `Query: ${query}\n\nJSON Schema:\n${JSON.stringify(QUOTES_SCHEMA)}\n\nPage:\n${clip(markdown)}`,
      schema: QUOTES_SCHEMA,
    },
    signal,
  );
  const quotes = (extraction.data as { quotes?: unknown } | null)?.quotes;
  const given = Array.isArray(quotes)
    ? quotes.filter((q): q is string => typeof q === "string" && q.trim() !== "")
    : [];
  const page = folded(markdown);
  const found = given.filter((q) => page.includes(folded(q)));
  const warnings = [extraction.warning].filter((w): w is string => Boolean(w));
  if (found.length < given.length) {
    warnings.push(`${given.length - found.length} of the LLM's highlights are not on the page and were left out.`);
  }
  const text = found.map((q) => q.trim()).join("\n\n");
  return warnings.length ? { text, warning: warnings.join(" ") } : { text };
}

/** Text compared for quoting: whitespace runs as one space, typographic quotes as plain ones. */
function folded(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}
