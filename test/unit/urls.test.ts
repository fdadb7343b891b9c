/**
 * URL normalisation, the de-duplication key and the host relations the crawl scope relies on.
 */
import { describe, expect, it } from "vitest";
import {
  dedupKey,
  isSameHost,
  isSameSite,
  isSubdomainOf,
  normalizeUrl,
  registrableDomain,
  similarPath,
  stripWww,
} from "../../src/net/urls";

describe("normalizeUrl", () => {
  it.each([
    ["HTTPS://Example.COM:443/a/./b/../c?x=1#frag", undefined, "https://example.com/a/c?x=1"],
    ["http://example.com:80/", undefined, "http://example.com/"],
    ["https://example.com:8443/admin", undefined, "https://example.com:8443/admin"],
    ["  https://example.com/padded \n", undefined, "https://example.com/padded"],
    ["https://example.com", undefined, "https://example.com/"],
    ["/docs/../about#team", "http://example.com:80/blog/post", "http://example.com/about"],
    ["page-2", "https://example.com/blog/", "https://example.com/blog/page-2"],
    ["page-2", "https://example.com/blog", "https://example.com/page-2"],
    ["?page=3", "https://example.com/list?page=2", "https://example.com/list?page=3"],
    ["#top", "https://example.com/article", "https://example.com/article"],
    ["//cdn.example.com/x.js", "https://example.com/", "https://cdn.example.com/x.js"],
    ["https://example.com/caf\u00e9 menu", undefined, "https://example.com/caf%C3%A9%20menu"],
  ])("%s (base %s) → %s", (url, base, expected) => {
    expect(normalizeUrl(url, base)).toBe(expected);
  });

  it.each([
    ["javascript:void(0)", "https://example.com/"],
    ["mailto:team@example.com", "https://example.com/"],
    ["tel:+15551234", "https://example.com/"],
    ["data:text/html,<p>hi</p>", "https://example.com/"],
    ["ftp://example.com/file", undefined],
    ["not a url", undefined],
    ["/relative/without/base", undefined],
    ["http://", undefined],
    ["https://exa mple.com/", undefined],
  ])("%s → null", (url, base) => {
    expect(normalizeUrl(url, base)).toBeNull();
  });
});

describe("dedupKey", () => {
  const similar = { deduplicateSimilarURLs: true, ignoreQueryParameters: false };
  const exact = { deduplicateSimilarURLs: false, ignoreQueryParameters: false };

  it("folds www., scheme, trailing slashes, index files and the fragment into one key", () => {
    // prettier-ignore
    const variants = [
      "https://example.com/blog", "https://example.com/blog/", "http://example.com/blog",
      "https://www.example.com/blog/", "http://www.example.com/blog//", "https://example.com/blog/index.html",
      "https://example.com/blog/index.htm", "https://example.com/blog/INDEX.PHP", "https://example.com/blog#comments",
      "HTTPS://EXAMPLE.COM:443/blog/",
    ];
    expect(new Set(variants.map((url) => dedupKey(url, similar)))).toEqual(new Set(["example.com/blog"]));
  });

  it("keeps what changes the page: path case, other hosts, explicit ports, non-final index files", () => {
    expect(dedupKey("https://example.com/Blog", similar)).toBe("example.com/Blog");
    expect(dedupKey("https://docs.example.com/blog", similar)).toBe("docs.example.com/blog");
    expect(dedupKey("https://example.com:8443/blog", similar)).toBe("example.com:8443/blog");
    expect(dedupKey("https://example.com/index.html.bak", similar)).toBe("example.com/index.html.bak");
    expect(dedupKey("https://example.com/myindex.html", similar)).toBe("example.com/myindex.html");
  });

  it("treats the root and its index page as one", () => {
    for (const url of ["https://example.com", "https://example.com/", "http://www.example.com/index.html"]) {
      expect(dedupKey(url, similar)).toBe("example.com");
    }
  });

  it("sorts query parameters by name, keeping the order of repeated names", () => {
    expect(dedupKey("https://example.com/p?b=2&a=1", similar)).toBe("example.com/p?a=1&b=2");
    expect(dedupKey("https://example.com/p?a=1&b=2", similar)).toBe("example.com/p?a=1&b=2");
    expect(dedupKey("https://example.com/p?tag=z&page=1&tag=a", similar)).toBe("example.com/p?page=1&tag=z&tag=a");
    expect(dedupKey("https://example.com/p/?q=a%20b", similar)).toBe(dedupKey("https://example.com/p?q=a+b", similar));
    expect(dedupKey("https://example.com/p?", similar)).toBe("example.com/p");
  });

  it("drops the query with ignoreQueryParameters, in both modes", () => {
    const ignoringSimilar = { deduplicateSimilarURLs: true, ignoreQueryParameters: true };
    const ignoringExact = { deduplicateSimilarURLs: false, ignoreQueryParameters: true };
    expect(dedupKey("https://www.example.com/p/?utm_source=x&id=3#f", ignoringSimilar)).toBe("example.com/p");
    expect(dedupKey("https://example.com/p?id=3", ignoringSimilar)).toBe(
      dedupKey("https://example.com/p", ignoringSimilar),
    );
    expect(dedupKey("https://www.example.com/p/?id=3#f", ignoringExact)).toBe("https://www.example.com/p/");
  });

  it("without deduplicateSimilarURLs keys on the normalised URL with its query verbatim", () => {
    expect(dedupKey("https://www.example.com/blog/#top", exact)).toBe("https://www.example.com/blog/");
    expect(dedupKey("http://example.com/blog", exact)).toBe("http://example.com/blog");
    expect(dedupKey("https://example.com/p?b=2&a=1", exact)).toBe("https://example.com/p?b=2&a=1");
    expect(dedupKey("https://example.com/blog/index.html", exact)).toBe("https://example.com/blog/index.html");
  });

  it("never throws: a non-URL is its own key", () => {
    expect(dedupKey(" mailto:a@example.com ", similar)).toBe("mailto:a@example.com");
    expect(dedupKey("::", exact)).toBe("::");
  });
});

describe("path and host helpers", () => {
  it("similarPath folds index files and trailing slashes", () => {
    expect(similarPath("/")).toBe("");
    expect(similarPath("/blog/")).toBe("/blog");
    expect(similarPath("/blog/index.html")).toBe("/blog");
    expect(similarPath("/index.php")).toBe("");
    expect(similarPath("/a/b")).toBe("/a/b");
  });

  it("stripWww strips only a leading www. label", () => {
    expect(stripWww("www.example.com")).toBe("example.com");
    expect(stripWww("www2.example.com")).toBe("www2.example.com");
    expect(stripWww("example.www.com")).toBe("example.www.com");
  });

  it("registrableDomain follows the public suffix list, private suffixes included", () => {
    expect(registrableDomain("www.example.com")).toBe("example.com");
    expect(registrableDomain("a.b.example.co.uk")).toBe("example.co.uk");
    expect(registrableDomain("alice.github.io")).toBe("alice.github.io");
    expect(registrableDomain("Shop.Example.COM")).toBe("example.com");
    expect(registrableDomain("127.0.0.1")).toBe("127.0.0.1");
    expect(registrableDomain("localhost")).toBe("localhost");
  });

  it("isSameHost ignores www. and scheme but not the explicit port", () => {
    expect(isSameHost("https://www.example.com/a", "http://example.com/b")).toBe(true);
    expect(isSameHost("https://example.com/", "https://example.com:443/")).toBe(true);
    expect(isSameHost("http://127.0.0.1:8080/", "http://127.0.0.1:8080/x")).toBe(true);
    expect(isSameHost("http://127.0.0.1:8080/", "http://127.0.0.1:9090/")).toBe(false);
    expect(isSameHost("https://docs.example.com/", "https://example.com/")).toBe(false);
    expect(isSameHost("mailto:x@example.com", "https://example.com/")).toBe(false);
  });

  it("isSameSite compares registrable domains; isSubdomainOf excludes the same host", () => {
    expect(isSameSite("https://docs.example.com/", "https://www.example.com/")).toBe(true);
    expect(isSameSite("https://example.com/", "https://example.org/")).toBe(false);
    expect(isSameSite("https://alice.github.io/", "https://bob.github.io/")).toBe(false);
    expect(isSameSite("https://shop.example.co.uk/", "https://example.co.uk/")).toBe(true);
    expect(isSameSite("http://127.0.0.1:1/", "http://127.0.0.2:1/")).toBe(false);
    expect(isSubdomainOf("https://docs.example.com/", "https://www.example.com/")).toBe(true);
    expect(isSubdomainOf("https://example.com/", "https://docs.example.com/")).toBe(true);
    expect(isSubdomainOf("https://www.example.com/x", "https://example.com/")).toBe(false);
    expect(isSubdomainOf("https://other.com/", "https://example.com/")).toBe(false);
  });
});
