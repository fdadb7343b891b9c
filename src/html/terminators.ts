/**
 * Reading markup left to right, what an opening needs to close it (`-->`, `>`, `</script>`) is looked for ahead.
 * A terminator looked for in vain from one place is absent from every later place too, so it is not looked for
 * again: a text of 40,000 unclosed openings then costs one pass, not one pass per opening, each rescanning the
 * rest of the text (the app-shell check and the HTML redaction each took seconds that way).
 * Searches must come in order: each `from` at or after the one before.
 */
const COMMENT_END = /-->/g;
const TAG_END = />/g;

export class Terminators {
  private readonly absent = new Set<RegExp>();

  constructor(private readonly text: string) {}

  /** The first match of `pattern` (global or sticky) from `from` on, or null. */
  find(pattern: RegExp, from: number): RegExpExecArray | null {
    if (this.absent.has(pattern)) return null;
    pattern.lastIndex = from;
    const match = pattern.exec(this.text);
    if (match === null) this.absent.add(pattern);
    return match;
  }

  /** Just past the first match of `pattern` from `from` on, or -1. */
  endOf(pattern: RegExp, from: number): number {
    return this.find(pattern, from) === null ? -1 : pattern.lastIndex;
  }

  /** Just past the next ">" from `from` on, or -1. */
  tagEnd(from: number): number {
    return this.endOf(TAG_END, from);
  }

  /**
   * Just past the comment or tag whose "<" is at `start`: a comment (`comment`) at its "-->"; anything else, and a
   * comment never closed, at the next ">". -1 when there is none: the "<" is then text.
   */
  markupEnd(start: number, comment: boolean): number {
    const end = comment ? this.endOf(COMMENT_END, start + "<!--".length) : -1;
    return end >= 0 ? end : this.tagEnd(start + 1);
  }
}
