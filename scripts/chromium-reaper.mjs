/**
 * Finds and stops the Chromium processes of a server that is gone. miniflare launches each local browser in a
 * process group of its own, so stopping the server (even its whole process group) does not stop them; the
 * launcher written by setup-chromium.mjs gives them a parent-death signal, and — for `npm start` — leaves a pid
 * file `<pid>` holding the launching process's pid. A browser whose launcher is no longer its parent is an orphan:
 * its process group is killed. Linux only (reads /proc).
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/** The cache home `npm start` gives wrangler, so that miniflare runs this project's launcher. */
export function projectCacheHome(root) {
  return join(root, ".wrangler", "cache");
}

/** Where this project's launcher writes its pid files. */
export function browserPidDir(root) {
  return join(root, ".wrangler", "chromium");
}

/** The parent pid of `pid` from /proc, or null when the process is gone. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

function isChromium(pid) {
  try {
    return /chrom/i.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return false;
  }
}

/** Live browsers recorded in `pidDir`: `{ pid, launcher, orphaned }`. */
export function recordedBrowsers(pidDir) {
  if (!existsSync(pidDir)) return [];
  const browsers = [];
  for (const name of readdirSync(pidDir)) {
    const pid = Number(name);
    const launcher = Number(readFileSync(join(pidDir, name), "utf8").trim());
    const parent = parentOf(pid);
    if (!Number.isInteger(pid) || parent === null || !isChromium(pid)) {
      rmSync(join(pidDir, name), { force: true });
      continue;
    }
    browsers.push({ pid, launcher, orphaned: parent !== launcher });
  }
  return browsers;
}

/** Kills the process group of every orphaned browser recorded in `pidDir`; returns their pids. */
export function reapOrphanedBrowsers(pidDir) {
  const reaped = [];
  for (const { pid, orphaned } of recordedBrowsers(pidDir)) {
    if (!orphaned) continue;
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(join(pidDir, String(pid)), { force: true });
    reaped.push(pid);
  }
  return reaped;
}
