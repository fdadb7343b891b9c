/**
 * The bundle `npm start` serves: exactly what `wrangler deploy` uploads, built by `wrangler deploy --dry-run`.
 * A build takes about 7 s (most of it esbuild minifying 4 MB), so it is kept under `.wrangler/build/<hash of the
 * inputs>` and a start with unchanged sources reuses it. Builds land by rename, so servers starting side by side
 * never see a half-written one; builds of other inputs are removed after a day.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const INPUTS = ["src", "durable-objects", "queues", "wrangler.toml", "package-lock.json", "tsconfig.json"];
const STALE_MS = 24 * 60 * 60 * 1000;

/** A hash of every file the bundle is made from. */
function inputsHash(root) {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
          .sort()
      : [path];
    for (const file of files) hash.update(file.slice(root.length)).update("\0").update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** @returns {{ dir: string, reused: boolean }} the folder holding index.js */
export function buildWorker(root) {
  const builds = join(root, ".wrangler", "build");
  const dir = join(builds, inputsHash(root));
  if (existsSync(join(dir, "index.js"))) return { dir, reused: true };
  mkdirSync(builds, { recursive: true });
  const outdir = mkdtempSync(join(builds, "tmp-"));
  const wrangler = join(root, "node_modules", "wrangler", "bin", "wrangler.js");
  const run = spawnSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", outdir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (run.status !== 0) {
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(`The Worker did not build:\n${run.stdout}${run.stderr}`);
  }
  try {
    renameSync(outdir, dir);
  } catch {
    rmSync(outdir, { recursive: true, force: true }); // another start landed the same build first
  }
  for (const name of readdirSync(builds)) {
    const path = join(builds, name);
    if (path !== dir && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
  return { dir, reused: false };
}
