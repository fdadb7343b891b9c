/**
 * The caller's `headers` (and cookies) go to the target's origin only (issue 15, finding 4): a redirect to
 * another origin drops them on both engines, a same-origin redirect keeps them.
 */
import { describe, expect, it } from "vitest";
import { callJson, fixture, otherFixture } from "../helpers";

const secrets = { "X-Secret": "s3cret", Cookie: "session=s3cret", "User-Agent": "MyBot/2" };
const echoed = (rawHtml: string) =>
  JSON.parse(/<pre id="headers">([\s\S]*?)<\/pre>/.exec(rawHtml)![1].replaceAll("&quot;", '"')) as Record<
    string,
    string
  >;

describe.each([
  ["fetch", {}],
  ["browser", { waitFor: 50 }],
])("on the %s engine", (engine, extra) => {
  it("a redirect to another origin drops the caller's headers and cookies (the User-Agent stays)", async () => {
    const target = `${otherFixture("/echo")}?t=${crypto.randomUUID()}`;
    const { status, body } = await callJson("POST", "/v2/scrape", {
      url: fixture(`/redirect?to=${encodeURIComponent(target)}`),
      formats: ["rawHtml"],
      headers: secrets,
      ...extra,
    });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe(engine);
    const seen = echoed(body.data.rawHtml);
    expect(seen["x-secret"]).toBeUndefined();
    expect(seen.cookie).toBeUndefined();
    expect(seen["user-agent"]).toBe("MyBot/2");
  });

  it("a redirect within the target's origin keeps them", async () => {
    const { body } = await callJson("POST", "/v2/scrape", {
      url: fixture(`/redirect?to=${encodeURIComponent(`/echo?t=${crypto.randomUUID()}`)}`),
      formats: ["rawHtml"],
      headers: secrets,
      ...extra,
    });
    const seen = echoed(body.data.rawHtml);
    expect(seen["x-secret"]).toBe("s3cret");
    expect(seen.cookie).toContain("session=s3cret");
  });
});
