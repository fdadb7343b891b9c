/**
 * The page path's HTML tokenizer: the calls htmlparser2's `Tokenizer` makes for a whole page in HTML mode with
 * `decodeEntities: false` and `recognizeSelfClosing: false`, in the same order with the same offsets
 * (test/unit/tokenizer.test.ts holds it to that), made faster: text, quoted values, raw text and the bodies of comments
 * and closing tags are skipped with one search each for the character that can end them, names read in tight loops,
 * instead of one state step per character. States after `<!` are in tokenizer-markup.ts, the states and the end of the
 * input in tokenizer-states.ts. Its quirks are kept (the tree builder's output is checked against the old one): raw
 * text ends at `</script` compared with `| 32` (U+001C reads as `<`, U+000F as `/`), and a page ending inside a
 * closing tag or after a self-closing slash gives its last character as text. Entities are left to the tree builder.
 */
import { markupStep } from "./tokenizer-markup";
import {
  type Cursor,
  EMPTY,
  endOfInput,
  PLAINTEXT,
  QuoteType,
  SPECIAL_BY_FIRST,
  specialContinued,
  State,
  TEXTAREA_END,
  TITLE_END,
  type TokenEvents,
} from "./tokenizer-states";

// The states as this module's own constants: unbundled (the tests, the benches in workerd) an imported enum's member
// is a property load at every comparison, and the loop makes one or more per character.
// prettier-ignore
const {
  Text: TEXT, BeforeTagName: BEFORE_TAG_NAME, InTagName: IN_TAG_NAME, InSelfClosingTag: IN_SELF_CLOSING_TAG,
  BeforeClosingTagName: BEFORE_CLOSING_TAG_NAME, InClosingTagName: IN_CLOSING_TAG_NAME,
  AfterClosingTagName: AFTER_CLOSING_TAG_NAME, BeforeAttributeName: BEFORE_ATTRIBUTE_NAME,
  InAttributeName: IN_ATTRIBUTE_NAME, AfterAttributeName: AFTER_ATTRIBUTE_NAME,
  BeforeAttributeValue: BEFORE_ATTRIBUTE_VALUE, InAttributeValueDq: IN_ATTRIBUTE_VALUE_DQ,
  InAttributeValueSq: IN_ATTRIBUTE_VALUE_SQ, InAttributeValueNq: IN_ATTRIBUTE_VALUE_NQ,
  BeforeDeclaration: BEFORE_DECLARATION, InDeclaration: IN_DECLARATION, BeforeComment: BEFORE_COMMENT,
  CDATASequence: CDATA_SEQUENCE, DeclarationSequence: DECLARATION_SEQUENCE, InSpecialComment: IN_SPECIAL_COMMENT,
  InCommentLike: IN_COMMENT_LIKE, SpecialStartSequence: SPECIAL_START_SEQUENCE, InSpecialTag: IN_SPECIAL_TAG,
  InPlainText: IN_PLAIN_TEXT, InTagBody: IN_TAG_BODY
} = State;
const LT = 60;
const GT = 62;
const SLASH = 47;
const EQ = 61;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
}

function endsTagSection(c: number): boolean {
  return c === SLASH || c === GT || isSpace(c);
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** The end of a tag's name read from `from`: the first `/`, `>` or space there or after it, or -1. */
function tagNameEnd(source: string, from: number): number {
  const n = source.length;
  for (let j = from; j < n; j++) if (endsTagSection(source.charCodeAt(j))) return j;
  return -1;
}

/** Tokenizes the whole of `source` into `events`, ending with `onend`. */
export function tokenize(source: string, events: TokenEvents): void {
  const n = source.length;
  let state: State = TEXT;
  let i = 0;
  let sectionStart = 0;
  let isSpecial = false;
  let sequence = EMPTY;
  let sequenceIndex = 0;
  /** The variables above, handed to the states after `<!` (tokenizer-markup.ts). */
  const cursor: Cursor = { i, state, sectionStart, sequence, sequenceIndex };

  scan: while (i < n) {
    let c = source.charCodeAt(i);
    // A state that hands the current character on to the next one sets `state` and `continue`s without moving.
    switch (state) {
      case TEXT: {
        const lt = c === LT ? i : source.indexOf("<", i + 1);
        if (lt < 0) {
          i = n;
          continue;
        }
        if (lt > sectionStart) events.ontext(sectionStart, lt);
        state = BEFORE_TAG_NAME;
        sectionStart = lt;
        i = lt + 1;
        continue;
      }
      case BEFORE_TAG_NAME:
        if (c === 33 /* ! */) {
          state = BEFORE_DECLARATION;
          sectionStart = i + 1;
        } else if (c === 63 /* ? */) {
          state = IN_SPECIAL_COMMENT;
          sectionStart = i;
        } else if (isAsciiAlpha(c)) {
          sectionStart = i;
          const special = events.isInForeignContext() ? undefined : SPECIAL_BY_FIRST.get(c | 32);
          if (special === undefined) state = IN_TAG_NAME;
          else {
            isSpecial = true;
            sequence = special;
            sequenceIndex = 3;
            state = SPECIAL_START_SEQUENCE;
          }
        } else if (c === SLASH) state = BEFORE_CLOSING_TAG_NAME;
        else {
          state = TEXT;
          continue;
        }
        break;
      case SPECIAL_START_SEQUENCE: {
        const continued = sequenceIndex < sequence.length ? specialContinued(sequence, sequenceIndex, c | 32) : null;
        if (continued !== null) {
          sequence = continued;
          sequenceIndex++;
          break;
        }
        // The name is another element's, unless it ended right after the raw-text element's name.
        if (sequenceIndex < sequence.length || !endsTagSection(c)) {
          isSpecial = false;
          sequence = EMPTY;
        }
        sequenceIndex = 0;
        state = IN_TAG_NAME;
        continue;
      }
      case IN_TAG_NAME:
      case IN_CLOSING_TAG_NAME: {
        const end = tagNameEnd(source, i);
        if (end < 0) {
          i = n;
          continue;
        }
        if (state === IN_TAG_NAME) events.onopentagname(sectionStart, end);
        else events.onclosetag(sectionStart, end);
        state = state === IN_TAG_NAME ? BEFORE_ATTRIBUTE_NAME : AFTER_CLOSING_TAG_NAME;
        i = end;
        sectionStart = -1;
        continue;
      }
      case BEFORE_ATTRIBUTE_NAME:
        if (c === GT) {
          events.onopentagend(i);
          state = IN_TAG_BODY;
          sectionStart = i + 1;
        } else if (c === SLASH) state = IN_SELF_CLOSING_TAG;
        else if (!isSpace(c)) {
          state = IN_ATTRIBUTE_NAME;
          sectionStart = i;
        }
        break;
      case IN_SELF_CLOSING_TAG:
        if (c === GT) {
          events.onselfclosingtag(i);
          sectionStart = i + 1;
          state = IN_TAG_BODY;
        } else if (!isSpace(c)) {
          state = BEFORE_ATTRIBUTE_NAME;
          continue;
        }
        break;
      case IN_ATTRIBUTE_NAME:
        while (c !== EQ && !endsTagSection(c)) {
          if (++i === n) continue scan;
          c = source.charCodeAt(i);
        }
        events.onattribname(sectionStart, i);
        sectionStart = i;
        state = AFTER_ATTRIBUTE_NAME;
        continue;
      case AFTER_ATTRIBUTE_NAME:
        if (c === EQ) state = BEFORE_ATTRIBUTE_VALUE;
        else if (c === SLASH || c === GT) {
          events.onattribend(QuoteType.NoValue, sectionStart);
          sectionStart = -1;
          state = BEFORE_ATTRIBUTE_NAME;
          continue;
        } else if (!isSpace(c)) {
          events.onattribend(QuoteType.NoValue, sectionStart);
          state = IN_ATTRIBUTE_NAME;
          sectionStart = i;
        }
        break;
      case BEFORE_ATTRIBUTE_VALUE:
        if (c === 34 /* " */) {
          state = IN_ATTRIBUTE_VALUE_DQ;
          sectionStart = i + 1;
        } else if (c === 39 /* ' */) {
          state = IN_ATTRIBUTE_VALUE_SQ;
          sectionStart = i + 1;
        } else if (!isSpace(c)) {
          sectionStart = i;
          state = IN_ATTRIBUTE_VALUE_NQ;
          continue;
        }
        break;
      case IN_ATTRIBUTE_VALUE_DQ:
      case IN_ATTRIBUTE_VALUE_SQ: {
        const double = state === IN_ATTRIBUTE_VALUE_DQ;
        const quote = double ? 34 : 39;
        const end = c === quote ? i : source.indexOf(double ? '"' : "'", i + 1);
        if (end < 0) {
          i = n;
          continue;
        }
        events.onattribdata(sectionStart, end);
        sectionStart = -1;
        events.onattribend(double ? QuoteType.Double : QuoteType.Single, end + 1);
        state = BEFORE_ATTRIBUTE_NAME;
        i = end;
        break;
      }
      case IN_ATTRIBUTE_VALUE_NQ:
        while (!isSpace(c) && c !== GT) {
          if (++i === n) continue scan;
          c = source.charCodeAt(i);
        }
        events.onattribdata(sectionStart, i);
        sectionStart = -1;
        events.onattribend(QuoteType.Unquoted, i);
        state = BEFORE_ATTRIBUTE_NAME;
        continue;
      case BEFORE_CLOSING_TAG_NAME:
        if (isSpace(c)) {
          state = IN_SPECIAL_COMMENT;
          sectionStart = i;
        } else if (c === GT) {
          state = TEXT;
          sectionStart = i + 1;
        } else {
          state = isAsciiAlpha(c) ? IN_CLOSING_TAG_NAME : IN_SPECIAL_COMMENT;
          sectionStart = i;
        }
        break;
      case AFTER_CLOSING_TAG_NAME: {
        const gt = c === GT ? i : source.indexOf(">", i + 1);
        if (gt < 0) {
          i = n;
          continue;
        }
        state = TEXT;
        sectionStart = gt + 1;
        i = gt;
        break;
      }
      case IN_SPECIAL_TAG: {
        if (sequenceIndex === sequence.length) {
          if (endsTagSection(c)) {
            const endOfText = i - sequence.length;
            if (sectionStart < endOfText) events.ontext(sectionStart, endOfText);
            isSpecial = false;
            sectionStart = endOfText + 2;
            state = IN_CLOSING_TAG_NAME;
            continue;
          }
          sequenceIndex = 0;
        }
        if ((c | 32) === sequence[sequenceIndex]) sequenceIndex++;
        else if (sequenceIndex === 0) {
          if (sequence !== TITLE_END && sequence !== TEXTAREA_END) {
            const lt = source.indexOf("<", i + 1);
            if (lt < 0) {
              i = n;
              continue;
            }
            sequenceIndex = 1;
            i = lt;
          }
        } else sequenceIndex = c === LT ? 1 : 0;
        break;
      }
      case IN_PLAIN_TEXT:
        i = n;
        continue;
      case IN_TAG_BODY:
        if (sequence === PLAINTEXT) {
          sequence = EMPTY;
          state = IN_PLAIN_TEXT;
        } else if (isSpecial) {
          state = IN_SPECIAL_TAG;
          sequenceIndex = 0;
        } else state = TEXT;
        continue;
      default:
        // After `<!`: doctypes, comments, CDATA and bogus comments.
        Object.assign(cursor, { i, state, sectionStart, sequence, sequenceIndex });
        if (markupStep(source, events, cursor, c)) cursor.i++;
        ({ i, state, sectionStart, sequence, sequenceIndex } = cursor);
        continue;
    }
    i++;
  }

  endOfInput(events, state, sectionStart, sequence, sequenceIndex, n);
}
