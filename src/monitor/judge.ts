/**
 * The monitor's judge (`judgeEnabled` with a `goal`): the configured LLM reads a changed page's diff and says
 * whether the change matters for the goal, as the SDK's `MonitorPageJudgment`. A model that fails or answers
 * out of shape leaves the page without a judgment (the check goes on) and the reason in the page's `error`.
 */
import { completeJson, MAX_LLM_INPUT_CHARS } from "../llm/client";
import { MonitorPageJudgmentSchema, type MonitorPageJudgment } from "../schemas/monitor";
import { describeError } from "../errors";

const JUDGMENT_JSON_SCHEMA = {
  type: "object",
  properties: {
    meaningful: { type: "boolean" },
    confidence: { type: "string", enum: ["high", "medium", "low"] },
    reason: { type: "string" },
    meaningfulChanges: {
      type: "array",
      items: {
        type: "object",
        properties: {
          type: { type: "string", enum: ["added", "removed", "changed"] },
          before: { type: ["string", "null"] },
          after: { type: ["string", "null"] },
          reason: { type: "string" },
        },
        required: ["type", "before", "after", "reason"],
      },
    },
  },
  required: ["meaningful", "confidence", "reason", "meaningfulChanges"],
};

export const JUDGE_SYSTEM_PROMPT =
  "You judge whether a change to a web page is meaningful for the " +
  "user's goal. You are given the goal and a unified diff " +
  ("of the page's markdown (lines starting with - were removed, + were " +
    "added). Cosmetic changes (dates, counters, layout) are ") +
  "not meaningful unless the goal says so. Answer with one JSON object conforming to the JSON Schema the user gives.";

export async function judgeChange(
  env: Env,
  request: { goal: string; url: string; diff: string },
  signal?: AbortSignal,
): Promise<{ judgment: MonitorPageJudgment } | { error: string }> {
  try {
    const answer = await completeJson(
      env,
      {
        system: JUDGE_SYSTEM_PROMPT,
        user: [
          `Goal: ${request.goal}`,
          `Page: ${request.url}`,
          `JSON Schema:\n${JSON.stringify(JUDGMENT_JSON_SCHEMA)}`,
          `Diff:\n${request.diff.slice(0, MAX_LLM_INPUT_CHARS)}`,
        ].join("\n\n"),
        schema: JUDGMENT_JSON_SCHEMA,
      },
      signal,
    );
    const parsed = MonitorPageJudgmentSchema.safeParse(answer.data);
    if (!parsed.success)
      return { error: `The LLM's judgment was not usable${answer.warning ? `: ${answer.warning}` : ""}` };
    return { judgment: parsed.data };
  } catch (e) {
    return { error: `The LLM could not judge the change: ${describeError(e)}` };
  }
}
