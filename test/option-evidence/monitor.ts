/**
 * Evidence for the monitor requests' fields: their targets' scrape options are the scrape options and their crawl
 * options the crawl endpoint's (the same schema pieces, run through the same pipelines); update takes create's
 * evidence for the same fields.
 */
import { fixture } from "../helpers";
import { CreateMonitorRequestSchema, UpdateMonitorRequestSchema } from "../../src/schemas/monitor";
import { refused, sdkField, sharesOf, shown, type Endpoint, type Evidence } from "./kinds";

const url = fixture("/article.html");
const MONITOR = "integration/monitor.test.ts";
const MONITOR_CHECKS = "integration/monitor-checks.test.ts";
const MONITOR_WEBHOOKS = "integration/monitor-webhooks.test.ts";

export function monitorEndpoints(SCRAPE_OPTIONS: Record<string, Evidence>, crawl: Endpoint): Record<string, Endpoint> {
  const monitorBody = { name: "m", schedule: { cron: "0 * * * *" }, targets: [{ type: "scrape", urls: [url] }] };
  const monitorRefused = (code: string, extra: Record<string, unknown>) =>
    refused(code, "/v2/monitor", { ...monitorBody, ...extra });
  const emailSent = shown(
    "integration/monitor-email.test.ts",
    "sends one message after a check that found a change, none after one that did not",
  );
  const emailDiffs = shown(
    "e2e/monitor-email.test.ts",
    "e-mails the recipients the change a check found, through the local send_email binding",
  );
  // Here no search provider is configured (refused with SEARCH_NOT_CONFIGURED, shown in MONITOR); the e2e server
  // has one.
  const MONITOR_SEARCH = shown(
    "e2e/sdk-monitor.test.ts",
    "search targets through the search provider: results filtered by domain, new the first time, then same",
  );
  const MONITOR_LIFECYCLE = shown(
    MONITOR,
    "creates, lists, reads, updates and deletes a monitor; other teams see none of it",
  );
  const MONITOR_BY_ALARM = shown(
    MONITOR_CHECKS,
    "new → same → changed (with its diff) → removed, each check on the schedule; pause stops it, active resumes",
  );
  const MONITOR_RETENTION = shown(
    MONITOR_CHECKS,
    "prunes checks older than retentionDays, with the documents only they held",
  );
  const MONITOR_CRAWL = shown(
    MONITOR_CHECKS,
    "crawls a crawl target with change tracking: pages gone are removed; pages filter by status and page with next",
  );
  const MONITOR_WEBHOOK = shown(
    MONITOR_WEBHOOKS,
    "sends signed webhooks: monitor.check.completed after each check, monitor.page for a change",
  );
  const MONITOR_JUDGE = shown(
    MONITOR_WEBHOOKS,
    "judges each change against the goal with the LLM; only meaningful changes send monitor.page",
  );
  const crawlerEvidence = Object.fromEntries(
    Object.entries(crawl.own).filter(
      ([field]) =>
        !["url", "prompt", "scrapeOptions", "zeroDataRetention", "origin", "integration"].includes(field) &&
        !field.includes("."),
    ),
  );
  const monitorZdr = monitorRefused("SCRAPE_CHANGE_TRACKING_NOT_SUPPORTED", {
    targets: [{ type: "scrape", urls: [url], scrapeOptions: { zeroDataRetention: true } }],
  });
  const create: Endpoint = {
    schema: CreateMonitorRequestSchema,
    own: {
      name: MONITOR_LIFECYCLE,
      schedule: MONITOR_BY_ALARM,
      "schedule.cron": MONITOR_LIFECYCLE,
      "schedule.text": MONITOR_LIFECYCLE,
      "schedule.timezone": MONITOR_LIFECYCLE,
      targets: MONITOR_BY_ALARM,
      "targets[scrape]": MONITOR_BY_ALARM,
      "targets[scrape].id": MONITOR_WEBHOOK,
      "targets[scrape].urls": MONITOR_BY_ALARM,
      "targets[scrape].scrapeOptions": MONITOR_RETENTION,
      "targets[scrape].scrapeOptions.zeroDataRetention": monitorZdr,
      "targets[crawl]": MONITOR_CRAWL,
      "targets[crawl].id": MONITOR_CRAWL,
      "targets[crawl].url": MONITOR_CRAWL,
      "targets[crawl].crawlOptions": MONITOR_CRAWL,
      "targets[crawl].scrapeOptions": MONITOR_CRAWL,
      "targets[crawl].scrapeOptions.zeroDataRetention": monitorZdr,
      "targets[search]": MONITOR_SEARCH,
      "targets[search].id": MONITOR_SEARCH,
      "targets[search].queries": MONITOR_SEARCH,
      "targets[search].includeDomains": MONITOR_SEARCH,
      "targets[search].excludeDomains": MONITOR_SEARCH,
      "targets[search].maxResults": MONITOR_SEARCH,
      "targets[search].searchWindow": shown(
        "e2e/sdk-monitor.test.ts",
        "searchWindow keeps the results published within it, and those without a date",
      ),
      webhook: MONITOR_WEBHOOK,
      "webhook.url": MONITOR_WEBHOOK,
      "webhook.headers": MONITOR_WEBHOOK,
      "webhook.metadata": MONITOR_WEBHOOK,
      "webhook.events": MONITOR_JUDGE,
      notification: emailSent,
      "notification.email": emailSent,
      "notification.email.enabled": emailSent,
      "notification.email.recipients": emailSent,
      "notification.email.includeDiffs": emailDiffs,
      retentionDays: MONITOR_RETENTION,
      goal: MONITOR_JUDGE,
      judgeEnabled: MONITOR_JUDGE,
      origin: sdkField,
      integration: sdkField,
    },
    shares: [
      { at: "targets[scrape].scrapeOptions.", options: SCRAPE_OPTIONS },
      { at: "targets[crawl].scrapeOptions.", options: SCRAPE_OPTIONS },
      { at: "targets[crawl].crawlOptions.", options: crawlerEvidence },
    ],
  };
  const update: Endpoint = {
    schema: UpdateMonitorRequestSchema,
    own: { status: MONITOR_BY_ALARM },
    shares: [{ at: "", options: create.own }, ...sharesOf(create)],
  };
  return { "POST /v2/monitor": create, "PATCH /v2/monitor/{id}": update };
}
