/**
 * The Worker's entry: the HTTP API (Hono), the queue consumers, and every Durable Object class.
 */
import { createApp } from "./app";
import { consumeScrapeBatch, consumeScrapeDeadLetters } from "../queues/scrape";
import { consumeWebhookBatch, consumeWebhookDeadLetters } from "../queues/webhooks";
import type { PageMessage, WebhookDrainMessage } from "./crawl/types";

export { TeamDO } from "../durable-objects/team";
export { CrawlJobDO } from "../durable-objects/crawl-job";
export { AgentJobDO } from "../durable-objects/agent-job";
export { MonitorDO } from "../durable-objects/monitor";
export { MonitorRegistryDO } from "../durable-objects/monitor-registry";
export { BrowserSessionDO } from "../durable-objects/browser-session";
export { BrowserRegistryDO } from "../durable-objects/browser-registry";
export { BrowserProfileDO } from "../durable-objects/browser-profile";
export { ExecuteBridge } from "./sessions/bridge";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  async queue(batch, env) {
    switch (batch.queue) {
      case "edgecrawl-scrape":
        return consumeScrapeBatch(batch as MessageBatch<PageMessage>, env);
      case "edgecrawl-scrape-dlq":
        return consumeScrapeDeadLetters(batch as MessageBatch<PageMessage>, env);
      case "edgecrawl-webhooks":
        return consumeWebhookBatch(batch as MessageBatch<WebhookDrainMessage>, env);
      case "edgecrawl-webhooks-dlq":
        return consumeWebhookDeadLetters(batch as MessageBatch<WebhookDrainMessage>, env);
      default:
        throw new Error(`No consumer for queue ${batch.queue}`);
    }
  },
} satisfies ExportedHandler<Env, PageMessage | WebhookDrainMessage>;
