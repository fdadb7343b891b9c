/**
 * HTML character references. HTMLRewriter hands out attribute values and text exactly as written in the
 * source (`&amp;` stays `&amp;`), so every value we interpret — a URL to resolve, a title to report — has to
 * be decoded here first, and every value we write back has to be re-escaped.
 */
import { createDocument } from "@mixmark-io/domino";

/** Code points 160..255 in order; covers the Latin-1 names that real pages use most. */
const LATIN1_NAMES =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute " +
  "micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig " +
  "Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash " +
  ("Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc " +
    "atilde auml aring aelig ccedil egrave eacute ecirc ") +
  "euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml " +
  "yacute thorn yuml";

const OTHER_COMMON_ENTITIES: Record<string, number> = {
  amp: 38,
  lt: 60,
  gt: 62,
  quot: 34,
  apos: 39,
  hellip: 0x2026,
  mdash: 0x2014,
  ndash: 0x2013,
  lsquo: 0x2018,
  rsquo: 0x2019,
  sbquo: 0x201a,
  ldquo: 0x201c,
  rdquo: 0x201d,
  bdquo: 0x201e,
  lsaquo: 0x2039,
  rsaquo: 0x203a,
  bull: 0x2022,
  trade: 0x2122,
  euro: 0x20ac,
  dagger: 0x2020,
  Dagger: 0x2021,
  permil: 0x2030,
  prime: 0x2032,
  Prime: 0x2033,
  larr: 0x2190,
  uarr: 0x2191,
  rarr: 0x2192,
  darr: 0x2193,
  harr: 0x2194,
  lArr: 0x21d0,
  rArr: 0x21d2,
  hArr: 0x21d4,
  thinsp: 0x2009,
  ensp: 0x2002,
  emsp: 0x2003,
  zwnj: 0x200c,
  zwj: 0x200d,
  lrm: 0x200e,
  rlm: 0x200f,
  hearts: 0x2665,
  spades: 0x2660,
  clubs: 0x2663,
  diams: 0x2666,
  check: 0x2713,
  star: 0x2606,
  starf: 0x2605,
  minus: 0x2212,
  le: 0x2264,
  ge: 0x2265,
  ne: 0x2260,
  asymp: 0x2248,
  infin: 0x221e,
  radic: 0x221a,
  sum: 0x2211,
  prod: 0x220f,
  part: 0x2202,
  forall: 0x2200,
  exist: 0x2203,
  isin: 0x2208,
  cap: 0x2229,
  cup: 0x222a,
  alpha: 0x3b1,
  beta: 0x3b2,
  gamma: 0x3b3,
  delta: 0x3b4,
  epsilon: 0x3b5,
  lambda: 0x3bb,
  mu: 0x3bc,
  pi: 0x3c0,
  sigma: 0x3c3,
  tau: 0x3c4,
  phi: 0x3c6,
  omega: 0x3c9,
  Delta: 0x394,
  Sigma: 0x3a3,
  Omega: 0x3a9,
  OElig: 0x152,
  oelig: 0x153,
  Scaron: 0x160,
  scaron: 0x161,
  Yuml: 0x178,
  fnof: 0x192,
  circ: 0x2c6,
  tilde: 0x2dc,
  oline: 0x203e,
  frasl: 0x2044,
  loz: 0x25ca,
  nbhy: 0x2011,
  NewLine: 10,
  Tab: 9,
  colon: 58,
  comma: 44,
  period: 46,
  sol: 47,
  lpar: 40,
  rpar: 41,
  lsqb: 91,
  rsqb: 93,
  lcub: 123,
  rcub: 125,
  num: 35,
  dollar: 36,
  percnt: 37,
  excl: 33,
  quest: 63,
  commat: 64,
  equals: 61,
  plus: 43,
  ast: 42,
  verbar: 124,
  bsol: 92,
  grave: 96,
  Hat: 94,
  lowbar: 95,
};

const NAMED_ENTITIES = new Map<string, string>();
LATIN1_NAMES.split(" ").forEach((name, index) => NAMED_ENTITIES.set(name, String.fromCodePoint(160 + index)));
for (const [name, codePoint] of Object.entries(OTHER_COMMON_ENTITIES)) {
  NAMED_ENTITIES.set(name, String.fromCodePoint(codePoint));
}

/** The few names browsers still decode without a trailing semicolon and that pages actually write that way. */
const LEGACY_WITHOUT_SEMICOLON = new Set(["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"]);

/** Rare names are looked up once through domino's complete table rather than shipping a second table. */
const rareEntityCache = new Map<string, string | null>();

function decodeRareEntity(name: string): string | null {
  const cached = rareEntityCache.get(name);
  if (cached !== undefined) return cached;
  // A textarea holds raw text in which character references are decoded and nothing else is parsed.
  const text = createDocument(`<textarea>&${name};</textarea>`).querySelector("textarea")?.textContent ?? "";
  // A full match is one or two code points; anything longer is a legacy prefix match ("&not" in
  // "&notanentity;"), which an attribute value does not decode.
  const decoded = text !== "" && [...text].length <= 2 ? text : null;
  rareEntityCache.set(name, decoded);
  return decoded;
}

function decodeCodePoint(digits: string, radix: number): string {
  const codePoint = Number.parseInt(digits, radix);
  const invalid =
    !Number.isFinite(codePoint) ||
    codePoint === 0 ||
    codePoint > 0x10ffff ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff);
  return invalid ? "\uFFFD" : String.fromCodePoint(codePoint);
}

const CHARACTER_REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,8});?|#([0-9]{1,10});?|([A-Za-z][A-Za-z0-9]{1,31})(;?))/g;

/** Decodes named and numeric character references as a browser would in text or attribute values. */
export function decodeHtmlEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(
    CHARACTER_REFERENCE,
    (match, hex: string, decimal: string, name: string, semicolon: string, offset: number) => {
      if (hex !== undefined) return decodeCodePoint(hex, 16);
      if (decimal !== undefined) return decodeCodePoint(decimal, 10);
      if (semicolon) return NAMED_ENTITIES.get(name) ?? decodeRareEntity(name) ?? match;
      // Without a semicolon only legacy names count, and not when glued to more name characters or "="
      // (so query strings such as "?a=1&copy=2" survive).
      const following = value.charAt(offset + match.length);
      const legacy = LEGACY_WITHOUT_SEMICOLON.has(name) && !/[A-Za-z0-9=]/.test(following);
      return legacy ? (NAMED_ENTITIES.get(name) ?? match) : match;
    },
  );
}

/**
 * Prepares a decoded value for `Element.setAttribute`, which escapes double quotes itself but writes "&"
 * verbatim — an unescaped "&" could otherwise be read back as the start of a character reference.
 */
export function escapeForAttribute(value: string): string {
  return value.replaceAll("&", "&amp;");
}
