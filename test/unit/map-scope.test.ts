/**
 * Which hosts a map lists: the start host always (with or without `www.`), the other hosts of the start's site
 * (its registrable domain) only with includeSubdomains, other sites never.
 */
import { describe, expect, it } from "vitest";
import { inMapScope } from "../../src/crawl/map";

describe("map scope", () => {
  it("includeSubdomains adds the other hosts of the start's site", () => {
    const start = "https://example.com/";
    expect(inMapScope("https://docs.example.com/guide", start, true)).toBe(true);
    expect(inMapScope("https://docs.example.com/guide", start, false)).toBe(false);
    expect(inMapScope("https://www.example.com/about", start, false)).toBe(true);
    expect(inMapScope("https://example.org/", start, true)).toBe(false);
    // the public suffix list decides what a site is: two github.io sites are strangers
    expect(inMapScope("https://bob.github.io/", "https://alice.github.io/", true)).toBe(false);
  });
});
