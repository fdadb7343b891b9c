/**
 * The monitor routes' side (docs/monitors.md): what is checked before a monitor is stored — the schedule (cron
 * or phrase, timezone, shortest interval), the targets (outbound policy, formats the service can make, crawl
 * patterns, a search provider for search targets), the webhook, the judge's LLM and goal, email — then the
 * monitor's own Durable Object is created or updated. Every call reaches only the caller's own monitors.
 */
import { checkEmailNotification } from "./email";
import { monitorStub, type MonitorDO } from "../../durable-objects/monitor";
import { monitorRegistryStub } from "../../durable-objects/monitor-registry";
import type { RpcStub } from "../../durable-objects/sql";
import { validatePatterns } from "../crawl/scope";
import { checkWebhookTarget } from "../jobs/webhook-signing";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { llmConfigured } from "../llm/client";
import { LLM_SETTINGS } from "../llm/provider";
import { checkEgress, egressPolicy } from "../net/egress";
import { checkScrapeRequest } from "../scrape/pipeline";
import { coerceUrlInput } from "../schemas/common";
import type {
  CreateMonitorRequest,
  MonitorNotification,
  MonitorTarget,
  MonitorView,
  MonitorWebhook,
  StoredTarget,
  UpdateMonitorRequest,
} from "../schemas/monitor";
import { searchConfigured } from "../search/provider";
import { minIntervalSeconds, normalizeSchedule, ScheduleProblem, type NormalizedSchedule } from "./schedule";
import type { MonitorConfig } from "./sql-schema";
import { monitorScrapeOptions } from "./targets";

const NOT_FOUND = "Monitor not found";
const DEFAULT_MONITORS_PER_TEAM = 100;

function badRequest(path: (string | number)[], message: string): ApiError {
  return new ApiError("BAD_REQUEST", `${path.join(".")}: ${message}`, [{ path, message, code: "custom" }]);
}

function schedule(env: Env, input: { cron?: string; text?: string; timezone?: string }): NormalizedSchedule {
  try {
    return normalizeSchedule(input, minIntervalSeconds(env));
  } catch (e) {
    if (e instanceof ScheduleProblem) throw badRequest(["schedule", e.field], e.message);
    throw e;
  }
}

/** Targets with their ids (given, or `target-<n>`), each checked as its pipeline would check it. */
function checkTargets(env: Env, monitorId: string, targets: MonitorTarget[]): StoredTarget[] {
  const policy = egressPolicy(env);
  const ids = new Set<string>();
  return targets.map((target, i) => {
    const id = target.id ?? `target-${i + 1}`;
    if (ids.has(id)) throw badRequest(["targets", i, "id"], `the target id "${id}" is used twice`);
    ids.add(id);
    if (target.type === "search") {
      if (!searchConfigured(env)) {
        throw new ApiError(
          "SEARCH_NOT_CONFIGURED",
          "Search targets need a search provider, and none is configured: " +
            "set SEARCH_URL (a SearXNG-compatible JSON endpoint)",
          [{ path: ["targets", i], message: "SEARCH_URL is not configured", code: "custom" }],
        );
      }
      return { ...target, id };
    }
    for (const url of target.type === "scrape" ? target.urls : [target.url]) checkEgress(coerceUrlInput(url), policy);
    if (target.type === "crawl") {
      for (const field of ["includePaths", "excludePaths"] as const) {
        const problem = validatePatterns(target.crawlOptions[field], field);
        if (problem) throw badRequest(["targets", i, "crawlOptions", field], problem);
      }
    }
    checkScrapeRequest(env, monitorScrapeOptions(target.scrapeOptions, monitorId, id));
    return { ...target, id };
  });
}

function checkJudge(env: Env, judgeEnabled: boolean, goal: string | null): void {
  if (!judgeEnabled) return;
  if (!goal) throw badRequest(["goal"], "judgeEnabled needs a goal: what makes a change meaningful to you");
  if (!llmConfigured(env))
    throw new ApiError(
      "LLM_NOT_CONFIGURED",
      `judgeEnabled needs an LLM to judge changes, and none is configured: ${LLM_SETTINGS}`,
    );
}

async function checkWebhook(env: Env, teamId: string, webhook: MonitorWebhook | null): Promise<void> {
  if (webhook) await checkWebhookTarget(env, webhook.url, teamId);
}

export async function createMonitor(
  env: Env,
  teamId: string,
  body: CreateMonitorRequest,
  apiOrigin: string,
): Promise<MonitorView> {
  const id = newId();
  const config: MonitorConfig = {
    id,
    teamId,
    name: body.name,
    schedule: schedule(env, body.schedule),
    targets: checkTargets(env, id, body.targets),
    webhook: body.webhook ?? null,
    notification: body.notification ?? null,
    retentionDays: body.retentionDays,
    goal: body.goal ?? null,
    judgeEnabled: body.judgeEnabled,
    apiOrigin,
  };
  checkJudge(env, config.judgeEnabled, config.goal);
  checkEmailNotification(env, config.notification);
  await checkWebhook(env, teamId, config.webhook);
  const limit = Number(env.MONITORS_PER_TEAM) || DEFAULT_MONITORS_PER_TEAM;
  if (!(await monitorRegistryStub(env, teamId).add(id, limit))) {
    throw new ApiError("CONFLICT", `The team already has ${limit} monitors (MONITORS_PER_TEAM): delete one first`);
  }
  return monitorStub(env, id).create(config);
}

async function owned(env: Env, teamId: string, id: string): Promise<{ stub: RpcStub<MonitorDO>; view: MonitorView }> {
  const stub = monitorStub(env, id);
  const view = await stub.view(teamId);
  if (!view) throw new ApiError("NOT_FOUND", NOT_FOUND);
  return { stub, view };
}

export async function getMonitor(env: Env, teamId: string, id: string): Promise<MonitorView> {
  return (await owned(env, teamId, id)).view;
}

export async function listMonitors(env: Env, teamId: string, limit: number, offset: number): Promise<MonitorView[]> {
  const ids = await monitorRegistryStub(env, teamId).list(limit, offset);
  const views = await Promise.all(ids.map((id) => monitorStub(env, id).view(teamId)));
  return views.filter((v): v is MonitorView => v !== null);
}

export async function updateMonitor(
  env: Env,
  teamId: string,
  id: string,
  body: UpdateMonitorRequest,
  apiOrigin: string,
): Promise<MonitorView> {
  const { stub, view } = await owned(env, teamId, id);
  const pick = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given);
  const config: MonitorConfig = {
    id,
    teamId,
    name: pick(body.name, view.name),
    schedule: body.schedule ? schedule(env, body.schedule) : view.schedule,
    targets: body.targets ? checkTargets(env, id, body.targets) : (view.targets as StoredTarget[]),
    webhook: pick(body.webhook, view.webhook as MonitorWebhook | null),
    notification: pick(body.notification, view.notification as MonitorNotification | null),
    retentionDays: pick(body.retentionDays, view.retentionDays),
    goal: pick(body.goal, view.goal),
    judgeEnabled: pick(body.judgeEnabled, view.judgeEnabled),
    apiOrigin,
  };
  checkJudge(env, config.judgeEnabled, config.goal);
  if (body.notification !== undefined) checkEmailNotification(env, config.notification);
  if (body.webhook !== undefined) await checkWebhook(env, teamId, config.webhook);
  const updated = await stub.update(teamId, { config, status: body.status });
  if (!updated) throw new ApiError("NOT_FOUND", NOT_FOUND);
  return updated;
}

export async function deleteMonitor(env: Env, teamId: string, id: string): Promise<void> {
  if (!(await monitorStub(env, id).remove(teamId))) throw new ApiError("NOT_FOUND", NOT_FOUND);
  await monitorRegistryStub(env, teamId).remove(id);
}

export async function runMonitor(env: Env, teamId: string, id: string) {
  const check = await monitorStub(env, id).run(teamId);
  if (!check) throw new ApiError("NOT_FOUND", NOT_FOUND);
  return check;
}

export async function listChecks(env: Env, teamId: string, id: string, limit: number, offset: number) {
  const checks = await monitorStub(env, id).checks(teamId, limit, offset);
  if (!checks) throw new ApiError("NOT_FOUND", NOT_FOUND);
  return checks;
}

export async function getCheck(
  env: Env,
  teamId: string,
  id: string,
  checkId: string,
  page: Parameters<MonitorDO["check"]>[2],
) {
  const found = await monitorStub(env, id).check(teamId, checkId, page);
  if (!found) throw new ApiError("NOT_FOUND", "Monitor check not found");
  return found;
}
