/**
 * What the agent's model is told: the system prompt, the opening task message (the prompt, where to start, the
 * answer's schema), the tools it may call, and the short messages that steer it (answer now, use the tools, fix
 * the answer). The tools are OpenAI-style functions: `scrape` and `finish` always; `map` unless the run is
 * restricted to its URLs; `search` when a search provider is configured and the run is not restricted.
 */
import type { ToolDefinition } from "../llm/tools";
import type { AgentConfig, StopReason } from "./sql-schema";

export const SYSTEM_PROMPT = [
  "You are a web research agent. You carry out the user's task by reading web pages with the tools you are given,",
  "then you call `finish` with the answer. Use only what the pages say; never invent data, and use null for what",
  "you could not find. Every tool call and every reply of yours costs credits from a limited budget, so go",
  "straight to the pages most likely to hold the answer and call `finish` as soon as you have it.",
].join(" ");

const urlParameter = { type: "string", description: "An absolute http(s) URL." };

function tool(
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[],
): ToolDefinition {
  return { type: "function", function: { name, description, parameters: { type: "object", properties, required } } };
}

/**
 * `finish`'s parameters: `{data: <the caller's schema>}`. References inside that schema are relative to its
 * root, which is now `#/properties/data`: its `$defs` / `definitions` move up to the parameters' root (where
 * `#/$defs/...` finds them again) and other references are re-rooted.
 */
export function answerParameters(schema?: Record<string, unknown>): Record<string, unknown> {
  if (!schema)
    return {
      type: "object",
      properties: { data: { description: "The answer to the task, as JSON." } },
      required: ["data"],
    };
  const { $defs, definitions, ...answer } = schema;
  const reroot = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(reroot);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) =>
        key === "$ref" &&
        typeof value === "string" &&
        (value === "#" || (value.startsWith("#/") && !/^#\/(\$defs|definitions)\//.test(value)))
          ? [key, `#/properties/data${value.slice(1)}`]
          : [key, reroot(value)],
      ),
    );
  };
  const parameters: Record<string, unknown> = {
    type: "object",
    properties: { data: reroot(answer) },
    required: ["data"],
  };
  if ($defs !== undefined) parameters.$defs = reroot($defs);
  if (definitions !== undefined) parameters.definitions = reroot(definitions);
  return parameters;
}

/** The tools offered for this job (only `finish` while it is told to answer now). */
export function toolDefinitions(config: AgentConfig, answerNow: boolean): ToolDefinition[] {
  const finish: ToolDefinition = {
    type: "function",
    function: {
      name: "finish",
      description: "Give the final answer and end the task.",
      parameters: answerParameters(config.schema),
    },
  };
  if (answerNow) return [finish];
  const tools = [
    tool(
      "scrape",
      config.strict
        ? `Read a web page as markdown. Only these pages may be read: ${config.startUrls.join(", ")}.`
        : "Read a web page as markdown (with its links).",
      { url: urlParameter },
      ["url"],
    ),
  ];
  if (!config.strict) {
    tools.push(
      tool(
        "map",
        "List the URLs of a website (from its sitemaps and links), optionally only those matching some words.",
        { url: urlParameter, search: { type: "string", description: "Words the URLs should match." } },
        ["url"],
      ),
    );
    if (config.search)
      tools.push(
        tool("search", "Search the web. Returns result URLs with titles and snippets.", { query: { type: "string" } }, [
          "query",
        ]),
      );
  }
  return [...tools, finish];
}

/** The opening message: the task, where to start, and what the answer must look like. */
export function taskMessage(config: AgentConfig): string {
  const start = config.strict
    ? `You may read only these pages: ${config.startUrls.join(", ")}.`
    : config.startUrls.length > 0
      ? `Start with: ${config.startUrls.join(", ")}.`
      : "No start page was given: search the web to find where to look.";
  const answer = config.schema
    ? `Call finish with data matching this JSON Schema:\n${JSON.stringify(config.schema)}`
    : "Call finish with data: the answer as JSON (an object with clear field names).";
  return `Task: ${config.prompt}\n\n${start}\n\n${answer}`;
}

export function answerNowMessage(reason: StopReason): string {
  const why = reason === "maxCredits" ? "the credit budget is almost spent" : "the step limit is reached";
  return `Stop now: ${why}. Call finish with the data you have gathered so far; use null for what you could not find.`;
}

export const USE_TOOLS_MESSAGE =
  "Reply with tool calls only: read pages with the tools, and call finish with the answer.";

export function repairMessage(problem: string): string {
  return `This answer does not match the JSON Schema: ${problem}. Call finish again with corrected data.`;
}
