/**
 * The source of the Worker that execute loads for each run (Worker Loader). Two modules:
 * - `user.js`: the caller's code (already instrumented by loop-guard) as the body of an async function of
 *   `page`, so top-level `await` and `return` work; it sees nothing of the runtime but the guard it is handed;
 * - `main.js`: the runtime — a puppeteer-style `page` whose every call is forwarded over RPC to the session's
 *   Durable Object (`env.PAGE`, the only binding; the isolate has no network of its own), console capture, the
 *   guard's budget, and the result.
 *
 * Values crossing the boundary are structured-cloneable: functions travel as their source (`{__fn}`), element
 * handles as numbers (`{__handle}`), navigation responses as plain objects (`{__response}`).
 */

export interface SandboxRun {
  /** The instrumented body of the caller's code. */
  code: string;
  guardName: string;
  /** Guard calls allowed before the run is stopped (see loop-guard.ts). */
  guardBudget: number;
  timeoutMs: number;
}

/** What `run()` of the loaded Worker returns. */
export interface SandboxOutcome {
  ok: boolean;
  /** The returned value, as text (strings as they are, other values as JSON). */
  result?: string;
  error?: string;
  timedOut?: boolean;
  stdout: string;
  stderr: string;
}

/** What a run's stdout and stderr keep, each: past it the run's output is cut, with a note saying so. */
export const MAX_OUTPUT_CHARS = 1_000_000;

/** `text` appended to `current` within MAX_OUTPUT_CHARS; the first cut appends a note. */
export function appendOutput(current: string, text: string): string {
  if (current.length > MAX_OUTPUT_CHARS) return current; // cut already: the note stands past the limit
  const room = MAX_OUTPUT_CHARS - current.length;
  return text.length <= room
    ? current + text
    : `${current}${text.slice(0, room)}\n[output cut at ${MAX_OUTPUT_CHARS} characters]\n`;
}

export function sandboxModules(run: SandboxRun): Record<string, string> {
  return {
    "main.js": MAIN.replace("__BUDGET__", String(run.guardBudget))
      .replace("__TIMEOUT__", String(run.timeoutMs))
      .replace("__MAX_OUTPUT__", String(MAX_OUTPUT_CHARS)),
    "user.js": `export default async function (page, ${run.guardName}) {\n${run.code}\n}\n`,
  };
}

const MAIN = String.raw`
import { WorkerEntrypoint } from "cloudflare:workers";
import userCode from "./user.js";

const BUDGET = __BUDGET__;
const TIMEOUT_MS = __TIMEOUT__;
const MAX_OUTPUT = __MAX_OUTPUT__;

class ExecutionTimeout extends Error {
  constructor() { super("Execution timed out"); this.name = "TimeoutError"; }
}

function text(value) {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, (_, v) => (v instanceof ElementHandle ? "[ElementHandle]" : v)) ?? String(value);
  } catch {
    return String(value);
  }
}

let bridge;
const encode = (value) => {
  if (typeof value === "function") return { __fn: value.toString() };
  if (value instanceof ElementHandle) return { __handle: value.id };
  if (Array.isArray(value)) return value.map(encode);
  return value;
};
const decode = (value) => {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === "object") {
    if (typeof value.__handle === "number") return new ElementHandle(value.__handle);
    if (value.__response) return new HttpResponse(value.__response);
  }
  return value;
};
/** The page's URL as of the last call (puppeteer's page.url() does not wait either). */
let currentUrl = "";
const call = async (target, method, args) => {
  const { value, url } = await bridge.call(target, method, args.map(encode));
  currentUrl = url;
  return decode(value);
};

/** Any method name becomes a remote call (the session decides what exists); never thenable. */
function remote(target, local = {}) {
  return new Proxy(local, {
    get(object, name) {
      if (name in object) return object[name];
      if (typeof name !== "string" || name === "then") return undefined;
      return (...args) => call(target, name, args);
    },
  });
}

class ElementHandle {
  constructor(id) { this.id = id; return remote("handle:" + id, this); }
}

class HttpResponse {
  constructor(data) { this.data = data; }
  url() { return this.data.url; }
  status() { return this.data.status; }
  statusText() { return this.data.statusText; }
  ok() { return this.data.ok; }
  headers() { return this.data.headers; }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const page = remote("page", {
  keyboard: remote("keyboard"),
  mouse: remote("mouse"),
  waitForTimeout: sleep,
  url: () => currentUrl,
  toJSON: () => "[Page]",
});

export default class extends WorkerEntrypoint {
  async run(url) {
    bridge = this.env.PAGE;
    currentUrl = url;
    const out = { stdout: "", stderr: "" };
    const write = (stream) => (...args) => {
      if (out[stream].length >= MAX_OUTPUT) return; // cut: the host side has noted it
      const line = args.map(text).join(" ") + "\n";
      out[stream] = (out[stream] + line).slice(0, MAX_OUTPUT);
      bridge.log(stream, line).catch(() => {});
    };
    for (const name of ["log", "info", "debug", "trace"]) console[name] = write("stdout");
    for (const name of ["warn", "error"]) console[name] = write("stderr");
    const deadline = Date.now() + TIMEOUT_MS;
    let calls = 0;
    let expired = false;
    const guard = () => {
      if (expired || ++calls > BUDGET || Date.now() > deadline) {
        expired = true;
        throw new ExecutionTimeout();
      }
    };
    try {
      const value = await userCode(page, guard);
      return { ok: true, result: value === undefined ? undefined : text(value), ...out };
    } catch (e) {
      const error = e instanceof Error ? e.name + ": " + e.message : "Uncaught " + text(e);
      return { ok: false, error, timedOut: expired || e instanceof ExecutionTimeout, ...out };
    }
  }
}
`;
