/**
 * Change tracking's parts on their own: the store on the real (miniflare) R2 — one read per page, a host's
 * listing past R2's 1,000-key pages, kept apart per team and tag — and the comparisons.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeStatus, gitDiff } from "../../src/tracking/compare";
import { fieldChanges } from "../../src/tracking/json-changes";
import {
  listTrackedPages,
  readTrackedPage,
  trackedPageId,
  writeTrackedPage,
  type TrackedPage,
} from "../../src/tracking/store";

const page = (sourceURL: string, tag: string | null, markdown = "# Page"): TrackedPage => ({
  v: 1,
  sourceURL,
  tag,
  url: sourceURL,
  statusCode: 200,
  scrapedAt: 1_700_000_000_000,
  markdown,
});

describe("the previous-scrape store", () => {
  it(
    "lists a host's tracked pages across list pages, per team " + "and per tag, and reads one page with one key",
    async () => {
      const host = `store-${crypto.randomUUID().slice(0, 8)}.example`;
      const teamA = `team-a-${crypto.randomUUID().slice(0, 6)}`;
      const teamB = `team-b-${crypto.randomUUID().slice(0, 6)}`;
      const urls = Array.from({ length: 45 }, (_, i) => `https://${host}/p/${i}`);
      await Promise.all(urls.map((u) => writeTrackedPage(env, teamA, page(u, null))));
      await writeTrackedPage(env, teamB, page(`https://${host}/b-only`, null));
      await writeTrackedPage(env, teamA, page(`https://${host}/tagged`, "weekly"));
      await writeTrackedPage(env, teamA, page(`https://other-${host}/p/1`, null));

      // Pages of 10 keys stand for R2's pages of 1,000 (a 10,000-page site is 10 list calls).
      const listed = await listTrackedPages(env, teamA, host, null, 5_000, 10);
      expect(listed.length).toBe(45);
      expect(new Set(listed)).toEqual(new Set(urls));
      expect(await listTrackedPages(env, teamA, host, null, 12, 10)).toHaveLength(12);
      expect(await listTrackedPages(env, teamB, host, null, 5_000)).toEqual([`https://${host}/b-only`]);
      expect(await listTrackedPages(env, teamA, host, "weekly", 5_000)).toEqual([`https://${host}/tagged`]);

      expect(await readTrackedPage(env, teamA, urls[7], null)).toMatchObject({
        sourceURL: urls[7],
        markdown: "# Page",
      });
      expect(await readTrackedPage(env, teamB, urls[7], null)).toBeNull();
      expect(await readTrackedPage(env, teamA, urls[7], "weekly")).toBeNull();
    },
  );

  it("lists a page whose URL is too long for R2 metadata from the object itself", async () => {
    const host = `long-${crypto.randomUUID().slice(0, 8)}.example`;
    const long = `https://${host}/${"x".repeat(1_600)}`;
    await writeTrackedPage(env, "team-long", page(long, null));
    expect(await listTrackedPages(env, "team-long", host, null, 10)).toEqual([long]);
  });

  it("identifies a page by its URL, with http:// added and the host lower-cased", () => {
    expect(trackedPageId("Example.COM/a?b=1")).toBe("http://example.com/a?b=1");
    expect(trackedPageId("https://example.com")).toBe("https://example.com/");
  });
});

describe("comparisons", () => {
  it("whitespace is not a change; 404 and 410 are removals; no previous scrape is new", () => {
    expect(changeStatus(null, { markdown: "a", statusCode: 200 })).toBe("new");
    expect(changeStatus({ markdown: "a  b\n\nc" }, { markdown: "a b\nc ", statusCode: 200 })).toBe("same");
    expect(changeStatus({ markdown: "a b" }, { markdown: "a c", statusCode: 200 })).toBe("changed");
    expect(changeStatus({ markdown: "a" }, { markdown: "Not found", statusCode: 404 })).toBe("removed");
    expect(changeStatus({ markdown: "a" }, { markdown: "Gone", statusCode: 410 })).toBe("removed");
  });

  it("a unified diff with line numbers in its parsed form", () => {
    const diff = gitDiff("# T\n\none\ntwo", "# T\n\none\nthree\n");
    expect(diff.text).toBe(
      "===================================================================\n--- " +
        "previous.md\n+++ current.md\n@@ -1,4 +1,4 @@\n # T\n \n one\n-two\n+three\n",
    );
    expect(diff.json.files[0].chunks[0].changes.filter((c) => c.type !== "normal")).toEqual([
      { type: "del", del: true, ln: 4, content: "-two" },
      { type: "add", add: true, ln: 4, content: "+three" },
    ]);
  });

  it("json mode reports the top-level fields that differ", () => {
    expect(fieldChanges({ a: 1, b: [1], c: "x" }, { a: 1, b: [2], d: true })).toEqual({
      b: { previous: [1], current: [2] },
      c: { previous: "x", current: null },
      d: { previous: null, current: true },
    });
    expect(fieldChanges(null, { a: 1 })).toEqual({ a: { previous: null, current: 1 } });
    expect(fieldChanges("old", "new")).toEqual({ value: { previous: "old", current: "new" } });
    expect(fieldChanges({ a: 1 }, { a: 1 })).toEqual({});
  });
});
