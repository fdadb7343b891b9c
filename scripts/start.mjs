#!/usr/bin/env node
/**
 * `npm start [-- <arguments of scripts/worker-host.mjs>]`: everything a fresh checkout needs to serve the API locally.
 * 1. Makes sure the local Chromium for Browser Rendering is in place (scripts/setup-chromium.mjs), which also
 *    reaps Chromium processes a killed earlier server left behind.
 * 2. Makes sure `.dev.vars` has an API key, a webhook secret and a URL-signing secret: generates them on first run
 *    and prints the key and the webhook secret.
 *    (Skipped when `--env-file` is given: the Worker then reads that file instead of .dev.vars.)
 * 3. Starts the local egress proxy (scripts/egress-proxy.mjs) and hands its URL to the Worker as
 *    EGRESS_PROXY_URL: while ALLOW_LOCAL_NETWORK is off, outbound traffic (the Worker's and the browser's) goes
 *    through it and local addresses are refused after resolution. EDGECRAWL_EGRESS_HOSTS ("name=ip,…", extra host
 *    entries) and EDGECRAWL_EGRESS_ALLOW ("ip[:port],…", local addresses that may be reached anyway) tune it.
 * 4. Runs the Worker on Miniflare (scripts/worker-host.mjs) on http://127.0.0.1:8787 (`--ip`/`--port` move it),
 *    local state persisted under .wrangler/state; other arguments go to it (e.g. `npm start -- --var
 *    ALLOW_LOCAL_NETWORK:true`, `--persist-to DIR`, `--env-file FILE`, `--watch`).
 * The host runs with a parent-death signal, so even a `kill -9` of this process takes it (and its Chromium) down.
 *
 * Every setting in .dev.vars reaches the Worker.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, appendFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { projectCacheHome } from "./chromium-reaper.mjs";
import { parseAllowList, parseHostEntries, startEgressProxy } from "./egress-proxy.mjs";
import { parseArguments, readDotenv } from "./worker-host.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const devVarsPath = join(root, ".dev.vars");
const args = process.argv.slice(2);
// The host's own reading of the arguments: a bad one stops here, before anything starts.
let options;
try {
  options = parseArguments(args);
} catch (error) {
  console.error(`\n  ${error.message}\n`);
  process.exit(1);
}
/** The env file the Worker reads: `--env-file`, else .dev.vars. */
const envFile = options.envFile ?? devVarsPath;

spawnSync(process.execPath, [join(root, "scripts", "setup-chromium.mjs")], { stdio: "inherit" });

const publicHost = options.ip;
const publicPort = options.port;
const baseUrl = `http://${publicHost.includes(":") ? `[${publicHost}]` : publicHost}:${publicPort}`;

/** First run: generate an API key and the secrets into .dev.vars, and print what the user needs. */
function ensureDevVars() {
  const vars = readDotenv(devVarsPath);
  const additions = [];
  if (!vars.API_KEYS && !process.env.API_KEYS) {
    const key = `ec-${randomBytes(16).toString("hex")}`;
    additions.push(`API_KEYS=default:${key}`);
    console.log(
      `\n  No API key configured: generated one for team "default" and saved it in .dev.vars\n\n    API key: ${key}\n`,
    );
    console.log(
      `  Try: curl -s ${baseUrl}/v2/scrape -H "Authorization: Bearer ${key}" \\\n         -H ` +
        `"Content-Type: application/json" -d '{"url":"https://example.com"}'\n`,
    );
  } else {
    // Keys and secrets are printed once, when generated: a log kept of every start must not hold them.
    console.log(`\n  API keys: API_KEYS in ${vars.API_KEYS ? ".dev.vars" : "the environment"}\n`);
  }
  if (!vars.SIGNING_SECRET && !process.env.SIGNING_SECRET)
    additions.push(`SIGNING_SECRET=${randomBytes(24).toString("hex")}`);
  if (!vars.WEBHOOK_SECRET && !process.env.WEBHOOK_SECRET) {
    const secret = randomBytes(24).toString("hex");
    additions.push(`WEBHOOK_SECRET=${secret}`);
    console.log(`  Webhooks are signed with WEBHOOK_SECRET=${secret} (saved in .dev.vars)\n`);
  }
  warnOfUnsignedTeams(vars.API_KEYS ?? process.env.API_KEYS, vars.WEBHOOK_SECRETS ?? process.env.WEBHOOK_SECRETS);
  if (additions.length) {
    const prefix = existsSync(devVarsPath) && !readFileSync(devVarsPath, "utf8").endsWith("\n") ? "\n" : "";
    appendFileSync(devVarsPath, `${prefix}${additions.join("\n")}\n`);
  }
}

/**
 * WEBHOOK_SECRET signs only for a single-team install (src/jobs/webhook-signing.ts): name the API_KEYS teams that have
 * no WEBHOOK_SECRETS entry, whose webhooks will be refused until they get a secret (minted teams get theirs).
 */
function warnOfUnsignedTeams(apiKeys = "", teamSecrets = "") {
  const teamOf = (entry) => (entry.includes(":") ? entry.slice(0, entry.indexOf(":")).trim() : "default");
  const teams = new Set(
    apiKeys
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean)
      .map(teamOf),
  );
  if (teams.size < 2) return;
  const signed = new Set(
    teamSecrets
      .split(",")
      .filter((e) => e.includes(":"))
      .map(teamOf),
  );
  const missing = [...teams].filter((team) => !signed.has(team));
  if (missing.length)
    console.log(
      `  API_KEYS names ${teams.size} teams: webhooks of ${missing.join(", ")} are refused until ` +
        `WEBHOOK_SECRETS (team:secret) or POST /admin/teams/<team>/webhook-secret gives each its own secret\n`,
    );
}

// With --env-file, the Worker reads that file instead of .dev.vars: nothing to generate there.
if (options.envFile === undefined) ensureDevVars();

const defaults = [];
// Settings given in the environment (e.g. API_KEYS=... npm start) are handed to the Worker as --var, over .dev.vars.
for (const name of ["API_KEYS", "SIGNING_SECRET", "WEBHOOK_SECRET", "WEBHOOK_SECRETS"]) {
  if (process.env[name] && options.envFile === undefined) defaults.push("--var", `${name}:${process.env[name]}`);
}
const userGateway = Boolean(options.vars.EGRESS_PROXY_URL || readDotenv(envFile).EGRESS_PROXY_URL);
const egress = userGateway
  ? null
  : await startEgressProxy({
      hosts: parseHostEntries(process.env.EDGECRAWL_EGRESS_HOSTS),
      allow: parseAllowList(process.env.EDGECRAWL_EGRESS_ALLOW),
      log: (line) => console.log(line),
    });
if (egress) defaults.push("--var", `EGRESS_PROXY_URL:${egress.url}`);

/** ALLOW_LOCAL_NETWORK as the Worker will see it: `--var`, else the env file, else wrangler.toml's "false". */
const localNetworkAllowed = () =>
  (options.vars.ALLOW_LOCAL_NETWORK ?? readDotenv(envFile).ALLOW_LOCAL_NETWORK) === "true";
// Browser sessions drive the browser's default context over CDP, where no per-context proxy applies: while local
// networks are closed, the whole browser goes through the egress proxy (the launcher reads this, see
// setup-chromium.mjs), so a session's pages, WebSockets included, reach only what the proxy allows.
const browserProxy = egress && !localNetworkAllowed() ? new URL(egress.url).host : undefined;
// This project's Chromium launcher (pid files for the reaper), see setup-chromium.mjs.
const env = {
  WRANGLER_SEND_METRICS: "false",
  ...process.env,
  XDG_CACHE_HOME: projectCacheHome(root),
  EDGECRAWL_CHROMIUM_PROXY: browserProxy ?? "",
};
// setpriv's parent-death signal: the host gets SIGTERM if this process dies, even by SIGKILL.
const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p));
const command = setpriv ? [setpriv, "--pdeathsig", "SIGTERM", process.execPath] : [process.execPath];
const host = join(root, "scripts", "worker-host.mjs");
const child = spawn(command[0], [...command.slice(1), host, ...defaults, ...args], {
  stdio: "inherit",
  cwd: root,
  env,
});

const shutDown = async (code) => {
  await egress?.close();
  process.exit(code);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => void shutDown(signal ? 1 : (code ?? 0)));

for (;;) {
  if (child.exitCode !== null) break;
  const up = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (up) break;
  await new Promise((r) => setTimeout(r, 250));
}
if (child.exitCode === null) console.log(`\n  edgecrawl is ready on ${baseUrl}\n`);
