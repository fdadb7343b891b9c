/**
 * The LLM port: any OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL) —
 * OpenAI itself, Workers AI's OpenAI-compatible endpoint, a local server. Used by the `json` and `summary`
 * formats, crawl and interact prompts, and (with tool calling, ./tools.ts) the agent. Without LLM_BASE_URL these
 * features answer a clear 400.
 */
import { Validator } from "@cfworker/json-schema";
import { ApiError, describeError } from "../errors";
import type { FormatObject } from "../schemas/scrape";

/** Markdown beyond this many characters is cut before it is sent (keeps prompts inside common context windows). */
export const MAX_LLM_INPUT_CHARS = 120_000;

export function llmConfigured(env: Env): boolean {
  return Boolean(env.LLM_BASE_URL?.trim());
}

/** Formats that need the LLM. */
export function llmFormats(formats: FormatObject[]): string[] {
  return formats
    .filter((f) => f.type === "json" || f.type === "summary" || (f.type === "changeTracking" && f.modes.includes("json")))
    .map((f) => f.type);
}

/** Refuses up front (before any fetch or charge) a request whose formats need an LLM that is not configured. */
export function requireLlmFor(env: Env, formats: FormatObject[]): void {
  const needs = llmFormats(formats);
  if (needs.length && !llmConfigured(env)) {
    throw new ApiError(
      "LLM_NOT_CONFIGURED",
      `The ${[...new Set(needs)].join(" and ")} format needs an LLM, and none is configured: set LLM_BASE_URL (an OpenAI-compatible endpoint), LLM_MODEL and LLM_API_KEY`,
    );
  }
}

interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** The assistant message of a completion as the endpoint returns it (tool calls are read by ./tools.ts). */
export interface CompletionMessage {
  content?: string | null;
  tool_calls?: unknown;
}

/**
 * One chat-completions request: `payload` (messages, response_format, tools…) goes to LLM_BASE_URL with the
 * configured model unless it names its own; the first choice's message comes back.
 */
export async function requestCompletion(env: Env, payload: Record<string, unknown>, signal?: AbortSignal): Promise<CompletionMessage> {
  const base = env.LLM_BASE_URL.trim().replace(/\/+$/, "");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (env.LLM_API_KEY) headers.authorization = `Bearer ${env.LLM_API_KEY}`;
  let response: Response;
  try {
    response = await fetch(`${base}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: env.LLM_MODEL || "gpt-4o-mini", temperature: 0, ...payload }),
      signal,
    });
  } catch (e) {
    throw new ApiError("LLM_ERROR", `The LLM endpoint could not be reached: ${describeError(e)}`);
  }
  if (!response.ok) {
    const detail = (await response.text()).slice(0, 300);
    throw new ApiError("LLM_ERROR", `The LLM endpoint answered HTTP ${response.status}: ${detail}`);
  }
  const body = (await response.json().catch(() => null)) as { choices?: { message?: CompletionMessage }[] } | null;
  const message = body?.choices?.[0]?.message;
  if (!message) throw new ApiError("LLM_ERROR", "The LLM endpoint returned no message");
  return message;
}

async function chat(env: Env, messages: ChatMessage[], responseFormat: unknown, signal?: AbortSignal): Promise<string> {
  const { content } = await requestCompletion(env, { messages, response_format: responseFormat }, signal);
  if (typeof content !== "string") throw new ApiError("LLM_ERROR", "The LLM endpoint returned no message content");
  return content;
}

function clip(markdown: string): string {
  return markdown.length > MAX_LLM_INPUT_CHARS ? markdown.slice(0, MAX_LLM_INPUT_CHARS) : markdown;
}

/** Parses the first JSON value in a model answer (models sometimes wrap it in a code fence). */
export function parseModelJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const text = (fenced ? fenced[1] : content).trim();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("LLM_ERROR", "The LLM did not return valid JSON");
  }
}

export interface JsonExtraction {
  data: unknown;
  /** Set when the answer does not satisfy the schema. */
  warning?: string;
}

/** One JSON answer to a system + user prompt, validated against `schema` when one is given. */
export async function completeJson(
  env: Env,
  request: { system: string; user: string; schema?: Record<string, unknown> },
  signal?: AbortSignal,
): Promise<JsonExtraction> {
  const responseFormat = request.schema
    ? { type: "json_schema", json_schema: { name: "answer", schema: request.schema, strict: false } }
    : { type: "json_object" };
  const data = parseModelJson(
    await chat(env, [{ role: "system", content: request.system }, { role: "user", content: request.user }], responseFormat, signal),
  );
  if (!request.schema) return { data };
  const result = new Validator(request.schema as never, "2020-12", false).validate(data);
  if (result.valid) return { data };
  const first = result.errors[0];
  return { data, warning: `The JSON answer does not match the schema: ${first ? `${first.instanceLocation} ${first.error}` : "invalid"}` };
}

/** Structured extraction from page markdown with an optional JSON Schema and/or prompt. */
export async function extractJson(
  env: Env,
  markdown: string,
  options: { prompt?: string; schema?: Record<string, unknown> },
  signal?: AbortSignal,
): Promise<JsonExtraction> {
  const system = [
    "You extract structured data from a web page given as markdown. Answer with one JSON object only.",
    options.schema ? "The JSON must conform to the JSON Schema the user gives." : "Choose a sensible shape for the data.",
    "Use null for values the page does not contain; never invent data.",
  ].join(" ");
  const user = [
    options.prompt ? `Instructions: ${options.prompt}` : "Extract the main structured data of this page.",
    options.schema ? `JSON Schema:\n${JSON.stringify(options.schema)}` : "",
    `Page:\n${clip(markdown)}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return completeJson(env, { system, user, schema: options.schema }, signal);
}

/** A short summary of the page's main content. */
export async function summarize(env: Env, markdown: string, signal?: AbortSignal): Promise<string> {
  return (
    await chat(
      env,
      [
        { role: "system", content: "You summarize web pages. Answer in plain prose, a few sentences, in the page's language." },
        { role: "user", content: `Summarize the main content and key points from this page.\n\n${clip(markdown)}` },
      ],
      undefined,
      signal,
    )
  ).trim();
}
