/**
 * LLM token metering. Every model call reports what it used (the endpoint's `usage.total_tokens`, or an estimate
 * of four characters per token when the endpoint reports none) to the team whose work made the call. Which team
 * that is travels with the work as an async context (AsyncLocalStorage), entered where work starts for a team:
 * an authenticated request (src/app.ts), a crawl/batch page in the queue consumer, an agent step. The LLM
 * adapters stay unaware of teams; calls outside any metered context (none today) are simply not counted.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { teamStub } from "../../durable-objects/team";
import { describeError } from "../errors";
import type { AppEnv } from "../hono";

export interface TokenMeter {
  env: Env;
  teamId: string;
  /** The key's name (never the key) when the work came from a request. */
  apiKey?: string;
  /** The job doing the work, whose starting key the tokens are attributed to. */
  jobId?: string;
}

const currentMeter = new AsyncLocalStorage<TokenMeter>();

/** Runs `work` with its model calls counted for `meter`'s team. */
export function withTokenMeter<T>(meter: TokenMeter, work: () => T): T {
  return currentMeter.run(meter, work);
}

/** Meters an authenticated request's model calls (those it makes after answering, through waitUntil, too). */
export const meterRequestTokens: MiddlewareHandler<AppEnv> = (c, next) => {
  const principal = c.get("principal") as AppEnv["Variables"]["principal"] | undefined;
  return principal ? withTokenMeter({ env: c.env, teamId: principal.teamId, apiKey: principal.keyName }, next) : next();
};

/** The tokens a chat call used: the endpoint's own count, else an estimate from the text sent and received. */
export function tokensUsed(usage: unknown, sent: unknown, received: string): number {
  const total = (usage as { total_tokens?: unknown } | undefined)?.total_tokens;
  if (typeof total === "number" && Number.isFinite(total) && total >= 0) return Math.round(total);
  const prompt = (usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined) ?? {};
  if (typeof prompt.prompt_tokens === "number" && typeof prompt.completion_tokens === "number")
    return prompt.prompt_tokens + prompt.completion_tokens;
  return Math.ceil((JSON.stringify(sent ?? "").length + received.length) / 4);
}

/** Records tokens for the current team; a failure to record is logged, never fails the model call. */
export async function recordTokens(tokens: number): Promise<void> {
  const meter = currentMeter.getStore();
  if (!meter || tokens <= 0) return;
  try {
    await teamStub(meter.env, meter.teamId).recordTokens(tokens, meter.apiKey, meter.jobId);
  } catch (e) {
    console.warn(`recording ${tokens} LLM tokens for a team: ${describeError(e)}`);
  }
}
