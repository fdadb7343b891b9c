/**
 * Personal data that has a shape: e-mail addresses, phone numbers, payment card numbers (Luhn-checked) and IBANs
 * (mod-97-checked), and secrets (private keys, the token formats of common providers, JWTs, and values given to
 * a key-like name such as `api_key=`). Each finder returns spans of the text; overlapping ones keep the first
 * found, in the order below (cards before phones, so a card number is not taken for a phone number).
 */
import type { PiiEntity } from "../schemas/redact";
import { Terminators } from "../html/terminators";

export interface Span {
  start: number;
  end: number;
  kind: PiiEntity;
}

// The local part and domain of RFC 5321 addresses as they appear in pages; a TLD of letters only.
const LOCAL_PART = /[A-Za-z0-9._%+-]/;
const DOMAIN = /[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}\b/y;
/** `logo@2x.png` is an image name, not an address. */
const FILE_SUFFIX = /\.(?:png|jpe?g|gif|svg|webp|avif|css|js|ico)$/i;

/** Digit groups with optional separators on one line, a leading + or a bracketed area code; checked by `isPhone`. */
const PHONE = new RegExp(
  String.raw`(?<![\w+/.-])(?:\+\d{7,15}|(?:\+\d{1,3}[ \u00a0.-]?)?(?:\(\d{1,5}\)[ \u00a0.-]?)?` +
    String.raw`\d{1,5}(?:[ \u00a0.-]\d{1,8}){0,5})(?![\w-]|\.\d)`,
  "g",
);
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15; // E.164's limit

/** 13 to 19 digits, alone or in groups split by single spaces or dashes. */
const CARD = /(?<![\d.-])\d(?:[ -]?\d){12,18}(?![\d-]|\.\d)/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;

const KEY_BEGIN = /-----BEGIN [A-Z ]*PRIVATE KEY-----/g;
const KEY_END = /-----END [A-Z ]*PRIVATE KEY-----/g;
// prettier-ignore
const SECRET_SHAPES = [
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, /\bgithub_pat_[A-Za-z0-9_]{22,}\b/g, // GitHub tokens
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}\b/g, // Stripe secret and restricted keys
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}/g, // OpenAI and Anthropic keys
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API keys
  /\bfc-[0-9a-f]{32}\b/g, // Firecrawl keys
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWTs
];
/** A value given to a secret-sounding name; only the value (group 1) is redacted. */
const SECRET_NAME =
  String.raw`api[_-]?key|apikey|secret(?:[_-]?key)?|client[_-]?secret|` +
  String.raw`(?:access|auth)[_-]?token|token|passw(?:or)?d`;
const SECRET_ASSIGNMENT = new RegExp(
  String.raw`\b(?:${SECRET_NAME})["']?\s*[:=]\s*["']?([A-Za-z0-9_\-./+=]{12,})`,
  "gi",
);

export function findPatterns(text: string, kinds: Set<PiiEntity>): Span[] {
  const found = new Spans();
  const add = (start: number, end: number, kind: PiiEntity) => found.add({ start, end, kind });
  // Each finder's spans do not overlap one another; `done` checks the next finder's against them.
  const done = () => found.commit();
  if (kinds.has("SECRET")) {
    for (const [start, end] of privateKeys(text)) add(start, end, "SECRET");
    done();
    for (const shape of SECRET_SHAPES) {
      for (const m of text.matchAll(shape)) add(m.index, m.index + m[0].length, "SECRET");
      done();
    }
    for (const m of text.matchAll(SECRET_ASSIGNMENT)) {
      const value = m[1];
      // A word like "required" or "optional" after `password:` is prose; a secret mixes letters and digits.
      if (!/\d/.test(value) || !/[A-Za-z]/.test(value)) continue;
      const start = m.index + m[0].length - value.length;
      add(start, start + value.length, "SECRET");
    }
    done();
  }
  if (kinds.has("EMAIL")) {
    for (const [start, end] of emails(text)) if (!FILE_SUFFIX.test(text.slice(start, end))) add(start, end, "EMAIL");
    done();
  }
  if (kinds.has("FINANCIAL")) {
    for (const m of text.matchAll(CARD)) if (isCard(m[0])) add(m.index, m.index + m[0].length, "FINANCIAL");
    done();
    for (const m of text.matchAll(IBAN)) if (isIban(m[0])) add(m.index, m.index + m[0].length, "FINANCIAL");
    done();
  }
  if (kinds.has("PHONE")) {
    for (const m of text.matchAll(PHONE)) {
      const phone = m[0].trimEnd();
      if (isPhone(phone)) add(m.index, m.index + phone.length, "PHONE");
    }
    done();
  }
  return found.spans;
}

/**
 * The spans kept, sorted and never overlapping. A span is kept when it overlaps none kept by an earlier finder
 * (a binary search); the spans of one finder are added together once it is done (`commit`), so a finder's own
 * spans must come in order and not overlap one another. Checking every kept span for every new one was quadratic.
 */
export class Spans {
  private pending: Span[] = [];

  constructor(public spans: Span[] = []) {}

  /** Keeps `span` (at the next commit) unless it overlaps a span kept already; whether it is kept. */
  add(span: Span): boolean {
    const spans = this.spans;
    let low = 0;
    let high = spans.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (spans[middle].end <= span.start) low = middle + 1;
      else high = middle;
    }
    const free = low === spans.length || spans[low].start >= span.end;
    if (free) this.pending.push(span);
    return free;
  }

  commit(): void {
    if (this.pending.length === 0) return;
    const merged: Span[] = [];
    const [a, b] = [this.spans, this.pending];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length)
      merged.push(j >= b.length || (i < a.length && a[i].start < b[j].start) ? a[i++] : b[j++]);
    this.spans = merged;
    this.pending = [];
  }
}

/**
 * E-mail addresses as [start, end), found from each "@": the local part is read leftwards (not into the address
 * before it), the domain rightwards. One pattern with the local part first tried every position of a long run of
 * its characters to its end: quadratic, 10 s for 100,000 digits.
 */
function* emails(text: string): Generator<[number, number]> {
  let previousEnd = 0;
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let start = at;
    while (start > previousEnd && LOCAL_PART.test(text[start - 1])) start--;
    if (start === at) continue;
    DOMAIN.lastIndex = at + 1;
    if (!DOMAIN.test(text)) continue;
    previousEnd = DOMAIN.lastIndex;
    yield [start, previousEnd];
  }
}

/** PEM private keys as [start, end); a BEGIN line with no END line after it ends the search (none further has one). */
function* privateKeys(text: string): Generator<[number, number]> {
  const ahead = new Terminators(text);
  const begin = new RegExp(KEY_BEGIN.source, "g");
  for (let match; (match = begin.exec(text));) {
    const end = ahead.endOf(KEY_END, begin.lastIndex);
    if (end < 0) return;
    yield [match.index, end];
    begin.lastIndex = end;
  }
}

/** The Luhn check every payment card number passes. */
export function isCard(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  if (digits.length < 13 || digits.length > 19 || /^(\d)\1+$/.test(digits)) return false;
  // Groups must be split the same way throughout ("4111 1111 1111 1111", not "4111-1111 1111").
  if (/ /.test(candidate) && /-/.test(candidate)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** ISO 13616: the country and check digits moved to the end, letters as numbers, the whole mod 97 is 1. */
export function isIban(candidate: string): boolean {
  const iban = candidate.replace(/ /g, "");
  if (iban.length < 15 || iban.length > 34) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/**
 * Whether digit groups read as a phone number rather than a date, a version, a quantity or an id: 7 to 15 digits,
 * and either a leading +, a bracketed area code, or at least two separators between groups that are not all the
 * thousands groups of a number.
 */
export function isPhone(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "").length;
  if (digits < MIN_PHONE_DIGITS || digits > MAX_PHONE_DIGITS) return false;
  if (/^\d{4}[-./]\d{1,2}[-./]\d{1,2}$/.test(candidate) || /^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/.test(candidate)) {
    return false; // dates
  }
  if (candidate.startsWith("+") || candidate.includes("(")) return true;
  const groups = candidate.split(/[ \u00a0.-]/);
  if (groups.length < 2) return false;
  if (/^\d{1,3}(?:[ .]\d{3})+$/.test(candidate)) return false; // 1 250 000 or 1.250.000
  if (groups.some((g) => g.length === 1)) return false; // ISBN-like or list numbering
  // One separator (555-1234) reads as a local number only with the usual 3-4 split.
  return groups.length >= 3 || (groups[0].length === 3 && groups[1].length === 4);
}
