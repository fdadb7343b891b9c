/**
 * Tag and attribute names read from the page, lower-cased, as the same string objects every time for the names
 * pages use most.
 *
 * A name sliced from the page is a new string: each use as a property key (`attrs[name] = value`) or in a Set or
 * Map lookup (`INLINE_TAGS.has(name)`) first hashes it, and a property key is looked up in the engine's string
 * table. The names below are string literals, already in that table with their hash known, so handing out the
 * literal instead of a slice spares that work for ~99 % of tag names and most attribute names, and the slice.
 */

const TAG_NAMES = [
  "a",
  "abbr",
  "address",
  "area",
  "article",
  "aside",
  "audio",
  "b",
  "base",
  "bdi",
  "bdo",
  "blockquote",
  "body",
  "br",
  "button",
  "canvas",
  "caption",
  "center",
  "cite",
  "code",
  "col",
  "colgroup",
  "data",
  "datalist",
  "dd",
  "del",
  "details",
  "dfn",
  "dialog",
  "div",
  "dl",
  "dt",
  "em",
  "embed",
  "fieldset",
  "figcaption",
  "figure",
  "font",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "head",
  "header",
  "hgroup",
  "hr",
  "html",
  "i",
  "iframe",
  "img",
  "input",
  "ins",
  "kbd",
  "label",
  "legend",
  "li",
  "link",
  "main",
  "map",
  "mark",
  "menu",
  "meta",
  "meter",
  "nav",
  "noscript",
  "object",
  "ol",
  "optgroup",
  "option",
  "output",
  "p",
  "param",
  "picture",
  "pre",
  "progress",
  "q",
  "rp",
  "rt",
  "ruby",
  "s",
  "samp",
  "script",
  "search",
  "section",
  "select",
  "slot",
  "small",
  "source",
  "span",
  "strike",
  "strong",
  "style",
  "sub",
  "summary",
  "sup",
  "table",
  "tbody",
  "td",
  "template",
  "textarea",
  "tfoot",
  "th",
  "thead",
  "time",
  "title",
  "tr",
  "track",
  "u",
  "ul",
  "var",
  "video",
  "wbr",
  // SVG, as lower-cased before SVG's casing is applied.
  "svg",
  "path",
  "g",
  "use",
  "symbol",
  "defs",
  "circle",
  "rect",
  "line",
  "polyline",
  "polygon",
  "ellipse",
  "text",
  "tspan",
  "stop",
  "lineargradient",
  "radialgradient",
  "clippath",
  "mask",
  "filter",
  "image",
  "animate",
  "math",
];

// prettier-ignore
const ATTRIBUTE_NAMES = [
  "class", "id", "href", "src", "style", "type", "rel", "alt", "role", "value", "name", "title", "width", "height",
  "target", "content", "property", "tabindex", "for", "lang", "dir", "media", "srcset", "sizes", "loading", "decoding",
  "crossorigin", "integrity", "async", "defer", "charset", "action", "method", "placeholder", "hidden", "disabled",
  "checked", "selected", "colspan", "rowspan", "datetime", "itemprop", "itemscope", "itemtype", "hreflang", "as",
  "onclick", "onload", "download", "label", "aria-label", "aria-hidden", "aria-expanded", "aria-labelledby",
  "aria-controls", "aria-haspopup", "aria-current", "aria-describedby", "aria-level", "aria-live", "aria-modal",
  "data-src", "data-id", "data-testid", "focusable", "xmlns", "xmlns:xlink", "xlink:href", "viewbox", "fill",
  "fill-rule", "clip-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "d", "points", "x", "y",
  "cx", "cy", "r", "transform", "opacity", "http-equiv", "nonce", "referrerpolicy", "allow", "frameborder",
  "allowfullscreen", "poster", "preload", "controls", "autoplay", "muted", "loop", "playsinline", "accept",
  "autocomplete", "maxlength", "required", "readonly", "multiple", "novalidate", "enctype", "scope", "headers", "span",
  "start", "reversed", "open", "cite", "translate", "draggable", "contenteditable", "spellcheck",
];

const TABLE_SIZE = 4096;
const MASK = TABLE_SIZE - 1;

function hashOf(text: string, start: number, end: number): number {
  let hash = 0;
  for (let k = start; k < end; k++) hash = (Math.imul(hash, 31) + text.charCodeAt(k)) | 0;
  return hash & MASK;
}

/** One slot per hash: a name that collides with an earlier one is left out (then sliced like any other name). */
const KNOWN = (() => {
  const table: string[] = new Array<string>(TABLE_SIZE).fill("");
  for (const name of [...TAG_NAMES, ...ATTRIBUTE_NAMES]) {
    const slot = hashOf(name, 0, name.length);
    if (table[slot] === "") table[slot] = name;
  }
  return table;
})();

/** `source.slice(start, end).toLowerCase()`, as the shared literal when it is a known name. */
export function nameAt(source: string, start: number, end: number): string {
  let hash = 0;
  for (let k = start; k < end; k++) {
    const code = source.charCodeAt(k);
    // HTML lower-cases names in ASCII only; toLowerCase does more, and is kept for those rare names.
    if ((code >= 65 && code <= 90) || code > 127) return source.slice(start, end).toLowerCase();
    hash = (Math.imul(hash, 31) + code) | 0;
  }
  const known = KNOWN[hash & MASK];
  if (known.length === end - start && source.startsWith(known, start)) return known;
  return source.slice(start, end);
}

/** The known names (for tests). */
export const KNOWN_NAMES: readonly string[] = [...TAG_NAMES, ...ATTRIBUTE_NAMES];
