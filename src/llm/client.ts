/**
 * What the API's features ask of the LLM port (provider.ts): json extraction (schema-validated, structured.ts),
 * page summaries, and the up-front refusal of requests that need an LLM when none is configured. Crawl prompts
 * (src/crawl/prompt.ts), change tracking and branding build on the same calls; the agent's tool calling is tools.ts.
 */
import { ApiError } from "../errors";
import type { FormatObject } from "../schemas/formats";
import { needsModel, redactionPlan, type RedactPIIInput } from "../schemas/redact";
import { LLM_SETTINGS, llmConfigured } from "./provider";
import { completeJson, completeText, type JsonExtraction, type TextAnswer } from "./structured";

export { llmConfigured, completeJson, type JsonExtraction };

/** Markdown beyond this many characters is cut before it is sent (keeps prompts inside common context windows). */
export const MAX_LLM_INPUT_CHARS = 120_000;

/** Formats that need the LLM. */
export function llmFormats(formats: FormatObject[]): string[] {
  return formats
    .filter(
      (f) =>
        ["json", "summary", "question", "highlights", "query"].includes(f.type) ||
        (f.type === "changeTracking" && f.modes.includes("json")),
    )
    .map((f) => (f.type === "changeTracking" ? "changeTracking json mode" : f.type));
}

/**
 * Refuses up front (before any fetch or charge) a request whose formats, or whose redaction of people and places,
 * need an LLM that is not configured.
 */
export function requireLlmFor(env: Env, formats: FormatObject[], options: { redactPII?: RedactPIIInput } = {}): void {
  if (needsModel(redactionPlan(options.redactPII)) && !llmConfigured(env)) {
    throw new ApiError(
      "LLM_NOT_CONFIGURED",
      "redactPII finds people and places with an LLM, and none is configured: use redactPII " +
        `{"mode": "fast"} for e-mail, phone, card and secret patterns only, or configure one (${LLM_SETTINGS})`,
      [{ path: ["redactPII"], message: "needs an LLM", code: "custom" }],
    );
  }
  const needs = llmFormats(formats);
  if (needs.length && !llmConfigured(env)) {
    throw new ApiError(
      "LLM_NOT_CONFIGURED",
      `The ${[...new Set(needs)].join(" and ")} format needs an LLM, and none is configured: ${LLM_SETTINGS}`,
    );
  }
}

/** Cuts text to what is sent to the model. */
function clipForLlm(text: string): string {
  return text.length > MAX_LLM_INPUT_CHARS ? text.slice(0, MAX_LLM_INPUT_CHARS) : text;
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
    options.schema
      ? "The JSON must conform to the JSON Schema the user gives."
      : "Choose a sensible shape for the data.",
    "Use null for values the page does not contain; never invent data.",
  ].join(" ");
  const user = [
    options.prompt ? `Instructions: ${options.prompt}` : "Extract the main structured data of this page.",
    options.schema ? `JSON Schema:\n${JSON.stringify(options.schema)}` : "",
    `Page:\n${clipForLlm(markdown)}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return completeJson(env, { system, user, schema: options.schema }, signal);
}

/** A short summary of the page's main content. */
export async function summarize(env: Env, markdown: string, signal?: AbortSignal): Promise<TextAnswer> {
  return completeText(
    env,
    [
      {
        role: "system",
        content: "You summarize web pages. Answer in plain prose, a few sentences, in the page's language.",
      },
      { role: "user", content: `Summarize the main content and key points from this page.\n\n${clipForLlm(markdown)}` },
    ],
    signal,
  );
}
