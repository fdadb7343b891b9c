/**
 * The `firecrawl` command line (npm `firecrawl-cli` 1.23, a dev dependency) against `npm start`, pointed at it the
 * way a user would: FIRECRAWL_API_URL and FIRECRAWL_API_KEY. HOME is a scratch directory (the CLI keeps its
 * settings there) and telemetry and search feedback are off. Search goes to the fixture site's fake SearXNG.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";

const apiUrl = inject("e2eApiUrl");
const key = inject("e2eApiKey");
const site = inject("e2eFixtureUrl");
const home = mkdtempSync(join(tmpdir(), "edgecrawl-cli-"));
const CLI = new URL("../../node_modules/firecrawl-cli/dist/index.js", import.meta.url).pathname;
const fixtureFile = (path: string) => new URL(`../fixtures/site/${path}`, import.meta.url).pathname;

afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs the CLI; its output without terminal colours. */
async function firecrawl(...args: string[]): Promise<string> {
  const env = {
    ...process.env,
    HOME: home,
    FIRECRAWL_API_URL: apiUrl,
    FIRECRAWL_API_KEY: key,
    FIRECRAWL_NO_TELEMETRY: "1",
    FIRECRAWL_NO_SEARCH_FEEDBACK: "1",
    NO_COLOR: "1",
  };
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
    env,
    cwd: home,
    timeout: 90_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return (stdout + stderr).replace(/\x1b\[[0-9;]*m/g, "");
}

describe("firecrawl-cli against npm start", () => {
  it("--status shows the account: concurrency and credits", async () => {
    const out = await firecrawl("--status");
    expect(out).not.toContain("Could not fetch account info");
    expect(out).toMatch(/Concurrency: \d+\/\d+ jobs/);
    expect(out).toMatch(/Credits: 99,999,999/);
  });

  it("scrape prints the page's markdown", async () => {
    const out = await firecrawl("scrape", `${site}/article.html`);
    expect(out).toContain("# How Lighthouses Work");
  });

  it("crawl --wait crawls the site and prints the pages", async () => {
    const out = await firecrawl(
      "crawl",
      `${site}/blog/`,
      "--wait",
      "--limit",
      "3",
      "--poll-interval",
      "1",
      "--timeout",
      "60",
    );
    expect(out).toContain("completed");
    expect(out).toContain(`${site}/blog/post-1`);
  });

  it("map lists the site's URLs", async () => {
    const out = await firecrawl("map", `${site}/docs/`);
    expect(out).toContain(`${site}/docs/a`);
    expect(out).toContain(`${site}/docs/b`);
  });

  it("search lists the provider's results", async () => {
    const out = await firecrawl("search", "post", "--json");
    expect(out).toContain(`${site}/blog/post-1`);
    expect(out).toContain("The second post.");
  });

  it("parse converts a local DOCX and PDF file", async () => {
    expect(await firecrawl("parse", fixtureFile("files/report.docx"))).toContain("# Quarterly Report");
    expect(await firecrawl("parse", fixtureFile("doc.pdf"))).toContain("zephyr");
  });
});
