/**
 * The LLM port: one chat call, answered by whichever adapter the configuration names. An OpenAI-compatible
 * endpoint (`LLM_BASE_URL`: OpenAI, Ollama, vLLM, llama.cpp, Workers AI's OpenAI-compatible URL) wins; without
 * one, the Workers AI binding `AI` is used when the deployment declares it. Workers AI has no local mode, so
 * local use always goes through an endpoint (docs/guide.md, "LLM").
 */
import { openAiCompatible } from "./openai";
import { workersAi, type WorkersAiBinding } from "./workers-ai";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** What shape the answer must take: free text, any JSON object, or JSON conforming to a schema. */
export type AnswerShape =
  { kind: "text" } | { kind: "json" } | { kind: "json_schema"; schema: Record<string, unknown> };

export interface ChatRequest {
  messages: ChatMessage[];
  shape: AnswerShape;
  signal?: AbortSignal;
}

export interface ChatAnswer {
  /** The answer as text (JSON answers too, as the model wrote them). */
  content: string;
  /** The model stopped at its output limit: the answer is cut off. */
  truncated: boolean;
  /** Set when the endpoint handed back the JSON already parsed (Workers AI's JSON mode does). */
  json?: unknown;
}

export interface LlmProvider {
  /** For messages: which kind of endpoint answered. */
  readonly name: string;
  chat(request: ChatRequest): Promise<ChatAnswer>;
}

/** The settings that configure an LLM, named in LLM_NOT_CONFIGURED messages. */
export const LLM_SETTINGS =
  "set LLM_BASE_URL (an OpenAI-compatible endpoint), LLM_MODEL and " +
  "LLM_API_KEY, or deploy with a Workers AI binding named AI";

/** The binding is optional configuration (`[ai] binding = "AI"` when deployed). */
function aiBinding(env: Env): WorkersAiBinding | undefined {
  const binding = env.AI as unknown as WorkersAiBinding | undefined;
  return binding && typeof binding.run === "function" ? binding : undefined;
}

export function llmConfigured(env: Env): boolean {
  return Boolean(env.LLM_BASE_URL?.trim()) || aiBinding(env) !== undefined;
}

/** The configured adapter, or null when no LLM is configured. */
export function llmProvider(env: Env): LlmProvider | null {
  if (env.LLM_BASE_URL?.trim()) return openAiCompatible(env);
  const binding = aiBinding(env);
  return binding ? workersAi(binding, env.LLM_MODEL) : null;
}
