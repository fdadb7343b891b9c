/**
 * The tokenizer's states after `<!` (tokenizer.ts reads everything else): doctypes, comments — closed by `-->` or
 * `--!>`, or abruptly by `<!-->` and `<!--->` — CDATA sections, and the bogus comments (`<!x>`, `<?x>`, `</ x>`) that
 * end at the next `>`. Pages hold few of them, so they are stepped through a cursor rather than the caller's variables.
 */
import {
  CDATA,
  CDATA_END,
  COMMENT_END,
  type Cursor,
  DASH,
  DOCTYPE,
  GT,
  State,
  type TokenEvents,
} from "./tokenizer-states";

/**
 * One step of a markup-declaration state at `cursor.i` (character `c`). True when the character was used up; false
 * when the state hands it to the next one, or when the cursor moved itself (to the end of the input).
 */
export function markupStep(source: string, events: TokenEvents, cursor: Cursor, c: number): boolean {
  const i = cursor.i;
  switch (cursor.state) {
    case State.BeforeDeclaration:
      if (c === 91 /* [ */) {
        cursor.state = State.CDATASequence;
        cursor.sequenceIndex = 0;
      } else if ((c | 32) === DOCTYPE[0]) {
        cursor.state = State.DeclarationSequence;
        cursor.sequence = DOCTYPE;
        cursor.sequenceIndex = 1;
      } else if (c === GT) endComment(events, cursor, i, 0);
      else cursor.state = c === DASH ? State.BeforeComment : State.InSpecialComment;
      return true;
    case State.DeclarationSequence:
      if (cursor.sequenceIndex === cursor.sequence.length) {
        cursor.state = State.InDeclaration;
        return false;
      }
      if ((c | 32) === cursor.sequence[cursor.sequenceIndex]) cursor.sequenceIndex++;
      else if (c === GT) endComment(events, cursor, i, 0);
      else cursor.state = State.InSpecialComment;
      return true;
    case State.InDeclaration:
    case State.InSpecialComment: {
      const gt = c === GT ? i : source.indexOf(">", i + 1);
      if (gt < 0) {
        cursor.i = source.length;
        return false;
      }
      if (cursor.state === State.InDeclaration) events.ondeclaration(cursor.sectionStart, gt);
      else events.oncomment(cursor.sectionStart, gt, 0);
      cursor.state = State.Text;
      cursor.sectionStart = gt + 1;
      cursor.i = gt;
      return true;
    }
    case State.CDATASequence:
      if (c === CDATA[cursor.sequenceIndex]) {
        if (++cursor.sequenceIndex === CDATA.length) openCommentLike(cursor, CDATA_END, i);
        return true;
      }
      cursor.sequenceIndex = 0;
      cursor.state = State.InSpecialComment;
      return false;
    case State.BeforeComment:
      if (c === DASH) openCommentLike(cursor, COMMENT_END, i);
      else if (c === GT) endComment(events, cursor, i, 0);
      else cursor.state = State.InSpecialComment;
      return true;
    case State.InCommentLike:
      return commentLikeStep(source, events, cursor, c);
  }
  return true;
}

/** A comment (or a CDATA section outside foreign content) ending at `i`, then text. */
function endComment(events: TokenEvents, cursor: Cursor, i: number, endOffset: number): void {
  events.oncomment(cursor.sectionStart, i, endOffset);
  cursor.sequenceIndex = 0;
  cursor.sectionStart = i + 1;
  cursor.state = State.Text;
}

function openCommentLike(cursor: Cursor, end: number[], i: number): void {
  cursor.state = State.InCommentLike;
  cursor.sequence = end;
  cursor.sequenceIndex = 0;
  cursor.sectionStart = i + 1;
}

/** Inside a comment or CDATA section: `sequenceIndex` characters of its end sequence have been matched. */
function commentLikeStep(source: string, events: TokenEvents, cursor: Cursor, c: number): boolean {
  const i = cursor.i;
  const sequence = cursor.sequence;
  const matched = cursor.sequenceIndex;
  const comment = sequence === COMMENT_END;
  if (comment && c === GT && (matched === 2 || (matched <= 1 && i === cursor.sectionStart + matched))) {
    endComment(events, cursor, i, matched); // `-->`, or an abrupt `<!-->` / `<!--->`
  } else if (comment && matched === 3 && c !== GT) cursor.sequenceIndex = c === DASH ? 1 : 0;
  else if (c === sequence[matched]) {
    if (++cursor.sequenceIndex === sequence.length) {
      if (comment) endComment(events, cursor, i, 3);
      else {
        events.oncdata(cursor.sectionStart, i, 2);
        cursor.sequenceIndex = 0;
        cursor.sectionStart = i + 1;
        cursor.state = State.Text;
      }
    }
  } else if (matched === 0) {
    const next = source.indexOf(comment ? "-" : "]", i + 1);
    if (next < 0) {
      cursor.i = source.length;
      return false;
    }
    cursor.sequenceIndex = 1;
    cursor.i = next;
  } else if (c !== sequence[matched - 1]) cursor.sequenceIndex = 0;
  return true;
}
