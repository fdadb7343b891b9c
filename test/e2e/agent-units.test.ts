/**
 * An agent job's units one after another, each from the job object's alarm, against `npm start` with the real
 * alarm scheduler. A unit that ends without I/O (a call the service refuses) leaves the Worker's clock where
 * the unit's alarm started, so the next alarm is due at the very millisecond of the one still running: the job
 * must go on from it all the same (src/jobs/timers.ts).
 */
import { describe, expect, inject, it } from "vitest";
import { run, scripted } from "./agent-helpers";

const site = inject("e2eFixtureUrl");
const titleSchema = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };

describe("agent: units that end without I/O", () => {
  it("carries out a reply of eight refused calls one after another, then finishes", async () => {
    const refusedCalls = Array.from({ length: 8 }, () => ({ nosuchtool: {} }));
    for (let job = 0; job < 3; job++) {
      const { prompt } = scripted("Call tools that do not exist", [refusedCalls, { finish: { title: "done" } }]);
      // A job of ten units takes well under a second; a lost alarm leaves it processing.
      const result = await run({ urls: [`${site}/blog/post-1`], prompt, schema: titleSchema }, 100);
      expect(result).toMatchObject({ status: "completed", data: { title: "done" }, creditsUsed: 4 });
      expect(result.steps.map((s: { action: string; status: string }) => `${s.action}:${s.status}`)).toEqual([
        ...refusedCalls.map(() => "nosuchtool:refused"),
        "finish:done",
      ]);
    }
  });
});
