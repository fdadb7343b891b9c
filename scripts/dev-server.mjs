/**
 * Starts edgecrawl the way a user does — `node scripts/start.mjs` (= `npm start`), i.e. the Worker on Miniflare with
 * local KV/R2/DO/Queues and the local Chromium — on a free port with a throw-away state folder. Used by the e2e
 * tests' globalSetup and by the bench. Resolves once the API answers.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export const DEV_API_KEY = "ec-e2e-key";

/** @returns {Promise<number>} */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {{port: number}} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Settings reach the server the way a user gives them. By default they are written to a throw-away env file passed
 * with `--env-file`, so the developer's own `.dev.vars` (which is then skipped) never leaks into a test run.
 * With `devVars: true` nothing is passed and the project's `.dev.vars` is what configures the server (`root` may
 * point to a scratch copy of the project that holds one).
 *
 * `env` adds environment variables for npm start itself (e.g. EDGECRAWL_EGRESS_HOSTS for the egress proxy).
 *
 * @param {{ port?: number, persistTo?: string, vars?: Record<string, string>, env?: Record<string, string>, timeoutMs?:
 * number, root?: string, devVars?: boolean }} [options]
 * @returns {Promise<{ url: string, apiKey: string, persistTo: string, pid: number, exited: Promise<unknown>, stop:
 * (opts?: {keepState?: boolean, signal?: NodeJS.Signals}) => Promise<void>, output: () => string }>}
 */
export async function startServer(options = {}) {
  // A port found free can be taken by another process before the server binds it (parallel test servers, fixtures):
  // when the port was ours to choose, such a start is tried again on fresh ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      const portTaken = options.port === undefined && /address already in use|EADDRINUSE/i.test(String(error));
      if (!portTaken || attempt === 3) throw error;
    }
  }
}

/** @param {Parameters<typeof startServer>[0]} options */
async function startServerOnce(options = {}) {
  const port = options.port ?? (await freePort());
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), "edgecrawl-dev-"));
  const projectRoot = options.root ?? root;
  // A free inspector port too: the drill reads the isolate's heap through it.
  const args = [
    join(projectRoot, "scripts", "start.mjs"),
    "--port",
    String(port),
    "--inspector-port",
    String(await freePort()),
    "--persist-to",
    persistTo,
  ];
  const childEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", ...options.env };
  if (!options.devVars) {
    const vars = {
      API_KEYS: `default:${DEV_API_KEY}`,
      SIGNING_SECRET: "e2e-signing-secret",
      WEBHOOK_SECRET: "e2e-webhook-secret",
      ALLOW_LOCAL_NETWORK: "true",
      ...options.vars,
    };
    const envFile = join(persistTo, "test.env");
    writeFileSync(
      envFile,
      Object.entries(vars)
        .map(([name, value]) => `${name}=${JSON.stringify(String(value))}`)
        .join("\n") + "\n",
    );
    args.push("--env-file", envFile);
  }
  let log = "";
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const kill = (signal = "SIGTERM") => {
    try {
      process.kill(-child.pid, signal); // the whole group: start.mjs, the host, workerd
    } catch {
      child.kill(signal);
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      if (!options.persistTo) rmSync(persistTo, { recursive: true, force: true });
      throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`npm start did not answer in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    apiKey: DEV_API_KEY,
    persistTo,
    pid: child.pid,
    exited,
    output: () => log,
    stop: async ({ keepState = Boolean(options.persistTo), signal = "SIGTERM" } = {}) => {
      if (child.exitCode === null) kill(signal);
      await exited;
      if (!keepState) rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
