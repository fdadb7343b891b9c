/**
 * The crawl scope: host rules (www., subdomains, external), the descendant rule, include/exclude patterns and
 * their validation.
 */
import { describe, expect, it } from "vitest";
import {
  MAX_PATTERN_LENGTH,
  compilePattern,
  compileScope,
  isDescendantPath,
  validatePatterns,
  type ScopeOptions,
} from "../../src/crawl/scope";

const defaults: ScopeOptions = {
  startUrl: "https://www.example.com/blog",
  includePaths: [],
  excludePaths: [],
  regexOnFullURL: false,
  crawlEntireDomain: false,
  allowExternalLinks: false,
  allowSubdomains: false,
};
const scope = (overrides: Partial<ScopeOptions> = {}) => compileScope({ ...defaults, ...overrides });
const reason = (s: ReturnType<typeof scope>, url: string) => {
  const result = s.check(url);
  return result.ok ? "ok" : result.reason;
};

describe("isDescendantPath", () => {
  it.each([
    ["/blog", "/blog", true],
    ["/blog/", "/blog", true],
    ["/blog/post-1", "/blog", true],
    ["/blog/2024/05/post", "/blog/", true],
    ["/blog/post", "/blog/index.html", true],
    ["/blog/index.html", "/blog", true],
    ["/blogger", "/blog", false],
    ["/", "/blog", false],
    ["/Blog/post", "/blog", false],
    ["/about", "/", true],
    ["/", "/", true],
    ["/docs/intro/part-2", "/docs/intro", true],
    ["/docs/other", "/docs/intro", false],
  ])("%s under %s: %s", (path, start, expected) => {
    expect(isDescendantPath(path, start)).toBe(expected);
  });
});

describe("compileScope: hosts and paths", () => {
  it("by default keeps to the start host (www. or not, any scheme) and the start path's descendants", () => {
    const s = scope();
    expect(reason(s, "https://www.example.com/blog")).toBe("ok");
    expect(reason(s, "https://www.example.com/blog/")).toBe("ok");
    expect(reason(s, "https://example.com/blog/post-1")).toBe("ok");
    expect(reason(s, "http://www.example.com/blog/post-2?page=2#c")).toBe("ok");
    expect(reason(s, "https://www.example.com/")).toBe("not-descendant");
    expect(reason(s, "https://www.example.com/blogger")).toBe("not-descendant");
    expect(reason(s, "https://www.example.com/about")).toBe("not-descendant");
    expect(reason(s, "https://docs.example.com/blog/x")).toBe("subdomain");
    expect(reason(s, "https://example.org/blog/x")).toBe("external");
    expect(reason(s, "https://www.example.com:8443/blog/x")).toBe("external");
    expect(reason(s, "mailto:team@example.com")).toBe("invalid");
    expect(reason(s, "/blog/relative")).toBe("invalid");
  });

  it("crawlEntireDomain lifts the descendant rule, not the host rules", () => {
    const s = scope({ crawlEntireDomain: true });
    expect(reason(s, "https://www.example.com/")).toBe("ok");
    expect(reason(s, "https://example.com/about")).toBe("ok");
    expect(reason(s, "https://docs.example.com/")).toBe("subdomain");
    expect(reason(s, "https://other.com/")).toBe("external");
  });

  it("allowSubdomains admits any host of the registrable domain, with any path", () => {
    const s = scope({ allowSubdomains: true });
    expect(reason(s, "https://docs.example.com/guide")).toBe("ok");
    expect(reason(s, "https://a.b.example.com/")).toBe("ok");
    expect(reason(s, "https://www.example.com/about")).toBe("not-descendant");
    expect(reason(s, "https://example.org/")).toBe("external");
    expect(reason(s, "https://example.com.evil.io/")).toBe("external");
  });

  it("uses the public suffix list: two github.io sites are not subdomains of each other", () => {
    const s = compileScope({ ...defaults, startUrl: "https://alice.github.io/", allowSubdomains: true });
    expect(reason(s, "https://alice.github.io/repo")).toBe("ok");
    expect(reason(s, "https://bob.github.io/")).toBe("external");
    const uk = compileScope({ ...defaults, startUrl: "https://shop.example.co.uk/", allowSubdomains: true });
    expect(reason(uk, "https://blog.example.co.uk/")).toBe("ok");
    expect(reason(uk, "https://other.co.uk/")).toBe("external");
  });

  it("allowExternalLinks admits other sites and subdomains without the descendant rule", () => {
    const s = scope({ allowExternalLinks: true });
    expect(reason(s, "https://example.org/anything")).toBe("ok");
    expect(reason(s, "https://docs.example.com/guide")).toBe("ok");
    expect(reason(s, "https://www.example.com/about")).toBe("not-descendant");
  });

  it("treats IP hosts by address and port", () => {
    const s = compileScope({ ...defaults, startUrl: "http://127.0.0.1:8787/", allowSubdomains: true });
    expect(reason(s, "http://127.0.0.1:8787/page")).toBe("ok");
    expect(reason(s, "http://127.0.0.2:8787/page")).toBe("external");
    expect(reason(s, "http://127.0.0.1:9999/page")).toBe("external");
    const open = compileScope({ ...defaults, startUrl: "http://127.0.0.1:8787/", allowExternalLinks: true });
    expect(reason(open, "http://127.0.0.1:9999/page")).toBe("ok");
  });

  it("a start URL at the root admits the whole host", () => {
    const s = compileScope({ ...defaults, startUrl: "https://example.com" });
    expect(reason(s, "https://example.com/a/b/c")).toBe("ok");
    expect(reason(s, "https://www.example.com/")).toBe("ok");
  });
});

describe("compileScope: includePaths and excludePaths", () => {
  it("tests patterns unanchored against the pathname; excludes win", () => {
    const s = scope({
      crawlEntireDomain: true,
      includePaths: ["^/blog/", "docs"],
      excludePaths: ["/drafts?/", "\\.pdf$"],
    });
    expect(reason(s, "https://example.com/blog/post")).toBe("ok");
    expect(reason(s, "https://example.com/help/docs/intro")).toBe("ok");
    expect(reason(s, "https://example.com/about")).toBe("not-included");
    expect(reason(s, "https://example.com/about?section=blog/")).toBe("not-included");
    expect(reason(s, "https://example.com/blog/drafts/wip")).toBe("excluded");
    expect(reason(s, "https://example.com/blog/draft/wip")).toBe("excluded");
    expect(reason(s, "https://example.com/blog/paper.pdf")).toBe("excluded");
    expect(reason(s, "https://example.com/blog/paper.pdf?dl=1")).toBe("excluded");
  });

  it("with regexOnFullURL tests the whole normalised URL, query included", () => {
    const s = scope({
      regexOnFullURL: true,
      includePaths: ["^https://(www\\.)?example\\.com/blog/.*[?&]lang=en"],
      excludePaths: ["#"],
    });
    expect(reason(s, "https://www.example.com/blog/post?lang=en")).toBe("ok");
    expect(reason(s, "https://www.example.com/blog/post?page=2&lang=en#comments")).toBe("ok"); // the fragment is gone
    expect(reason(s, "https://www.example.com/blog/post?lang=de")).toBe("not-included");
    expect(reason(s, "http://www.example.com/blog/post?lang=en")).toBe("not-included");
  });

  it("applies patterns after the host and descendant rules", () => {
    const s = scope({ excludePaths: [".*"] });
    expect(reason(s, "https://other.com/")).toBe("external");
    expect(reason(s, "https://www.example.com/")).toBe("not-descendant");
    expect(reason(s, "https://www.example.com/blog/x")).toBe("excluded");
  });

  it("checkStart holds the start URL to the patterns only", () => {
    expect(scope({ includePaths: ["^/pricing$"] }).checkStart()).toEqual({ ok: false, reason: "not-included" });
    expect(scope({ includePaths: ["^/blog$"] }).checkStart()).toEqual({ ok: true });
    expect(scope({ excludePaths: ["^/blog"] }).checkStart()).toEqual({ ok: false, reason: "excluded" });
    expect(scope().checkStart()).toEqual({ ok: true });
    // A redirected start URL: host and descendant rules do not apply to the crawl's root.
    expect(scope({ includePaths: ["^/en/"] }).checkStart("https://blog.example.net/en/home")).toEqual({ ok: true });
    expect(scope().checkStart("javascript:void(0)")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("pattern validation", () => {
  it("accepts ordinary patterns and RE2 spellings", () => {
    expect(
      validatePatterns(["^/blog/.*$", "/docs/(v1|v2)/", "\\.(png|jpe?g)$", "[(?=]", "\\(?!"], "includePaths"),
    ).toBeNull();
    expect(compilePattern("(?i)^/BLOG").test("/blog/x")).toBe(true);
    expect(compilePattern("(?P<year>\\d{4})/").test("/2024/x")).toBe(true);
    expect(compilePattern("(?<year>\\d{4})/").test("/24/x")).toBe(false);
    expect(compilePattern("^/a.b$").test("/a\nb")).toBe(false);
    expect(compilePattern("(?s)^/a.b$").test("/a\nb")).toBe(true);
    expect(compilePattern("^/caf\\u00e9$").test("/café")).toBe(true);
  });

  it("runs in linear time: a pattern that backtracks exponentially in JavaScript answers at once", () => {
    // With JavaScript's RegExp this test would not end: 2^5000 ways to split the a's before the "!" fails.
    const subject = `/${"a".repeat(5000)}!`;
    expect(compilePattern("^/(a+)+$").test(subject)).toBe(false);
    expect(compilePattern("(x+x+)+y").test("x".repeat(5000))).toBe(false);
    expect(compilePattern("^/(a+)+$").test("/aaaa")).toBe(true);
  });

  it("names the field and index of the first bad pattern", () => {
    expect(validatePatterns(["^/ok", "("], "includePaths")).toMatch(
      /^includePaths\[1\] is not a valid regular expression: /,
    );
    expect(validatePatterns(["[z-a]"], "excludePaths")).toMatch(
      /^excludePaths\[0\] is not a valid regular expression: /,
    );
    expect(validatePatterns(["^/docs/(?!internal)"], "excludePaths")).toBe(
      "excludePaths[0] is not a supported regular expression: look-ahead and look-behind assertions are not supported",
    );
    expect(validatePatterns(["(?<=/)x"], "includePaths")).toBe(
      "includePaths[0] is not a supported regular expression: look-ahead and look-behind assertions are not supported",
    );
    expect(validatePatterns(["(a)\\1"], "includePaths")).toBe(
      "includePaths[0] is not a supported regular expression: back-references (\\1…\\9) are not supported",
    );
    expect(validatePatterns(["(?U)a+"], "includePaths")).toBe(
      "includePaths[0] uses the inline flag group (?U); only i, m and s are supported",
    );
    expect(validatePatterns(["x".repeat(MAX_PATTERN_LENGTH + 1)], "includePaths")).toBe(
      `includePaths[0] is longer than ${MAX_PATTERN_LENGTH} characters`,
    );
    expect(validatePatterns(["x".repeat(MAX_PATTERN_LENGTH)], "includePaths")).toBeNull();
  });

  it("compileScope throws the same message", () => {
    expect(() => scope({ excludePaths: ["^/ok", "a)"] })).toThrow(
      /^excludePaths\[1\] is not a valid regular expression: /,
    );
    expect(() => compileScope({ ...defaults, startUrl: "ftp://example.com/" })).toThrow(
      "startUrl is not an http(s) URL: ftp://example.com/",
    );
  });
});
