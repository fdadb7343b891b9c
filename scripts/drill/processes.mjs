/**
 * Process facts for the drill, read from /proc (Linux): the process tree under a server, the workerd runtimes
 * in it and their resident memory, and whether Chromium processes are alive.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Every live process: pid → { ppid, pgid, rssKb, args }. */
export function processTable() {
  const table = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const rssPages = Number(fields[21]);
      const args = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ").trim();
      table.set(Number(name), { ppid: Number(fields[1]), pgid: Number(fields[2]), rssKb: rssPages * 4, args });
    } catch {
      // exited while we looked
    }
  }
  return table;
}

/** pids of `root` and all its descendants. */
export function descendants(root, table = processTable()) {
  const out = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of table) if (!out.has(pid) && out.has(p.ppid)) (out.add(pid), (grew = true));
  }
  return [...out].filter((pid) => table.has(pid));
}

/**
 * The workerd runtimes under `root`: `user` is the Worker's (it has the inspector), `proxy` is wrangler's
 * ProxyWorker. RSS in MB.
 */
export function workerdMemory(root) {
  const table = processTable();
  const runtimes = descendants(root, table).map((pid) => ({ pid, ...table.get(pid) })).filter((p) => /\bworkerd\b.*\bserve\b/.test(p.args));
  const mb = (p) => (p ? Math.round(p.rssKb / 1024) : 0);
  const user = runtimes.find((p) => p.args.includes("--inspector-addr"));
  const proxy = runtimes.find((p) => p !== user);
  return { userMb: mb(user), proxyMb: mb(proxy), totalMb: runtimes.reduce((sum, p) => sum + mb(p), 0) };
}

/** Chromium processes under `root` right now, with their process groups (Chromium runs in groups of its own). */
export function chromiumUnder(root) {
  const table = processTable();
  const pids = descendants(root, table).filter((pid) => /chrom/i.test(table.get(pid).args) && !/\bsh\b/.test(table.get(pid).args.split(" ")[0]));
  return { pids, groups: [...new Set(pids.map((pid) => table.get(pid).pgid))] };
}

/** Live processes in any of `groups`, or carrying one of `profileDirs` (Chromium's --user-data-dir). */
export function survivors(groups, profileDirs = []) {
  const table = processTable();
  return [...table].filter(([, p]) => groups.includes(p.pgid) || profileDirs.some((dir) => p.args.includes(dir))).map(([pid]) => pid);
}
