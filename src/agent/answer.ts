/**
 * Reading the agent's answer from its `finish` call and checking it against the request's JSON Schema. Models
 * put the answer in `data` as told, but some pass the object itself as the arguments, or `data` as a JSON
 * string; both are read as meant.
 */
import { Validator } from "@cfworker/json-schema";

export interface Answer {
  data: unknown;
  /** Why the data does not match the schema; null when it does (or there is no schema). */
  problem: string | null;
}

/** How many validation errors the model is told about at once. */
const REPORTED_ERRORS = 5;

export function readAnswer(args: Record<string, unknown>, schema?: Record<string, unknown>): Answer {
  let data: unknown = "data" in args ? args.data : args;
  if (typeof data === "string" && schema && schema.type !== "string") {
    try {
      data = JSON.parse(data);
    } catch {
      // not JSON: validated as the string it is
    }
  }
  if (!schema) return { data, problem: null };
  const result = new Validator(schema as never, "2020-12", false).validate(data);
  if (result.valid) return { data, problem: null };
  // Keep the errors that say what is wrong where; drop the summaries ("property … does not match") above them.
  const leaves = result.errors.filter(
    (e) => !result.errors.some((o) => o !== e && o.instanceLocation.startsWith(`${e.instanceLocation}/`)),
  );
  const problem = (leaves.length ? leaves : result.errors)
    .slice(0, REPORTED_ERRORS)
    .map((e) => `${e.instanceLocation.replace(/^#/, "") || "/"}: ${e.error}`)
    .join("; ");
  return { data, problem };
}
