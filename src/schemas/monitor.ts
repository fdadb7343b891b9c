/**
 * Monitor request and response shapes (docs/monitors.md): the official SDK's `CreateMonitorRequest`,
 * `UpdateMonitorRequest`, `Monitor`, `MonitorCheck` and `MonitorCheckPage`. Rules that need the service's
 * configuration (cron syntax and minimum interval, LLM, search provider, mail) are checked by
 * src/monitor/service.ts.
 */
import { z } from "@hono/zod-openapi";
import { targetUrl } from "./common";
import { crawlerOptionFields } from "./crawl";
import { ScrapeOptionsSchema } from "./scrape";
import { MAX_PROMPT_CHARS } from "./formats";
import { webhookSchema } from "./webhook";

export const MONITOR_WEBHOOK_EVENTS = ["check.completed", "page"] as const;
export type MonitorWebhookEvent = (typeof MONITOR_WEBHOOK_EVENTS)[number];
export const MAX_MONITOR_URLS = 100;
export const DEFAULT_RETENTION_DAYS = 30;

export const MonitorScheduleSchema = z
  .strictObject({
    cron: z
      .string()
      .min(1)
      .optional()
      .openapi({ description: "5 fields (minute hour day month weekday), or 6 with seconds first." }),
    text: z.string().min(1).optional().openapi({
      description:
        'A phrase: "hourly", "every 15 minutes", "daily at 9:00", "weekdays at 8:30", "every monday at 10:00"…',
    }),
    timezone: z
      .string()
      .min(1)
      .optional()
      .openapi({ description: "IANA timezone the schedule is read in (default UTC)." }),
  })
  .superRefine((s, ctx) => {
    if ((s.cron === undefined) === (s.text === undefined))
      ctx.addIssue({ code: "custom", message: "Give exactly one of schedule.cron and schedule.text" });
  })
  .openapi("MonitorSchedule");

const targetId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/, "A target id may hold letters, digits, '_', '.' and '-'")
  .optional();

const ScrapeTarget = z.strictObject({
  id: targetId,
  type: z.literal("scrape"),
  urls: z.array(targetUrl).min(1).max(MAX_MONITOR_URLS),
  scrapeOptions: ScrapeOptionsSchema.prefault({}),
});

const CrawlTarget = z.strictObject({
  id: targetId,
  type: z.literal("crawl"),
  url: targetUrl,
  crawlOptions: z.strictObject(crawlerOptionFields).prefault({}),
  scrapeOptions: ScrapeOptionsSchema.prefault({}),
});

const SearchTarget = z.strictObject({
  id: targetId,
  type: z.literal("search"),
  queries: z.array(z.string().min(1).max(500)).min(1).max(20),
  searchWindow: z.enum(["5m", "15m", "1h", "6h", "24h", "7d"]).optional(),
  includeDomains: z.array(z.string().min(1)).max(100).default([]),
  excludeDomains: z.array(z.string().min(1)).max(100).default([]),
  maxResults: z.int().min(1).max(100).default(10),
});

export const MonitorTargetSchema = z
  .discriminatedUnion("type", [ScrapeTarget, CrawlTarget, SearchTarget])
  .openapi("MonitorTarget");
export type MonitorTarget = z.output<typeof MonitorTargetSchema>;
/** A target as stored: its id assigned. */
export type StoredTarget = MonitorTarget & { id: string };

export const MonitorWebhookSchema = webhookSchema(MONITOR_WEBHOOK_EVENTS, /^monitor\./, "MonitorWebhook");
export type MonitorWebhook = z.output<typeof MonitorWebhookSchema>;

export const MonitorNotificationSchema = z
  .strictObject({
    email: z
      .strictObject({
        enabled: z.boolean().default(false),
        recipients: z.array(z.email()).max(20).optional(),
        includeDiffs: z.boolean().optional(),
      })
      .optional(),
  })
  .openapi("MonitorNotification", { description: "Email notifications need a mail service; see docs/monitors.md." });
export type MonitorNotification = z.output<typeof MonitorNotificationSchema>;

const name = z.string().min(1).max(200);
const targets = z.array(MonitorTargetSchema).min(1).max(20);
const retentionDays = z.int().min(1).max(365).openapi({ description: "Checks older than this many days are deleted." });
const goal = z
  .string()
  .min(1)
  .max(MAX_PROMPT_CHARS)
  .openapi({ description: "What matters to you; the LLM judges changes against it (judgeEnabled)." });
const judgeEnabled = z
  .boolean()
  .openapi({ description: "Ask the LLM whether each change is meaningful for `goal` (needs an LLM)." });

export const CreateMonitorRequestSchema = z
  .strictObject({
    name,
    schedule: MonitorScheduleSchema,
    targets,
    webhook: MonitorWebhookSchema.optional(),
    notification: MonitorNotificationSchema.optional(),
    retentionDays: retentionDays.default(DEFAULT_RETENTION_DAYS),
    goal: goal.optional(),
    judgeEnabled: judgeEnabled.default(false),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("CreateMonitorRequest");
export type CreateMonitorRequest = z.output<typeof CreateMonitorRequestSchema>;

export const UpdateMonitorRequestSchema = z
  .strictObject({
    name: name.optional(),
    status: z
      .enum(["active", "paused"])
      .optional()
      .openapi({ description: "paused stops the schedule; active starts it again." }),
    schedule: MonitorScheduleSchema.optional(),
    targets: targets.optional(),
    webhook: MonitorWebhookSchema.nullable().optional(),
    notification: MonitorNotificationSchema.nullable().optional(),
    retentionDays: retentionDays.optional(),
    goal: goal.nullable().optional(),
    judgeEnabled: judgeEnabled.optional(),
    origin: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("UpdateMonitorRequest");
export type UpdateMonitorRequest = z.output<typeof UpdateMonitorRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses

export const MonitorSummarySchema = z
  .object({ totalPages: z.int(), same: z.int(), changed: z.int(), new: z.int(), removed: z.int(), error: z.int() })
  .openapi("MonitorSummary");
export type MonitorSummary = z.infer<typeof MonitorSummarySchema>;

export const MonitorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(["active", "paused", "deleted"]),
    schedule: z.object({ cron: z.string(), timezone: z.string(), text: z.string().optional() }),
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    currentCheckId: z.string().nullable(),
    targets: z.array(z.any()),
    webhook: z.any().nullable(),
    notification: z.any().nullable(),
    emailRecipientSubscriptions: z
      .array(z.object({ email: z.string(), status: z.literal("confirmed"), source: z.literal("team") }))
      .optional()
      .openapi({ description: "With e-mail: the recipients, confirmed (the operator's allow-list admits them)." }),
    retentionDays: z.int(),
    estimatedCreditsPerMonth: z.number().nullable(),
    lastCheckSummary: MonitorSummarySchema.nullable(),
    goal: z.string().nullable(),
    judgeEnabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Monitor");
export type MonitorView = z.infer<typeof MonitorSchema>;

export const MONITOR_CHECK_STATUSES = [
  "queued",
  "running",
  "completed",
  "failed",
  "partial",
  "skipped_overlap",
  "skipped_no_credits",
] as const;
export type MonitorCheckStatus = (typeof MONITOR_CHECK_STATUSES)[number];

export const MonitorCheckSchema = z
  .object({
    id: z.string(),
    monitorId: z.string(),
    status: z.enum(MONITOR_CHECK_STATUSES),
    trigger: z.enum(["scheduled", "manual"]),
    scheduledFor: z.string().nullable(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    estimatedCredits: z.int().nullable(),
    reservedCredits: z.int().nullable(),
    actualCredits: z.int().nullable(),
    billingStatus: z.enum(["not_applicable", "reserved", "confirmed", "released", "failed"]),
    summary: MonitorSummarySchema,
    targetResults: z.array(z.any()),
    notificationStatus: z
      .object({ email: z.record(z.string(), z.any()) })
      .nullable()
      .openapi({ description: "What became of the check's e-mail: sent (messageId) or failed (error), attempts." }),
    error: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("MonitorCheck");
export type MonitorCheckView = z.infer<typeof MonitorCheckSchema>;

export const PAGE_STATUSES = ["same", "new", "changed", "removed", "error"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const MonitorPageJudgmentSchema = z
  .object({
    meaningful: z.boolean(),
    confidence: z.enum(["high", "medium", "low"]),
    reason: z.string(),
    meaningfulChanges: z.array(
      z.object({
        type: z.enum(["added", "removed", "changed"]),
        before: z.string().nullable(),
        after: z.string().nullable(),
        reason: z.string(),
      }),
    ),
  })
  .openapi("MonitorPageJudgment");
export type MonitorPageJudgment = z.infer<typeof MonitorPageJudgmentSchema>;

export const MonitorCheckPageSchema = z
  .object({
    id: z.string(),
    targetId: z.string(),
    url: z.string(),
    status: z.enum(PAGE_STATUSES),
    previousScrapeId: z.string().nullable(),
    currentScrapeId: z.string().nullable(),
    statusCode: z.int().nullable(),
    error: z.string().nullable(),
    metadata: z.any().optional(),
    diff: z.object({ text: z.string().optional(), json: z.any().optional() }).nullable(),
    snapshot: z.object({ json: z.any().optional() }).nullable(),
    judgment: MonitorPageJudgmentSchema.nullable(),
    createdAt: z.string(),
  })
  .openapi("MonitorCheckPage");
export type MonitorCheckPageView = z.infer<typeof MonitorCheckPageSchema>;

export const MonitorCheckDetailSchema = MonitorCheckSchema.extend({
  pages: z.array(MonitorCheckPageSchema),
  next: z.string().nullable(),
}).openapi("MonitorCheckDetail");

export const MonitorIdParams = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, "Invalid monitor id")
    .openapi({ param: { name: "id", in: "path" } }),
});
export const MonitorCheckParams = MonitorIdParams.extend({
  checkId: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, "Invalid check id")
    .openapi({ param: { name: "checkId", in: "path" } }),
});

const pagingNumber = (max: number) => z.coerce.number().int().min(0).max(max).optional();
export const ListQuerySchema = z.object({
  limit: pagingNumber(100).pipe(z.number().min(1).optional()),
  offset: pagingNumber(1_000_000),
});
export const CheckPagesQuerySchema = z.object({
  limit: pagingNumber(1000).pipe(z.number().min(1).optional()),
  skip: pagingNumber(10_000_000),
  status: z.enum(PAGE_STATUSES).optional(),
});
