/**
 * `prompt` on crawls and POST /v2/crawl/params-preview: an LLM turns a natural-language description into crawl
 * options. Only options the schema below allows come back, generated regexes must compile, and the caller's
 * explicit options always win (the route merges).
 */
import { ApiError } from "../errors";
import { completeJson, llmConfigured } from "../llm/client";
import { LLM_SETTINGS } from "../llm/provider";
import { validatePatterns } from "./scope";

const OPTIONS_SCHEMA = {
  type: "object",
  additionalProperties: false,
  properties: {
    includePaths: {
      type: "array",
      items: { type: "string" },
      description: "JavaScript regexes on the URL pathname to crawl",
    },
    excludePaths: {
      type: "array",
      items: { type: "string" },
      description: "JavaScript regexes on the URL pathname to skip",
    },
    maxDiscoveryDepth: { type: "integer", minimum: 0 },
    crawlEntireDomain: { type: "boolean" },
    allowExternalLinks: { type: "boolean" },
    allowSubdomains: { type: "boolean" },
    sitemap: { enum: ["skip", "include", "only"] },
    ignoreQueryParameters: { type: "boolean" },
    deduplicateSimilarURLs: { type: "boolean" },
    limit: { type: "integer", minimum: 1 },
  },
};

const FAILED = "Failed to process natural language prompt. Please try rephrasing or use explicit crawler options.";

export async function crawlOptionsFromPrompt(env: Env, url: string, prompt: string): Promise<Record<string, unknown>> {
  if (!llmConfigured(env)) {
    throw new ApiError(
      "LLM_NOT_CONFIGURED",
      `A crawl prompt needs an LLM, and none is configured: ${LLM_SETTINGS}; or pass explicit crawler options`,
    );
  }
  let answer: { data: unknown; warning?: string };
  try {
    answer = await completeJson(env, {
      system:
        "You configure a web crawler. From the user's description, choose crawl options as JSON matching the schema. " +
        ("Include only options the description implies; leave the others " +
          "out. Path patterns are JavaScript regular expressions ") +
        'matched against the URL pathname (e.g. "^/blog/.*").',
      user: `Start URL: ${url}\nDescription: ${prompt}\nJSON Schema:\n${JSON.stringify(OPTIONS_SCHEMA)}`,
      schema: OPTIONS_SCHEMA,
    });
  } catch (e) {
    if (e instanceof ApiError && e.code === "LLM_ERROR") throw new ApiError("BAD_REQUEST", `${FAILED} (${e.message})`);
    throw e;
  }
  if (answer.warning || typeof answer.data !== "object" || answer.data === null || Array.isArray(answer.data)) {
    throw new ApiError("BAD_REQUEST", FAILED);
  }
  const options = answer.data as Record<string, unknown>;
  for (const field of ["includePaths", "excludePaths"] as const) {
    const patterns = options[field];
    if (patterns === undefined) continue;
    const problem = validatePatterns(patterns as string[], field);
    if (problem) throw new ApiError("BAD_REQUEST", `The generated ${problem}`);
  }
  return options;
}
