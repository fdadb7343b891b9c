/**
 * Line-level tidying of converted Markdown. Fenced code blocks are left exactly as they are: blank lines and
 * trailing spaces can matter inside code.
 */

const FENCE_OPENING = /^\s*(`{3,}|~{3,})/;
const TASK_ITEM_GAP = /^(\s*(?:[-*+]|\d+\.) \[[ xX]\]) {2,}/;
/**
 * turndown keeps the space that follows an inline void element (say a <source> before an <img>), which
 * can leave one space at the start of a line. List indentation is always two or more spaces.
 */
const STRAY_LEADING_SPACE = /^ (?=\S)/;

/** Strips stray whitespace, keeps at most one blank line in a row, and trims the document. */
export function tidyMarkdown(markdown: string): string {
  const output: string[] = [];
  let openFence: string | null = null;
  let previousWasBlank = true;
  for (const rawLine of markdown.split("\n")) {
    if (openFence !== null) {
      output.push(rawLine);
      if (isClosingFence(rawLine, openFence)) {
        openFence = null;
        previousWasBlank = false;
      }
      continue;
    }
    const line = rawLine.trimEnd().replace(STRAY_LEADING_SPACE, "").replace(TASK_ITEM_GAP, "$1 ");
    if (line === "") {
      if (!previousWasBlank) output.push("");
      previousWasBlank = true;
      continue;
    }
    const fence = FENCE_OPENING.exec(line);
    if (fence) openFence = fence[1];
    output.push(line);
    previousWasBlank = false;
  }
  while (output.length > 0 && output[output.length - 1].trim() === "") output.pop();
  return output.join("\n");
}

function isClosingFence(line: string, openFence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= openFence.length && trimmed === openFence[0].repeat(trimmed.length);
}
