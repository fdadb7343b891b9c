/**
 * The page path's HTML tokenizer: the events htmlparser2's `Tokenizer` gives for a whole page in HTML mode with
 * `decodeEntities: false` and `recognizeSelfClosing: false` — the same calls, in the same order, with the same offsets
 * (test/unit/tokenizer.test.ts holds it to that) — read faster. The states are the same (tokenizer-states.ts); what
 * differs is how they are walked: text, quoted attribute values, raw text and the bodies of comments and closing tags
 * are skipped in one loop each to the one character that can end them, tag and attribute names read in tight loops,
 * instead of one state step per character. The states after `<!` are in tokenizer-markup.ts. Entities are left to the
 * tree builder. Quirks are kept, as the tree builder's output is checked against the old one: raw text ends at
 * `</script` compared with `| 32` (U+001C reads as `<`, U+000F as `/` there), and a page ending inside a closing tag
 * or after a self-closing slash gives its last character as text.
 */
import { markupStep } from "./tokenizer-markup";
import {
  type Cursor,
  EMPTY,
  endOfInput,
  endsTagSection,
  EQ,
  find,
  GT,
  isAsciiAlpha,
  isSpace,
  LT,
  NOEMBED_END,
  NOFRAMES_END,
  PLAINTEXT,
  QuoteType,
  SCRIPT_END,
  SLASH,
  SPECIAL_BY_FIRST,
  State,
  STYLE_END,
  tagNameEnd,
  TEXTAREA_END,
  TITLE_END,
  type TokenEvents,
} from "./tokenizer-states";

/** Tokenizes the whole of `source` into `events`, ending with `onend`. */
export function tokenize(source: string, events: TokenEvents): void {
  const n = source.length;
  let state = State.Text;
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
      case State.Text: {
        const lt = c === LT ? i : find(source, LT, i + 1);
        if (lt < 0) {
          i = n;
          continue;
        }
        if (lt > sectionStart) events.ontext(sectionStart, lt);
        state = State.BeforeTagName;
        sectionStart = lt;
        i = lt + 1;
        continue;
      }
      case State.BeforeTagName:
        if (c === 33 /* ! */) {
          state = State.BeforeDeclaration;
          sectionStart = i + 1;
        } else if (c === 63 /* ? */) {
          state = State.InSpecialComment;
          sectionStart = i;
        } else if (isAsciiAlpha(c)) {
          sectionStart = i;
          const special = events.isInForeignContext() ? undefined : SPECIAL_BY_FIRST.get(c | 32);
          if (special === undefined) state = State.InTagName;
          else {
            isSpecial = true;
            sequence = special;
            sequenceIndex = 3;
            state = State.SpecialStartSequence;
          }
        } else if (c === SLASH) state = State.BeforeClosingTagName;
        else {
          state = State.Text;
          continue;
        }
        break;
      case State.SpecialStartSequence: {
        const lower = c | 32;
        if (sequenceIndex < sequence.length) {
          if (lower === sequence[sequenceIndex]) {
            sequenceIndex++;
            break;
          }
          if (sequenceIndex === 3 && sequence === SCRIPT_END && lower === STYLE_END[3]) {
            sequence = STYLE_END;
            sequenceIndex = 4;
            break;
          }
          if (sequenceIndex === 3 && sequence === TITLE_END && lower === TEXTAREA_END[3]) {
            sequence = TEXTAREA_END;
            sequenceIndex = 4;
            break;
          }
          if (sequenceIndex === 4 && sequence === NOEMBED_END && lower === NOFRAMES_END[4]) {
            sequence = NOFRAMES_END;
            sequenceIndex = 5;
            break;
          }
        } else if (endsTagSection(c)) {
          sequenceIndex = 0;
          state = State.InTagName;
          continue;
        }
        isSpecial = false;
        sequence = EMPTY;
        sequenceIndex = 0;
        state = State.InTagName;
        continue;
      }
      case State.InTagName:
      case State.InClosingTagName: {
        const end = tagNameEnd(source, i);
        if (end < 0) {
          i = n;
          continue;
        }
        if (state === State.InTagName) events.onopentagname(sectionStart, end);
        else events.onclosetag(sectionStart, end);
        state = state === State.InTagName ? State.BeforeAttributeName : State.AfterClosingTagName;
        i = end;
        sectionStart = -1;
        continue;
      }
      case State.BeforeAttributeName:
        if (c === GT) {
          events.onopentagend(i);
          state = State.InTagBody;
          sectionStart = i + 1;
        } else if (c === SLASH) state = State.InSelfClosingTag;
        else if (!isSpace(c)) {
          state = State.InAttributeName;
          sectionStart = i;
        }
        break;
      case State.InSelfClosingTag:
        if (c === GT) {
          events.onselfclosingtag(i);
          sectionStart = i + 1;
          state = State.InTagBody;
        } else if (!isSpace(c)) {
          state = State.BeforeAttributeName;
          continue;
        }
        break;
      case State.InAttributeName:
        while (c !== EQ && !endsTagSection(c)) {
          if (++i === n) continue scan;
          c = source.charCodeAt(i);
        }
        events.onattribname(sectionStart, i);
        sectionStart = i;
        state = State.AfterAttributeName;
        continue;
      case State.AfterAttributeName:
        if (c === EQ) state = State.BeforeAttributeValue;
        else if (c === SLASH || c === GT) {
          events.onattribend(QuoteType.NoValue, sectionStart);
          sectionStart = -1;
          state = State.BeforeAttributeName;
          continue;
        } else if (!isSpace(c)) {
          events.onattribend(QuoteType.NoValue, sectionStart);
          state = State.InAttributeName;
          sectionStart = i;
        }
        break;
      case State.BeforeAttributeValue:
        if (c === 34 /* " */) {
          state = State.InAttributeValueDq;
          sectionStart = i + 1;
        } else if (c === 39 /* ' */) {
          state = State.InAttributeValueSq;
          sectionStart = i + 1;
        } else if (!isSpace(c)) {
          sectionStart = i;
          state = State.InAttributeValueNq;
          continue;
        }
        break;
      case State.InAttributeValueDq:
      case State.InAttributeValueSq: {
        const double = state === State.InAttributeValueDq;
        const quote = double ? 34 : 39;
        const end = c === quote ? i : find(source, quote, i + 1);
        if (end < 0) {
          i = n;
          continue;
        }
        events.onattribdata(sectionStart, end);
        sectionStart = -1;
        events.onattribend(double ? QuoteType.Double : QuoteType.Single, end + 1);
        state = State.BeforeAttributeName;
        i = end;
        break;
      }
      case State.InAttributeValueNq:
        while (!isSpace(c) && c !== GT) {
          if (++i === n) continue scan;
          c = source.charCodeAt(i);
        }
        events.onattribdata(sectionStart, i);
        sectionStart = -1;
        events.onattribend(QuoteType.Unquoted, i);
        state = State.BeforeAttributeName;
        continue;
      case State.BeforeClosingTagName:
        if (isSpace(c)) {
          state = State.InSpecialComment;
          sectionStart = i;
        } else if (c === GT) {
          state = State.Text;
          sectionStart = i + 1;
        } else {
          state = isAsciiAlpha(c) ? State.InClosingTagName : State.InSpecialComment;
          sectionStart = i;
        }
        break;
      case State.AfterClosingTagName: {
        const gt = c === GT ? i : find(source, GT, i + 1);
        if (gt < 0) {
          i = n;
          continue;
        }
        state = State.Text;
        sectionStart = gt + 1;
        i = gt;
        break;
      }
      case State.InSpecialTag: {
        if (sequenceIndex === sequence.length) {
          if (endsTagSection(c)) {
            const endOfText = i - sequence.length;
            if (sectionStart < endOfText) events.ontext(sectionStart, endOfText);
            isSpecial = false;
            sectionStart = endOfText + 2;
            state = State.InClosingTagName;
            continue;
          }
          sequenceIndex = 0;
        }
        if ((c | 32) === sequence[sequenceIndex]) sequenceIndex++;
        else if (sequenceIndex === 0) {
          if (sequence !== TITLE_END && sequence !== TEXTAREA_END) {
            const lt = find(source, LT, i + 1);
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
      case State.InPlainText:
        i = n;
        continue;
      case State.InTagBody:
        // Raw text, plain text or text, entered at the character after the `>`.
        if (sequence === PLAINTEXT) {
          sequence = EMPTY;
          state = State.InPlainText;
        } else if (isSpecial) {
          state = State.InSpecialTag;
          sequenceIndex = 0;
        } else state = State.Text;
        continue;
      default:
        // After `<!`: doctypes, comments, CDATA and bogus comments.
        cursor.i = i;
        cursor.state = state;
        cursor.sectionStart = sectionStart;
        cursor.sequence = sequence;
        cursor.sequenceIndex = sequenceIndex;
        if (markupStep(source, events, cursor, c)) cursor.i++;
        ({ i, state, sectionStart, sequence, sequenceIndex } = cursor);
        continue;
    }
    i++;
  }

  endOfInput(events, state, sectionStart, sequence, sequenceIndex, n);
}
