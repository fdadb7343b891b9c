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
 */
import { Parser } from "htmlparser2";
import { TreeBuilder } from "./tree-builder";
import type { ElementNode } from "./tree";

/** `<iframe ... />`: HTML has no self-closing iframe, and its raw-text content would swallow the rest of the page. */
const SELF_CLOSED_IFRAME = /(<iframe\b[^>]*?)\s*\/>/gi;

const BODY_OR_HTML_END = /<\/(?:body|html)\s*>/gi;

export function parseHtml(html: string): ElementNode {
  const builder = new TreeBuilder();
  const parser = new Parser(
    {
      onopentag: (name, attrs) => builder.open(name, attrs),
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
  parser.end(input);
  return builder.document;
}
