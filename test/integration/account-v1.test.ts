/**
 * The v1 account routes the v1 client calls, against the v2 answers from the same ledger: credit and token usage
 * in v1's snake_case shape, and the queue status and monthly histories in the same shape as v2.
 */
import { describe, expect, it } from "vitest";
import { callJson, newTeam, unique } from "../helpers";

describe("v1 account routes", () => {
  it("report the same usage as v2: credits with and without a balance, tokens, queue and histories", async () => {
    const { key } = await newTeam({ balance: 50 });
    expect((await callJson("POST", "/v2/scrape", { url: unique("/article.html") }, { key })).status).toBe(200);
    const get = async (path: string) => (await callJson("GET", path, undefined, { key })).body;

    expect(await get("/v2/team/credit-usage")).toMatchObject({ data: { remainingCredits: 49, creditsUsed: 1 } });
    expect(await get("/v1/team/credit-usage")).toEqual({
      success: true,
      data: { remaining_credits: 49, plan_credits: 50, billing_period_start: null, billing_period_end: null },
    });
    expect(await get("/v1/team/token-usage")).toEqual({
      success: true,
      data: { remaining_tokens: 99999999, plan_tokens: 99999999, billing_period_start: null, billing_period_end: null },
    });
    for (const path of [
      "/team/queue-status",
      "/team/credit-usage/historical?byApiKey=true",
      "/team/token-usage/historical",
    ]) {
      const [v1, v2] = await Promise.all([get(`/v1${path}`), get(`/v2${path}`)]);
      expect(v1, path).toEqual(v2);
    }
    expect((await get("/v1/team/credit-usage/historical")).periods[0].creditsUsed).toBe(1);

    const unlimited = await newTeam();
    const body = (await callJson("GET", "/v1/team/credit-usage", undefined, { key: unlimited.key })).body;
    expect(body.data).toMatchObject({ remaining_credits: 99999999, plan_credits: 99999999 });
  });
});
