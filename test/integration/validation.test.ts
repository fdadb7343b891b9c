/**
 * Authentication and request validation: every bad input of the spec's tables gets a 4xx naming the field
 * and the reason, in the one error envelope.
 */
import { describe, expect, it } from "vitest";
import { call, callJson, callJsonWith, fixture, NO_LLM } from "../helpers";

const url = fixture("/article.html");

describe("authentication", () => {
  it("requires a bearer key", async () => {
    const none = await callJson("POST", "/v2/scrape", { url }, { key: null });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: "UNAUTHORIZED" });
    const wrong = await callJson("POST", "/v2/scrape", { url }, { key: "ec-not-a-key" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("Unauthorized: Invalid token");
    const empty = await callJson("POST", "/v2/scrape", { url }, { headers: { authorization: "Bearer " }, key: null });
    expect(empty.status).toBe(401);
  });

  it("serves the OpenAPI document and the docs page without a key", async () => {
    const doc = await callJson("GET", "/v2/openapi.json", undefined, { key: null });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    const body = doc.body.paths["/v2/scrape"].post.requestBody.content["application/json"].schema;
    const schema = body.$ref ? doc.body.components.schemas[body.$ref.split("/").pop()] : body;
    expect(schema.required).toEqual(["url"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.timeout).toMatchObject({ default: 30000, minimum: 1000, maximum: 300000 });
    expect(schema.properties.maxAge.default).toBe(172800000);
    expect(schema.properties.formats.default).toEqual(["markdown"]);
    expect(schema.properties.parsers.default).toEqual(["pdf"]);
    // prettier-ignore
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
      "/v2/scrape", "/v2/scrape/{id}", "/v2/crawl", "/v2/crawl/{id}", "/v2/crawl/{id}/errors", "/crawl/{id}/errors",
      "/v2/crawl/active", "/v2/crawl/ongoing", "/v2/crawl/params-preview", "/v2/batch/scrape", "/v2/batch/scrape/{id}",
      "/v2/batch/scrape/{id}/errors", "/v2/map", "/v1/crawl", "/v1/crawl/{id}", "/v1/batch/scrape",
      "/v1/batch/scrape/{id}", "/v2/team/credit-usage", "/v2/artifacts/shots/{file}", "/v2/browser", "/v2/browser/{id}",
      "/v2/browser/{id}/execute", "/v2/browser/{id}/cdp", "/v2/browser/{id}/live", "/v2/scrape/{id}/interact",
    ]),
    );
    expect(doc.body.paths["/v2/crawl/{id}"].delete).toBeDefined();
    const docs = await call("GET", "/docs", undefined, { key: null });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("/v2/openapi.json");
  });
});

describe("request validation", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["missing url", {}, /^url: /],
    ["unknown key", { url, fooBar: 1 }, /Unrecognized key in body: "fooBar"/],
    ["unknown key in a nested object", { url, location: { country: "US", city: "Paris" } }, /location: "city"/],
    ["url with a bad scheme", { url: "ftp://example.com/file" }, /^url: URL uses unsupported protocol/],
    ["url without a domain", { url: "intranet" }, /^url: URL must have a valid top-level domain/],
    ["timeout too small", { url, timeout: 999 }, /^timeout: .*1000/],
    ["timeout too large", { url, timeout: 300001 }, /^timeout: .*300000/],
    ["timeout not an integer", { url, timeout: 1500.5 }, /^timeout: /],
    ["negative waitFor", { url, waitFor: -1 }, /^waitFor: /],
    [
      "waitFor above half the timeout",
      { url, waitFor: 20000, timeout: 30000 },
      /^waitFor: waitFor must not exceed half of timeout/,
    ],
    ["negative maxAge", { url, maxAge: -5 }, /^maxAge: /],
    [
      "unknown format, named with the formats to choose from",
      { url, formats: ["markdown", "pdf"] },
      /^formats\[1\]: Unknown format "pdf": the formats are markdown, html, .*, and as objects json, attributes/,
    ],
    ["unknown object format", { url, formats: [{ type: "pdf" }] }, /^formats\[0\]\.type: /],
    [
      "a format that takes options, given as a name",
      { url, formats: ["json"] },
      /^formats\[0\]: The json format takes options: write it as \{"type": "json", "prompt": "…"\}/,
    ],
    [
      "attributes given as a name",
      { url, formats: ["attributes"] },
      /^formats\[0\]: The attributes format takes options: write it as \{"type": "attributes", "selectors"/,
    ],
    [
      "two screenshot formats",
      { url, formats: ["screenshot", { type: "screenshot", fullPage: true }] },
      /^formats: You may only specify one screenshot format/,
    ],
    [
      "changeTracking without markdown",
      { url, formats: ["html", "changeTracking"] },
      /^formats: The changeTracking format requires the markdown format/,
    ],
    [
      "json format without prompt or schema",
      { url, formats: [{ type: "json" }] },
      /^formats\[0\]: The json format needs a schema, a prompt, or both/,
    ],
    [
      "json prompt too long",
      { url, formats: [{ type: "json", prompt: "x".repeat(10001) }] },
      /^formats\[0\]\.prompt: /,
    ],
    [
      "screenshot viewport too wide",
      { url, formats: [{ type: "screenshot", viewport: { width: 7681, height: 100 } }] },
      /^formats\[0\]\.viewport\.width: .*7680/,
    ],
    [
      "screenshot viewport too tall",
      { url, formats: [{ type: "screenshot", viewport: { width: 100, height: 4321 } }] },
      /^formats\[0\]\.viewport\.height: .*4320/,
    ],
    [
      "screenshot quality out of range",
      { url, formats: [{ type: "screenshot", quality: 101 }] },
      /^formats\[0\]\.quality: /,
    ],
    [
      "attributes without selectors",
      { url, formats: [{ type: "attributes", selectors: [] }] },
      /^formats\[0\]\.selectors: /,
    ],
    [
      "too many actions",
      { url, actions: Array.from({ length: 51 }, () => ({ type: "scrape" })) },
      /^actions: Number of actions cannot exceed 50/,
    ],
    [
      "total wait above 60 s",
      { url, timeout: 120000, waitFor: 30000, actions: [{ type: "wait", milliseconds: 31000 }] },
      /^waitFor: Total wait time \(waitFor \+ wait actions\) cannot exceed 60 seconds/,
    ],
    [
      "wait with both milliseconds and selector",
      { url, actions: [{ type: "wait", milliseconds: 5, selector: "#x" }] },
      /^actions\[0\]: A wait action needs either milliseconds or selector, not both/,
    ],
    ["wait with neither", { url, actions: [{ type: "wait" }] }, /^actions\[0\]: A wait action needs/],
    ["unknown action type", { url, actions: [{ type: "hover", selector: "a" }] }, /^actions\[0\]/],
    ["click without selector", { url, actions: [{ type: "click" }] }, /^actions\[0\]\.selector: /],
    [
      "scroll in a bad direction",
      { url, actions: [{ type: "scroll", direction: "left" }] },
      /^actions\[0\]\.direction: /,
    ],
    [
      "pdf action with an unknown paper format",
      { url, actions: [{ type: "pdf", format: "B5" }] },
      /^actions\[0\]\.format: /,
    ],
    [
      "action screenshot viewport too large",
      { url, actions: [{ type: "screenshot", viewport: { width: 8000, height: 10 } }] },
      /^actions\[0\]\.viewport\.width: /,
    ],
    ["unknown parser", { url, parsers: ["invalid-parser"] }, /^parsers\[0\]/],
    ["parsers not an array", { url, parsers: "pdf" }, /^parsers: /],
    ["parser object without type", { url, parsers: [{ mode: "fast" }] }, /^parsers\[0\]/],
    ["parser with an unknown mode", { url, parsers: [{ type: "pdf", mode: "magic" }] }, /^parsers\[0\]\.mode: /],
    [
      "country not two letters",
      { url, location: { country: "USA" } },
      /^location\.country: country must be a two-letter country code/,
    ],
    ["proxy not in the enum", { url, proxy: "residential" }, /^proxy: /],
    ["profile name too long", { url, profile: { name: "p".repeat(129) } }, /^profile\.name: /],
    ["headers not strings", { url, headers: { "x-n": 5 } }, /^headers\.x-n: /],
    ["includeTags not an array", { url, includeTags: "nav" }, /^includeTags: /],
  ];

  it.each(cases)("%s → 400 naming the field", async (_name, body, message) => {
    const { status, body: answer } = await callJson("POST", "/v2/scrape", body);
    expect(status).toBe(400);
    expect(answer.success).toBe(false);
    expect(answer.code).toBe("BAD_REQUEST");
    expect(answer.error).toMatch(message);
    expect(Array.isArray(answer.details)).toBe(true);
  });

  it.each([
    [
      "/v2/batch/scrape",
      { urls: Array.from({ length: 10_001 }, (_, i) => `https://example.com/${i}`) },
      /^urls: urls may list at most 10000 URLs/,
    ],
    [
      "/v1/batch/scrape",
      { urls: Array.from({ length: 10_001 }, (_, i) => `https://example.com/${i}`) },
      /^urls: urls may list at most 10000 URLs/,
    ],
    ["/v2/crawl", { url: "https://example.com/", limit: 100_001 }, /^limit: /],
    ["/v2/crawl", { url: "https://example.com/", maxConcurrency: 1001 }, /^maxConcurrency: /],
    ["/v2/crawl", { url: "https://example.com/", maxDiscoveryDepth: 1001 }, /^maxDiscoveryDepth: /],
    ["/v2/batch/scrape", { urls: ["https://example.com/"], maxConcurrency: 1001 }, /^maxConcurrency: /],
  ])("%s with a list or count past its limit → 400 naming the field", async (path, body, message) => {
    const { status, body: answer } = await callJson("POST", path, body);
    expect(status).toBe(400);
    expect(answer.error).toMatch(message);
  });

  it("a body with 100,000 bad fields gets a short answer: 50 details at most, 20 unknown keys named", async () => {
    const many = (value: unknown) => Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, value]));
    const keys = await callJson("POST", "/v2/scrape", { url, ...many(1) });
    expect(keys.status).toBe(400);
    expect(keys.body.error).toMatch(/^Unrecognized keys in body: "k0", "k1", .*"k19" and 99980 more -- /);
    const values = await callJson("POST", "/v2/scrape", { url, headers: many(1) });
    expect(values.status).toBe(400);
    expect(values.body.error).toBe("headers.k0: Invalid input: expected string, received number");
    expect(values.body.details).toHaveLength(51);
    expect(values.body.details.at(-1)).toEqual({ path: [], message: "and 99950 more issues", code: "too_many_issues" });
    const patterns = await callJson("POST", "/v2/crawl", {
      url,
      includePaths: Array.from({ length: 1001 }, (_, i) => `/p${i}`),
    });
    expect(patterns.status).toBe(400);
    expect(patterns.body.error).toMatch(/^includePaths: Too big: expected array to have <=1000 items/);
    const formats = await callJson("POST", "/v2/scrape", {
      url,
      formats: Array.from({ length: 100_000 }, (_, i) => `f${i}`),
    });
    expect(formats.status).toBe(400);
    expect(formats.body.error).toMatch(/^formats: Too big: expected array to have <=20 items/);
    expect(formats.body.details).toHaveLength(1);
  });

  it("malformed JSON → 400 BAD_REQUEST_INVALID_JSON", async () => {
    const { status, body } = await callJson("POST", "/v2/scrape", '{"url": "http://x.example",');
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, code: "BAD_REQUEST_INVALID_JSON", error: "Bad request, malformed JSON" });
  });

  it("a body that is not JSON → 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const { status, body } = await callJson("POST", "/v2/scrape", "url=x", {
      headers: { "content-type": "text/plain" },
    });
    expect(status).toBe(415);
    expect(body).toEqual({
      success: false,
      code: "UNSUPPORTED_MEDIA_TYPE",
      error: "Content-Type must be application/json",
    });
  });

  it("accepts origin and integration (sent by the official SDK)", async () => {
    const { status } = await callJson("POST", "/v2/scrape", {
      url: fixture("/index.html"),
      origin: "js-sdk@4.42.0",
      integration: "test",
    });
    expect(status).toBe(200);
  });

  it("json/summary formats without a configured LLM → 400 LLM_NOT_CONFIGURED before any fetch", async () => {
    for (const format of [
      { type: "json", prompt: "the title" },
      "summary",
      { type: "changeTracking", modes: ["json"] },
    ]) {
      const { status, body } = await callJsonWith(NO_LLM, "POST", "/v2/scrape", { url, formats: ["markdown", format] });
      expect(status).toBe(400);
      expect(body.code).toBe("LLM_NOT_CONFIGURED");
      expect(body.error).toContain("LLM_BASE_URL");
    }
  });
});
