/**
 * Two parts of `npm start` on their own, without a server: the front door (scripts/front-door.mjs) that sends
 * again a request wrangler's dev proxy lost to its keep-alive race, and the reaper (scripts/chromium-reaper.mjs)
 * that stops the browsers of a server that is gone.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script
import { startFrontDoor } from "../../scripts/front-door.mjs";
// @ts-expect-error plain ESM script
import { reapOrphanedBrowsers } from "../../scripts/chromium-reaper.mjs";

const RESTART = "Your worker restarted mid-request. Please try sending the request again.";

describe("front door", () => {
  let upstream: Server;
  let door: { close: () => Promise<void>; port: number; stats: { retried: number; gaveUp: number } };
  let doorUrl = "";
  const seen: string[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push(`${req.method} ${req.url} ${body}`);
        const attempts = seen.filter((s) => s.startsWith(`${req.method} ${req.url} `)).length;
        if (req.url === "/lost-once" && attempts === 1)
          return res.writeHead(503, { "content-type": "text/plain" }).end(RESTART);
        if (req.url === "/unavailable")
          return res.writeHead(503, { "content-type": "application/json" }).end('{"error":"busy"}');
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ got: body, attempts }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const upstreamPort = (upstream.address() as { port: number }).port;
    door = await startFrontDoor({ host: "127.0.0.1", port: 0, upstreamPort });
    doorUrl = `http://127.0.0.1:${door.port}`;
  });

  afterAll(async () => {
    await door?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it("sends a POST again when wrangler answered that the Worker restarted (it never saw the request)", async () => {
    const answer = await fetch(`${doorUrl}/lost-once`, { method: "POST", body: '{"url":"x"}' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ got: '{"url":"x"}', attempts: 2 });
    expect(door.stats.retried).toBe(1);
  });

  it("passes every other answer through untouched, a different 503 included", async () => {
    const answer = await fetch(`${doorUrl}/unavailable`, { method: "POST", body: "{}" });
    expect(answer.status).toBe(503);
    expect(await answer.text()).toBe('{"error":"busy"}');
    expect(seen.filter((s) => s.startsWith("POST /unavailable"))).toHaveLength(1);
    expect(door.stats.retried).toBe(1);
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
