#!/usr/bin/env node
/**
 * Makes local Browser Rendering work offline.
 *
 * Miniflare emulates the Browser Rendering binding by launching a Chrome for Testing build from the wrangler
 * cache folder and downloads one when it is missing — which fails on machines without internet. This script
 * installs Debian's `chromium` when it is missing (as root, with apt-get) and then places a small launcher at
 * every path miniflare looks for (one per Chrome version pinned by the miniflare copies under node_modules).
 * The launcher runs the system Chromium headless without the sandbox (containers run as root).
 *
 * The launcher runs Chromium with a parent-death signal (setpriv --pdeathsig): miniflare starts it in a process
 * group of its own, so without one a `kill -9` of the server left every browser running. It also never lets
 * WebRTC send UDP around the proxy the browser contexts use (see src/engines/browser.ts).
 *
 * `npm start` points wrangler at a launcher of this project (`.wrangler/cache`, via XDG_CACHE_HOME) that also
 * writes a pid file per browser under `.wrangler/chromium/` and, when `npm start` gave wrangler
 * EDGECRAWL_CHROMIUM_PROXY (local networks closed), sends the whole browser through the egress proxy; each run of this
 * script reaps the browsers whose launching server is gone (a fallback for machines without setpriv). The launcher
 * under ~/.cache serves every other user of miniflare (the vitest pool) and writes no pid file.
 *
 * Idempotent and quick when everything is in place; run by `npm install` (postinstall), `npm start` and
 * `npm test`. Never fails the install: it prints what is missing instead.
 * Environment: CHROMIUM_PATH (a Chromium binary to use), EDGECRAWL_SKIP_CHROMIUM=1 (do nothing).
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { browserPidDir, projectCacheHome, reapOrphanedBrowsers } from "./chromium-reaper.mjs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const log = (msg) => console.log(`[setup-chromium] ${msg}`);

if (process.env.EDGECRAWL_SKIP_CHROMIUM === "1") process.exit(0);
if (process.platform !== "linux") {
  log("not Linux: miniflare downloads its own Chrome here; nothing to do.");
  process.exit(0);
}

/** Chrome versions pinned by every miniflare copy in node_modules (the root one, wrangler's, the test plugin's). */
function pinnedChromeVersions() {
  const versions = new Set();
  const visit = (dir, depth) => {
    if (depth > 4 || !existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name === "miniflare") {
        const source = join(path, "dist", "src", "index.js");
        if (existsSync(source)) {
          const text = readFileSync(source, "utf8");
          for (const m of text.matchAll(/(?:BROWSER_VERSION\s*=|browserVersion:)\s*"(\d+\.\d+\.\d+\.\d+)"/g))
            versions.add(m[1]);
        }
      }
      if (
        entry.name === "node_modules" ||
        entry.name.startsWith("@") ||
        depth === 0 ||
        existsSync(join(path, "node_modules"))
      ) {
        visit(
          entry.name === "node_modules" || entry.name.startsWith("@") ? path : join(path, "node_modules"),
          depth + 1,
        );
      }
    }
  };
  visit(join(root, "node_modules"), 0);
  return [...versions];
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((p) => p && existsSync(p));
}

function installChromium() {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!hasApt) return false;
  const sudo = isRoot
    ? []
    : spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0
      ? ["sudo", "-n"]
      : null;
  if (!sudo) return false;
  log("installing Debian's chromium package (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], sudo.length ? [...sudo.slice(1), ...args] : args.slice(1), { stdio: "inherit", env });
  if (run(["apt-get", "install", "-y", "-qq", "chromium"]).status !== 0) {
    run(["apt-get", "update", "-qq"]);
    run(["apt-get", "install", "-y", "-qq", "chromium"]);
  }
  return Boolean(findChromium());
}

const versions = pinnedChromeVersions();
if (versions.length === 0) {
  log("no miniflare found under node_modules (run npm install first); nothing to do.");
  process.exit(0);
}
let chromium = findChromium();
if (!chromium && !installChromium()) {
  log("WARNING: no Chromium found and it could not be installed. Browser Rendering (the browser engine) will not");
  log("work locally. Install it with `sudo apt-get install chromium` (or set CHROMIUM_PATH) and run `npm run setup`.");
  process.exit(0);
}
chromium = findChromium();

const PID_DIR = browserPidDir(root);

const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p));
const baseFlags =
  "--headless=new --disable-gpu --no-first-run --disable-background-networking " +
  "--disable-component-update --disable-sync " +
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp";

/**
 * The unprivileged user the browser runs as when the machine allows it (nobody), with Chromium's own sandbox:
 * then what a page or a session's CDP client reaches is that user's, not root's. Allowed when setup runs as root
 * with setpriv and a probe — that user, the sandbox on, printing a page — succeeds; the answer is kept per
 * Chromium binary and version. EDGECRAWL_CHROMIUM_SANDBOX=0 keeps the old way (root, --no-sandbox).
 */
const BROWSER_UID = 65534;
function sandboxAllowed() {
  if (process.env.EDGECRAWL_CHROMIUM_SANDBOX === "0" || !setpriv || process.getuid?.() !== 0) return false;
  let version = "";
  try {
    version = execFileSync(chromium, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return false;
  }
  const marker = join(projectCacheHome(root), "chromium-sandbox.json");
  const key = `${chromium} ${version}`;
  try {
    const known = JSON.parse(readFileSync(marker, "utf8"));
    if (known.key === key) return known.ok;
  } catch {
    // not probed yet
  }
  const profile = mkdtempSync(join(tmpdir(), "edgecrawl-chromium-probe-"));
  chownSync(profile, BROWSER_UID, BROWSER_UID);
  const ids = [`--reuid=${BROWSER_UID}`, `--regid=${BROWSER_UID}`, "--clear-groups"];
  const probe = spawnSync(
    setpriv,
    [
      ...ids,
      chromium,
      ...baseFlags.split(" "),
      `--user-data-dir=${profile}`,
      "--dump-dom",
      "data:text/html,<p>sandbox-probe</p>",
    ],
    {
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, HOME: profile },
    },
  );
  rmSync(profile, { recursive: true, force: true });
  const ok = probe.status === 0 && probe.stdout.includes("sandbox-probe");
  mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, JSON.stringify({ key, ok }));
  log(
    ok
      ? `Chromium runs as uid ${BROWSER_UID} with its sandbox`
      : `Chromium cannot run sandboxed as uid ${BROWSER_UID} here: it runs as root with --no-sandbox`,
  );
  return ok;
}
const sandboxed = sandboxAllowed();
const flags = sandboxed ? baseFlags : `--no-sandbox ${baseFlags}`;
/**
 * Sandboxed: miniflare adds --no-sandbox itself when CI is set, and makes the profile folder as root; the launcher
 * drops that flag, gives the folder to the browser's user (its parents are world-readable), and points HOME there.
 */
const sandboxLines = `n=$#
for a in "$@"; do
  case "$a" in
    --no-sandbox) ;;
    --user-data-dir=*) profile="\${a#--user-data-dir=}"; chown -R ${BROWSER_UID}:${BROWSER_UID} "$profile" \
2>/dev/null; set -- "$@" "$a" ;;
    *) set -- "$@" "$a" ;;
  esac
done
shift $n
export HOME="\${profile:-/tmp}"
`;
/**
 * miniflare starts the browser with an environment of its own, so the launcher reads the proxy from the
 * environment of the process that launched it (wrangler, which `npm start` gives EDGECRAWL_CHROMIUM_PROXY).
 */
const proxyLines =
  `proxy=$(tr '\\0' '\\n' < /proc/$PPID/environ 2>/dev/null | ` + `sed -n 's/^EDGECRAWL_CHROMIUM_PROXY=//p')\n`;
/** The launcher script; with `pidDir`, each browser leaves "<pid>" holding its launcher's pid there. */
function launcher(pidDir) {
  const pidLines = pidDir ? `mkdir -p "${pidDir}" 2>/dev/null\necho "$PPID" > "${pidDir}/$$" 2>/dev/null\n` : "";
  const user = sandboxed ? ` --reuid=${BROWSER_UID} --regid=${BROWSER_UID} --clear-groups` : "";
  const exec = setpriv ? `exec "${setpriv}" --pdeathsig SIGKILL${user} "${chromium}"` : `exec "${chromium}"`;
  return `#!/bin/sh
# Written by edgecrawl's scripts/setup-chromium.mjs: miniflare's Browser Rendering runs the system Chromium,
# killed with the process that launched \
it${pidDir ? ", with a pid file for the reaper" : ""}${sandboxed ? `, as uid ${BROWSER_UID} with its sandbox` : ""}.
${pidLines}${pidDir ? proxyLines : ""}${sandboxed ? sandboxLines : ""}${exec} ${flags} \
${pidDir ? "${proxy:+--proxy-server=http://$proxy --proxy-bypass-list=<-loopback>} " : ""}"$@"
`;
}

const cacheRoots = [
  [join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), ".wrangler", "chrome"), launcher(null)],
  [join(projectCacheHome(root), ".wrangler", "chrome"), launcher(PID_DIR)],
];
for (const [cacheRoot, text] of cacheRoots) {
  for (const version of versions) {
    const target = join(cacheRoot, `linux-${version}`, "chrome-linux64", "chrome");
    if (existsSync(target) && readFileSync(target, "utf8") === text) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    chmodSync(target, 0o755);
    log(`Chrome ${version} for miniflare (${cacheRoot}) -> ${chromium}`);
  }
}
const reaped = reapOrphanedBrowsers(PID_DIR);
if (reaped.length)
  log(`stopped ${reaped.length} Chromium process group(s) left behind by a server that is gone: ${reaped.join(", ")}`);
try {
  const v = execFileSync(chromium, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  log(`ready (${v})`);
} catch {
  log(`ready (${chromium})`);
}
