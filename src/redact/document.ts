/**
 * `redactPII`: personal data out of every text format of a document. The spans come from the patterns
 * (./patterns.ts) and, for people and places, from names the LLM read in the markdown (./people-places.ts), which
 * are then replaced wherever they occur. Text formats (markdown, summary, answer, highlights, json, links, the
 * profiles, metadata) are redacted as text; html and rawHtml only in their text and in the attributes that hold
 * words or addresses (href, title, alt, content, value…), so markup, styles and SVG paths stay intact, and a tag
 * placeholder is written as `&lt;EMAIL&gt;` there. Screenshots are images and cannot be redacted: a warning says so.
 */
import { Terminators } from "../html/terminators";
import { findPatterns, Spans, type Span } from "./patterns";
import { findPeopleAndPlaces, type NamedEntity } from "./people-places";
import { needsModel, redactionPlan, type PiiEntity, type RedactionPlan, type RedactPIIInput } from "../schemas/redact";
import type { ScrapeDocument } from "../schemas/document";

export interface Redactor {
  text(value: string): string;
  html(value: string): string;
  warnings: string[];
}

/** The redactor for one document (reading its names with the LLM when needed), or null without `redactPII`. */
export async function prepareRedaction(
  env: Env,
  input: RedactPIIInput,
  markdown: string,
  signal?: AbortSignal,
): Promise<Redactor | null> {
  const plan = redactionPlan(input);
  if (!plan) return null;
  const warnings: string[] = [];
  let names: NamedEntity[] = [];
  if (needsModel(plan) && markdown.trim()) {
    const found = await findPeopleAndPlaces(env, markdown, plan.entities, signal);
    names = withNameParts(found.names);
    if (found.warning) warnings.push(found.warning);
  } else if (plan.mode === "fast" && !plan.listed) {
    warnings.push("redactPII fast mode: names of people and places were not redacted (they need the LLM).");
  }
  const text = (value: string) => replaceSpans(value, spansOf(value, plan, names), plan, false);
  const html = (value: string) =>
    redactHtml(value, (part) => replaceSpans(part, spansOf(part, plan, names), plan, true));
  return { text, html, warnings };
}

/**
 * A person's name is also written in parts ("Lovelace" after "Ada Lovelace", or split by markup as
 * `<b>Ada</b> Lovelace`): each capitalised part of three letters or more is redacted too, longest names first.
 */
function withNameParts(names: NamedEntity[]): NamedEntity[] {
  const all = new Map(names.map((n) => [n.text, n]));
  for (const n of names) {
    if (n.kind !== "PERSON") continue;
    for (const part of n.text.split(/\s+/)) {
      if (/^\p{Lu}[\p{L}'’-]{2,}$/u.test(part) && !TITLES.has(part) && !all.has(part)) {
        all.set(part, { text: part, kind: "PERSON" });
      }
    }
  }
  return [...all.values()].sort((a, b) => b.text.length - a.text.length);
}
const TITLES = new Set(["Mr", "Mrs", "Ms", "Miss", "Dr", "Prof", "Sir", "Dame", "Herr", "Frau", "Mme"]);

/** The patterns' spans, then each name's occurrences (as whole words) where they overlap nothing found before. */
function spansOf(text: string, plan: RedactionPlan, names: NamedEntity[]): Span[] {
  const found = new Spans(findPatterns(text, plan.entities));
  const wordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
  for (const name of names) {
    let previousEnd = 0; // occurrences of one name may overlap each other ("aa" in "aaa"): the first one wins
    for (let at = text.indexOf(name.text); at >= 0; at = text.indexOf(name.text, at + 1)) {
      const end = at + name.text.length;
      if (at >= previousEnd && !wordChar(text[at - 1]) && !wordChar(text[end])) {
        if (found.add({ start: at, end, kind: name.kind })) previousEnd = end;
      }
    }
    found.commit();
  }
  return found.spans;
}

function replaceSpans(text: string, spans: Span[], plan: RedactionPlan, inHtml: boolean): string {
  if (!spans.length) return text;
  let out = "";
  let last = 0;
  for (const span of spans) {
    out += text.slice(last, span.start) + replacement(span.kind, text.slice(span.start, span.end), plan, inHtml);
    last = span.end;
  }
  return out + text.slice(last);
}

function replacement(kind: PiiEntity, original: string, plan: RedactionPlan, inHtml: boolean): string {
  if (plan.replaceStyle === "remove") return "";
  if (plan.replaceStyle === "mask") return "*".repeat([...original].length);
  return inHtml ? `&lt;${kind}&gt;` : `<${kind}>`;
}

/** Where markup starts: a comment or a tag; `<script>`/`<style>` bodies are text here (JSON-LD holds data). */
const MARKUP_START = /<(?:!--|[a-zA-Z/!])/g;
/** Attributes whose values are words or addresses (not styles, classes, ids or path data). */
const WORDY_ATTRIBUTE =
  /(\s(?:href|title|alt|content|value|placeholder|aria-label|label|data-[\w-]+)\s*=\s*)("[^"]*"|'[^']*')/gi;
/** `&#64;` and `&commat;` hide an address's @ from the patterns but not from a reader. */
const ENCODED_AT = /&#0*64;|&#x0*40;|&commat;/gi;

/**
 * The comments and tags of `html` as [start, end), in order: a comment to its `-->`, a tag (or a comment never
 * closed) to the next `>`; a `<` with no `>` after it is text. Each terminator is looked for once when absent.
 */
function* markup(html: string): Generator<[number, number]> {
  const start = new RegExp(MARKUP_START.source, MARKUP_START.flags);
  const ahead = new Terminators(html);
  for (let match; (match = start.exec(html));) {
    const end = ahead.markupEnd(match.index, match[0] === "<!--");
    if (end < 0) continue;
    yield [match.index, end];
    start.lastIndex = end;
  }
}

function redactHtml(html: string, redact: (text: string) => string): string {
  let out = "";
  let last = 0;
  for (const [start, end] of markup(html)) {
    const part = html.slice(start, end);
    out += redact(html.slice(last, start).replace(ENCODED_AT, "@"));
    out += part.startsWith("<!--")
      ? redact(part)
      : part.replace(WORDY_ATTRIBUTE, (_, name: string, quoted: string) => {
          const value = quoted.slice(1, -1).replace(ENCODED_AT, "@");
          return `${name}${quoted[0]}${redact(value)}${quoted[0]}`;
        });
    last = end;
  }
  return out + redact(html.slice(last).replace(ENCODED_AT, "@"));
}

/** Document fields that are the service's own identifiers and addresses, not the page's content. */
// prettier-ignore
const OWN_METADATA = new Set([
  "sourceURL", "url", "scrapeId", "contentType", "proxyUsed", "cacheState", "cachedAt", "engine", "creditsUsed",
]);

/** Every text format of the document, redacted in place; what could not be redacted, as warnings. */
export function redactDocument(document: ScrapeDocument, redactor: Redactor): string[] {
  const { text, html } = redactor;
  for (const key of ["markdown", "summary", "answer", "highlights"] as const) {
    if (typeof document[key] === "string") document[key] = text(document[key]);
  }
  if (document.html !== undefined) document.html = html(document.html);
  if (document.rawHtml !== undefined) document.rawHtml = html(document.rawHtml);
  if (document.links) document.links = document.links.map(text);
  if (document.images) document.images = document.images.map(text);
  if (document.attributes) {
    document.attributes = document.attributes.map((a) => ({ ...a, values: a.values.map(text) }));
  }
  for (const key of ["json", "product", "menu", "branding", "changeTracking"] as const) {
    if (document[key] !== undefined) (document as Record<string, unknown>)[key] = deep(document[key], text);
  }
  if (document.actions) {
    document.actions.scrapes = document.actions.scrapes.map((s) => ({ ...s, html: html(s.html) }));
    const returns = document.actions.javascriptReturns;
    document.actions.javascriptReturns = deep(returns, text) as typeof returns;
  }
  for (const [key, value] of Object.entries(document.metadata)) {
    if (!OWN_METADATA.has(key)) (document.metadata as Record<string, unknown>)[key] = deep(value, text);
  }
  const images = document.screenshot || document.actions?.screenshots.length;
  return images
    ? [...redactor.warnings, "Screenshots are images: personal data in them is not redacted."]
    : redactor.warnings;
}

/** Strings anywhere in a JSON value, redacted (object keys are left as they are). */
function deep(value: unknown, text: (s: string) => string): unknown {
  if (typeof value === "string") return text(value);
  if (Array.isArray(value)) return value.map((v) => deep(v, text));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v, text)]));
  }
  return value;
}
