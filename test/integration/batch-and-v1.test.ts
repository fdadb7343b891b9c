/**
 * Batch scrape (v2 and v1) and the v1 crawl names, on the same job engine as crawl.
 */
import { describe, expect, it } from "vitest";
import { API, callJson, fixture, OTHER_TEAM_KEY } from "../helpers";
import { allDocuments, pathsOf, waitForJob } from "../crawl-helpers";

describe("POST /v2/batch/scrape", () => {
  it("scrapes every valid URL, drops invalid ones by default and lists them", async () => {
    const urls = [fixture("/docs/a"), "not a url", fixture("/docs/b"), "ftp://example.com/x", fixture("/doc.pdf")];
    // The whole page (navigation and footer too): Guide B's own links are a bare row after its paragraph, which
    // the main-content extractor drops as clutter (`links` lists the links of the content the formats show).
    const { status, body } = await callJson("POST", "/v2/batch/scrape", {
      urls,
      formats: ["markdown", "links"],
      onlyMainContent: false,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      url: `${API}/v2/batch/scrape/${body.id}`,
      invalidURLs: ["not a url", "ftp://example.com/x"],
    });
    const final = await waitForJob(`/v2/batch/scrape/${body.id}`);
    expect(final).toMatchObject({ status: "completed", completed: 3, total: 3, creditsUsed: 5 });
    const documents = await allDocuments(`/v2/batch/scrape/${body.id}`);
    expect(pathsOf(documents)).toEqual(["/doc.pdf", "/docs/a", "/docs/b"]);
    const guideB = documents.find((d) => d.metadata.sourceURL === fixture("/docs/b"))!;
    expect(guideB.links).toEqual(
      ["/", "/docs/", "/blog/", "/docs/c", "/docs/fail", "/docs/missing", "/docs/b", "/about"].map(fixture),
    );
    // no discovery: the links were not followed
    expect(documents).toHaveLength(3);
  });

  it("keeps the caller's URL spelling in sourceURL and reports an empty invalidURLs", async () => {
    const spelled = fixture("/docs/c").replace("http://", "");
    const { body } = await callJson("POST", "/v2/batch/scrape", { urls: [spelled] });
    expect(body.invalidURLs).toEqual([]);
    await waitForJob(`/v2/batch/scrape/${body.id}`);
    const [doc] = await allDocuments(`/v2/batch/scrape/${body.id}`);
    expect(doc.metadata.url).toBe(fixture("/docs/c"));
  });

  it("with ignoreInvalidURLs false, any invalid URL is a 400 naming it; none valid is a 400", async () => {
    const strict = await callJson("POST", "/v2/batch/scrape", {
      urls: [fixture("/docs/a"), "not a url"],
      ignoreInvalidURLs: false,
    });
    expect(strict.status).toBe(400);
    expect(strict.body.error).toMatch(/^urls\[1\]: .*"not a url"/);
    const none = await callJson("POST", "/v2/batch/scrape", { urls: ["nope", "also nope"] });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("No valid URLs provided");
    const empty = await callJson("POST", "/v2/batch/scrape", { urls: [] });
    expect(empty.status).toBe(400);
    const badOption = await callJson("POST", "/v2/batch/scrape", { urls: [fixture("/docs/a")], timeout: 5 });
    expect(badOption.status).toBe(400);
    expect(badOption.body.error).toMatch(/^timeout: /);
  });

  it("records failures in errors, cancels, and isolates teams", async () => {
    const { body } = await callJson("POST", "/v2/batch/scrape", {
      urls: [fixture("/docs/a"), fixture("/redirect-loop")],
    });
    await waitForJob(`/v2/batch/scrape/${body.id}`);
    const errors = await callJson("GET", `/v2/batch/scrape/${body.id}/errors`);
    expect(errors.body.errors).toEqual([
      expect.objectContaining({ url: fixture("/redirect-loop"), code: "SCRAPE_TOO_MANY_REDIRECTS" }),
    ]);
    expect((await callJson("GET", `/v2/batch/scrape/${body.id}`, undefined, { key: OTHER_TEAM_KEY })).status).toBe(404);
    // a batch id is not a crawl id
    expect((await callJson("GET", `/v2/crawl/${body.id}`)).status).toBe(404);

    const slow = await callJson("POST", "/v2/batch/scrape", {
      urls: Array.from({ length: 20 }, (_, i) => fixture(`/slow?ms=500&i=${i}`)),
      maxConcurrency: 1,
    });
    const cancel = await callJson("DELETE", `/v2/batch/scrape/${slow.body.id}`);
    expect(cancel).toEqual({ status: 200, body: { status: "cancelled" } });
    const after = await callJson("GET", `/v2/batch/scrape/${slow.body.id}`);
    expect(after.body.status).toBe("cancelled");
    expect(after.body.completed).toBeLessThan(20);
  });

  it("sends batch_scrape.* webhooks", async () => {
    const receiver = `batch-${crypto.randomUUID().slice(0, 8)}`;
    const { body } = await callJson("POST", "/v2/batch/scrape", {
      urls: [fixture("/docs/a"), fixture("/docs/c")],
      webhook: fixture(`/hooks/${receiver}`),
    });
    await waitForJob(`/v2/batch/scrape/${body.id}`);
    let types: string[] = [];
    for (let i = 0; i < 100 && !types.includes("batch_scrape.completed"); i++) {
      types = ((await (await fetch(fixture(`/__webhooks/${receiver}`))).json()) as { body: string }[]).map(
        (d) => JSON.parse(d.body).type,
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(types).toEqual(["batch_scrape.started", "batch_scrape.page", "batch_scrape.page", "batch_scrape.completed"]);
  });
});

describe("v1", () => {
  it("POST /v1/crawl translates maxDepth, ignoreSitemap, allowBackwardLinks and v1 scrape options", async () => {
    const { status, body } = await callJson("POST", "/v1/crawl", {
      url: fixture("/docs/a"),
      maxDepth: 1,
      ignoreSitemap: true,
      allowBackwardLinks: false,
      excludePaths: ["^/docs/fail"],
      scrapeOptions: { formats: ["markdown", "rawHtml"], onlyMainContent: false },
    });
    expect(status).toBe(200);
    expect(body.url).toBe(`${API}/v1/crawl/${body.id}`);
    const final = await waitForJob(`/v1/crawl/${body.id}`);
    expect(final.status).toBe("completed");
    const documents = await allDocuments(`/v1/crawl/${body.id}`);
    // maxDepth 1 = one path segment below /docs/a: deep1, deep2 (linked through deep1), deep3 are all one level down
    expect(pathsOf(documents)).toEqual(["/docs/a", "/docs/a/deep1", "/docs/a/deep2", "/docs/a/deep3"]);
    expect(documents[0].markdown).toContain("Docs"); // onlyMainContent false keeps the nav
    expect((documents[0] as Record<string, unknown>).rawHtml).toBeTypeOf("string");
  });

  it("v1 maxAge defaults to 0 (always fresh) and parsePDF false returns base64", async () => {
    const { body } = await callJson("POST", "/v1/batch/scrape", { urls: [fixture("/doc.pdf")], parsePDF: false });
    expect(body.invalidURLs).toBeUndefined();
    await waitForJob(`/v1/batch/scrape/${body.id}`);
    const [doc] = await allDocuments(`/v1/batch/scrape/${body.id}`);
    expect(doc.markdown).toMatch(/^data:application\/pdf;base64,/);
    expect(doc.metadata.cacheState).toBe("miss");
  });

  it("v1 batch ignoreInvalidURLs defaults to false, and v1 names are validated strictly", async () => {
    const strict = await callJson("POST", "/v1/batch/scrape", { urls: [fixture("/docs/a"), "bad url"] });
    expect(strict.status).toBe(400);
    const unknown = await callJson("POST", "/v1/crawl", { url: fixture("/docs/"), sitemap: "skip" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('"sitemap"');
    const v1Format = await callJson("POST", "/v1/crawl", {
      url: fixture("/docs/"),
      scrapeOptions: { formats: ["screenshot@fullPage", "screenshot"] },
    });
    expect(v1Format.status).toBe(400);
    expect(v1Format.body.error).toMatch(/^scrapeOptions\.formats: You may only specify one screenshot format/);
  });
});
