/**
 * What the page tokenizer (tokenizer.ts, tokenizer-markup.ts) is made of: the events it gives — htmlparser2's
 * `Tokenizer`'s, in HTML mode without entity decoding — its states, the sequences that end raw text, comments and
 * CDATA, and what an input ending part way through a construct leaves.
 */

export const enum QuoteType {
  NoValue = 0,
  Unquoted = 1,
  Single = 2,
  Double = 3,
}

export interface TokenEvents {
  isInForeignContext(): boolean;
  ontext(start: number, end: number): void;
  onopentagname(start: number, end: number): void;
  onattribname(start: number, end: number): void;
  onattribdata(start: number, end: number): void;
  onattribend(quote: QuoteType, end: number): void;
  onopentagend(end: number): void;
  onselfclosingtag(end: number): void;
  onclosetag(start: number, end: number): void;
  oncomment(start: number, end: number, endOffset: number): void;
  oncdata(start: number, end: number, endOffset: number): void;
  ondeclaration(start: number, end: number): void;
  onend(): void;
}

export enum State {
  Text,
  BeforeTagName,
  InTagName,
  InSelfClosingTag,
  BeforeClosingTagName,
  InClosingTagName,
  AfterClosingTagName,
  BeforeAttributeName,
  InAttributeName,
  AfterAttributeName,
  BeforeAttributeValue,
  InAttributeValueDq,
  InAttributeValueSq,
  InAttributeValueNq,
  BeforeDeclaration,
  InDeclaration,
  BeforeComment,
  CDATASequence,
  DeclarationSequence,
  InSpecialComment,
  InCommentLike,
  SpecialStartSequence,
  InSpecialTag,
  InPlainText,
  /** Just after a start tag's `>`: goes on as raw text, plain text or text, from the character after the `>`. */
  InTagBody,
}

const codes = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
export const EMPTY: number[] = [];
export const CDATA = codes("CDATA[");
export const CDATA_END = codes("]]>");
export const COMMENT_END = codes("--!>");
export const DOCTYPE = codes("doctype");
const SCRIPT_END = codes("</script");
const STYLE_END = codes("</style");
export const TITLE_END = codes("</title");
export const TEXTAREA_END = codes("</textarea");
const NOEMBED_END = codes("</noembed");
const NOFRAMES_END = codes("</noframes");
export const PLAINTEXT = codes("</plaintext");
/** The end sequence of each raw-text element, by the (lowercased) first letter of its name. */
export const SPECIAL_BY_FIRST = new Map<number, number[]>(
  [codes("</iframe"), NOEMBED_END, PLAINTEXT, SCRIPT_END, TITLE_END, codes("</xmp")].map((sequence) => [
    sequence[2],
    sequence,
  ]),
);

export const GT = 62;
export const DASH = 45;

/**
 * While an open tag's name is read as a raw-text element's (`sequence`, of which `index` characters have matched): the
 * sequence its next letter `lower` continues — the same one, or the other sharing its start (script and style, title
 * and textarea, noembed and noframes) — or null when the name is another element's.
 */
export function specialContinued(sequence: number[], index: number, lower: number): number[] | null {
  if (lower === sequence[index]) return sequence;
  if (index === 3 && sequence === SCRIPT_END && lower === STYLE_END[3]) return STYLE_END;
  if (index === 3 && sequence === TITLE_END && lower === TEXTAREA_END[3]) return TEXTAREA_END;
  if (index === 4 && sequence === NOEMBED_END && lower === NOFRAMES_END[4]) return NOFRAMES_END;
  return null;
}

/** Where a tokenizer is: its position, state, the start of the section being read, and the end sequence matched. */
export interface Cursor {
  i: number;
  state: State;
  sectionStart: number;
  sequence: number[];
  sequenceIndex: number;
}

/** The end of the input: what is left of text or an attribute value, then what an unfinished construct leaves. */
export function endOfInput(
  events: TokenEvents,
  state: State,
  sectionStart: number,
  sequence: number[],
  sequenceIndex: number,
  n: number,
): void {
  if (sectionStart !== n) {
    if (state === State.Text || state === State.InPlainText || (state === State.InSpecialTag && sequenceIndex === 0)) {
      events.ontext(sectionStart, n);
      sectionStart = n;
    } else if (
      state === State.InAttributeValueDq ||
      state === State.InAttributeValueSq ||
      state === State.InAttributeValueNq
    ) {
      events.onattribdata(sectionStart, n);
      sectionStart = n;
    }
  }
  switch (state) {
    case State.InCommentLike:
      if (sequence === CDATA_END) events.oncomment(sectionStart - CDATA.length - 1, n, 0);
      else events.oncomment(sectionStart, n, Math.min(sequenceIndex, COMMENT_END.length - 1));
      break;
    case State.DeclarationSequence:
      if (sequenceIndex !== DOCTYPE.length) events.oncomment(sectionStart, n, 0);
      break;
    case State.BeforeDeclaration:
    case State.InSpecialComment:
    case State.BeforeComment:
    case State.CDATASequence:
      events.oncomment(sectionStart, n, 0);
      break;
    case State.InDeclaration:
    case State.InTagName:
    case State.BeforeAttributeName:
    case State.BeforeAttributeValue:
    case State.AfterAttributeName:
    case State.InAttributeName:
    case State.InAttributeValueSq:
    case State.InAttributeValueDq:
    case State.InAttributeValueNq:
    case State.InClosingTagName:
      break;
    default:
      // A construct cut off at the end is text (from -1, the last character, where no section was open).
      if (sectionStart < n) events.ontext(sectionStart, n);
  }
  events.onend();
}
