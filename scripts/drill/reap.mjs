/**
 * Drill, part 5: is anything left running after the server stops? For each way of stopping it — Ctrl-C (SIGINT to
 * the process group), SIGTERM to `npm start`, `kill -9` of the whole group, `kill -9` of `npm start` alone — a
 * fresh server renders a page (so Chromium runs), is stopped, and every process of its tree, Chromium's own
 * process groups included, is counted 10 s later. Survivors are then killed (they are the drill's own).
 */
import { chromiumUnder, descendants, processTable, survivors } from "./processes.mjs";

const WAYS = [
  ["Ctrl-C (SIGINT to the process group)", (server) => process.kill(-server.pid, "SIGINT")],
  ["SIGTERM to npm start", (server) => process.kill(server.pid, "SIGTERM")],
  ["kill -9 of the process group", (server) => process.kill(-server.pid, "SIGKILL")],
  ["kill -9 of npm start alone", (server) => process.kill(server.pid, "SIGKILL")],
];

export async function runReap({ start, renderUrl, log = console.log }) {
  const rows = [];
  for (const [way, stop] of WAYS) {
    const server = await start();
    const auth = { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" };
    const rendered = await fetch(`${server.url}/v2/scrape`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ url: renderUrl(), waitFor: 100 }),
    });
    await rendered.text();
    const tree = descendants(server.pid);
    const { pids: browsers, groups } = chromiumUnder(server.pid);
    const table = processTable();
    const profiles = browsers
      .map((pid) => /--user-data-dir=(\S+)/.exec(table.get(pid)?.args ?? "")?.[1])
      .filter(Boolean);
    stop(server);
    await new Promise((r) => setTimeout(r, 10_000));
    const alive = new Set(processTable().keys());
    const left = [...new Set([...tree.filter((pid) => alive.has(pid)), ...survivors(groups, profiles)])];
    const chromiumLeft = left.filter((pid) => /chrom/i.test(processTable().get(pid)?.args ?? ""));
    rows.push({ way, browserProcesses: browsers.length, left: left.length, chromiumLeft: chromiumLeft.length });
    log(
      `  ${way.padEnd(40)} Chromium processes while ` +
        `running: ${String(browsers.length).padStart(2)}  left after 10 s: ${left.length} ` +
        `(Chromium ${chromiumLeft.length})`,
    );
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    await server.stop({ signal: "SIGKILL" }).catch(() => {});
  }
  return rows;
}
