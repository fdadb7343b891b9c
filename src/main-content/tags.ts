/** What the extractor knows elements to be by their tag alone. */

/** Heading elements. */
export const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Headings that announce a section. An <h1> is the title of the page or article: kept even when alone. */
export const SECTION_HEADING_TAGS = new Set(["h2", "h3", "h4", "h5", "h6"]);
/** A table's cells: never a line of their own, so never cut alone as one (a column titled "Quote" or "Share"). */
export const CELL_TAGS = new Set(["td", "th"]);
/** List elements (their items are <li>). */
export const LIST_TAGS = new Set(["ul", "ol"]);
/** Interface widgets: never content, removed from the result. */
// prettier-ignore
export const UI_TAGS = new Set([
  "button", "select", "option", "input", "textarea", "canvas", "svg", "map", "progress", "meter",
]);
/** Elements whose text (fallback text of embeds, widget labels) is never counted; embeds stay in the result. */
export const SILENT_TAGS = new Set([...UI_TAGS, "iframe", "object", "embed", "audio", "video"]);

/** Elements whose text belongs to the surrounding block. */
// prettier-ignore
export const INLINE_TAGS = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "label", "mark", "q", "s",
  "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "del", "ins", "big", "tt", "strike",
  "nobr",
]);
