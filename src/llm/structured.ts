/**
 * Answers with a shape, on any adapter: JSON through the endpoint's structured-output mode, checked with
 * @cfworker/json-schema (Workers-safe: no code generation). An answer that is not JSON, or not what the schema
 * asks for, gets one repair round — the model sees its answer and what is wrong with it. An answer cut off at
 * the model's output limit is never passed on as data: it gives a warning instead.
 */
import { Validator } from "@cfworker/json-schema";
import { ApiError } from "../errors";
import {
  LLM_SETTINGS,
  llmProvider,
  type AnswerShape,
  type ChatAnswer,
  type ChatMessage,
  type LlmProvider,
} from "./provider";

export interface JsonExtraction {
  /** The answer; null when the model gave nothing usable (see `warning`). */
  data: unknown;
  /** Set when the answer is missing, cut off or does not satisfy the schema. */
  warning?: string;
}

export interface TextAnswer {
  text: string;
  warning?: string;
}

export function requireProvider(env: Env): LlmProvider {
  const provider = llmProvider(env);
  if (!provider)
    throw new ApiError("LLM_NOT_CONFIGURED", `This feature needs an LLM, and none is configured: ${LLM_SETTINGS}`);
  return provider;
}

const cutOff = (provider: LlmProvider) =>
  `The LLM's answer was cut off at ${provider.name}'s output limit, so it was not used.`;

/** Parses the first JSON value in a model answer (models sometimes wrap it in a code fence). */
export function parseModelJson(content: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const text = (fenced ? fenced[1] : content).trim();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

type Checked = { valid: true; data: unknown } | { valid: false; data?: unknown; problem: string };

/** Whether an answer is JSON and satisfies the schema; what is wrong with it otherwise. */
function check(answer: ChatAnswer, schema?: Record<string, unknown>): Checked {
  const parsed = answer.json !== undefined ? { ok: true as const, value: answer.json } : parseModelJson(answer.content);
  if (!parsed.ok) return { valid: false, problem: "is not valid JSON" };
  if (!schema) return { valid: true, data: parsed.value };
  const result = new Validator(schema as never, "2020-12", false).validate(parsed.value);
  if (result.valid) return { valid: true, data: parsed.value };
  const errors = result.errors
    .filter((e) => e.keyword !== "properties" && e.keyword !== "items")
    .slice(0, 5)
    .map((e) => `${e.instanceLocation} ${e.error.replace(/\.$/, "")}`);
  return {
    valid: false,
    data: parsed.value,
    problem:
      `does not match the JSON ` +
      `Schema: ${(errors.length ? errors : [result.errors[0]?.error ?? "invalid"]).join("; ")}`,
  };
}

/** One JSON answer to a system + user prompt, validated against `schema` when one is given. */
export async function completeJson(
  env: Env,
  request: { system: string; user: string; schema?: Record<string, unknown> },
  signal?: AbortSignal,
): Promise<JsonExtraction> {
  const provider = requireProvider(env);
  const shape: AnswerShape = request.schema ? { kind: "json_schema", schema: request.schema } : { kind: "json" };
  const messages: ChatMessage[] = [
    { role: "system", content: request.system },
    { role: "user", content: request.user },
  ];
  const first = await provider.chat({ messages, shape, signal });
  if (first.truncated) return { data: null, warning: cutOff(provider) };
  const checked = check(first, request.schema);
  if (checked.valid) return { data: checked.data };

  const repair: ChatMessage[] = [
    ...messages,
    { role: "assistant", content: first.content },
    {
      role: "user",
      content:
        `Your answer ${checked.problem}. Answer again with only the corrected ` +
        `JSON${request.schema ? ", conforming to the JSON Schema" : ""}.`,
    },
  ];
  const second = await provider.chat({ messages: repair, shape, signal });
  if (second.truncated) return { data: null, warning: cutOff(provider) };
  const rechecked = check(second, request.schema);
  if (rechecked.valid) return { data: rechecked.data };
  if (rechecked.data !== undefined)
    return { data: rechecked.data, warning: `The JSON answer ${rechecked.problem} (after one repair round).` };
  return { data: null, warning: "The LLM did not answer with valid JSON (after one repair round)." };
}

/** A plain-text answer; a cut-off one is kept (prose stays readable) and says so. */
export async function completeText(env: Env, messages: ChatMessage[], signal?: AbortSignal): Promise<TextAnswer> {
  const provider = requireProvider(env);
  const answer = await provider.chat({ messages, shape: { kind: "text" }, signal });
  const text = answer.content.trim();
  return answer.truncated
    ? { text, warning: `The LLM's answer was cut off at ${provider.name}'s output limit.` }
    : { text };
}
