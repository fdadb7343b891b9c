/**
 * The `json` mode of change tracking. With a schema: both versions are extracted with it (the previous one is
 * reused from the store when it was made with the same schema and prompt) and the fields whose values differ
 * come back as `{field: {previous, current}}`. Without one: the LLM describes what changed between the two
 * markdowns (only when they differ — there is nothing to describe otherwise).
 */
import { sha256Hex } from "../crypto";
import { completeJson, extractJson, MAX_LLM_INPUT_CHARS } from "../llm/client";
import type { ChangeTrackingFormatOptions } from "../schemas/formats";
import type { ChangeStatus } from "./compare";
import type { TrackedPage } from "./store";

export interface JsonModeResult {
  /** What the result's `changeTracking.json` holds; absent when there is nothing to compare. */
  json?: unknown;
  /** The current extraction, kept for the next comparison (schema mode only). */
  extraction?: TrackedPage["extraction"];
  warnings: string[];
}

/** The shape of a change description (json mode without a schema). */
const CHANGE_DESCRIPTION_SCHEMA = {
  type: "object",
  properties: {
    summary: { type: "string", description: "What changed, in a sentence or two" },
    changes: {
      type: "array",
      items: {
        type: "object",
        properties: {
          description: { type: "string" },
          previous: { type: ["string", "null"] },
          current: { type: ["string", "null"] },
        },
        required: ["description", "previous", "current"],
      },
    },
  },
  required: ["summary", "changes"],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `{field: {previous, current}}` for every top-level field whose value differs (the whole value as `value` for
 * non-objects).
 */
export function fieldChanges(
  previous: unknown,
  current: unknown,
): Record<string, { previous: unknown; current: unknown }> {
  if (!isRecord(previous) && !isRecord(current) && previous !== null) {
    return same(previous, current) ? {} : { value: { previous: previous ?? null, current: current ?? null } };
  }
  const before = isRecord(previous) ? previous : {};
  const after = isRecord(current) ? current : {};
  const changes: Record<string, { previous: unknown; current: unknown }> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[field], after[field]))
      changes[field] = { previous: before[field] ?? null, current: after[field] ?? null };
  }
  return changes;
}

export async function jsonModeChanges(
  env: Env,
  format: ChangeTrackingFormatOptions,
  previous: TrackedPage | null,
  current: { markdown: string; status: ChangeStatus },
  signal?: AbortSignal,
): Promise<JsonModeResult> {
  if (format.schema) return schemaChanges(env, format, previous, current, signal);
  if (!previous || (current.status !== "changed" && current.status !== "removed")) return { warnings: [] };
  // Each version gets half of what is sent to the model.
  const half = Math.floor(MAX_LLM_INPUT_CHARS / 2);
  const answer = await completeJson(
    env,
    {
      system:
        "You compare two versions of the same web page, given as markdown, and describe what changed between them. " +
        ("Answer with one JSON object conforming to the JSON Schema the " +
          "user gives; quote the changed text where it helps."),
      user: [
        format.prompt ? `Instructions: ${format.prompt}` : "",
        `JSON Schema:\n${JSON.stringify(CHANGE_DESCRIPTION_SCHEMA)}`,
        `Previous version:\n${previous.markdown.slice(0, half)}`,
        `Current version:\n${current.markdown.slice(0, half)}`,
      ]
        .filter(Boolean)
        .join("\n\n"),
      schema: CHANGE_DESCRIPTION_SCHEMA,
    },
    signal,
  );
  return { json: answer.data, warnings: answer.warning ? [answer.warning] : [] };
}

async function schemaChanges(
  env: Env,
  format: ChangeTrackingFormatOptions,
  previous: TrackedPage | null,
  current: { markdown: string; status: ChangeStatus },
  signal?: AbortSignal,
): Promise<JsonModeResult> {
  const options = { schema: format.schema, prompt: format.prompt };
  const key = await sha256Hex(JSON.stringify(options));
  const kept = previous?.extraction?.key === key ? previous.extraction : undefined;
  const warnings: string[] = [];
  const extract = async (markdown: string) => {
    const result = await extractJson(env, markdown, options, signal);
    if (result.warning) warnings.push(result.warning);
    return result.data;
  };
  // An unchanged page extracts as it did last time: no call needed.
  const currentData = current.status === "same" && kept ? kept.data : await extract(current.markdown);
  const previousData = !previous ? null : kept ? kept.data : await extract(previous.markdown);
  return { json: fieldChanges(previousData, currentData), extraction: { key, data: currentData }, warnings };
}
