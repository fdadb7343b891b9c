/**
 * The class-name vocabulary (src/main-content/signal-words.ts) against the prefilter that skips tokens naming
 * nothing (signals.ts ANY_WORD_FRAGMENT): a word the prefilter does not know would be silently ignored.
 */
import { describe, expect, it } from "vitest";
import { ANY_WORD_FRAGMENT } from "../../src/main-content/signals";
import * as words from "../../src/main-content/signal-words";

describe("class-name vocabulary", () => {
  it("has a prefilter fragment for every word, and for at least one word of every pair", () => {
    const single = [
      words.BOILERPLATE_WORDS,
      words.NAVIGATION_WORDS,
      words.CHROME_WORDS,
      words.CLUTTER_WORDS,
      words.COMMENT_WORDS,
      words.CONTENT_WORDS,
    ];
    const missed = single.flatMap((set) => [...set].filter((word) => !ANY_WORD_FRAGMENT.test(word)));
    expect(missed).toEqual([]);
    const pairs = [words.BOILERPLATE_PAIRS, words.LAYOUT_PAIRS, words.CLUTTER_PAIRS, words.CONTENT_PAIRS];
    const missedPairs = pairs.flatMap((list) =>
      list.filter(([a, b]) => !ANY_WORD_FRAGMENT.test(a) && !ANY_WORD_FRAGMENT.test(b)),
    );
    expect(missedPairs).toEqual([]);
  });
});
