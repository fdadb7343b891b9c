/**
 * The pure parts of remote browser sessions: the loop guard's instrumentation, agent-browser script parsing,
 * session billing and session-scoped tokens.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors";
import { parseAgentBrowserScript } from "../../src/sessions/agent-browser";
import { BROWSER_CREDITS_PER_HOUR, PROMPT_CREDITS_PER_HOUR, sessionCredits } from "../../src/credits/rates";
import { CodeSyntaxError, instrumentLoops } from "../../src/sessions/loop-guard";
import { sessionToken, verifySessionToken } from "../../src/sessions/tokens";

describe("loop guard", () => {
  /** Instruments `code` and checks the result still parses. */
  const guarded = (code: string) => {
    const out = instrumentLoops(code, "G");
    expect(() => instrumentLoops(out, "H")).not.toThrow();
    return out;
  };

  it("puts a guard call at the start of every loop body and function body", () => {
    expect(guarded("while (true) {}")).toBe("while (true) {G();}");
    expect(guarded("for (;;) x++;")).toBe("for (;;) {G();x++;}");
    expect(guarded("do x(); while (y)")).toBe("do {G();x();} while (y)");
    expect(guarded("for (const a of b) for (const c in a) go(c);")).toBe(
      "for (const a of b) {G();for (const c in a) {G();go(c);}}",
    );
    expect(guarded("function f() { return 1 }")).toBe("function f() {G(); return 1 }");
    expect(guarded("const f = async (a) => a + 1;")).toBe("const f = async (a) => (G(), a + 1);");
    expect(guarded("const o = () => ({ a: 1 });")).toBe("const o = () => ((G(), { a: 1 }));");
    expect(guarded("class A { m() { return 2 } }")).toBe("class A { m() {G(); return 2 } }");
  });

  it("keeps top-level await and return, and the code's meaning", () => {
    const code = "let n = 0;\nfor (let i = 0; i < 3; i++) n += i;\nreturn await Promise.resolve(n);";
    const out = guarded(code);
    expect(out).toBe("let n = 0;\nfor (let i = 0; i < 3; i++) {G();n += i;}\nreturn await Promise.resolve(n);");
  });

  it("reports syntax errors", () => {
    expect(() => guarded("while (")).toThrow(CodeSyntaxError);
  });
});

describe("agent-browser scripts", () => {
  it("parses command lines with quoting, skipping blanks and comments", () => {
    expect(
      parseAgentBrowserScript(
        "# log in\nagent-browser open example.com\n\nagent-browser fill @e2 " +
          '"Grace Hopper"\nagent-browser press Enter # submit',
      ),
    ).toEqual([
      ["open", "example.com"],
      ["fill", "@e2", "Grace Hopper"],
      ["press", "Enter"],
    ]);
  });

  it("refuses other programs, pipes and empty scripts with a 400 naming what runs", () => {
    for (const script of [
      "ls -la",
      "agent-browser get title | grep x",
      "agent-browser open a.com && rm -rf /",
      "agent-browser eval x > out",
      "",
      "agent-browser",
    ]) {
      let error: unknown;
      try {
        parseAgentBrowserScript(script);
      } catch (e) {
        error = e;
      }
      expect(error, script).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).message).toContain("agent-browser snapshot");
    }
  });
});

describe("session billing", () => {
  it("bills per started minute with a floor of 2 credits", () => {
    expect(sessionCredits(1_000, BROWSER_CREDITS_PER_HOUR)).toBe(2);
    expect(sessionCredits(60_000, BROWSER_CREDITS_PER_HOUR)).toBe(2);
    expect(sessionCredits(60_001, BROWSER_CREDITS_PER_HOUR)).toBe(4);
    expect(sessionCredits(3_600_000, BROWSER_CREDITS_PER_HOUR)).toBe(120);
    expect(sessionCredits(5_000, PROMPT_CREDITS_PER_HOUR)).toBe(7);
    expect(sessionCredits(10 * 60_000, PROMPT_CREDITS_PER_HOUR)).toBe(70);
  });
});

describe("session tokens", () => {
  it("open one thing of one session until they expire", async () => {
    const e = env as Env;
    const expires = Date.now() + 60_000;
    const token = await sessionToken(e, "session-a", "cdp", expires);
    expect(await verifySessionToken(e, "session-a", token)).toBe("cdp");
    expect(await verifySessionToken(e, "session-b", token)).toBeNull();
    expect(await verifySessionToken(e, "session-a", token.replace(/^cdp/, "control"))).toBeNull();
    expect(await verifySessionToken(e, "session-a", token, expires + 1)).toBeNull();
    expect(await verifySessionToken(e, "session-a", "garbage")).toBeNull();
  });
});
