/**
 * The Worker's entry: the HTTP API (Hono), the queue consumers, and every Durable Object class.
 */
import { createApp } from "./app";

export { TeamDO } from "../durable-objects/team";
export { CrawlJobDO } from "../durable-objects/crawl-job";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  async queue(batch, _env, _ctx) {
    switch (batch.queue) {
      default:
        throw new Error(`No consumer for queue ${batch.queue}`);
    }
  },
} satisfies ExportedHandler<Env>;
