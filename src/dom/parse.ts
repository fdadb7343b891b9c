/**
 * HTML text → page tree (tree.ts), with htmlparser2's tokenizer and its implied-tag rules (void elements,
 * optional end tags such as </p> and </li> when they close the current element, raw-text elements such as
 * <script>, entity decoding).
 *
 * Not a spec-complete HTML5 tree builder (no full adoption agency, no foster parenting of misplaced table
 * content), which is what makes it several times faster than one. A few HTML5 rules are applied on top
 * (tree-builder.ts) because without them whole regions of real pages change meaning: a nested `<a>` closes
 * the open one, `<li>`/`<dd>`/`<dt>` and block starts close what HTML5 closes further up than the current
 * element, HTML elements inside `<svg>`/`<math>` break out of it. Measured in Node on the WCXB pages: ~85 MB/s
 * for this tree against ~45 MB/s for htmlparser2's own DOM (domhandler).
 *
 * Before tokenizing, three browser behaviours the tokenizer lacks: a bare CR becomes a line break, a self-closed
 * `<iframe/>` (tag-manager snippets in a <noscript>) is closed instead of swallowing the page as raw text, and a
 * `<![CDATA[` outside raw text is a bogus comment ending at the first `>` (some forum themes print one at the top
 * of <body>, which would otherwise swallow the whole page). After it, content streamed by server rendering is put
 * where its scripts would put it (streaming.ts).
 */
import { Parser } from "htmlparser2";
import { StreamedSegments } from "./streaming";
import { TreeBuilder } from "./tree-builder";
import type { ElementNode } from "./tree";

/** `<iframe ... />`: HTML has no self-closing iframe, and its raw-text content would swallow the rest of the page. */
const SELF_CLOSED_IFRAME = /(<iframe\b[^>]*?)\s*\/>/gi;

const BODY_OR_HTML_END = /<\/(?:body|html)\s*>/gi;

export function parseHtml(html: string): ElementNode {
  const builder = new TreeBuilder();
  const streamed = new StreamedSegments();
  const parser = new Parser(
    {
      onopentag: (name, attrs) => {
        const element = builder.open(name, attrs);
        if (element !== null && (name === "template" || name === "div")) streamed.note(element);
      },
      onclosetag: () => builder.close(),
      ontext: (data) => builder.text(data),
    },
    // Entities are decoded by the builder, only in the text and values that hold an "&": the tokenizer then
    // skips through text and attribute values in tight loops instead of one state step per character.
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  // HTML5 normalizes line breaks before tokenizing; a bare CR would otherwise reach text and attributes.
  let input = html.includes("\r") ? html.replace(/\r\n?/g, "\n") : html;
  if (input.includes("<iframe")) input = input.replace(SELF_CLOSED_IFRAME, "$1></iframe>");
  // HTML5 closes nothing at </body> or </html> (later content still goes where it was going); the tokenizer
  // would close every open element there, which breaks lists and tables around a stray </body> in content.
  input = input.replace(BODY_OR_HTML_END, "");
  parser.end(withoutStrayCdata(input));
  streamed.place();
  return builder.document;
}

/** A CDATA opener, or the start/end tag of an element whose content is raw text (where `<![CDATA[` is just text). */
const CDATA_OR_RAW_TEXT_TAG = /<!\[CDATA\[|<(\/?)(script|style|textarea|title|xmp|iframe|noembed|noframes)\b/gi;

/** Drops each `<![CDATA[` that is markup (outside script, style, ...) up to the first `>`, as a browser does. */
function withoutStrayCdata(html: string): string {
  if (!html.includes("<![CDATA[")) return html;
  let openRawText: string | null = null;
  let out = "";
  let copiedUpTo = 0;
  CDATA_OR_RAW_TEXT_TAG.lastIndex = 0;
  for (let match = CDATA_OR_RAW_TEXT_TAG.exec(html); match !== null; match = CDATA_OR_RAW_TEXT_TAG.exec(html)) {
    const tag = match[2]?.toLowerCase();
    if (tag !== undefined) {
      if (match[1] === "/" && tag === openRawText) openRawText = null;
      else if (match[1] === "" && openRawText === null) openRawText = tag;
      continue;
    }
    if (openRawText !== null) continue;
    const end = html.indexOf(">", match.index);
    out += html.slice(copiedUpTo, match.index);
    copiedUpTo = end < 0 ? html.length : end + 1;
    CDATA_OR_RAW_TEXT_TAG.lastIndex = copiedUpTo;
  }
  return copiedUpTo === 0 ? html : out + html.slice(copiedUpTo);
}
