/**
 * Interact's `prompt`: the LLM drives the session's page one step at a time. Each turn it sees the task, the
 * steps so far and a snapshot of the page (snapshot.ts: text and the elements it can act on, by reference), and
 * answers with one action — click, write, press, scroll, wait, scrape (read the page as markdown next turn) or
 * done with its answer. The loop ends at `done`, at the step limit or at the deadline.
 */
import type { KeyInput, Page } from "@cloudflare/puppeteer";
import { describeError } from "../errors";
import { completeJson } from "../llm/client";
import { htmlToMarkdown } from "../markdown";
import { CLEAR_FIELD } from "./page-api";
import { TIMEOUT_EXIT_CODE, type ExecuteResult } from "./sandbox";
import { findElement, takeSnapshot } from "./snapshot";

export const MAX_PROMPT_STEPS = 15;
/** Page text shown to the model after a `scrape` step. */
const MAX_SCRAPE_CHARS = 20_000;
const SETTLE_MS = 2_000;

export interface PromptResult extends ExecuteResult {
  /** The model's answer (from its `done` step). */
  output: string;
}

type Action =
  | { type: "click"; ref: string }
  | { type: "write"; ref?: string; text: string }
  | { type: "press"; key: string }
  | { type: "scroll"; direction: "up" | "down" }
  | { type: "wait"; milliseconds: number }
  | { type: "scrape" }
  | { type: "done"; output: string };

// prettier-ignore
const SYSTEM = [
  "You operate a web browser to carry out a user's task on the page that is open.",
  "Each turn you get the task, the steps taken so far and a snapshot of the page: one line per element,",
  '`- role "name" [ref=eN]`, where refs name the elements you can act on.',
  'Answer with one JSON object {"action": {...}, "reason": "..."} whose action is one of:',
  '{"type":"click","ref":"e3"}; {"type":"write","ref":"e2","text":"..."} (replaces what that field holds);',
  '{"type":"press","key":"Enter"}; {"type":"scroll","direction":"down"}; {"type":"wait","milliseconds":1000};',
  '{"type":"scrape"} (you get the page as markdown next turn);',
  '{"type":"done","output":"..."} when the task is complete — output is your answer to the user, from the page.',
  "Use only refs from the latest snapshot. Never invent content.",
].join(" ");

const SCHEMA = {
  type: "object",
  properties: {
    action: {
      type: "object",
      properties: {
        type: { enum: ["click", "write", "press", "scroll", "wait", "scrape", "done"] },
        ref: { type: "string" },
        text: { type: "string" },
        key: { type: "string" },
        direction: { enum: ["up", "down"] },
        milliseconds: { type: "number" },
        output: { type: "string" },
      },
      required: ["type"],
    },
    reason: { type: "string" },
  },
  required: ["action"],
};

export async function runPromptAgent(env: Env, page: Page, task: string, deadlineAt: number): Promise<PromptResult> {
  const steps: string[] = [];
  let extra = "";
  for (let step = 1; step <= MAX_PROMPT_STEPS; step++) {
    if (Date.now() >= deadlineAt) return finish(steps, "", `Stopped at the timeout after ${step - 1} steps`, true);
    const snapshot = await takeSnapshot(page, { compact: true });
    const user = [
      `Task: ${task}`,
      `Steps so far:\n${steps.length ? steps.join("\n") : "(none)"}`,
      extra,
      `Page snapshot:\n${snapshot}`,
    ]
      .filter(Boolean)
      .join("\n\n");
    extra = "";
    const signal = AbortSignal.timeout(Math.max(1, deadlineAt - Date.now()));
    const answer = (await completeJson(env, { system: SYSTEM, user, schema: SCHEMA }, signal)).data as {
      action?: Action;
      reason?: string;
    };
    const action = answer?.action;
    if (!action || typeof action.type !== "string") return finish(steps, "", "The model's answer had no action", false);
    if (action.type === "done") {
      steps.push(`${step}. done`);
      return finish(steps, String(action.output ?? ""), "", false);
    }
    try {
      const note = await perform(page, action, deadlineAt);
      if (action.type === "scrape") extra = `Page content (markdown):\n${note}`;
      steps.push(`${step}. ${describe(action)}${action.type === "scrape" ? "" : note ? ` → ${note}` : ""}`);
    } catch (e) {
      steps.push(`${step}. ${describe(action)} → failed: ${describeError(e)}`);
    }
  }
  return finish(steps, "", `Stopped after ${MAX_PROMPT_STEPS} steps without finishing the task`, false);
}

async function perform(page: Page, action: Action, deadlineAt: number): Promise<string> {
  const settle = () =>
    page
      .waitForNetworkIdle({ idleTime: 150, timeout: Math.min(SETTLE_MS, Math.max(1, deadlineAt - Date.now())) })
      .catch(() => {});
  switch (action.type) {
    case "click":
      await (await findElement(page, action.ref)).click();
      await settle();
      return "";
    case "write":
      if (action.ref) {
        const field = await findElement(page, action.ref);
        await field.evaluate(CLEAR_FIELD);
        await field.type(action.text);
      } else {
        await page.keyboard.type(action.text);
      }
      return "";
    case "press":
      await page.keyboard.press(action.key as KeyInput);
      await settle();
      return "";
    case "scroll":
      await page.evaluate(`window.scrollBy(0, ${action.direction === "up" ? -1 : 1} * window.innerHeight)`);
      await settle();
      return "";
    case "wait":
      await new Promise((resolve) =>
        setTimeout(
          resolve,
          Math.min(Math.max(0, Number(action.milliseconds) || 0), 10_000, Math.max(0, deadlineAt - Date.now())),
        ),
      );
      return "";
    case "scrape": {
      const markdown = htmlToMarkdown(await page.content());
      return markdown.length > MAX_SCRAPE_CHARS ? `${markdown.slice(0, MAX_SCRAPE_CHARS)}\n…` : markdown;
    }
    default:
      throw new Error(`unknown action "${(action as { type: string }).type}"`);
  }
}

function describe(action: Action): string {
  switch (action.type) {
    case "click":
      return `click @${action.ref.replace(/^@/, "")}`;
    case "write":
      return `write ${JSON.stringify(action.text)}${action.ref ? ` into @${action.ref.replace(/^@/, "")}` : ""}`;
    case "press":
      return `press ${action.key}`;
    case "scroll":
      return `scroll ${action.direction}`;
    case "wait":
      return `wait ${action.milliseconds} ms`;
    default:
      return action.type;
  }
}

function finish(steps: string[], output: string, problem: string, killed: boolean): PromptResult {
  const stdout = steps.length ? `${steps.join("\n")}\n` : "";
  if (!problem) return { output, result: output, stdout, stderr: "", exitCode: 0, killed: false };
  return { output, result: output, stdout, stderr: `${problem}\n`, exitCode: killed ? TIMEOUT_EXIT_CODE : 1, killed };
}
