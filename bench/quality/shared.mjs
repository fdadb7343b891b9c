/**
 * What the quality scripts share: where the shared quality data lives (../shared/quality next to a checkout, two
 * levels up from a worktree under wt/, or QUALITY_DIR), the server's page path bundled for Node (page-path.ts), and
 * the benchmark's word F1, and the scripts' option reader.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function qualityDir() {
  const candidates = [
    process.env.QUALITY_DIR,
    join(root, "..", "shared", "quality"),
    join(root, "..", "..", "shared", "quality"),
  ];
  const found = candidates.find((dir) => dir && existsSync(join(dir, "text.mjs")));
  if (!found)
    throw new Error("../shared/quality not found (set QUALITY_DIR to the folder holding score.mjs and wcxb-dev/)");
  return found;
}

/**
 * bench/quality/page-path.ts bundled with esbuild and loaded: the server's own page path, run in Node. With `set`
 * ({ name, value }), the one numeric constant of src/ declared as `const <name> = <number>;` is bundled with that
 * value instead (the source files are not touched): how sweep.mjs tries a threshold.
 */
export async function loadPagePath({ set } = {}) {
  const { build } = await import("esbuild"); // only the scripts that run the page path need it
  const bundle = join(tmpdir(), `edgecrawl-quality-${process.pid}-${Date.now()}.mjs`);
  const declared = set && new RegExp(`^((?:export )?const ${set.name} = )[0-9.]+;`, "m");
  let found = 0;
  const setConstant = {
    name: "set-constant",
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (!declared.test(source)) return undefined;
        found++;
        return { contents: source.replace(declared, `$1${set.value};`), loader: "ts" };
      });
    },
  };
  await build({
    entryPoints: [join(root, "bench", "quality", "page-path.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bundle,
    logLevel: "error",
    plugins: set ? [setConstant] : [],
  });
  try {
    if (set && found !== 1) throw new Error(`${set.name}: declared as a number in ${found} files of src/, not one`);
    return await import(pathToFileURL(bundle).href);
  } finally {
    // Loaded once, so the file is not needed afterwards (runs used to leave one in /tmp).
    rmSync(bundle, { force: true });
  }
}

/** The benchmark's tokens: lowercase runs of letters, digits, marks and underscores. */
export const tokens = (s) => (s || "").toLowerCase().match(/[\p{L}\p{N}\p{Mn}\p{Mc}_]+/gu) || [];

/** Word-level precision, recall and F1 of `pred` against `ref`, as ../shared/quality/score.mjs computes them. */
export function wordF1(pred, ref) {
  const p = tokens(pred),
    r = tokens(ref);
  if (!r.length) return p.length ? [0, 0, 0] : [1, 1, 1];
  if (!p.length) return [0, 0, 0];
  const count = new Map();
  for (const t of r) count.set(t, (count.get(t) || 0) + 1);
  let overlap = 0;
  for (const t of p) {
    const c = count.get(t);
    if (c) {
      overlap++;
      count.set(t, c - 1);
    }
  }
  const P = overlap / p.length,
    R = overlap / r.length;
  return [P, R, P + R ? (2 * P * R) / (P + R) : 0];
}

/** A reader of `--name value` options in `args`: `opt("every", 1)` is the value after `--every`, or 1. */
export function optionReader(args) {
  return (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
}

/**
 * The WCXB pages under `data` (its ground-truth folder), with their type (WCXB's "category" read as "collection"),
 * URL, main content and snippets; `types`, `onlyIds` (sets) and `every` (one page in K) narrow the set.
 */
export function loadPages(data, { types = null, onlyIds = null, every = 1 } = {}) {
  const pages = [];
  readdirSync(join(data, "ground-truth"))
    .sort()
    .forEach((file, i) => {
      const id = file.replace(/\.json$/, "");
      if (i % every !== 0 || (onlyIds && !onlyIds.has(id))) return;
      const doc = JSON.parse(readFileSync(join(data, "ground-truth", file), "utf8"));
      const truth = doc.ground_truth || {};
      let type = doc._internal?.page_type?.primary ?? doc._internal?.page_type ?? "article";
      if (type === "category") type = "collection";
      if (types && !types.has(type)) return;
      pages.push({
        id,
        type,
        url: doc.url || `http://127.0.0.1/${id}/`,
        text: truth.main_content || "",
        with: truth.with || [],
        without: truth.without || [],
      });
    });
  return pages;
}

/** The stored HTML of WCXB page `id` under `data` (its html folder holds one gzipped file per page), as text. */
export function pageHtml(data, id) {
  return gunzipSync(readFileSync(join(data, "html", `${id}.html.gz`))).toString("utf8");
}
