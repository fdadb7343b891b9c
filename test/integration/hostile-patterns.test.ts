/**
 * A crawl whose patterns backtrack exponentially in JavaScript (`^/(a+)+$` against `/aaaa…a!`): the patterns run
 * on RE2, so the crawl ends and the Worker answers meanwhile. With JavaScript's RegExp this crawl held the runtime
 * for every team (locally one thread runs the Worker and every Durable Object).
 */
import { expect, it } from "vitest";
import { call, fixture } from "../helpers";
import { startCrawl, waitForJob } from "../crawl-helpers";

it("a crawl with a backtracking include pattern ends, and GET / answers while it runs", async () => {
  const start = fixture(`/${"a".repeat(40)}!`);
  const id = await startCrawl({
    url: start,
    includePaths: ["^/(a+)+$"],
    excludePaths: ["(x+x+)+y"],
    sitemap: "skip",
    limit: 5,
  });
  const t0 = Date.now();
  expect((await call("GET", "/")).status).toBe(200);
  expect(Date.now() - t0).toBeLessThan(2000);
  const final = await waitForJob(`/v2/crawl/${id}`, 30_000);
  expect(final.status).toBe("completed");
  expect(final.total).toBe(0); // the start URL does not match the include pattern
});
