/**
 * Request and response schemas of remote browser sessions and interact (docs/api.md, "Browser sessions").
 */
import { z } from "@hono/zod-openapi";
import { MAX_PROMPT_CHARS } from "./formats";

export const MAX_CODE_BYTES = 100_000;

const codeField = z
  .string()
  .min(1, "code must not be empty")
  .refine(
    (code) => new TextEncoder().encode(code).length <= MAX_CODE_BYTES,
    "Code must not exceed 100,000 UTF-8 bytes.",
  );
const languageField = z.enum(["node", "bash", "python"]).default("node").openapi({
  description:
    "`node`: JavaScript with a puppeteer-style `page`; `bash`: agent-browser command lines (python is not available).",
});
const timeoutField = z
  .int()
  .min(1)
  .max(300)
  .default(30)
  .openapi({ description: "Seconds; the run is stopped (killed: true) when it is over." });
const ttlField = z.int().min(30).max(3600).openapi({ description: "Total lifetime in seconds (30–3600)." });
const activityTtlField = z.int().min(10).max(3600).openapi({
  description: "Seconds without activity (CDP traffic, execute, live-view input) before the session ends (10–3600).",
});

export const BrowserCreateSchema = z
  .strictObject({
    ttl: ttlField.default(600),
    activityTtl: activityTtlField.default(300),
    streamWebView: z.boolean().default(true).openapi({ description: "Offer the live-view URLs." }),
    recordSession: z
      .boolean()
      .optional()
      .openapi({ description: "Accepted for compatibility; sessions are not recorded." }),
    profile: z
      .strictObject({
        name: z.string().min(1).max(128),
        saveChanges: z.boolean().default(true).openapi({
          description: "Save cookies and localStorage back at the end (one saving session per profile at a time).",
        }),
      })
      .optional(),
    origin: z.string().optional(),
    integration: z.string().nullish(),
  })
  .openapi("BrowserCreateRequest");

export const BrowserExecuteSchema = z
  .strictObject({ code: codeField, language: languageField, timeout: timeoutField, origin: z.string().optional() })
  .openapi("BrowserExecuteRequest");

export const InteractSchema = z
  .strictObject({
    code: codeField.optional(),
    prompt: z
      .string()
      .min(1)
      .max(MAX_PROMPT_CHARS)
      .optional()
      .openapi({ description: "What the LLM should do on the page (needs LLM_BASE_URL)." }),
    language: languageField,
    timeout: timeoutField,
    ttl: ttlField.optional(),
    activityTtl: activityTtlField.optional(),
    existingSessionId: z
      .string()
      .optional()
      .openapi({ description: "Adopt this open session of yours instead of opening one." }),
    origin: z.string().optional(),
    integration: z.string().nullish(),
  })
  .refine((body) => body.code !== undefined || body.prompt !== undefined, {
    message: "Either 'code' or 'prompt' must be provided.",
    path: ["code"],
  })
  .openapi("InteractRequest");

export const SessionIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" }, example: "0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a" }),
});

export const BrowserListQuery = z.object({ status: z.enum(["active", "destroyed"]).optional() });

const urls = {
  cdpUrl: z
    .string()
    .openapi({ description: "WebSocket URL of the session's DevTools protocol (carries a session-scoped token)." }),
  liveViewUrl: z
    .string()
    .openapi({ description: "A page showing the session's tab live (empty when streamWebView is false)." }),
  interactiveLiveViewUrl: z.string().openapi({ description: "The live view with mouse and keyboard input." }),
};

export const BrowserCreatedSchema = z
  .object({ success: z.literal(true), id: z.string(), ...urls, expiresAt: z.string() })
  .openapi("BrowserSessionCreated");

export const BrowserListSchema = z
  .object({
    success: z.literal(true),
    sessions: z.array(
      z.object({
        id: z.string(),
        status: z.enum(["active", "destroyed"]),
        ...urls,
        streamWebView: z.boolean(),
        createdAt: z.string(),
        lastActivity: z.string(),
      }),
    ),
  })
  .openapi("BrowserSessionList");

export const SessionStoppedSchema = z
  .object({
    success: z.literal(true),
    sessionDurationMs: z.int(),
    creditsBilled: z.int(),
    cleanupQueued: z.boolean().optional(),
  })
  .openapi("BrowserSessionStopped");

const executeFields = {
  result: z
    .string()
    .openapi({ description: "The returned value as text (JSON for non-strings); the last command's output for bash." }),
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.int().openapi({ description: "0 on success, 1 on an error, 124 when the timeout stopped the run." }),
  killed: z.boolean(),
  error: z.string().optional(),
};

export const BrowserExecutedSchema = z
  .object({ success: z.literal(true), ...executeFields })
  .openapi("BrowserExecuteResult");

export const InteractResultSchema = z
  .object({ success: z.boolean(), sessionId: z.string(), ...urls, output: z.string().optional(), ...executeFields })
  .openapi("InteractResult");
