/**
 * The Workers AI adapter: the `AI` binding (`[ai] binding = "AI"` when deployed), model from `LLM_MODEL`.
 * Structured output goes through Workers AI's JSON mode (`response_format` with the schema itself as
 * `json_schema`), whose answer may come back already parsed. Workers AI has no local mode — `npm start`
 * cannot serve the binding — so this adapter is tested against a stand-in binding and used only when deployed.
 *
 * Text-generation models answer `{response, usage}`; some newer ones answer in the OpenAI shape (`choices`).
 * Both are read. The default output limit of most models (256 tokens) is far too small for extraction, so every
 * call sets `max_tokens`; an answer that used all of it is cut off.
 */
import { ApiError, describeError } from "../errors";
import { recordTokens, tokensUsed } from "../credits/tokens";
import type { AnswerShape, ChatAnswer, ChatRequest, LlmProvider } from "./provider";

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
/** Output tokens allowed per answer. */
export const WORKERS_AI_MAX_TOKENS = 4096;

/** The part of the binding this adapter uses. */
export interface WorkersAiBinding {
  run(model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

interface WorkersAiResult {
  response?: unknown;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  choices?: { message?: { content?: unknown }; finish_reason?: string | null }[];
}

function responseFormat(shape: AnswerShape): Record<string, unknown> | undefined {
  if (shape.kind === "json_schema") return { type: "json_schema", json_schema: shape.schema };
  if (shape.kind === "json") return { type: "json_object" };
  return undefined;
}

/** The model could not produce JSON satisfying the schema: an invalid answer, which the caller may repair. */
const JSON_MODE_FAILED = /JSON Mode couldn't be met/i;

export function workersAi(binding: WorkersAiBinding, model?: string): LlmProvider {
  const modelName = model?.trim() || DEFAULT_WORKERS_AI_MODEL;
  return {
    name: "Workers AI",
    async chat(request: ChatRequest): Promise<ChatAnswer> {
      const inputs: Record<string, unknown> = {
        messages: request.messages,
        max_tokens: WORKERS_AI_MAX_TOKENS,
        temperature: 0,
      };
      const format = responseFormat(request.shape);
      if (format) inputs.response_format = format;
      let result: WorkersAiResult;
      try {
        result = (await binding.run(
          modelName,
          inputs,
          request.signal ? { signal: request.signal } : undefined,
        )) as WorkersAiResult;
      } catch (e) {
        if (request.signal?.aborted) throw request.signal.reason;
        const reason = describeError(e);
        if (JSON_MODE_FAILED.test(reason)) return { content: "", truncated: false };
        throw new ApiError("LLM_ERROR", `Workers AI (${modelName}) failed: ${reason}`);
      }
      const answer = readResult(result, modelName);
      await recordTokens(tokensUsed(result?.usage, inputs.messages, answer.content));
      return answer;
    },
  };
}

function readResult(result: WorkersAiResult, modelName: string): ChatAnswer {
  const choice = result?.choices?.[0];
  if (choice) {
    const content = choice.message?.content;
    if (typeof content !== "string")
      throw new ApiError("LLM_ERROR", `Workers AI (${modelName}) returned no message content`);
    return { content, truncated: choice.finish_reason === "length" };
  }
  const truncated = (result?.usage?.completion_tokens ?? 0) >= WORKERS_AI_MAX_TOKENS;
  const response = result?.response;
  if (typeof response === "string") return { content: response, truncated };
  if (response !== undefined && response !== null && typeof response === "object") {
    return { content: JSON.stringify(response), truncated, json: response };
  }
  throw new ApiError("LLM_ERROR", `Workers AI (${modelName}) returned no response`);
}
