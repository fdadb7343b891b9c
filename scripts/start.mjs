#!/usr/bin/env node
/**
 * `npm start [-- <wrangler dev args>]`: everything a fresh checkout needs to serve the API locally.
 * 1. Makes sure the local Chromium for Browser Rendering is in place (scripts/setup-chromium.mjs).
 * 2. Makes sure `.dev.vars` has an API key, a webhook secret and a URL-signing secret: generates them on first run
 *    and prints the key and the webhook secret.
 *    (Skipped when `--env-file` is given: wrangler then reads that file instead of .dev.vars.)
 * 3. Runs `wrangler dev` on http://127.0.0.1:8787 with local state persisted under .wrangler/state; extra
 *    arguments go to wrangler (e.g. `npm start -- --port 9000`, `--var ALLOW_LOCAL_NETWORK:true`).
 *
 * Every setting in .dev.vars reaches the Worker (wrangler.toml has no `[secrets] required` block, which would make
 * wrangler load only the listed names).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, appendFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const devVarsPath = join(root, ".dev.vars");
const args = process.argv.slice(2);

spawnSync(process.execPath, [join(root, "scripts", "setup-chromium.mjs")], { stdio: "inherit" });

/** Reads KEY=value lines of a dotenv file. */
function readDotenv(path) {
  const vars = {};
  if (!existsSync(path)) return vars;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) vars[m[1]] = m[2].replace(/^(['"])(.*)\1$/, "$2");
  }
  return vars;
}

const has = (flag) => args.some((a) => a === flag || a.startsWith(`${flag}=`));
const portArg = args.find((a, i) => args[i - 1] === "--port") ?? args.find((a) => a.startsWith("--port="))?.slice(7);
const baseUrl = `http://127.0.0.1:${portArg ?? 8787}`;
/** First run: generate an API key and the secrets into .dev.vars, and print what the user needs. */
function ensureDevVars() {
  const vars = readDotenv(devVarsPath);
  const additions = [];
  if (!vars.API_KEYS && !process.env.API_KEYS) {
    const key = `ec-${randomBytes(16).toString("hex")}`;
    additions.push(`API_KEYS=default:${key}`);
    console.log(`\n  No API key configured: generated one for team "default" and saved it in .dev.vars\n\n    API key: ${key}\n`);
    console.log(`  Try: curl -s ${baseUrl}/v2/scrape -H "Authorization: Bearer ${key}" \\\n         -H "Content-Type: application/json" -d '{"url":"https://example.com"}'\n`);
  } else {
    const first = (vars.API_KEYS || process.env.API_KEYS || "").split(",")[0]?.trim() ?? "";
    const key = first.includes(":") ? first.slice(first.indexOf(":") + 1) : first;
    if (key) console.log(`\n  API key (from ${vars.API_KEYS ? ".dev.vars" : "the environment"}): ${key}\n`);
  }
  if (!vars.SIGNING_SECRET && !process.env.SIGNING_SECRET) additions.push(`SIGNING_SECRET=${randomBytes(24).toString("hex")}`);
  if (!vars.WEBHOOK_SECRET && !process.env.WEBHOOK_SECRET) {
    const secret = randomBytes(24).toString("hex");
    additions.push(`WEBHOOK_SECRET=${secret}`);
    console.log(`  Webhooks are signed with WEBHOOK_SECRET=${secret} (saved in .dev.vars)\n`);
  }
  if (additions.length) {
    const prefix = existsSync(devVarsPath) && !readFileSync(devVarsPath, "utf8").endsWith("\n") ? "\n" : "";
    appendFileSync(devVarsPath, `${prefix}${additions.join("\n")}\n`);
  }
}

// With --env-file, wrangler reads that file instead of .dev.vars: nothing to generate there.
if (!has("--env-file")) ensureDevVars();

const defaults = [];
// Settings given in the environment (e.g. API_KEYS=... npm start) are handed to wrangler, which no longer reads the
// process environment itself once a .dev.vars exists.
for (const name of ["API_KEYS", "SIGNING_SECRET", "WEBHOOK_SECRET"]) {
  if (process.env[name] && !has("--env-file")) defaults.push("--var", `${name}:${process.env[name]}`);
}
if (!has("--ip")) defaults.push("--ip", "127.0.0.1");
if (!has("--port")) defaults.push("--port", "8787");
if (!has("--persist-to")) defaults.push("--persist-to", join(root, ".wrangler", "state"));

const wrangler = join(root, "node_modules", "wrangler", "bin", "wrangler.js");
const env = { WRANGLER_SEND_METRICS: "false", ...process.env };
const child = spawn(process.execPath, [wrangler, "dev", ...defaults, ...args], { stdio: "inherit", cwd: root, env });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
