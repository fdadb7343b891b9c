/**
 * Markdown escaping of page text, so that text is not read back as Markdown syntax (turndown's rules, which
 * are the reference for the output).
 */

const ESCAPED_ANYWHERE = /[\\*`[\]_]/g;
const ESCAPED_AT_START = /^(?:-|\+ |=+|#{1,6} |~~~|>)/;
const ORDERED_MARKER_AT_START = /^(\d+)\. /;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * A backslash before the character, except for an underscore between two letters or digits of the same text
 * ("is_eligible", "snake_case"): CommonMark never reads one there as emphasis, so unlike turndown the Markdown keeps
 * identifiers as written, and a search of it for one finds it.
 */
function escapeUnlessIntraword(character: string, offset: number, text: string): string {
  if (
    character === "_" &&
    offset > 0 &&
    WORD_CHARACTER.test(text[offset - 1]) &&
    WORD_CHARACTER.test(text[offset + 1] ?? "")
  )
    return character;
  return `\\${character}`;
}

/** Anything any of the three expressions below would change. */
const NEEDS_ESCAPING = /[\\*`[\]_]|^(?:[-=>]|\+ |#{1,6} |~~~|\d+\. )/;

/**
 * Escaping for text nodes: turndown's thirteen replacements folded into three regular expressions. The
 * start-of-line rules apply to the start of each text node, as in turndown.
 */
export function escapeMarkdownText(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text
    .replace(ESCAPED_ANYWHERE, escapeUnlessIntraword)
    .replace(ESCAPED_AT_START, "\\$&")
    .replace(ORDERED_MARKER_AT_START, "$1\\. ");
}

/**
 * turndown's own escaping, which its image rule applies to alt text (the `-`, `+`, `=`, `#` and `>` rules
 * without a multiline flag: they only look at the very start).
 */
export function escapeAltText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\*/g, "\\*")
    .replace(/^-/, "\\-")
    .replace(/^\+ /, "\\+ ")
    .replace(/^(=+)/, "\\$1")
    .replace(/^(#{1,6}) /, "\\$1 ")
    .replace(/`/g, "\\`")
    .replace(/^~~~/, "\\~~~")
    .replace(/\[/g, "\\[")
    .replace(/\]/g, "\\]")
    .replace(/^>/, "\\>")
    .replace(/_/g, "\\_")
    .replace(/^(\d+)\. /, "$1\\. ");
}
