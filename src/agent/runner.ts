/**
 * The agent's loop, one unit of work per call (the Durable Object calls `advance` from its alarm until the job
 * ends): either the next unanswered tool call of the model's last reply is carried out, or the model is asked
 * for its next move. Everything a unit produces is stored before the next one starts, so a restart repeats at
 * most the unit that was interrupted — and charges it once, since every charge has its own ledger reference.
 *
 * Credits (docs/credits.md, "Agent"): one model step costs `stepCredits`; an action costs what it costs
 * elsewhere. The job keeps one model step in reserve: when the budget left cannot pay for a step and that
 * reserve (or the step limit is reached), the model is told to answer with what it has, and only `finish` is
 * offered. The answer is checked against the schema, with one round for the model to repair it.
 */
import { teamStub } from "../../durable-objects/team";
import { ApiError } from "../errors";
import { chatWithTools, type ToolCall, type ToolReply } from "../llm/tools";
import { INSUFFICIENT_CREDITS_MESSAGE } from "../credits/charge";
import { refused, runAction, type ActionResult } from "./actions";
import { readAnswer } from "./answer";
import { fitToContext } from "./context";
import type { AgentEvents } from "./events";
import { answerNowMessage, repairMessage, toolDefinitions, USE_TOOLS_MESSAGE } from "./prompt";
import { LLM_TIMEOUT_MS, MAX_MODEL_STEPS, MAX_NUDGES, type AgentRow } from "./sql-schema";
import type { AgentStore } from "./store";

/** How a job ends when the loop is done with it. */
export type Ending = { status: "completed"; data: unknown } | { status: "failed"; error: string; partial?: unknown };

export class AgentRunner {
  constructor(
    private readonly store: AgentStore,
    private readonly events: AgentEvents,
    private readonly env: Env,
  ) {}

  /** One unit of work; an Ending when the job is done, null when there is more to do. */
  async advance(signal: AbortSignal): Promise<Ending | null> {
    const pending = this.store.pendingCall();
    return pending ? this.act(pending, signal) : this.think(signal);
  }

  private get config() {
    return this.store.config();
  }

  /** Charges the team for a unit of this job; `ref` makes a repeated unit charge once. */
  private async charge(credits: number, ref: string): Promise<void> {
    if (credits > 0)
      await teamStub(this.env, this.config.teamId).chargeOnce(credits, "agent", `${this.config.id}:${ref}`);
  }

  private async think(signal: AbortSignal): Promise<Ending | null> {
    const { stepCredits, llmModel } = this.config;
    const remaining = this.store.remainingCredits();
    let row = this.store.row()!;
    if (!row.wrapping_up && (remaining < 2 * stepCredits || this.store.modelSteps() >= MAX_MODEL_STEPS)) {
      const reason = remaining < 2 * stepCredits ? "maxCredits" : "maxSteps";
      this.store.set("wrapping_up = 1, stop_reason = ?", reason);
      this.store.append({ role: "user", content: answerNowMessage(reason) });
      row = this.store.row()!;
    }
    if (remaining < stepCredits) return this.unanswered(row);
    if (!(await teamStub(this.env, this.config.teamId).canSpend(stepCredits)))
      throw new ApiError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
    const answerNow = row.wrapping_up === 1;
    const reply = await chatWithTools(
      this.env,
      {
        model: llmModel,
        messages: fitToContext(this.store.messages()),
        tools: toolDefinitions(this.config, answerNow),
        toolChoice: answerNow ? { name: "finish" } : "auto",
      },
      AbortSignal.any([signal, AbortSignal.timeout(LLM_TIMEOUT_MS)]),
    );
    // Cancelled while the model answered: the reply is dropped, unbilled. Once billed, a reply is recorded.
    if (!this.store.running()) return null;
    const step = this.store.modelSteps() + 1;
    await this.charge(stepCredits, `model:${step}`);
    const calls = distinctIds(reply, step);
    this.store.addCredits(stepCredits);
    this.store.append({ role: "assistant", content: reply.content, ...(calls.length ? { tool_calls: calls } : {}) });
    this.store.set("failures = 0");
    if (answerNow && !calls.some((c) => c.function.name === "finish")) return this.unanswered(this.store.row()!);
    if (calls.length > 0) {
      this.store.set("nudges = 0");
      return null;
    }
    if (row.nudges >= MAX_NUDGES)
      return {
        status: "failed",
        error: "The model kept replying without calling a tool; it may not support tool calling",
      };
    this.store.set("nudges = nudges + 1");
    this.store.append({ role: "user", content: USE_TOOLS_MESSAGE });
    return null;
  }

  private async act({ call, turn }: { call: ToolCall; turn: number }, signal: AbortSignal): Promise<Ending | null> {
    const name = call.function.name;
    let args: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(call.function.arguments || "{}");
      args =
        parsed && typeof parsed === "object" && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : { data: parsed };
    } catch {
      return this.record(call, refused({ action: name }, "the arguments are not valid JSON"));
    }
    if (name === "finish") return this.answer(call, args);
    if (this.store.row()!.wrapping_up)
      return this.record(call, refused({ action: name }, "there is no budget for more actions: call finish now"));
    const result = await runAction(
      { env: this.env, config: this.config, remaining: this.store.remainingCredits(), signal },
      name,
      args,
    );
    if (!this.store.running()) return null;
    await this.charge(result.credits, `call:${turn}:${call.id}`);
    return this.record(call, result);
  }

  /** Stores an action's outcome: its cost, the page read, the model's tool message, the step (and its event). */
  private record(call: ToolCall, result: ActionResult): null {
    this.store.addCredits(result.credits);
    if (result.source) this.store.addSource(result.source.url, result.source.scrapeId);
    this.store.append({ role: "tool", tool_call_id: call.id, content: result.content });
    const step = this.store.addStep(result.step);
    // A step that ends after a cancellation is kept (it was billed) but not announced after `cancelled`.
    if (this.store.running()) this.events.emit("action", step.status === "done", { data: [step] });
    return null;
  }

  private answer(call: ToolCall, args: Record<string, unknown>): Ending | null {
    const { data, problem } = readAnswer(args, this.config.schema);
    if (!problem) {
      const step = this.store.addStep({ action: "finish", status: "done", creditsUsed: 0 });
      this.events.emit("action", true, { data: [step] });
      return { status: "completed", data };
    }
    const row = this.store.row()!;
    this.store.set("partial = ?", JSON.stringify(data ?? null));
    if (row.repairs >= 1) {
      this.store.addStep({
        action: "finish",
        status: "failed",
        message: `the answer does not match the schema: ${problem}`,
        creditsUsed: 0,
      });
      return { status: "failed", error: `The agent's answer does not match the schema: ${problem}`, partial: data };
    }
    this.store.set("repairs = repairs + 1");
    const reason = `the answer does not match the schema: ${problem}`;
    return this.record(call, {
      content: repairMessage(problem),
      step: { action: "finish", status: "refused", message: reason, creditsUsed: 0 },
      credits: 0,
    });
  }

  /** The job cannot go on and the model gave no answer that fits: it fails, keeping any answer it had. */
  private unanswered(row: AgentRow): Ending {
    const partial = row.partial === null ? undefined : (JSON.parse(row.partial) as unknown);
    const why =
      row.stop_reason === "maxSteps"
        ? `The agent reached its step limit (${MAX_MODEL_STEPS})`
        : `The agent spent its maxCredits (${this.config.maxCredits})`;
    return {
      status: "failed",
      error: `${why} without an answer${partial === undefined ? "" : " that matches the schema"}`,
      partial,
    };
  }
}

/** The reply's tool calls with ids unique within the reply (some servers number every reply's calls from 0). */
function distinctIds(reply: ToolReply, step: number): ToolCall[] {
  const seen = new Set<string>();
  return reply.toolCalls.map((call, i) => {
    const id = seen.has(call.id) ? `${call.id}_${step}_${i}` : call.id;
    seen.add(id);
    return { ...call, id };
  });
}
