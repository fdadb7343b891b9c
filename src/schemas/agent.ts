/**
 * The agent's request and status shapes (docs/api.md, "Agent"). Rules that need the service's configuration
 * (an LLM, start points, the smallest useful `maxCredits`) are checked by src/agent/service.ts.
 */
import { z } from "@hono/zod-openapi";
import { targetUrl } from "./common";
import { jsonSchemaField } from "./json-schema";
import { MAX_PROMPT_CHARS } from "./formats";
import { webhookSchema } from "./webhook";

/** spark-2 (the newest clients' name) is taken as spark-1-pro. */
export const AGENT_MODELS = ["spark-1-mini", "spark-1-pro", "spark-2"] as const;
export type AgentModelName = (typeof AGENT_MODELS)[number];

export const AGENT_WEBHOOK_EVENTS = ["started", "action", "completed", "failed", "cancelled"] as const;
export type AgentWebhookEvent = (typeof AGENT_WEBHOOK_EVENTS)[number];

export const DEFAULT_AGENT_MAX_CREDITS = 2500;
export const MAX_AGENT_URLS = 100;

export const AgentWebhookSchema = webhookSchema(AGENT_WEBHOOK_EVENTS, /^agent\./, "AgentWebhook");

export const AgentRequestSchema = z
  .strictObject({
    prompt: z
      .string()
      .min(1, "prompt must not be empty")
      .max(MAX_PROMPT_CHARS)
      .openapi({ description: "What to find and extract, in natural language." }),
    urls: z
      .array(targetUrl)
      .min(1)
      .max(MAX_AGENT_URLS)
      .optional()
      .openapi({ description: "Where the agent starts (with strictConstrainToURLs, the only pages it may visit)." }),
    schema: jsonSchemaField("A JSON Schema the answer (`data`) must match."),
    maxCredits: z
      .int()
      .min(1)
      .default(DEFAULT_AGENT_MAX_CREDITS)
      .openapi({ description: "The most the job may spend; it stops and answers with what it has." }),
    strictConstrainToURLs: z
      .boolean()
      .default(false)
      .openapi({ description: "Visit only the given urls (needs urls)." }),
    model: z.enum(AGENT_MODELS).default("spark-1-mini").openapi({
      description: "spark-1-mini (LLM_MODEL) or spark-1-pro (LLM_MODEL_PRO); spark-2 is read as spark-1-pro.",
    }),
    webhook: AgentWebhookSchema.optional(),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.strictConstrainToURLs && !body.urls) {
      ctx.addIssue({
        code: "custom",
        path: ["strictConstrainToURLs"],
        message: "strictConstrainToURLs needs urls: the pages the agent may visit",
      });
    }
  })
  .openapi("AgentRequest");
export type AgentRequest = z.output<typeof AgentRequestSchema>;

export const AgentStartedSchema = z.object({ success: z.literal(true), id: z.string() }).openapi("AgentStarted");

export const AgentStepSchema = z
  .object({
    step: z.int(),
    action: z.string().openapi({ description: "scrape, map, search or finish" }),
    url: z.string().optional(),
    query: z.string().optional(),
    status: z.enum(["done", "refused", "failed"]),
    message: z.string().optional().openapi({ description: "Why it was refused or failed." }),
    creditsUsed: z.int(),
    at: z.string(),
  })
  .openapi("AgentStep");
export type AgentStep = z.infer<typeof AgentStepSchema>;

export const AgentStatusSchema = z
  .object({
    success: z.literal(true),
    status: z.enum(["processing", "completed", "failed", "cancelled"]),
    data: z
      .any()
      .optional()
      .openapi({ description: "The answer (matching `schema` when one was given); only when completed." }),
    error: z.string().optional(),
    stopReason: z
      .enum(["maxCredits", "maxSteps"])
      .optional()
      .openapi({ description: "Why the agent stopped before it was done." }),
    partial: z
      .any()
      .optional()
      .openapi({ description: "An answer that did not match the schema, when the agent could not repair it." }),
    partialSchemaValid: z.boolean().optional(),
    model: z.enum(AGENT_MODELS),
    creditsUsed: z.int(),
    maxCredits: z.int(),
    createdAt: z.string(),
    completedAt: z.string().optional(),
    expiresAt: z.string(),
    steps: z.array(AgentStepSchema).openapi({ description: "The actions taken so far, in order." }),
    sources: z.array(z.string()).openapi({ description: "The pages read, in the order first read." }),
    warning: z.string().optional().openapi({ description: "Set while webhook delivery keeps failing." }),
  })
  .openapi("AgentStatus");
export type AgentStatus = z.infer<typeof AgentStatusSchema>;

export const AgentCancelledSchema = z.object({ success: z.literal(true) }).openapi("AgentCancelled");
