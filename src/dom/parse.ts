/**
 * HTML text → page tree (tree.ts), with our tokenizer (tokenizer.ts: htmlparser2's tokenizer's events, read faster;
 * raw text such as <script>) and HTML's implied-tag rules (tag-events.ts: void elements, optional end tags such as
 * </p> and </li> when they close the current element), character references decoded by the tree builder.
 *
 * Not a spec-complete HTML5 tree builder (no full adoption agency, no foster parenting of misplaced table
 * content), which is what makes it several times faster than one. A few HTML5 rules are applied on top
 * (tree-builder.ts) because without them whole regions of real pages change meaning: a nested `<a>` closes
 * the open one, `<li>`/`<dd>`/`<dt>` and block starts close what HTML5 closes further up than the current
 * element, HTML elements inside `<svg>`/`<math>` break out of it. Measured in Node on the WCXB pages: ~85 MB/s
 * for this tree against ~45 MB/s for htmlparser2's own DOM (domhandler).
 *
 * Three browser behaviours the tokenizer lacks: a bare CR becomes a line break (before tokenizing, when the page
 * has one), a self-closed `<iframe/>` (tag-manager snippets in a <noscript>) is closed instead of swallowing the
 * page as raw text, and a `<![CDATA[` outside raw text is a bogus comment ending at the first `>` (some forum themes
 * print one at the top of <body>, which would otherwise swallow the whole page). The last two are rare (about 1 page
 * in 100): the tokenizer stops when it meets one (tag-events.ts), and only then is the page rewritten and read
 * again. Searching every page for them up front cost 3–4 % of the markdown path. While tokenizing, `</body>` and
 * `</html>` close nothing (tag-events.ts). After it, content streamed by server rendering is put where its scripts
 * would put it (streaming.ts).
 */
import { StreamedSegments } from "./streaming";
import { tokenizePage } from "./tag-events";
import { TreeBuilder } from "./tree-builder";
import type { ElementNode } from "./tree";

/** `<iframe ... />`: HTML has no self-closing iframe, and its raw-text content would swallow the rest of the page. */
const SELF_CLOSED_IFRAME = /(<iframe\b[^>]*?)\s*\/>/gi;

export function parseHtml(html: string): ElementNode {
  // HTML5 normalizes line breaks before tokenizing; a bare CR would otherwise reach text and attributes.
  const input = html.includes("\r") ? html.replace(/\r\n?/g, "\n") : html;
  return buildTree(input, true) ?? buildTree(rewritten(input), false)!;
}

/** The page tree of `input`, or null when the tokenizer stopped at markup to rewrite first (see tokenizePage). */
function buildTree(input: string, stopForRewrites: boolean): ElementNode | null {
  const builder = new TreeBuilder();
  const streamed = new StreamedSegments();
  const complete = tokenizePage(
    input,
    {
      open: (name, attrs) => {
        const element = builder.open(name, attrs);
        if (element !== null && (name === "template" || name === "div")) streamed.note(element);
      },
      close: () => builder.close(),
      text: (data) => builder.text(data),
    },
    stopForRewrites,
  );
  if (!complete) return null;
  streamed.place();
  return builder.document;
}

/** The page with its self-closed iframes closed and its stray CDATA openers dropped, as a browser reads them. */
function rewritten(input: string): string {
  return droppingStrayCdata(input.replace(SELF_CLOSED_IFRAME, "$1></iframe>"));
}

/** A CDATA opener, or the start/end tag of an element whose content is raw text (where `<![CDATA[` is just text). */
const CDATA_OR_RAW_TEXT_TAG = /<!\[CDATA\[|<(\/?)(script|style|textarea|title|xmp|iframe|noembed|noframes)\b/gi;

/** Drops each `<![CDATA[` that is markup (outside script, style, ...) up to the first `>`, as a browser does. */
function droppingStrayCdata(html: string): string {
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
