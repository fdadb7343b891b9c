/**
 * Comparing a page with its previous scrape: the change status, and the `git-diff` mode's unified diff of the
 * two markdowns (`diff`) with its parsed structure (`parse-diff`: files, chunks, changes with line numbers).
 */
import { createTwoFilesPatch } from "diff";
import parseDiff from "parse-diff";

export type ChangeStatus = "new" | "same" | "changed" | "removed";

/** Status codes that say the page is gone. */
const GONE = new Set([404, 410]);

/** Markdown as compared: whitespace differences (re-wrapped lines, trailing spaces) are not changes. */
function comparable(markdown: string): string {
  return markdown.replace(/\s+/g, " ").trim();
}

export function changeStatus(
  previous: { markdown: string } | null,
  current: { markdown: string; statusCode: number },
): ChangeStatus {
  if (!previous) return "new";
  if (GONE.has(current.statusCode)) return "removed";
  return comparable(previous.markdown) === comparable(current.markdown) ? "same" : "changed";
}

export interface GitDiff {
  /** A unified diff of previous.md → current.md with 3 lines of context. */
  text: string;
  /** The same diff parsed: `{files: [{from, to, additions, deletions, chunks: [{content, changes}]}]}`. */
  json: { files: parseDiff.File[] };
}

const withFinalNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

export function gitDiff(previousMarkdown: string, currentMarkdown: string): GitDiff {
  const text = createTwoFilesPatch(
    "previous.md",
    "current.md",
    withFinalNewline(previousMarkdown),
    withFinalNewline(currentMarkdown),
    undefined,
    undefined,
    {
      context: 3,
    },
  );
  return { text, json: { files: parseDiff(text) } };
}
