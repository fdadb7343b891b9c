/**
 * Two parts of `npm start` on their own, without a server: how the worker host (scripts/worker-host.mjs) reads its
 * arguments and env file, and the reaper (scripts/chromium-reaper.mjs) that stops the browsers of a server that is
 * gone.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script
import { parseArguments, readDotenv } from "../../scripts/worker-host.mjs";
// @ts-expect-error plain ESM script
import { reapOrphanedBrowsers } from "../../scripts/chromium-reaper.mjs";

describe("worker host arguments", () => {
  it("reads the wrangler dev arguments that apply, --var in each of wrangler's spellings", () => {
    const options = parseArguments([
      "--port",
      "9000",
      "--ip=0.0.0.0",
      "--var",
      "A:1",
      "B:x:y",
      "--var=C:",
      "--persist-to",
      "/tmp/state",
      "--inspector-port",
      "9300",
      "--watch",
    ]);
    expect(options).toEqual({
      ip: "0.0.0.0",
      port: 9000,
      vars: { A: "1", B: "x:y", C: "" },
      persistTo: "/tmp/state",
      inspectorPort: 9300,
      watch: true,
    });
  });

  it("refuses what it cannot honour, by name", () => {
    expect(() => parseArguments(["--remote"])).toThrow(/does not take --remote/);
    expect(() => parseArguments(["--var", "NOVALUE"])).toThrow(/KEY:VALUE, got "NOVALUE"/);
    expect(() => parseArguments(["--var"])).toThrow(/--var needs KEY:VALUE/);
    expect(() => parseArguments(["--port"])).toThrow(/--port needs a value/);
  });

  it("reads an env file as wrangler does: quotes dropped, comments and blank lines skipped", () => {
    const dir = mkdtempSync(join(tmpdir(), "edgecrawl-env-"));
    try {
      const file = join(dir, ".dev.vars");
      writeFileSync(file, "# a comment\nAPI_KEYS=\"default:ec-1\"\n\nexport MODEL='m'\nPLAIN = text \n");
      expect(readDotenv(file)).toEqual({ API_KEYS: "default:ec-1", MODEL: "m", PLAIN: "text" });
      expect(readDotenv(join(dir, "missing"))).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Chromium reaper", () => {
  it(
    "kills the process group of a recorded browser whose launcher " +
      "is gone, and leaves a live server's browser alone",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "edgecrawl-reaper-"));
      // Stand-ins for browsers: long sleeps named like Chromium, each in a process group of its own.
      const start = () =>
        spawn("bash", ["-c", "exec -a chromium-standin sleep 60"], { detached: true, stdio: "ignore" });
      const orphan = start();
      const owned = start();
      try {
        await new Promise((r) => setTimeout(r, 300));
        writeFileSync(join(dir, String(orphan.pid)), "999999\n"); // a launcher that is not its parent (gone)
        writeFileSync(join(dir, String(owned.pid)), `${process.pid}\n`); // its launcher is still its parent
        const exited = new Promise((resolve) => orphan.once("exit", (_code, signal) => resolve(signal)));
        expect(reapOrphanedBrowsers(dir)).toEqual([orphan.pid]);
        expect(await exited).toBe("SIGKILL");
        expect(owned.exitCode).toBeNull();
        expect(() => process.kill(owned.pid!, 0)).not.toThrow();
      } finally {
        for (const child of [orphan, owned]) child.kill("SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
