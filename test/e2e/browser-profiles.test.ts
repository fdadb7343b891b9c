/**
 * Browser profiles against `npm start`: state saved when a saving session ends is there in the next session and
 * in a scrape with the same profile; one saving session per profile at a time (409), read-only ones alongside.
 */
import Firecrawl from "@mendable/firecrawl-js";
import { expect, inject, it } from "vitest";

const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl: inject("e2eApiUrl") });
const name = `e2e-profile-${Date.now()}`;

const run = (id: string, code: string) => client.browserExecute(id, { language: "node", code });

it("round trip: a cookie and localStorage set in one session are there in the next, and in a scrape", async () => {
  const saver = await client.browser({ profile: { name, saveChanges: true } });
  await expect(client.browser({ profile: { name, saveChanges: true } })).rejects.toMatchObject({
    status: 409,
    message: expect.stringMatching(/in use by another session that saves/),
  });
  const reader = await client.browser({ profile: { name, saveChanges: false } });
  await client.deleteBrowser(reader.id!);

  const set = await run(
    saver.id!,
    `await page.goto(${JSON.stringify(`${site}/article.html`)});
await page.evaluate(() => { document.cookie = "theme=dark; max-age=3600; path=/"; localStorage.setItem("visits", "3"); \
});
return await page.evaluate(() => document.cookie);`,
  );
  expect(set).toMatchObject({ exitCode: 0, result: "theme=dark" });
  await client.deleteBrowser(saver.id!);

  const next = await client.browser({ profile: { name, saveChanges: true } });
  try {
    const read = await run(
      next.id!,
      `await page.goto(${JSON.stringify(`${site}/about.html`)});
return await page.evaluate(() => ({ cookie: document.cookie, visits: localStorage.getItem("visits") }));`,
    );
    expect(JSON.parse(read.result!)).toEqual({ cookie: "theme=dark", visits: "3" });
  } finally {
    await client.deleteBrowser(next.id!);
  }

  // A scrape with the profile starts from the same state: the site receives the cookie.
  const doc = await client.scrape(`${site}/echo`, { formats: ["rawHtml"], profile: { name, saveChanges: false } });
  expect(doc.rawHtml).toContain("theme=dark");
  expect(doc.warning ?? "").not.toMatch(/profile/i);
});
