/**
 * POST /v2/map against the fixture site: sitemap modes (an index with a gzipped child and orphan pages), links of
 * the pages read, search ranking, limit, the site rule, timeouts.
 */
import { describe, expect, it } from "vitest";
import { callJson, fixture, otherFixture } from "../helpers";

const map = (body: Record<string, unknown>) => callJson("POST", "/v2/map", body);
const paths = (links: { url: string }[]) => links.map((l) => new URL(l.url).pathname + new URL(l.url).search);

describe("POST /v2/map", () => {
  it("sitemap only: the start URL and the sitemaps' URLs, orphans included, in discovery order", async () => {
    const { status, body } = await map({ url: fixture("/docs/"), sitemap: "only" });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(paths(body.links)).toEqual([
      "/docs/",
      "/docs/orphan",
      "/private/hidden-from-robots",
      "/blog/",
      "/blog/post-1",
      "/blog/orphan-post",
    ]);
  });

  it("sitemap skip: links of the start page and a few more pages of the site, with titles of pages read", async () => {
    const { body } = await map({ url: fixture("/docs/"), sitemap: "skip" });
    const found = paths(body.links);
    // prettier-ignore
    expect(found).toEqual(
      expect.arrayContaining([
      "/docs/", "/", "/blog/", "/docs/a", "/docs/b", "/about", "/docs/a/deep1", "/docs/c", "/blog/post-1",
      "/article.html",
    ]),
    );
    expect(found).not.toContain("/docs/orphan");
    // ?ref variants collapse (ignoreQueryParameters default true).
    expect(found.filter((p) => p === "/docs/a")).toHaveLength(1);
    expect(body.links.some((l: { url: string }) => l.url.startsWith(otherFixture()))).toBe(false);
    expect(body.links.find((l: { url: string }) => l.url === fixture("/docs/"))).toEqual({
      url: fixture("/docs/"),
      title: "Docs home",
      description: "Docs home description",
    });
  });

  it("include: both sources, deduplicated", async () => {
    const { body } = await map({ url: fixture("/docs/") });
    const found = paths(body.links);
    expect(found).toEqual(expect.arrayContaining(["/docs/orphan", "/blog/orphan-post", "/docs/a/deep1"]));
    expect(new Set(found).size).toBe(found.length);
  });

  it("keeps query variants apart with ignoreQueryParameters false", async () => {
    const { body } = await map({ url: fixture("/docs/"), sitemap: "skip", ignoreQueryParameters: false });
    expect(paths(body.links)).toEqual(expect.arrayContaining(["/docs/a", "/docs/a?ref=x", "/docs/a?ref=y"]));
  });

  it("search keeps matching URLs, most relevant first; limit is exact", async () => {
    const { body } = await map({ url: fixture("/blog/"), search: "post" });
    const found = paths(body.links);
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.every((p) => p.includes("post"))).toBe(true);
    expect(found[0]).toBe("/blog/post-1");
    const limited = await map({ url: fixture("/docs/"), limit: 3 });
    expect(limited.body.links).toHaveLength(3);
    expect(limited.body.links[0].url).toBe(fixture("/docs/"));
  });

  it("times out with 408 MAP_TIMEOUT, and validates its body", async () => {
    const slow = await map({ url: fixture("/slow?ms=3000"), sitemap: "skip", timeout: 200 });
    expect(slow.status).toBe(408);
    expect(slow.body).toMatchObject({ success: false, code: "MAP_TIMEOUT" });
    const bad = await map({ url: fixture("/docs/"), limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^limit: /);
    const unknown = await map({ url: fixture("/docs/"), crawlEntireDomain: true });
    expect(unknown.status).toBe(400);
  });

  it("bills 1 credit", async () => {
    const before = (await callJson("GET", "/v2/team/credit-usage")).body.data.creditsUsed;
    await map({ url: fixture("/docs/"), sitemap: "only" });
    const after = (await callJson("GET", "/v2/team/credit-usage")).body.data.creditsUsed;
    expect(after - before).toBe(1);
  });
});
