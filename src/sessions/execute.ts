/**
 * Execute (POST /v2/browser/{id}/execute, and interact's `code`): JavaScript in the sandbox with a `page`, or a
 * script of agent-browser command lines (`language: "bash"`), on the session's current page.
 */
import type { Page } from "@cloudflare/puppeteer";
import { signArtifactUrl, storeArtifact } from "../artifacts";
import { ApiError } from "../errors";
import { parseAgentBrowserScript, runAgentBrowserScript } from "./agent-browser";
import { Execution, runJavaScript, TIMEOUT_EXIT_CODE, type ExecuteResult } from "./sandbox";
import type { ExecuteRequest } from "./types";

export interface ExecuteContext {
  env: Env;
  page: Page;
  /** Origin of the API, for the URLs of screenshots. */
  apiOrigin: string;
  /** The loopback binding the sandbox calls back through, bound to one run. */
  bridgeFor: (executionId: string) => Fetcher;
  /** Told about the JavaScript run in progress, so that its page calls can reach it. */
  onExecution: (execution: Execution) => void;
}

export async function executeInSession(ctx: ExecuteContext, request: ExecuteRequest): Promise<ExecuteResult> {
  const timeoutMs = request.timeout * 1000;
  if (request.language === "python") throw pythonUnsupported();
  if (request.language === "bash") return runCommands(ctx, request.code, timeoutMs);
  const execution = new Execution(ctx.page, timeoutMs);
  ctx.onExecution(execution);
  return runJavaScript(ctx.env.LOADER, ctx.bridgeFor(execution.id), execution, request.code);
}

/** Refuses up front (400) what cannot run: python, or a bash script that is not agent-browser lines. */
export function checkRunnable(language: ExecuteRequest["language"], code: string): void {
  if (language === "python") throw pythonUnsupported();
  if (language === "bash") parseAgentBrowserScript(code);
}

function pythonUnsupported(): ApiError {
  return new ApiError(
    "BAD_REQUEST",
    'language "python" is not available here: use "node" (JavaScript with a ' +
      'puppeteer-style `page`) or "bash" (agent-browser command lines)',
  );
}

async function runCommands(ctx: ExecuteContext, script: string, timeoutMs: number): Promise<ExecuteResult> {
  const commands = parseAgentBrowserScript(script);
  const deadline = Date.now() + timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    const outcome = await Promise.race([
      runAgentBrowserScript(commands, {
        page: ctx.page,
        remainingMs: () => Math.max(1, deadline - Date.now()),
        saveScreenshot: async (png) =>
          signArtifactUrl(ctx.env, await storeArtifact(ctx.env, png, "png"), ctx.apiOrigin),
      }),
      timedOut,
    ]);
    if (!outcome) {
      const message = `Execution timed out after ${Math.round(timeoutMs / 1000)} s and was stopped\n`;
      return { result: "", stdout: "", stderr: message, exitCode: TIMEOUT_EXIT_CODE, killed: true };
    }
    return { ...outcome, killed: false };
  } finally {
    clearTimeout(timer);
  }
}
