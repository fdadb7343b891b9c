/**
 * Stopping `npm start` hard in the middle of an agent run and starting it again (same state folder): the job
 * resumes where it was — the unit that was interrupted runs again, none is recorded twice, and the team is
 * charged once for each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";

const site = inject("e2eFixtureUrl");
const vars = { LLM_BASE_URL: `${site}/v1`, LLM_MODEL: "fake-model" };

it("an agent run survives a restart of the dev server", async () => {
  const state = mkdtempSync(join(tmpdir(), "edgecrawl-agent-restart-"));
  let server = await startServer({ persistTo: state, vars });
  try {
    const headers = { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" };
    const pages = [1, 2, 3, 4].map((i) => `${site}/slow?ms=1500&restart=${i}`);
    const script = [...pages.map((url) => ({ scrape: url })), { finish: { titles: "$titles" } }];
    const start = await fetch(`${server.url}/v2/agent`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        urls: [pages[0]],
        prompt: `Read the four slow pages\nFAKE-AGENT: ${JSON.stringify(script)}`,
      }),
    });
    const { id } = (await start.json()) as { id: string };
    const status = async () =>
      (await (await fetch(`${server.url}/v2/agent/${id}`, { headers })).json()) as {
        status: string;
        steps: { action: string; status: string }[];
        sources: string[];
        data?: { titles: string[] };
        creditsUsed: number;
      };
    // Kill the server while the second slow page is being scraped (the site has its request, not yet its answer).
    const requestsFor = async (url: string) => {
      const log = (await (await fetch(`${site}/__requests`)).json()) as { requests: { path: string }[] };
      return log.requests.filter((r) => `${site}${r.path}` === url).length;
    };
    for (let i = 0; i < 100 && (await requestsFor(pages[1])) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const before = await status();
    expect(before.status).toBe("processing");
    expect(before.steps.map((s) => s.action)).toEqual(["scrape"]);
    await server.stop({ keepState: true, signal: "SIGKILL" });

    server = await startServer({ persistTo: state, vars });
    let final = await status();
    for (let i = 0; i < 300 && final.status === "processing"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      final = await status();
    }
    expect(final.status).toBe("completed");
    expect(final.data?.titles).toEqual(["Slow", "Slow", "Slow", "Slow"]);
    expect(final.steps.map((s) => `${s.action}:${s.status}`)).toEqual([
      "scrape:done",
      "scrape:done",
      "scrape:done",
      "scrape:done",
      "finish:done",
    ]);
    expect(final.sources).toEqual(pages);
    // the interrupted scrape ran again after the restart
    expect(await requestsFor(pages[1])).toBe(2);
    // five model steps (2 each) and four scrapes (1 each), charged once each to the team
    expect(final.creditsUsed).toBe(14);
    const usage = (await (await fetch(`${server.url}/v2/team/credit-usage`, { headers })).json()) as {
      data: { creditsUsed: number };
    };
    expect(usage.data.creditsUsed).toBe(14);
  } finally {
    await server.stop({ keepState: false });
    rmSync(state, { recursive: true, force: true });
  }
}, 180_000);
