/**
 * The OpenAI-compatible adapter: `POST {LLM_BASE_URL}/chat/completions` with `LLM_MODEL` and, when set, the
 * bearer key `LLM_API_KEY`. `postChatCompletion` is the one place that talks to the endpoint (auth, errors,
 * the answer's first choice, the tokens it used for the team's ledger); every kind of call — plain chat, structured
 * output, and any later one such as tool calling — builds its body and goes through it.
 */
import { ApiError, describeError } from "../errors";
import { recordTokens, tokensUsed } from "../credits/tokens";
import type { AnswerShape, ChatAnswer, ChatRequest, LlmProvider } from "./provider";

const DEFAULT_MODEL = "gpt-4o-mini";

/** The first choice of a chat-completions answer, as the endpoint sent it. */
export interface CompletionChoice {
  message?: { role?: string; content?: string | null; [key: string]: unknown };
  finish_reason?: string | null;
}

/**
 * Sends one chat-completions request (`model` and `temperature: 0` are filled in unless `body` sets them) and
 * returns the first choice. Failures are LLM_ERROR with what the endpoint said.
 */
export async function postChatCompletion(
  env: Env,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<CompletionChoice> {
  const base = env.LLM_BASE_URL.trim().replace(/\/+$/, "");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (env.LLM_API_KEY) headers.authorization = `Bearer ${env.LLM_API_KEY}`;
  let response: Response;
  try {
    response = await fetch(`${base}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: env.LLM_MODEL || DEFAULT_MODEL, temperature: 0, ...body }),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new ApiError("LLM_ERROR", `The LLM endpoint could not be reached: ${describeError(e)}`);
  }
  if (!response.ok) {
    const detail = (await response.text()).slice(0, 300);
    throw new ApiError("LLM_ERROR", `The LLM endpoint answered HTTP ${response.status}: ${detail}`);
  }
  let answer: { choices?: CompletionChoice[]; usage?: unknown };
  try {
    answer = await response.json();
  } catch {
    throw new ApiError("LLM_ERROR", "The LLM endpoint answered with something other than JSON");
  }
  const choice = answer.choices?.[0];
  if (!choice) throw new ApiError("LLM_ERROR", "The LLM endpoint returned no choices");
  await recordTokens(tokensUsed(answer.usage, body.messages, JSON.stringify(choice.message ?? "")));
  return choice;
}

/** The endpoint's structured-output mode for each answer shape. */
function responseFormat(shape: AnswerShape): Record<string, unknown> | undefined {
  if (shape.kind === "json_schema")
    return { type: "json_schema", json_schema: { name: "answer", schema: shape.schema, strict: false } };
  if (shape.kind === "json") return { type: "json_object" };
  return undefined;
}

export function openAiCompatible(env: Env): LlmProvider {
  return {
    name: "the OpenAI-compatible endpoint",
    async chat(request: ChatRequest): Promise<ChatAnswer> {
      const choice = await postChatCompletion(
        env,
        { messages: request.messages, response_format: responseFormat(request.shape) },
        request.signal,
      );
      const content = choice.message?.content;
      if (typeof content !== "string") throw new ApiError("LLM_ERROR", "The LLM endpoint returned no message content");
      return { content, truncated: choice.finish_reason === "length" };
    },
  };
}
