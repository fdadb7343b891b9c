/**
 * Drill, part 2: hostile input on every route and field. The routes come from the server's own OpenAPI
 * document; each operation gets a valid base request, then every body field (one level into nested objects),
 * path parameter and query parameter is replaced in turn by hostile values — wrong types, extremes, huge strings,
 * prototype-pollution keys, deep nesting, 100,000-key objects — and whole bodies are mangled (invalid JSON,
 * wrong types, 1–11 MB). Every answer must be a 4xx (or a success): a 5xx is a defect.
 */

const BIG_KEYS = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
function nested(depth) {
  let value = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Values every field gets. */
const HOSTILE_VALUES = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  "",
  " ",
  "0",
  "-1",
  "true",
  "null",
  "NaN",
  "x".repeat(10_000),
  "\u0000\ud800\uffff",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "%00%0d%0aX-Injected: 1",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "http://",
  "http://[::1",
  "ftp://example.com/",
  [],
  [null],
  ["x", 1, {}],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  nested(64),
];
/** Expensive values, given to a few fields per operation only. */
const HEAVY_VALUES = [
  () => "y".repeat(1_000_000),
  () => DEEP_MARKER,
  () => BIG_KEYS,
  () => Array.from({ length: 100_000 }, (_, i) => `v${i}`),
];
/** Stands for 20,000 nested arrays, spliced into the JSON text (JSON.stringify itself cannot go that deep). */
const DEEP_MARKER = "__deeply_nested__";
const DEEP_JSON = "[".repeat(20_000) + "]".repeat(20_000);

const ids = [
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "../../admin",
  "%00",
  "x".repeat(5000),
  "0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a",
];
const queryValues = ["-1", "0", "1e309", "abc", "", "9".repeat(400), "[]", "%00"];

/** A valid request body for each operation, so that one hostile field at a time reaches its own validation. */
function baseBodies(page) {
  return {
    "POST /v2/scrape": { url: page },
    "POST /v2/crawl": { url: page, limit: 1, sitemap: "skip" },
    "POST /v2/crawl/params-preview": { url: page, prompt: "docs only" },
    "POST /v2/batch/scrape": { urls: [page] },
    "POST /v2/map": { url: page, limit: 5, sitemap: "skip" },
    "POST /v1/crawl": { url: page, limit: 1, ignoreSitemap: true },
    "POST /v1/batch/scrape": { urls: [page] },
    "POST /admin/keys": { teamId: "drill" },
    "PUT /admin/teams/{teamId}": { balance: null },
  };
}

function resolveRef(doc, schema) {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++)
    s = s.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce((o, k) => o?.[k], doc);
  return s ?? {};
}

/** Field paths of a body schema: top-level properties and the properties of object-valued ones. */
function fieldPaths(doc, schema) {
  const paths = [];
  const top = resolveRef(doc, schema);
  const variants = [top, ...(top.anyOf ?? top.oneOf ?? top.allOf ?? []).map((s) => resolveRef(doc, s))];
  for (const variant of variants) {
    for (const [name, sub] of Object.entries(variant.properties ?? {})) {
      paths.push([name]);
      const inner = resolveRef(doc, sub);
      for (const child of Object.keys(inner.properties ?? resolveRef(doc, inner.items).properties ?? {}))
        paths.push([name, child]);
    }
  }
  return [...new Map(paths.map((p) => [p.join("."), p])).values()];
}

function withField(base, path, value) {
  const body = structuredClone(base);
  let target = body;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== "object" || target[key] === null || Array.isArray(target[key])) target[key] = {};
    target = target[key];
  }
  target[path.at(-1)] = value;
  return body;
}

/**
 * Every hostile request for the server's routes.
 * @returns {{ label: string, method: string, path: string, body?: string, headers?: Record<string, string> }[]}
 */
export function hostileRequests(doc, page) {
  const bases = baseBodies(page);
  const requests = [];
  for (const [template, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      const key = `${verb} ${template}`;
      const params = (op.parameters ?? []).map((p) => resolveRef(doc, p));
      const fill = (values = {}) =>
        template.replace(/\{(\w+)\}/g, (_, name) =>
          encodeURIComponent(
            values[name] ??
              (name === "file" ? "00000000-0000-4000-8000-000000000001.png" : "0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a"),
          ),
        );
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      const base = bases[key] ?? (bodySchema ? {} : undefined);
      const encode = (body) =>
        body === undefined
          ? undefined
          : typeof body === "string"
            ? body
            : JSON.stringify(body).replace(`"${DEEP_MARKER}"`, DEEP_JSON);
      const push = (label, path, body, headers) =>
        requests.push({ label: `${key} ${label}`, method: verb, path, body: encode(body), headers });
      if (bodySchema) {
        const fields = fieldPaths(doc, bodySchema);
        for (const [i, field] of fields.entries()) {
          for (const value of HOSTILE_VALUES) push(`body.${field.join(".")}`, fill(), withField(base, field, value));
          if (i < 3)
            for (const heavy of HEAVY_VALUES)
              push(`body.${field.join(".")} (heavy)`, fill(), withField(base, field, heavy()));
        }
        for (const raw of ["", "{", "[]", '"x"', "42", "null", '{"a":1,"a":2}', "\ufeff{}", "{}".repeat(1000)])
          push("raw body", fill(), raw);
        for (const size of [1, 5, 11])
          push(`${size} MB body`, fill(), JSON.stringify({ ...base, padding: "z".repeat(size * 1024 * 1024) }));
        push("text/plain body", fill(), JSON.stringify(base), { "content-type": "text/plain" });
      }
      for (const param of params.filter((p) => p.in === "path"))
        for (const id of ids) push(`path.${param.name}`, fill({ [param.name]: id }), base);
      for (const param of params.filter((p) => p.in === "query")) {
        for (const value of queryValues)
          push(`query.${param.name}`, `${fill()}?${param.name}=${encodeURIComponent(value)}`, base);
      }
      push("no key", fill(), base, { authorization: "" });
      push("bad key", fill(), base, { authorization: "Bearer ec-not-a-key" });
      push("huge key", fill(), base, { authorization: `Bearer ${"k".repeat(16_000)}` });
    }
  }
  return requests;
}

/** Sends every request (a few at a time); returns the 5xx answers and a status histogram. */
export async function runHostile({ url, apiKey, page, width = 12, log = console.log }) {
  const doc = await (await fetch(`${url}/v2/openapi.json`)).json();
  const requests = hostileRequests(doc, page);
  const statuses = {};
  const failures = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < requests.length) {
        const r = requests[next++];
        const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...r.headers };
        if (headers.authorization === "") delete headers.authorization;
        let status;
        let text = "";
        try {
          const response = await fetch(`${url}${r.path}`, {
            method: r.method,
            headers,
            body: r.method === "GET" || r.method === "DELETE" ? undefined : r.body,
            signal: AbortSignal.timeout(120_000),
          });
          status = response.status;
          text = await response.text();
        } catch (e) {
          status = `ERR ${e.cause?.code ?? e.name}`;
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (typeof status !== "number" || status >= 500)
          failures.push({ label: r.label, status, answer: text.slice(0, 160) });
      }
    }),
  );
  log(`  ${requests.length} requests over ${Object.keys(doc.paths ?? {}).length} paths: ${JSON.stringify(statuses)}`);
  for (const f of failures.slice(0, 15)) log(`    ${f.status} ${f.label}: ${f.answer}`);
  return { total: requests.length, statuses, failures };
}
