/**
 * Change tracking over fixture pages that change between scrapes (the fixture site's /changing/<site>/ pages):
 * new → same → changed → removed on /v2/scrape, both modes (git-diff; json with and without a schema, against
 * the fixture site's fake model), tags and teams kept apart, and the same in batch scrapes and crawls —
 * where a page tracked before that the crawl no longer finds is checked as hidden.
 */
import { describe, expect, it } from "vitest";
import { callJson, fixture, OTHER_TEAM_KEY } from "../helpers";
import { allDocuments, startCrawl, waitForJob } from "../crawl-helpers";

const newSite = () => `ct-${crypto.randomUUID().slice(0, 8)}`;

async function setPage(
  site: string,
  page: string,
  state: { text?: string; linked?: boolean; gone?: boolean },
): Promise<void> {
  const query = new URLSearchParams();
  if (state.text !== undefined) query.set("text", state.text);
  if (state.linked !== undefined) query.set("linked", state.linked ? "1" : "0");
  if (state.gone !== undefined) query.set("gone", state.gone ? "1" : "0");
  expect((await fetch(fixture(`/__changing/${site}/${page}?${query}`), { method: "POST" })).status).toBe(200);
}

const llmRequestCount = async () => ((await (await fetch(fixture("/__llm"))).json()) as unknown[]).length;

async function scrapeTracked(url: string, changeTracking: Record<string, unknown> = {}, key?: string) {
  const { status, body } = await callJson(
    "POST",
    "/v2/scrape",
    { url, formats: ["markdown", { type: "changeTracking", ...changeTracking }] },
    key ? { key } : undefined,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe("changeTracking on /v2/scrape", () => {
  it("new → same → changed (with a git diff) → removed, each against the previous scrape", async () => {
    const site = newSite();
    const url = fixture(`/changing/${site}/offer`);
    await setPage(site, "offer", { text: "Price: 10|Shipping: free" });

    const first = await scrapeTracked(url, { modes: ["git-diff"] });
    expect(first.changeTracking).toEqual({ previousScrapeAt: null, changeStatus: "new", visibility: "visible" });
    expect(first.metadata).toMatchObject({ creditsUsed: 1, cacheState: "miss" });

    const second = await scrapeTracked(url, { modes: ["git-diff"] });
    expect(second.changeTracking).toEqual({
      previousScrapeAt: expect.any(String),
      changeStatus: "same",
      visibility: "visible",
    });
    expect(Date.parse(second.changeTracking.previousScrapeAt)).toBeGreaterThan(Date.now() - 60_000);

    await setPage(site, "offer", { text: "Price: 12|Shipping: free" });
    const third = await scrapeTracked(url, { modes: ["git-diff"] });
    expect(third.changeTracking).toMatchObject({ changeStatus: "changed", visibility: "visible" });
    expect(Date.parse(third.changeTracking.previousScrapeAt)).toBeGreaterThanOrEqual(
      Date.parse(second.changeTracking.previousScrapeAt),
    );
    expect(third.changeTracking.diff.text).toContain("--- previous.md\n+++ current.md\n");
    expect(third.changeTracking.diff.text).toContain("\n-Price: 10\n+Price: 12\n");
    const [file] = third.changeTracking.diff.json.files;
    expect(file).toMatchObject({ from: "previous.md", to: "current.md", additions: 1, deletions: 1 });
    const changes = file.chunks[0].changes.filter((c: { type: string }) => c.type !== "normal");
    expect(changes).toEqual([
      { type: "del", del: true, ln: expect.any(Number), content: "-Price: 10" },
      { type: "add", add: true, ln: expect.any(Number), content: "+Price: 12" },
    ]);

    await setPage(site, "offer", { gone: true });
    const fourth = await scrapeTracked(url, { modes: ["git-diff"] });
    expect(fourth.metadata.statusCode).toBe(404);
    expect(fourth.changeTracking).toMatchObject({ changeStatus: "removed", previousScrapeAt: expect.any(String) });
    expect(fourth.changeTracking.diff).toBeUndefined();
  });

  it("json mode with a schema: the fields that differ, as {previous, current}; billed 5", async () => {
    const site = newSite();
    const url = fixture(`/changing/${site}/offer`);
    await setPage(site, "offer", { text: "Price: 10|Stock: 3" });
    const schema = { type: "object", properties: { price: { type: "number" }, stock: { type: "number" } } };

    const first = await scrapeTracked(url, { modes: ["json"], schema });
    expect(first.changeTracking.json).toEqual({
      price: { previous: null, current: 10 },
      stock: { previous: null, current: 3 },
    });
    expect(first.metadata.creditsUsed).toBe(5);

    // Unchanged: the previous extraction is reused, no model call.
    const before = await llmRequestCount();
    const second = await scrapeTracked(url, { modes: ["json"], schema });
    expect(second.changeTracking).toMatchObject({ changeStatus: "same", json: {} });
    expect(await llmRequestCount()).toBe(before);

    await setPage(site, "offer", { text: "Price: 12|Stock: 3" });
    const third = await scrapeTracked(url, { modes: ["json", "git-diff"], schema });
    expect(third.changeTracking).toMatchObject({
      changeStatus: "changed",
      json: { price: { previous: 10, current: 12 } },
    });
    expect(Object.keys(third.changeTracking.json)).toEqual(["price"]);
    expect(third.changeTracking.diff.text).toContain("+Price: 12");
  });

  it(
    "json mode without a schema: the model describes what " + "changed (with the prompt), only when something did",
    async () => {
      const site = newSite();
      const url = fixture(`/changing/${site}/news`);
      await setPage(site, "news", { text: "Headline: calm seas" });
      const first = await scrapeTracked(url, { modes: ["json"], prompt: "Focus on the headline" });
      expect(first.changeTracking.json).toBeUndefined();

      await setPage(site, "news", { text: "Headline: storm warning" });
      const before = await llmRequestCount();
      const second = await scrapeTracked(url, { modes: ["json"], prompt: "Focus on the headline" });
      expect(second.changeTracking.json).toEqual({
        summary: "1 line(s) changed",
        changes: [{ description: "changed line", previous: "Headline: calm seas", current: "Headline: storm warning" }],
      });
      const [request] = (
        (await (await fetch(fixture("/__llm"))).json()) as { body: { messages: { content: string }[] } }[]
      ).slice(before);
      expect(request.body.messages[1].content).toContain("Instructions: Focus on the headline");
    },
  );

  it("keeps histories apart per tag and per team, and never uses the shared cache", async () => {
    const site = newSite();
    const url = fixture(`/changing/${site}/page`);
    await setPage(site, "page", { text: "Version: 1" });
    // A plain scrape fills the cache; change tracking does not read it.
    expect((await callJson("POST", "/v2/scrape", { url, formats: ["markdown"] })).status).toBe(200);
    const tracked = await scrapeTracked(url, { tag: "nightly" });
    expect(tracked.metadata.cacheState).toBe("miss");
    expect(tracked.changeTracking.changeStatus).toBe("new");

    expect((await scrapeTracked(url)).changeTracking.changeStatus).toBe("new"); // no tag: its own history
    expect((await scrapeTracked(url, { tag: "nightly" })).changeTracking.changeStatus).toBe("same");
    // Another team has never tracked the page.
    expect((await scrapeTracked(url, { tag: "nightly" }, OTHER_TEAM_KEY)).changeTracking.changeStatus).toBe("new");
  });

  it("is refused with zeroDataRetention: the previous scrape would have to be kept", async () => {
    const { status, body } = await callJson("POST", "/v2/scrape", {
      url: fixture("/article.html"),
      zeroDataRetention: true,
      formats: ["markdown", "changeTracking"],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "SCRAPE_CHANGE_TRACKING_NOT_SUPPORTED",
      error: expect.stringMatching(/^formats\[1\]: .*zeroDataRetention/),
    });
  });
});

describe("changeTracking in jobs", () => {
  it("batch scrape: each page against its previous scrape (v1 changeTrackingOptions too)", async () => {
    const site = newSite();
    await setPage(site, "a", { text: "Alpha: 1" });
    await setPage(site, "b", { text: "Beta: 1" });
    const urls = [fixture(`/changing/${site}/a`), fixture(`/changing/${site}/b`)];
    const batch = async (path: string, body: Record<string, unknown>) => {
      const started = await callJson("POST", path, { urls, ...body });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await waitForJob(`/v2/batch/scrape/${started.body.id}`);
      const documents = await allDocuments(`/v2/batch/scrape/${started.body.id}`);
      return Object.fromEntries(documents.map((d) => [d.metadata.sourceURL, d as any]));
    };
    const first = await batch("/v2/batch/scrape", {
      formats: ["markdown", { type: "changeTracking", modes: ["git-diff"] }],
    });
    expect(urls.map((u) => first[u].changeTracking.changeStatus)).toEqual(["new", "new"]);

    await setPage(site, "b", { text: "Beta: 2" });
    const second = await batch("/v1/batch/scrape", {
      formats: ["markdown", "changeTracking"],
      changeTrackingOptions: { modes: ["git-diff"] },
    });
    expect(urls.map((u) => second[u].changeTracking.changeStatus)).toEqual(["same", "changed"]);
    expect(second[urls[1]].changeTracking.diff.text).toContain("-Beta: 1\n+Beta: 2");
  });

  it(
    "crawl: visible pages found by links, hidden ones remembered " + "from the last crawl (and removed when gone)",
    async () => {
      const site = newSite();
      for (const page of ["a", "b", "c", "d"]) await setPage(site, page, { text: `Page text: ${page}` });
      const crawl = async () => {
        const id = await startCrawl({
          url: fixture(`/changing/${site}/`),
          sitemap: "skip",
          // The whole page: the index is a heading over four one-letter links, which the main-content extractor
          // reads as a menu (a list of items needs more), and its change is the change of that list.
          scrapeOptions: {
            onlyMainContent: false,
            formats: ["markdown", { type: "changeTracking", modes: ["git-diff"] }],
          },
        });
        expect(await waitForJob(`/v2/crawl/${id}`)).toMatchObject({ status: "completed" });
        const documents = await allDocuments(`/v2/crawl/${id}`);
        return Object.fromEntries(
          documents.map((d) => [
            new URL(d.metadata.sourceURL).pathname.split("/").pop() || "index",
            (d as any).changeTracking,
          ]),
        );
      };

      const first = await crawl();
      expect(Object.keys(first).sort()).toEqual(["a", "b", "c", "d", "index"]);
      for (const tracking of Object.values(first))
        expect(tracking).toEqual({ previousScrapeAt: null, changeStatus: "new", visibility: "visible" });

      await setPage(site, "b", { text: "Page text: b, revised" });
      await setPage(site, "c", { linked: false }); // still served, no longer linked
      await setPage(site, "d", { linked: false, gone: true }); // deleted
      const second = await crawl();
      // Its list of links changed.
      expect(second.index).toMatchObject({ changeStatus: "changed", visibility: "visible" });
      expect(second.a).toMatchObject({ changeStatus: "same", visibility: "visible" });
      expect(second.b).toMatchObject({ changeStatus: "changed", visibility: "visible" });
      expect(second.b.diff.text).toContain("+Page text: b, revised");
      expect(second.c).toMatchObject({ changeStatus: "same", visibility: "hidden" });
      expect(second.d).toMatchObject({ changeStatus: "removed", visibility: "hidden" });
    },
  );
});
