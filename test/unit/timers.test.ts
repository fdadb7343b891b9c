/**
 * jobs/timers.ts `runDue`, the body of every job object's alarm (crawl job, agent job, monitor): due timers run
 * earliest first, the run stops once the object's state is gone, failures end it or are reported, and the alarm is
 * armed again for the timers still to come. Run on a fresh crawl-job object's own SQLite storage.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Timers } from "../../src/jobs/timers";
import type { TimerKind } from "../../src/crawl-job/sql-schema";

type Handlers = Record<TimerKind, () => Promise<unknown>>;

/** Runs `body` on a fresh object's storage, with timers due 30, 20 and 10 ms ago and one due in a minute. */
async function withTimers(
  body: (timers: Timers<TimerKind>, storage: DurableObjectStorage, later: number) => Promise<void>,
): Promise<void> {
  const stub = env.CRAWL_JOB.get(env.CRAWL_JOB.newUniqueId());
  await runInDurableObject(stub, async (_instance, state) => {
    const now = Date.now();
    const later = now + 60_000;
    const insert = "INSERT INTO timers (kind, due_at) VALUES (?, ?)";
    for (const [kind, dueAt] of [
      ["dispatch", now - 10],
      ["kickoff", now - 30],
      ["webhooks", now - 20],
      ["leases", later],
    ] as const) {
      state.storage.sql.exec(insert, kind, dueAt);
    }
    await body(new Timers(state.storage.sql, state.storage), state.storage, later);
  });
}

function recording(ran: string[], overrides: Partial<Handlers> = {}): Handlers {
  const record = (kind: TimerKind) => async () => void ran.push(kind);
  return {
    kickoff: record("kickoff"),
    dispatch: record("dispatch"),
    leases: record("leases"),
    webhooks: record("webhooks"),
    expire: record("expire"),
    ...overrides,
  };
}

describe("Timers.runDue", () => {
  it("runs the due timers earliest first and arms the alarm for the next one", async () => {
    await withTimers(async (timers, storage, later) => {
      const ran: string[] = [];
      await timers.runDue(recording(ran), () => true);
      expect(ran).toEqual(["kickoff", "webhooks", "dispatch"]);
      expect(await storage.getAlarm()).toBe(later);
    });
  });

  it("stops when a handler ends the object's state, and leaves no alarm", async () => {
    await withTimers(async (timers, storage) => {
      const ran: string[] = [];
      let alive = true;
      const expireFirst = async () => {
        ran.push("kickoff");
        alive = false;
      };
      await timers.runDue(recording(ran, { kickoff: expireFirst }), () => alive);
      expect(ran).toEqual(["kickoff"]);
      expect(await storage.getAlarm()).toBeNull();
    });
  });

  it("does nothing for an object without state", async () => {
    await withTimers(async (timers) => {
      const ran: string[] = [];
      await timers.runDue(recording(ran), () => false);
      expect(ran).toEqual([]);
      expect(timers.takeDue(Date.now())).toEqual(["kickoff", "webhooks", "dispatch"]);
    });
  });

  it("reports a failure and goes on when told to, and otherwise ends the alarm with it", async () => {
    await withTimers(async (timers, storage, later) => {
      const ran: string[] = [];
      const failures: string[] = [];
      const failing = async () => {
        throw new Error("webhook queue down");
      };
      await timers.runDue(
        recording(ran, { webhooks: failing }),
        () => true,
        (kind, e) => failures.push(`${kind}: ${(e as Error).message}`),
      );
      expect(ran).toEqual(["kickoff", "dispatch"]);
      expect(failures).toEqual(["webhooks: webhook queue down"]);
      expect(await storage.getAlarm()).toBe(later);
    });
    await withTimers(async (timers) => {
      const ran: string[] = [];
      await expect(
        timers.runDue(recording(ran, { webhooks: async () => Promise.reject(new Error("down")) }), () => true),
      ).rejects.toThrow("down");
      expect(ran).toEqual(["kickoff"]);
    });
  });

  // The runtime drops an alarm set during an alarm to that alarm's own time, which a unit without I/O reads as now.
  it("arms a timer that is already due just after the Worker's clock, not at it", async () => {
    await withTimers(async (timers, storage) => {
      for (const [kind, lag] of [
        ["dispatch", 0],
        ["kickoff", 1000],
      ] as const) {
        timers.takeDue(Number.MAX_SAFE_INTEGER);
        await storage.deleteAlarm();
        const now = Date.now();
        await timers.set(kind, now - lag);
        const alarm = await storage.getAlarm();
        expect(alarm).toBeGreaterThan(now);
        expect(alarm).toBeLessThanOrEqual(Date.now() + 1);
      }
    });
  });
});
