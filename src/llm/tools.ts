/**
 * OpenAI-style tool calling on the same chat-completions endpoint as the rest of the LLM port (openai.ts): the
 * model is offered functions with JSON-schema parameters and answers with calls to them. Used by the agent, and
 * only through an OpenAI-compatible endpoint (LLM_BASE_URL): the Workers AI binding adapter does not offer tools.
 *
 * Endpoints differ in small ways (local servers especially), so the reply is read leniently: `arguments` given
 * as an object instead of a JSON string, a missing call id, or a call written as JSON in the message text
 * (`{"name": …, "arguments": {…}}`) instead of in `tool_calls`.
 */
import { postChatCompletion } from "./openai";

export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A message of a tool-calling conversation, in the wire shape the endpoint takes. */
export type ConversationMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface ToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ToolReply {
  content: string | null;
  toolCalls: ToolCall[];
}

export interface ToolChatRequest {
  /** The endpoint's model name; the configured LLM_MODEL when absent. */
  model?: string;
  messages: ConversationMessage[];
  tools: ToolDefinition[];
  /** `auto` (the model chooses), or the one tool it must call. */
  toolChoice?: "auto" | { name: string };
}

/** Tool calling needs an OpenAI-compatible endpoint; a Workers AI binding alone is not enough. */
export function toolCallingConfigured(env: Env): boolean {
  return Boolean(env.LLM_BASE_URL?.trim());
}

export async function chatWithTools(env: Env, request: ToolChatRequest, signal?: AbortSignal): Promise<ToolReply> {
  const choice =
    !request.toolChoice || request.toolChoice === "auto"
      ? "auto"
      : { type: "function", function: { name: request.toolChoice.name } };
  const payload: Record<string, unknown> = { messages: request.messages, tools: request.tools, tool_choice: choice };
  if (request.model) payload.model = request.model;
  const message = (await postChatCompletion(env, payload, signal)).message ?? {};
  const content = typeof message.content === "string" ? message.content : null;
  const names = new Set(request.tools.map((t) => t.function.name));
  const toolCalls = readToolCalls(message.tool_calls);
  return { content, toolCalls: toolCalls.length > 0 ? toolCalls : callWrittenAsText(content, names) };
}

function readToolCalls(raw: unknown): ToolCall[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((call: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }) => {
    const name = call?.function?.name;
    if (typeof name !== "string") return [];
    return [toolCall(name, call.function?.arguments, typeof call.id === "string" && call.id ? call.id : undefined)];
  });
}

function toolCall(
  name: string,
  args: unknown,
  id = `call_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`,
): ToolCall {
  const text = typeof args === "string" ? args : JSON.stringify(args ?? {});
  return { id, type: "function", function: { name, arguments: text } };
}

/** A model that wrote its call as JSON text (`{"name": "scrape", "arguments": {...}}`, possibly fenced). */
function callWrittenAsText(content: string | null, names: Set<string>): ToolCall[] {
  if (!content) return [];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  let value: { name?: unknown; arguments?: unknown; parameters?: unknown };
  try {
    value = JSON.parse((fenced ? fenced[1] : content).trim());
  } catch {
    return [];
  }
  if (typeof value !== "object" || value === null || typeof value.name !== "string" || !names.has(value.name))
    return [];
  return [toolCall(value.name, value.arguments ?? value.parameters)];
}
