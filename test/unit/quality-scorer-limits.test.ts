/**
 * The quality bench's scorer-limits diagnostics (bench/quality/scorer-limits.mjs): code comes through the scorer's
 * text conversion as written while the rest is converted as before, and each "with" column adds one allowance.
 * The conversion passed in is the part of ../shared/quality/text.mjs that matters here (fences and `<…>` spans);
 * the real one lives outside the repository.
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain ES module of the bench, without types
import { scorerLimits, textWithCodeVerbatim } from "../../bench/quality/scorer-limits.mjs";

const toText = (md: string) =>
  md
    .replace(/```[^\n]*\n/g, "\n")
    .replace(/```/g, "")
    .replace(/<[^>]+>/g, "");
const tokens = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
function wordF1(pred: string, ref: string): [number, number, number] {
  const p = tokens(pred),
    r = tokens(ref);
  const left = new Map<string, number>();
  for (const t of r) left.set(t, (left.get(t) ?? 0) + 1);
  let overlap = 0;
  for (const t of p) if ((left.get(t) ?? 0) > 0) (overlap++, left.set(t, left.get(t)! - 1));
  const P = overlap / (p.length || 1),
    R = overlap / (r.length || 1);
  return [P, R, P + R ? (2 * P * R) / (P + R) : 0];
}

const markdown =
  "Compare <b>two</b> numbers:\n\n```js\nconst less = (a, b) => a < b;\nconst sorted = " +
  "items.sort(by);\nconst f = () => 1;\n```\n\nThen call `less(x, y)`.";

describe("quality scorer limits", () => {
  it("keeps code as written and converts the rest as the scorer does", () => {
    expect(toText(markdown)).not.toContain("items.sort");
    const text = textWithCodeVerbatim(markdown, toText);
    expect(text).toContain("const less = (a, b) => a < b;\nconst sorted = items.sort(by);");
    expect(text).toContain("less(x, y)");
    expect(text).toContain("Compare two numbers");
    expect(text).not.toContain("```");
  });

  it("adds one allowance per column: code verbatim, then quotes, then whitespace", () => {
    const pages = [
      {
        text: "Compare two numbers const less a b a b const sorted items sort by",
        with: ["items.sort(by)", "it's", "two numbers"],
      },
      { text: "", with: [] },
    ];
    const markdowns = ["Compare <b>two</b>\nnumbers: it’s ```\na < b; items.sort(by) => 1\n```", "Something"];
    const rows = pages.map((page, k) => ({
      type: "documentation",
      F: wordF1(toText(markdowns[k]), page.text)[2],
      with: 0,
    }));
    const report: string = scorerLimits({ rows, pages, markdowns, markdownToText: toText, wordF1 });
    const line = report.split("\n").find((l) => l.startsWith("documentation"))!;
    const [, , f1, verbatim, withShare, withVerbatim, quotes, spaces, emptyTruth] = line.trim().split(/\s+/);
    expect(Number(verbatim)).toBeGreaterThan(Number(f1));
    // The first page finds 1 of 3 snippets with code verbatim, 2 with quotes folded, 3 with whitespace folded too;
    // the second page has no snippets (1 of 1) and an empty ground truth.
    expect([withShare, withVerbatim, quotes, spaces]).toEqual(["0.0%", "66.7%", "83.3%", "100.0%"]);
    expect(emptyTruth).toBe("1");
  });
});
