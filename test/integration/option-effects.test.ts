/**
 * No option that is accepted and silently ignored. Every field of every request schema (read from the zod
 * schemas by test/request-fields.ts, so a new field shows up by itself) must have evidence in test/option-evidence/:
 * - `shown(file, title)`: a test of this repository that shows the field's effect (the test must exist);
 * - `probe(name)`: a probe in this file that shows it;
 * - `refused(...)`: a request with the field is answered with a clear 4xx code (run here);
 * - `warns(...)`: the field makes a documented warning appear in the answer (run here);
 * - `v1(value, path, baseline?)`: a v1 field, translated onto the v2 field at `path` — setting it changes what
 *   the translation puts there (checked here); the v2 field has evidence of its own;
 * - `accepted(why)`: a client field the SDKs send, documented in docs/compatibility.md as having no effect.
 * A field without evidence fails the first test; so does evidence for a field that no longer exists. In
 * test/option-evidence/: the kinds (kinds.ts), each endpoint's own fields (endpoints.ts), what several endpoints
 * share — the scrape options and the webhook object (shared.ts), the v1 scrape options (v1-options.ts) — and the
 * search's, monitors' and v1 single routes' evidence (search.ts, monitor.ts, v1-single.ts).
 */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { API, callJson, fixture, fixtureRequests, unique } from "../helpers";
import { allDocuments, waitForJob } from "../crawl-helpers";
import { requestFields } from "../request-fields";
import { V1BatchScrapeRequestSchema, v1BatchToV2, V1CrawlRequestSchema, v1CrawlToV2 } from "../../src/schemas/v1";
import {
  v1MapToV2,
  V1MapRequestSchema,
  v1ScrapeToV2,
  V1ScrapeRequestSchema,
  v1SearchToV2,
  V1SearchRequestSchema,
} from "../../src/schemas/v1-single";
import { sdkField, sharesOf, type Endpoint, type Evidence } from "../option-evidence/kinds";
import { ENDPOINTS } from "../option-evidence/endpoints";
import { SCRAPE_OPTIONS } from "../option-evidence/shared";
import { V1_SCRAPE_OPTIONS } from "../option-evidence/v1-options";

const url = fixture("/article.html");

const testFiles = import.meta.glob("/test/**/*.test.ts", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;
const compatibility = import.meta.glob("/docs/compatibility.md", { query: "?raw", import: "default", eager: true });
const readme = Object.values(compatibility)[0] as string;

/** The evidence for one field of one endpoint: its own entry, else the shared option's. */
function evidenceFor(endpoint: Endpoint, field: string): Evidence | undefined {
  if (endpoint.own[field]) return endpoint.own[field];
  for (const shared of sharesOf(endpoint))
    if (field.startsWith(shared.at) && shared.options[field.slice(shared.at.length)])
      return shared.options[field.slice(shared.at.length)];
  return undefined;
}

/** Every (endpoint, field, evidence) the schemas call for. */
const rows = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) =>
  requestFields(endpoint.schema).map((field) => ({ name, endpoint, field, evidence: evidenceFor(endpoint, field) })),
);

/** The v1 translation of a body (a minimal valid body plus `extra`), as a plain object to look paths up in. */
function translateV1(name: string, extra: Record<string, unknown>): Record<string, unknown> {
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
  if (name === "POST /v1/scrape") return plain(v1ScrapeToV2(V1ScrapeRequestSchema.parse({ url, ...extra })).request);
  if (name === "POST /v1/map") return plain(v1MapToV2(V1MapRequestSchema.parse({ url: fixture("/docs/"), ...extra })));
  if (name === "POST /v1/search") {
    // Search results are scraped only when scrapeOptions lists formats: a v1 scrape option is checked with one.
    const { scrapeOptions: so, ...rest } = extra as { scrapeOptions?: Record<string, unknown> };
    const body = { query: "q", ...rest, ...(so ? { scrapeOptions: { formats: ["markdown"], ...so } } : {}) };
    return plain(v1SearchToV2(V1SearchRequestSchema.parse(body)));
  }
  if (name === "POST /v1/crawl") {
    const { scrapeOptions: so, ...rest } = extra as { scrapeOptions?: Record<string, unknown> };
    const body = { url: fixture("/docs/"), ...rest, scrapeOptions: so ?? {} };
    return JSON.parse(JSON.stringify(v1CrawlToV2(V1CrawlRequestSchema.parse(body))));
  }
  return JSON.parse(
    JSON.stringify(v1BatchToV2(V1BatchScrapeRequestSchema.parse({ urls: [fixture("/docs/a")], ...extra }))),
  );
}

const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);

describe("every request field has an effect, a documented warning or a clear error", () => {
  it("lists evidence for every field of every request schema, and for no field that does not exist", () => {
    const missing = rows.filter((r) => !r.evidence).map((r) => `${r.name} ${r.field}`);
    expect(missing.join("\n"), "fields without evidence").toBe("");
    const walked = new Set(rows.map((r) => `${r.name} ${r.field}`));
    const stale = Object.entries(ENDPOINTS).flatMap(([name, e]) =>
      Object.keys(e.own)
        .filter((f) => !walked.has(`${name} ${f}`))
        .map((f) => `${name} ${f}`),
    );
    const sharedUsed = new Set(
      rows.flatMap((r) =>
        sharesOf(r.endpoint).flatMap((shared) =>
          r.field.startsWith(shared.at) ? [r.field.slice(shared.at.length)] : [],
        ),
      ),
    );
    const staleShared = [...Object.keys(SCRAPE_OPTIONS), ...Object.keys(V1_SCRAPE_OPTIONS)].filter(
      (f) => !sharedUsed.has(f),
    );
    expect([...stale, ...staleShared].join("\n"), "evidence for fields that do not exist").toBe("");
  });

  it("cites only tests that exist", () => {
    const cited = new Set(
      rows.flatMap((r) => (r.evidence?.kind === "shown" ? [`${r.evidence.file}\n${r.evidence.title}`] : [])),
    );
    for (const entry of cited) {
      const [file, title] = entry.split("\n");
      expect(testFiles[`/test/${file}`], `test file ${file}`).toBeTypeOf("string");
      // A long title is written as a concatenation of strings: read it joined, as the test runner does.
      const text = testFiles[`/test/${file}`]!.replace(/(["'])\s*\+\s*["']/g, "");
      expect(text.includes(`"${title}`) || text.includes(`'${title}`), `${file}: a test titled "${title}"`).toBe(true);
    }
  });

  it("documents in docs/compatibility.md the client fields that have no effect", () => {
    const sentences = rows.flatMap((r) => (r.evidence?.kind === "accepted" ? [r.evidence.readme] : []));
    expect(sentences).toContain(sdkField.readme);
    for (const sentence of new Set(sentences)) expect(readme).toContain(sentence);
  });

  it.each(rows.filter((r) => r.evidence?.kind === "v1").map((r) => [r.name, r.field, r.evidence] as const))(
    "%s %s is translated onto its v2 option",
    (name, field, evidence) => {
      const { value, becomes, baseline: base } = evidence as Extract<Evidence, { kind: "v1" }>;
      const v1Scrape = ["POST /v1/crawl", "POST /v1/search"].includes(name) && field.startsWith("scrapeOptions.");
      const translated = translateV1(name, v1Scrape ? { scrapeOptions: value } : value);
      const baseline = translateV1(name, v1Scrape ? { scrapeOptions: base } : base);
      const path =
        v1Scrape || (name === "POST /v1/batch/scrape" && !ENDPOINTS[name].own[field])
          ? `scrapeOptions.${becomes}`
          : becomes;
      expect(at(translated, path), `${path} after translation`).not.toEqual(at(baseline, path));
    },
  );

  const checks = new Map<string, Extract<Evidence, { kind: "refused" | "warns" }>>();
  for (const r of rows)
    if (r.evidence?.kind === "refused" || r.evidence?.kind === "warns")
      checks.set(
        JSON.stringify(r.evidence, (_k, v) => (v instanceof RegExp ? String(v) : v)),
        r.evidence,
      );

  it.each([...checks.values()].map((e) => [e.kind, JSON.stringify(e.body).slice(0, 90), e] as const))(
    "%s: %s",
    async (_kind, _body, evidence) => {
      if (evidence.kind === "refused") {
        const { status, body } = await callJson("POST", evidence.path, evidence.body);
        expect(status).toBe(400);
        expect(body).toMatchObject({ success: false, code: evidence.code });
        return;
      }
      const { status, body } = await callJson("POST", "/v2/scrape", evidence.body);
      expect(status).toBe(200);
      expect(body.data.warning).toMatch(evidence.pattern);
    },
  );

  it("refuses v1 jsonOptions without the json format rather than ignoring them", async () => {
    const { status, body } = await callJson("POST", "/v1/batch/scrape", {
      urls: [url],
      formats: ["markdown"],
      jsonOptions: { prompt: "the title" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "BAD_REQUEST", error: expect.stringMatching(/^jsonOptions: /) });
  });

  const probed = [...new Set(rows.flatMap((r) => (r.evidence?.kind === "probe" ? [r.evidence.name] : [])))];
  it.each(probed)("probe: %s", async (name) => {
    expect(PROBES, "a probe of that name").toHaveProperty([name]);
    await PROBES[name as keyof typeof PROBES]();
  });
});

async function heldMax(key: string): Promise<number> {
  return ((await (await fetch(fixture(`/__held/${key}`))).json()) as { max: number }).max;
}

const PROBES = {
  "wait action milliseconds": async () => {
    const started = Date.now();
    const { status } = await callJson("POST", "/v2/scrape", {
      url: unique("/index.html"),
      actions: [{ type: "wait", milliseconds: 1500 }],
    });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  },
  "batch maxConcurrency": async () => {
    const key = `batchcap-${crypto.randomUUID().slice(0, 8)}`;
    const urls = Array.from({ length: 4 }, (_, i) => fixture(`/held?key=${key}&ms=250&i=${i}`));
    const { body } = await callJson("POST", "/v2/batch/scrape", { urls, maxConcurrency: 1 });
    expect(await waitForJob(`/v2/batch/scrape/${body.id}`)).toMatchObject({ status: "completed", completed: 4 });
    expect(await heldMax(key)).toBe(1); // the team's limit (10) would allow all 4 at once
  },
  "crawl maxConcurrency": async () => {
    const key = `crawlcap-${crypto.randomUUID().slice(0, 8)}`;
    const { body } = await callJson("POST", "/v2/crawl", {
      url: fixture(`/held?key=${key}&ms=250&links=4`),
      sitemap: "skip",
      maxConcurrency: 1,
    });
    expect(await waitForJob(`/v2/crawl/${body.id}`)).toMatchObject({ status: "completed", completed: 5 });
    expect(await heldMax(key)).toBe(1);
  },
  "crawl scrapeOptions": async () => {
    const { body } = await callJson("POST", "/v2/crawl", {
      url: fixture("/docs/"),
      sitemap: "only",
      scrapeOptions: { formats: ["links"] },
    });
    await waitForJob(`/v2/crawl/${body.id}`);
    const documents = await allDocuments(`/v2/crawl/${body.id}`);
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) {
      expect(d.markdown).toBeUndefined();
      expect(Array.isArray(d.links)).toBe(true);
    }
  },
  "batch webhook object": async () => {
    const receiver = `batchhook-${crypto.randomUUID().slice(0, 8)}`;
    const webhookObject = {
      url: fixture(`/hooks/${receiver}`),
      headers: { "x-probe": "yes" },
      metadata: { probe: 1 },
      events: ["completed"],
    };
    const { body } = await callJson("POST", "/v2/batch/scrape", { urls: [fixture("/docs/a")], webhook: webhookObject });
    await waitForJob(`/v2/batch/scrape/${body.id}`);
    let got: { headers: Record<string, string>; body: string }[] = [];
    for (let i = 0; i < 100 && got.length === 0; i++) {
      got = await (await fetch(fixture(`/__webhooks/${receiver}`))).json();
      if (got.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300));
    got = await (await fetch(fixture(`/__webhooks/${receiver}`))).json();
    expect(got.map((d) => JSON.parse(d.body).type)).toEqual(["batch_scrape.completed"]);
    expect(got[0].headers["x-probe"]).toBe("yes");
    expect(JSON.parse(got[0].body).metadata).toEqual({ probe: 1 });
  },
  "map location": async () => {
    const { total: before } = await fixtureRequests();
    const { status } = await callJson("POST", "/v2/map", {
      url: unique("/browser/emulation.html"),
      sitemap: "skip",
      limit: 1,
      location: { country: "DE", languages: ["de-DE"] },
    });
    expect(status).toBe(200);
    const beacons = (await fixtureRequests(before)).requests.filter((r) => r.path.startsWith("/browser/beacon"));
    expect(beacons.length).toBeGreaterThan(0);
    const seen = Object.fromEntries(new URL(beacons[0].path, API).searchParams);
    expect(seen).toMatchObject({ languages: "de-DE", timezone: "Europe/Berlin" });
  },
} satisfies Record<string, () => Promise<void>>;
