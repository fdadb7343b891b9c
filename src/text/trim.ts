/**
 * Trimming a run of characters off the end of a string by walking back from the end. `text.replace(/,+$/, "")`
 * and its kin (`/\s*$/`, `/\n+$/`) try every position of every run of those characters and read each run to its
 * end before `$` fails: quadratic on a long run that is not at the end (100 KB of spaces in a `<pre>` held the
 * runtime for seconds). Patterns that find such runs anywhere start with `(?!(?<=\s)\s)`, "not inside a run of
 * whitespace", instead, so that a run is read from its first character only.
 */

/** `text` without the characters of `chars` at its end. */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}
