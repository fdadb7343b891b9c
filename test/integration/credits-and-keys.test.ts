/**
 * Credits on the team Durable Object, and API keys minted and revoked through the admin routes.
 */
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, callJson, fixture, newTeam, unique } from "../helpers";

const admin = { key: ADMIN_TOKEN };

describe("credits", () => {
  it("a team without a balance is unlimited and its usage is counted", async () => {
    const { key } = await newTeam();
    const before = await callJson("GET", "/v2/team/credit-usage", undefined, { key });
    expect(before.body).toEqual({
      success: true,
      data: { remainingCredits: 99999999, creditsUsed: 0, unlimited: true },
    });
    await callJson("POST", "/v2/scrape", { url: unique("/article.html") }, { key });
    const after = await callJson("GET", "/v2/team/credit-usage", undefined, { key });
    expect(after.body.data.creditsUsed).toBe(1);
  });

  it("charges 1 per scrape and per PDF page, and refuses with 402 once the balance is spent", async () => {
    const { key } = await newTeam({ balance: 5 });
    expect((await callJson("POST", "/v2/scrape", { url: unique("/article.html") }, { key })).status).toBe(200);
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).body.data.remainingCredits).toBe(4);
    expect((await callJson("POST", "/v2/scrape", { url: unique("/doc.pdf") }, { key })).status).toBe(200);
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).body.data).toMatchObject({
      remainingCredits: 1,
      creditsUsed: 4,
      unlimited: false,
    });
    // a failed scrape costs nothing
    const failed = await callJson("POST", "/v2/scrape", { url: fixture("/redirect-loop") }, { key });
    expect(failed.status).toBe(500);
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).body.data.remainingCredits).toBe(1);
    expect((await callJson("POST", "/v2/scrape", { url: unique("/article.html") }, { key })).status).toBe(200);
    const refused = await callJson("POST", "/v2/scrape", { url: unique("/article.html") }, { key });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ success: false, code: "INSUFFICIENT_CREDITS" });
  });

  it("a cache hit takes no slot but is charged, and is refused with 402 once the balance is spent", async () => {
    const { key } = await newTeam({ balance: 2 });
    const url = unique("/article.html");
    expect((await callJson("POST", "/v2/scrape", { url }, { key })).status).toBe(200);
    const hit = await callJson("POST", "/v2/scrape", { url }, { key });
    expect(hit.status).toBe(200);
    expect(hit.body.data.metadata).toMatchObject({ cacheState: "hit", concurrencyLimited: false });
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).body.data).toMatchObject({
      remainingCredits: 0,
      creditsUsed: 2,
    });
    const refused = await callJson("POST", "/v2/scrape", { url }, { key });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ success: false, code: "INSUFFICIENT_CREDITS" });
  });
});

describe("API keys", () => {
  it("minted keys work until revoked; env keys cannot be revoked through the API", async () => {
    const { key } = await newTeam();
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).status).toBe(200);
    // A key in clear never goes in the URL: refused, and the key still works.
    const inUrl = await callJson("DELETE", `/admin/keys/${key}`, undefined, admin);
    expect(inUrl.status).toBe(400);
    expect(inUrl.body.error).toMatch(/sha256/);
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).status).toBe(200);
    expect((await callJson("DELETE", `/admin/keys/${hash}`, undefined, admin)).status).toBe(200);
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).status).toBe(401);
    expect((await callJson("DELETE", `/admin/keys/${hash}`, undefined, admin)).status).toBe(404);
    expect((await callJson("POST", "/admin/keys/revoke", { key: "ec-test-key-default" }, admin)).status).toBe(409);
    // The body form takes a key in clear.
    const second = await newTeam();
    expect((await callJson("POST", "/admin/keys/revoke", { key: second.key }, admin)).status).toBe(200);
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key: second.key })).status).toBe(401);
  });

  it("admin routes need the admin token", async () => {
    expect((await callJson("POST", "/admin/keys", { teamId: "x" })).status).toBe(401);
    expect((await callJson("POST", "/admin/keys", { teamId: "x" }, { key: "wrong" })).status).toBe(401);
    const bad = await callJson("PUT", "/admin/teams/x", { balance: -1 }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^balance: /);
  });
});
