#!/usr/bin/env node
/**
 * `npm run toolchain:check` (part of `npm run check`): fails unless the lockfile installs exactly one wrangler, one
 * miniflare and one workerd, so `npm start`, `npm test` (the test pool runs wrangler's own miniflare) and
 * `npm run deploy` use the same runtime. Prints the versions and the runtime's date.
 *
 * Why wrangler 4.86.0: it is the newest wrangler that runs on Node 20 (4.87.0 and later require Node 22), and
 * @cloudflare/vitest-pool-workers 0.15.1 is the test pool built on it (the later pools, and @cloudflare/vitest-plugin,
 * pin newer wranglers).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));

/** Every version of a package the lockfile installs, with where. */
function installed(name) {
  const found = new Map();
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path !== `node_modules/${name}` && !path.endsWith(`/node_modules/${name}`)) continue;
    found.set(entry.version, [...(found.get(entry.version) ?? []), path]);
  }
  return found;
}

let failed = false;
const lines = [];
for (const name of ["wrangler", "miniflare", "workerd"]) {
  const versions = installed(name);
  if (versions.size !== 1) {
    failed = true;
    const where = [...versions].map(([version, paths]) => `${version} (${paths.join(", ")})`).join("; ");
    console.error(
      `toolchain: ${versions.size === 0 ? "no" : versions.size} versions ` +
        `of ${name} in package-lock.json${where ? `: ${where}` : ""}`,
    );
    continue;
  }
  const [version] = versions.keys();
  // workerd 1.YYYYMMDD.N: the runtime's release date.
  const date = name === "workerd" ? /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version) : null;
  lines.push(`${name} ${version}${date ? ` (runtime ${date[1]}-${date[2]}-${date[3]})` : ""}`);
}
if (failed) {
  console.error(
    "npm start, npm test and deploy must share one wrangler and one runtime: align the versions in package.json.",
  );
  process.exitCode = 1;
} else {
  console.log(`toolchain: one ${lines.join(", one ")} for start, tests and deploy`);
}
