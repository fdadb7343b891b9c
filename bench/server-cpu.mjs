/**
 * CPU time used by the server's workerd processes, read from Linux's /proc: how much of a request's latency is the
 * server's own work. workerd's main thread runs every isolate of `npm start` (the Worker, its Durable Objects, the
 * local R2 and KV simulators) and does its I/O; its other threads are V8's (concurrent garbage collection and
 * compilation), which run beside it on another core.
 *
 * Counted in the kernel's clock ticks (USER_HZ, 100 a second on Linux): over n requests the figure per request is
 * good to 10 / n ms. Null where there is no /proc (macOS): the bench then prints latency only.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10;

/** The fields of a /proc stat line after the command name: [state, ppid, pgrp, ..., utime (11), stime (12), ...]. */
function statFields(path) {
  try {
    const stat = readFileSync(path, "utf8");
    const close = stat.lastIndexOf(")");
    return { comm: stat.slice(stat.indexOf("(") + 1, close), fields: stat.slice(close + 2).split(" ") };
  } catch {
    return null; // the process or thread ended while being read
  }
}

/** CPU ms so far of the workerd processes in process group `group` (npm start's): main threads and the others. */
function readCpu(group) {
  let main = 0;
  let background = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const proc = statFields(`/proc/${pid}/stat`);
    if (proc?.comm !== "workerd" || Number(proc.fields[2]) !== group) continue;
    let threads = [];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of threads) {
      const thread = statFields(`/proc/${pid}/task/${tid}/stat`);
      if (!thread) continue;
      const ms = (Number(thread.fields[11]) + Number(thread.fields[12])) * TICK_MS;
      if (tid === pid) main += ms;
      else background += ms;
    }
  }
  return { main, background };
}

/**
 * Starts counting the CPU of `npm start`'s workerd (the process group led by `groupLeader`); the returned function
 * gives the CPU ms per request since then, for `requests` requests, or null without /proc.
 */
export function countServerCpu(groupLeader) {
  if (!existsSync("/proc/self/stat")) return () => null;
  const before = readCpu(groupLeader);
  return (requests) => {
    const after = readCpu(groupLeader);
    return {
      main: (after.main - before.main) / requests,
      background: (after.background - before.background) / requests,
      resolution: TICK_MS / requests,
    };
  };
}
