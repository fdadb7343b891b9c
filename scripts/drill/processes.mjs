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

/** The RSS in MB of the Worker's workerd runtime under `root` (`npm start` runs one). */
export function workerdMemory(root) {
  const table = processTable();
  const runtimes = descendants(root, table)
    .map((pid) => ({ pid, ...table.get(pid) }))
    .filter((p) => /\bworkerd\b.*\bserve\b/.test(p.args));
  const mb = (p) => (p ? Math.round(p.rssKb / 1024) : 0);
  return { userMb: mb(runtimes.find((p) => p.args.includes("--inspector-addr")) ?? runtimes[0]) };
}

/** Samples the workerd RSS under `root` every second until stopped: `peakMb()` is the highest seen so far. */
export function sampleRss(root) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, workerdMemory(root).userMb)), 1000);
  return { peakMb: () => peak, stop: () => clearInterval(timer) };
}

/** Chromium processes under `root` right now, with their process groups (Chromium runs in groups of its own). */
export function chromiumUnder(root) {
  const table = processTable();
  const pids = descendants(root, table).filter(
    (pid) => /chrom/i.test(table.get(pid).args) && !/\bsh\b/.test(table.get(pid).args.split(" ")[0]),
  );
  return { pids, groups: [...new Set(pids.map((pid) => table.get(pid).pgid))] };
}

/** Live processes in any of `groups`, or carrying one of `profileDirs` (Chromium's --user-data-dir). */
export function survivors(groups, profileDirs = []) {
  const table = processTable();
  return [...table]
    .filter(([, p]) => groups.includes(p.pgid) || profileDirs.some((dir) => p.args.includes(dir)))
    .map(([pid]) => pid);
}

/**
 * The Worker isolate's JavaScript heap, read over the inspector of the `npm start` process `root` (its
 * --inspector-port): { usedMb, totalMb }, or null when the inspector does not answer within 10 s. Garbage is
 * included (workerd's inspector does not answer HeapProfiler.collectGarbage). RSS minus this is what the runtime
 * holds outside JavaScript (Durable Object instances, SQLite, buffers, its allocator's free lists).
 */
export async function isolateHeap(root) {
  const { default: WebSocket } = await import("ws");
  const port = /--inspector-port (\d+)/.exec(processTable().get(root)?.args ?? "")?.[1];
  if (!port) return null;
  let ws = null;
  try {
    const targets = await (await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(5000) })).json();
    ws = new WebSocket(targets[0].webSocketDebuggerUrl);
    const socket = ws;
    const usage = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer")), 10_000);
      socket.once("error", reject);
      socket.once("open", () => socket.send(JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" })));
      socket.on("message", (data) => {
        const message = JSON.parse(String(data));
        if (message.id === 1) (clearTimeout(timer), resolve(message.result));
      });
    });
    return { usedMb: Math.round(usage.usedSize / 2 ** 20), totalMb: Math.round(usage.totalSize / 2 ** 20) };
  } catch {
    return null;
  } finally {
    ws?.close();
  }
}
