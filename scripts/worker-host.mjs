#!/usr/bin/env node
/**
 * The local runtime behind `npm start`: the Worker on Miniflare, the public address a socket of the Worker itself.
 * `wrangler dev` put its proxy Worker (which holds requests while the Worker reloads, and lost POSTs to a keep-alive
 * race) and, because of that race, our front door before the same runtime; with Miniflare's router they were 7 ms of
 * every answer (`GET /`, p50: 8.2 ms then, 1.2 ms now). A socket of the Worker has no router: no `request.cf` (the
 * Worker reads none) and no Miniflare error page (the API answers its own errors).
 *
 * - The code is the bundle a deploy uploads (`wrangler deploy --dry-run`, scripts/worker-build.mjs).
 * - Bindings come from wrangler.toml through wrangler's own translation (`unstable_getMiniflareWorkerOptions`, what
 *   `wrangler dev` runs), so KV, R2, Queues, Durable Objects, Browser Rendering, Worker Loader and send_email are
 *   the same; state is kept where `wrangler dev` kept it (`<persist-to>/v3`), so older state folders still load.
 * - Settings: wrangler.toml's [vars], then the env file (`.dev.vars`, or `--env-file`), then `--var KEY:VALUE`.
 *
 * Arguments, the part of `wrangler dev`'s that applies here: --ip, --port, --persist-to, --env-file, --var,
 * --inspector-port (the isolate's inspector, read by the drill), --watch (rebuild and reload on edits).
 */
import { existsSync, readdirSync, readFileSync, watch } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { buildWorker } from "./worker-build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const configPath = join(root, "wrangler.toml");
const WATCHED = ["src", "durable-objects", "queues"];

/** Reads KEY=value lines of a dotenv file (quotes around a value are dropped). */
export function readDotenv(path) {
  const vars = {};
  if (!existsSync(path)) return vars;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) vars[m[1]] = m[2].replace(/^(['"])(.*)\1$/, "$2");
  }
  return vars;
}

/** `wrangler dev`'s arguments that mean something here; anything else is refused by name. */
export function parseArguments(argv) {
  const options = { ip: "127.0.0.1", port: 8787, vars: {}, watch: false };
  const valueOf = (i) => {
    const arg = argv[i];
    if (arg.includes("=")) return [arg.slice(arg.indexOf("=") + 1), i];
    if (argv[i + 1] === undefined) throw new Error(`${arg} needs a value`);
    return [argv[i + 1], i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i].split("=")[0];
    if (flag === "--watch") options.watch = true;
    else if (flag === "--var") {
      // `--var A:1 B:2` as wrangler reads it: every following KEY:VALUE word.
      const words = [];
      if (argv[i].includes("=")) words.push(argv[i].slice("--var=".length));
      else while (argv[i + 1] !== undefined && !argv[i + 1].startsWith("--")) words.push(argv[++i]);
      if (!words.length) throw new Error("--var needs KEY:VALUE");
      for (const word of words) {
        const at = word.indexOf(":");
        if (at < 1) throw new Error(`--var takes KEY:VALUE, got "${word}"`);
        options.vars[word.slice(0, at)] = word.slice(at + 1);
      }
    } else if (["--ip", "--port", "--persist-to", "--env-file", "--inspector-port"].includes(flag)) {
      const [value, next] = valueOf(i);
      i = next;
      const key = { "--ip": "ip", "--persist-to": "persistTo", "--env-file": "envFile" }[flag];
      if (key) options[key] = value;
      else options[flag === "--port" ? "port" : "inspectorPort"] = Number(value);
    } else
      throw new Error(
        `npm start does not take ${argv[i]} (it takes --ip, --port, --persist-to, --env-file, --var KEY:VALUE, ` +
          `--inspector-port, --watch)`,
      );
  }
  return options;
}

function miniflareOptions(options, outdir) {
  const config = unstable_readConfig({ config: configPath });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const envFile = options.envFile ?? join(root, ".dev.vars");
  return {
    // Miniflare's own entry (its router Worker, used for nothing here) on a private port; the public address is a
    // socket of the Worker itself, without the router's ~1.3 ms (measured: 2.1 ms → 0.8 ms for a trivial Worker).
    host: "127.0.0.1",
    port: 0,
    inspectorPort: options.inspectorPort,
    defaultPersistRoot: join(options.persistTo ?? join(root, ".wrangler", "state"), "v3"),
    // No request.cf lookup on the internet: a placeholder object, as wrangler dev gives offline.
    cf: false,
    logRequests: false,
    log: new Log(LogLevel.INFO),
    workers: [
      {
        name: config.name,
        ...workerOptions,
        bindings: { ...workerOptions.bindings, ...readDotenv(envFile), ...options.vars },
        unsafeDirectSockets: [{ host: options.ip, port: options.port }],
        modules: true,
        modulesRoot: outdir,
        scriptPath: join(outdir, "index.js"),
      },
    ],
  };
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  // Handled from the start: a stop while the runtime starts must not leave workerd holding the port.
  let mf = null;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 5000).unref();
    await mf?.dispose().catch(() => {});
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void stop());
  mf = new Miniflare(miniflareOptions(options, buildWorker(root).dir));
  await mf.ready;

  if (!options.watch) return;
  let timer = null;
  const reload = async () => {
    try {
      await mf.setOptions(miniflareOptions(options, buildWorker(root).dir));
      console.log("  [watch] rebuilt and reloaded");
    } catch (error) {
      console.error(`  [watch] ${error.message}`);
    }
  };
  // One watcher per folder (Node 20's recursive watch on Linux misses files replaced by rename, as editors save).
  const folders = WATCHED.flatMap((name) => [
    join(root, name),
    ...readdirSync(join(root, name), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name)),
  ]);
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), 300);
  };
  for (const folder of folders) watch(folder, changed);
  watch(root, (_event, name) => name === "wrangler.toml" && changed());
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main().catch((error) => {
    console.error(`\n  ${error.message}\n`);
    process.exit(1);
  });
