/** execute's output limit: stdout and stderr keep at most MAX_OUTPUT_CHARS each, and say where they were cut. */
import { describe, expect, it } from "vitest";
import { appendOutput, MAX_OUTPUT_CHARS } from "../../src/sessions/sandbox-runtime";

describe("execute's output limit", () => {
  it("keeps output under the limit as it is", () => {
    expect(appendOutput("a\n", "b\n")).toBe("a\nb\n");
  });

  it("cuts at the limit once, with a note, and keeps nothing after", () => {
    let out = "";
    const line = `${"x".repeat(999)}\n`;
    for (let i = 0; i < 3000; i++) out = appendOutput(out, line);
    expect(out.startsWith(line)).toBe(true);
    expect(out.endsWith(`\n[output cut at ${MAX_OUTPUT_CHARS} characters]\n`)).toBe(true);
    expect(out.length).toBeLessThan(MAX_OUTPUT_CHARS + 100);
    expect(appendOutput(out, "more")).toBe(out);
  });
});
