/**
 * How a class or id value is read as words: split at separators and camelCase humps, lower-cased, and for a BEM
 * class only the part naming the element itself (signals.ts matches these words against signal-words.ts).
 */
/** The words of a class or id value: "relatedPosts__item is-open" → ["related", "posts", "item", "is", "open"]. */
export function attributeWords(value: string): string[] {
  const words: string[] = [];
  let start = -1;
  let lowered = false;
  let previous = 0;
  for (let k = 0; k <= value.length; k++) {
    const code = k < value.length ? value.charCodeAt(k) : 32;
    // Lower-casing some non-ASCII letters gives ASCII ones ("K", the kelvin sign): the general way handles those.
    if (code > 127) return unicodeAttributeWords(value);
    const upper = code >= 65 && code <= 90;
    const wordCharacter = upper || (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    // A word ends at a separator, and before a capital that follows a small letter or digit ("relatedPosts").
    const splitsCamel = upper && start >= 0 && !(previous >= 65 && previous <= 90);
    if (start >= 0 && (!wordCharacter || splitsCamel)) {
      const word = value.slice(start, k);
      words.push(lowered ? word.toLowerCase() : word);
      start = -1;
    }
    if (wordCharacter && start < 0) {
      start = k;
      lowered = false;
    }
    if (upper) lowered = true;
    previous = code;
  }
  return words;
}

function unicodeAttributeWords(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/**
 * The part of a BEM class that describes this element: "share-bar__title" names the title of a share bar (the bar
 * itself carries "share-bar" and is judged there), "card--featured" is a card. So a block's word does not stick
 * to every element inside it ("elementor-cta__description" is a description, not a call to action).
 */
export function ownPart(token: string): string {
  const modifier = token.indexOf("--");
  const base = modifier > 0 ? token.slice(0, modifier) : token;
  const element = base.lastIndexOf("__");
  if (element < 0) return base;
  const part = base.slice(element + 2);
  // "mdx-table_root__adKqa": a CSS module's hash, not a BEM element; its letters are no words ("ad" + "Kqa"). Such
  // generated names are read as saying nothing, like any other hash-like class.
  return MODULE_HASH.test(part) ? "" : part;
}

/**
 * The hash CSS-module tooling appends to a local class name after "__" ("text_root__r0DFB", "header_root__oE_HT"):
 * five characters of base64 with a capital or a digit among them, where a BEM element is a lower-case word.
 */
const MODULE_HASH = /^(?=[^A-Z0-9]*[A-Z0-9])[A-Za-z0-9_-]{5}$/;
