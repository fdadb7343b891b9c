/**
 * Runs execute's JavaScript: Workers cannot `eval`, so the caller's code becomes a Worker of its own, loaded
 * through the Worker Loader with no network (`globalOutbound: null`) and one binding — a bridge back to the
 * session (bridge.ts), through which its `page` works. The session's Durable Object keeps the run's state
 * (an Execution): the page calls it serves, the console output that streams in, and whether the run is over.
 *
 * Stopping a run has three layers: the CPU limit of the loaded Worker (on Cloudflare), the loop guard (which
 * also works locally, where nothing else can interrupt a synchronous loop), and the timeout here, after which
 * the run is abandoned and its further page calls fail.
 */
import { newId } from "../ids";
import { CodeSyntaxError, instrumentLoops, randomGuardName } from "./loop-guard";
import { PageApi } from "./page-api";
import { appendOutput, sandboxModules, type SandboxOutcome } from "./sandbox-runtime";
import type { Page } from "@cloudflare/puppeteer";

/** The loaded Worker's compatibility date (it only needs RPC and timers). */
const SANDBOX_COMPATIBILITY_DATE = "2026-04-20";
/**
 * Guard calls (loop iterations plus function calls) allowed per second of timeout. A tight loop makes tens of
 * millions per second, so runaway code is stopped at roughly its timeout; real automation code is nowhere near.
 */
const GUARD_CALLS_PER_SECOND = 20_000_000;
/** How long after the timeout the run's own report is still awaited before it is abandoned. */
const REPORT_GRACE_MS = 1_000;
/** Exit code of a run stopped by its timeout (the convention of `timeout(1)`). */
export const TIMEOUT_EXIT_CODE = 124;

export interface ExecuteResult {
  result: string;
  stdout: string;
  stderr: string;
  exitCode: number;
  killed: boolean;
}

/** One run in progress, as the session keeps it. */
export class Execution {
  readonly id = newId();
  readonly guardName = randomGuardName();
  readonly deadlineAt: number;
  readonly api: PageApi;
  stdout = "";
  stderr = "";
  ended = false;

  constructor(
    page: Page,
    readonly timeoutMs: number,
  ) {
    this.deadlineAt = Date.now() + timeoutMs;
    this.api = new PageApi(page, this.guardName, this.deadlineAt);
  }

  async call(target: string, method: string, args: unknown[]): Promise<{ value: unknown; url: string }> {
    if (this.ended)
      throw new Error("This run has ended (it finished or timed out): the page is no longer available to it");
    return this.api.call(target, method, args);
  }

  log(stream: "stdout" | "stderr", text: string): void {
    if (!this.ended) this[stream] = appendOutput(this[stream], text);
  }
}

/**
 * Runs `code` as `execution`; `bridge` is the loopback binding the loaded Worker calls back through (bound to
 * this session and this execution).
 */
export async function runJavaScript(
  loader: WorkerLoader,
  bridge: Fetcher,
  execution: Execution,
  code: string,
): Promise<ExecuteResult> {
  let instrumented: string;
  try {
    instrumented = instrumentLoops(code, execution.guardName);
  } catch (e) {
    if (!(e instanceof CodeSyntaxError)) throw e;
    return { result: "", stdout: "", stderr: `SyntaxError: ${e.message}\n`, exitCode: 1, killed: false };
  }
  const modules = sandboxModules({
    code: instrumented,
    guardName: execution.guardName,
    guardBudget: Math.ceil((execution.timeoutMs / 1000) * GUARD_CALLS_PER_SECOND),
    timeoutMs: execution.timeoutMs,
  });
  const worker = loader.get(execution.id, () => ({
    compatibilityDate: SANDBOX_COMPATIBILITY_DATE,
    mainModule: "main.js",
    modules,
    env: { PAGE: bridge },
    globalOutbound: null,
  }));
  const entrypoint = worker.getEntrypoint(undefined, { limits: { cpuMs: execution.timeoutMs } }) as unknown as {
    run(url: string): Promise<SandboxOutcome>;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const abandoned = new Promise<null>(
    (resolve) => (timer = setTimeout(() => resolve(null), execution.timeoutMs + REPORT_GRACE_MS)),
  );
  try {
    const outcome = await Promise.race([entrypoint.run(execution.api.url), abandoned]);
    return present(execution, outcome);
  } catch (e) {
    // The loaded Worker itself failed (e.g. its CPU limit ended it).
    return present(execution, {
      ok: false,
      error: e instanceof Error ? e.message : String(e),
      timedOut: /exceeded|limit|timed out/i.test(String(e)),
      stdout: execution.stdout,
      stderr: execution.stderr,
    });
  } finally {
    clearTimeout(timer);
    execution.ended = true;
    await execution.api.release();
  }
}

function present(execution: Execution, outcome: SandboxOutcome | null): ExecuteResult {
  if (!outcome) {
    const seconds = Math.round(execution.timeoutMs / 1000);
    return {
      result: "",
      stdout: execution.stdout,
      stderr: `${execution.stderr}Execution timed out after ${seconds} s and was stopped\n`,
      exitCode: TIMEOUT_EXIT_CODE,
      killed: true,
    };
  }
  // What the host logged carries the note of a cut; the loaded Worker's copy stops at the limit without it.
  const stdout = execution.stdout.length >= outcome.stdout.length ? execution.stdout : outcome.stdout;
  const stderr = execution.stderr.length >= outcome.stderr.length ? execution.stderr : outcome.stderr;
  if (outcome.ok) return { result: appendOutput("", outcome.result ?? ""), stdout, stderr, exitCode: 0, killed: false };
  const killed = Boolean(outcome.timedOut);
  const message = killed
    ? `Execution timed out after ${Math.round(execution.timeoutMs / 1000)} s and was stopped`
    : outcome.error;
  return { result: "", stdout, stderr: `${stderr}${message}\n`, exitCode: killed ? TIMEOUT_EXIT_CODE : 1, killed };
}
