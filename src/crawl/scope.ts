/**
 * The crawl's URL filter (docs/crawl.md): which discovered URLs a crawl may visit, given its start URL and the
 * crawlEntireDomain / allowSubdomains / allowExternalLinks / includePaths / excludePaths / regexOnFullURL options.
 *
 * Order of the checks, which is also the order of precedence of the rejection reasons:
 * 1. host: the start host (`www.` ignored, same explicit port) is internal; other hosts of the start's registrable
 *    domain need allowSubdomains (or allowExternalLinks); any other host, or the start host on another port,
 *    needs allowExternalLinks;
 * 2. descendant: without crawlEntireDomain, internal URLs must be the start path or below it. Paths only mean
 *    something per host, so subdomain and external URLs are not held to it;
 * 3. excludePaths: any match rejects;
 * 4. includePaths: when given, one must match.
 *
 * Patterns are regular expressions tested unanchored against the pathname, or the whole URL with regexOnFullURL.
 * They run on RE2 (re2js, a JavaScript port of RE2), as Firecrawl validates them: matching takes time linear in
 * the URL's length whatever the pattern, so a pattern with nested quantifiers (`^/(a+)+$`, from a caller or from
 * the LLM behind a crawl's `prompt`) cannot hold the runtime, which JavaScript's backtracking RegExp did (one such
 * crawl stopped every request of every team for 20 s and more). JavaScript spellings are translated (`\u00e9`,
 * `(?<name>`), leading `(?i)`-style flags are read, and what RE2 refuses (look-around, back-references) is refused
 * with a message that says so.
 */
import { RE2JS } from "re2js";
import { normalizeUrl, registrableDomain, similarPath, stripWww } from "../net/urls";

/** A compiled include/exclude pattern. */
export interface PathPattern {
  /** Whether the pattern matches anywhere in `subject`, in time linear in its length. */
  test(subject: string): boolean;
}

const RE2_FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

export interface ScopeOptions {
  startUrl: string;
  includePaths: string[];
  excludePaths: string[];
  regexOnFullURL: boolean;
  crawlEntireDomain: boolean;
  allowExternalLinks: boolean;
  allowSubdomains: boolean;
}

/** Why a URL is out of scope; "invalid" is a string that is not an http(s) URL. */
export type ScopeRejection = "external" | "subdomain" | "not-descendant" | "excluded" | "not-included" | "invalid";

export type ScopeResult = { ok: true } | { ok: false; reason: ScopeRejection };

export interface Scope {
  check(url: string): ScopeResult;
  /**
   * The start URL against includePaths/excludePaths only: it is the crawl's root, so the host and descendant
   * rules do not apply, but a start URL that matches no include pattern is not scraped (docs/crawl.md, "Seeds").
   * `url` defaults to the options' startUrl; pass the normalised or redirected start URL when there is one.
   */
  checkStart(url?: string): ScopeResult;
}

/** Longer patterns are refused: they are never needed for paths and are where pathological regexes hide. */
export const MAX_PATTERN_LENGTH = 1000;

const RE2_FLAGS = /^\(\?([a-zA-Z]+)\)/;

/**
 * The RE2 constructs JavaScript does not share, found by a small scan that skips escapes and character classes:
 * returns a message for look-around and back-references (RE2 has neither, so Firecrawl rejects them).
 */
function unsupportedConstruct(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && /[1-9]/.test(next)) return "back-references (\\1…\\9) are not supported";
      if (!inClass && next === "k" && pattern[i + 2] === "<")
        return "named back-references (\\k<name>) are not supported";
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") {
      inClass = true;
      if (pattern[i + 1] === "]") i++; // a leading ] is a literal inside the class
    } else if (c === "(" && pattern[i + 1] === "?") {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest.startsWith("=") || rest.startsWith("!") || rest === "<=" || rest === "<!") {
        return "look-ahead and look-behind assertions are not supported";
      }
    }
  }
  return null;
}

/**
 * Compiles one include/exclude pattern. Throws an Error whose message explains the problem (without naming the
 * field; see `validatePatterns`).
 */
export function compilePattern(pattern: string): PathPattern {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new Error(`is longer than ${MAX_PATTERN_LENGTH} characters`);
  let source = pattern;
  let flags = 0;
  const inlineFlags = RE2_FLAGS.exec(source);
  if (inlineFlags) {
    const letters = inlineFlags[1];
    if (/[^ims]/.test(letters))
      throw new Error(`uses the inline flag group (?${letters}); only i, m and s are supported`);
    for (const letter of new Set(letters)) flags |= RE2_FLAG_BITS[letter];
    source = source.slice(inlineFlags[0].length);
  }
  const unsupported = unsupportedConstruct(source);
  if (unsupported) throw new Error(`is not a supported regular expression: ${unsupported}`);
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source), flags);
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).replace(/^error parsing regexp: /, "");
    throw new Error(`is not a valid regular expression: ${message}`);
  }
}

/**
 * The first problem among `patterns`, as a message naming the item (`includePaths[2] is not a valid regular
 * expression: …`), or null when all compile. `field` is the request field name.
 */
export function validatePatterns(patterns: string[], field: string): string | null {
  for (const [i, pattern] of patterns.entries()) {
    try {
      compilePattern(pattern);
    } catch (e) {
      return `${field}[${i}] ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  return null;
}

/**
 * True when `pathname` is `startPathname` or below it, segment-wise: start `/blog` (or `/blog/`, or
 * `/blog/index.html`) admits `/blog`, `/blog/` and `/blog/x` but not `/blogger` or `/`. The root admits all.
 */
export function isDescendantPath(pathname: string, startPathname: string): boolean {
  const base = similarPath(startPathname);
  return similarPath(pathname) === base || pathname.startsWith(`${base}/`);
}

function compileAll(patterns: string[], field: string): PathPattern[] {
  const problem = validatePatterns(patterns, field);
  if (problem) throw new Error(problem);
  return patterns.map(compilePattern);
}

/**
 * Builds the filter for one crawl. Throws an Error naming the field and index (`excludePaths[0] is not a valid
 * regular expression: …`) for a bad pattern, or when `startUrl` is not an http(s) URL.
 */
export function compileScope(opts: ScopeOptions): Scope {
  const startHref = normalizeUrl(opts.startUrl);
  if (!startHref) throw new Error(`startUrl is not an http(s) URL: ${opts.startUrl}`);
  const start = new URL(startHref);
  const startHost = stripWww(start.hostname);
  const startSite = registrableDomain(start.hostname);
  const includes = compileAll(opts.includePaths, "includePaths");
  const excludes = compileAll(opts.excludePaths, "excludePaths");

  const checkPatterns = (href: string, pathname: string): ScopeResult => {
    const subject = opts.regexOnFullURL ? href : pathname;
    if (excludes.some((re) => re.test(subject))) return { ok: false, reason: "excluded" };
    if (includes.length > 0 && !includes.some((re) => re.test(subject))) return { ok: false, reason: "not-included" };
    return { ok: true };
  };

  const check = (url: string): ScopeResult => {
    const href = normalizeUrl(url);
    if (!href) return { ok: false, reason: "invalid" };
    const target = new URL(href);

    const sameHostname = stripWww(target.hostname) === startHost;
    const internal = sameHostname && target.port === start.port;
    if (!internal) {
      // Another port on the start host is another server, not a subdomain.
      const sameSite = !sameHostname && registrableDomain(target.hostname) === startSite;
      if (sameSite && !opts.allowSubdomains && !opts.allowExternalLinks) return { ok: false, reason: "subdomain" };
      if (!sameSite && !opts.allowExternalLinks) return { ok: false, reason: "external" };
    } else if (!opts.crawlEntireDomain && !isDescendantPath(target.pathname, start.pathname)) {
      return { ok: false, reason: "not-descendant" };
    }
    return checkPatterns(href, target.pathname);
  };

  const checkStart = (url: string = startHref): ScopeResult => {
    const href = normalizeUrl(url);
    if (!href) return { ok: false, reason: "invalid" };
    return checkPatterns(href, new URL(href).pathname);
  };

  return { check, checkStart };
}
