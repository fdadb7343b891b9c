/**
 * The house rules that keep the repository walkable, checked on the source text itself: the contract lives in
 * docs/ (no comment points to a document outside the repository), docs/storage.md lists every table and key the
 * code writes, docs/errors.md every error code, every error code is used, no line of code is over 120 characters,
 * and no file of code over 300 lines.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { ERRORS, JOB_ERRORS } from "../../src/errors";

const raw = (files: Record<string, unknown>) => files as Record<string, string>;
const code = raw(
  import.meta.glob(["/src/**/*.ts", "/durable-objects/*.ts", "/queues/*.ts"], {
    query: "?raw",
    import: "default",
    eager: true,
  }),
);
const tests = raw(
  import.meta.glob(["/test/**/*.ts", "/bench/**/*.ts"], { query: "?raw", import: "default", eager: true }),
);
const docs = raw(import.meta.glob("/docs/*.md", { query: "?raw", import: "default", eager: true }));
/** Every file of code but the generated ones and the fixture site's pages, which are served byte for byte. */
const everyCodeFile = raw(
  import.meta.glob(
    [
      "/src/**/*.{ts,js}",
      "/durable-objects/*.ts",
      "/queues/*.ts",
      "/test/**/*.{ts,mts,mjs}",
      "!/test/fixtures/site/**",
      "!/test/fixtures/wcxb/**",
      "/bench/**/*.{ts,mjs}",
      "/scripts/**/*.mjs",
      "/*.ts",
      "!/worker-configuration.d.ts",
    ],
    { query: "?raw", import: "default", eager: true },
  ),
);

const MAX_LINE = 120;
const MAX_FILE_LINES = 300;

describe("the house", () => {
  it("points comments to docs/, not to documents outside the repository", () => {
    const outside = Object.entries({ ...code, ...tests })
      .filter(([path]) => path !== "/test/unit/house.test.ts")
      .flatMap(([path, text]) =>
        text.split("\n").flatMap((line, i) => (/\b(SPEC|COMPAT) ?§|\bSPEC:/.test(line) ? [`${path}:${i + 1}`] : [])),
      );
    expect(outside).toEqual([]);
    // …and the docs/ pages the comments name exist.
    const named = new Set(
      Object.values({ ...code, ...tests }).flatMap((text) =>
        [...text.matchAll(/docs\/([\w-]+\.md)/g)].map((m) => m[1]),
      ),
    );
    for (const page of named) expect(Object.keys(docs), `docs/${page}`).toContain(`/docs/${page}`);
  });

  it("lists every Durable Object table in docs/storage.md", () => {
    const tables = new Set(
      Object.values(code).flatMap((text) =>
        [...text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/g)].map((m) => m[1]),
      ),
    );
    expect(tables.size).toBeGreaterThan(10);
    for (const table of tables) expect(docs["/docs/storage.md"], `table ${table}`).toContain(`\`${table}\``);
  });

  it("lists every KV key and R2 prefix in docs/storage.md", () => {
    const layout = code["/src/storage/layout.ts"];
    const prefixes = [...layout.matchAll(/=>\s*`([\w-]+[:/])/g)].map((m) => m[1]);
    expect(prefixes).toEqual(["key:", "cache:", "docs/", "shots/", "profiles/", "tracking/"]);
    for (const prefix of prefixes) expect(docs["/docs/storage.md"], prefix).toContain(`\`${prefix}`);
  });

  it("documents every error code in docs/errors.md and uses every one", () => {
    const codes = [...Object.keys(ERRORS), ...Object.keys(JOB_ERRORS)];
    const source = Object.values(code).join("\n");
    for (const c of codes) {
      expect(docs["/docs/errors.md"], c).toContain(`\`${c}\``);
      expect(new RegExp(`["']${c}["']`).test(source), `${c} is thrown or recorded somewhere`).toBe(true);
    }
  });

  it("keeps every line of code within 120 characters (what prettier cannot break is broken by hand)", () => {
    const long = Object.entries(everyCodeFile).flatMap(([path, text]) =>
      text.split("\n").flatMap((line, i) => ([...line].length > MAX_LINE ? [`${path}:${i + 1}`] : [])),
    );
    expect(long).toEqual([]);
  });

  it("keeps every code file within 300 lines", () => {
    const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    const over = Object.entries(everyCodeFile)
      .filter(([, text]) => lineCount(text) > MAX_FILE_LINES)
      .map(([path, text]) => `${path}: ${lineCount(text)} lines`);
    expect(over, "split these by concern").toEqual([]);
  });
});
