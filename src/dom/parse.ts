/**
 * HTML text → page tree (tree.ts), with htmlparser2's tokenizer (raw-text elements such as <script>) and HTML's
 * implied-tag rules (tag-events.ts: void elements, optional end tags such as </p> and </li> when they close the
 * current element), character references decoded by the tree builder.
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
 * of <body>, which would otherwise swallow the whole page). Each pass is skipped, by a plain substring scan, on
 * pages that do not need it: these passes once took about 7 % of the markdown path. While tokenizing, `</body>`
 * and `</html>` close nothing (tag-events.ts). After it, content streamed by server rendering is put where its
 * scripts would put it (streaming.ts).
 */
import { StreamedSegments } from "./streaming";
import { tokenizePage } from "./tag-events";
import { TreeBuilder } from "./tree-builder";
import type { ElementNode } from "./tree";

/** `<iframe ... />`: HTML has no self-closing iframe, and its raw-text content would swallow the rest of the page. */
const SELF_CLOSED_IFRAME = /(<iframe\b[^>]*?)\s*\/>/gi;

export function parseHtml(html: string): ElementNode {
  const builder = new TreeBuilder();
  const streamed = new StreamedSegments();
  // HTML5 normalizes line breaks before tokenizing; a bare CR would otherwise reach text and attributes.
  let input = html.includes("\r") ? html.replace(/\r\n?/g, "\n") : html;
  if (hasSelfClosedIframe(input)) input = input.replace(SELF_CLOSED_IFRAME, "$1></iframe>");
  input = withoutStrayCdata(input);
  tokenizePage(input, {
    open: (name, attrs) => {
      const element = builder.open(name, attrs);
      if (element !== null && (name === "template" || name === "div")) streamed.note(element);
    },
    close: () => builder.close(),
    text: (data) => builder.text(data),
  });
  streamed.place();
  return builder.document;
}

/**
 * Whether a lowercase `<iframe` tag may end in "/>" (then SELF_CLOSED_IFRAME decides): a scan with indexOf, which
 * spares the case-insensitive regex pass over every page that only has ordinary iframes. Tag-manager snippets
 * write the tag in lowercase; a page whose only iframes are uppercase was never rewritten here either.
 */
function hasSelfClosedIframe(html: string): boolean {
  for (let at = html.indexOf("<iframe"); at >= 0; at = html.indexOf("<iframe", at + 7)) {
    const end = html.indexOf(">", at);
    if (end < 0) return false;
    if (html.charCodeAt(end - 1) === 47 /* "/" */) return true;
  }
  return false;
}

/** A CDATA opener, or the start/end tag of an element whose content is raw text (where `<![CDATA[` is just text). */
const CDATA_OR_RAW_TEXT_TAG = /<!\[CDATA\[|<(\/?)(script|style|textarea|title|xmp|iframe|noembed|noframes)\b/gi;

/** Drops each `<![CDATA[` that is markup (outside script, style, ...) up to the first `>`, as a browser does. */
function withoutStrayCdata(html: string): string {
  return cdataOnlyInScripts(html) ? html : droppingStrayCdata(html);
}

/**
 * Whether every `<![CDATA[` sits after a `<script>` start tag with no `</script>` between (the common
 * `//<![CDATA[` in inline scripts): then there is nothing to drop, and the full scan below is spared. Anything
 * else, uppercase tags included, takes the full scan.
 */
function cdataOnlyInScripts(html: string): boolean {
  for (let at = html.indexOf("<![CDATA["); at >= 0; at = html.indexOf("<![CDATA[", at + 9)) {
    const open = html.lastIndexOf("<script", at);
    if (open < 0 || !isTagNameEnd(html.charCodeAt(open + 7)) || html.lastIndexOf("</script", at) > open) return false;
  }
  return true;
}

/** Whether `code` ends a tag name: whitespace, "/" or ">". */
function isTagNameEnd(code: number): boolean {
  return code === 62 || code === 47 || code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

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
