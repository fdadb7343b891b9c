/**
 * e2e globalSetup (Node): the fixture site on loopback and one `npm start` server for all e2e files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with the bench
import { startFixtureServer } from "../fixtures/server.mjs";
// @ts-expect-error plain ESM helper shared with the bench
import { DEV_API_KEY, startServer } from "../../scripts/dev-server.mjs";

const OTHER_TEAM_KEY = "ec-e2e-other-team";

declare module "vitest" {
  interface ProvidedContext {
    e2eApiUrl: string;
    e2eApiKey: string;
    e2eOtherTeamKey: string;
    e2eFixtureUrl: string;
    e2eOtherFixtureUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const site = await startFixtureServer({ host: "127.0.0.1" });
  const other = await startFixtureServer({ host: "127.0.0.2" });
  site.setOther(other.url);
  other.setOther(site.url);
  // A second team (for isolation checks), the fixture site's fake OpenAI-compatible model (interact prompts, the
  // agent) and fake SearXNG, and room for the browser sessions of e2e files running side by side.
  const server = await startServer({
    vars: {
      API_KEYS: `default:${DEV_API_KEY},other:${OTHER_TEAM_KEY}`,
      WEBHOOK_SECRETS: "default:e2e-webhook-secret,other:e2e-webhook-secret-other",
      LLM_BASE_URL: `${site.url}/v1`,
      LLM_MODEL: "fake-model",
      LLM_MODEL_PRO: "fake-model-pro",
      SEARCH_URL: `${site.url}/searxng`,
      BROWSER_SESSIONS_PER_TEAM: "20",
      MONITOR_MIN_INTERVAL_SECONDS: "1",
    },
  });
  project.provide("e2eApiUrl", server.url);
  project.provide("e2eApiKey", server.apiKey);
  project.provide("e2eOtherTeamKey", OTHER_TEAM_KEY);
  project.provide("e2eFixtureUrl", site.url);
  project.provide("e2eOtherFixtureUrl", other.url);
  return async () => {
    await server.stop();
    // Kept for a failure seen only in CI: `.ci/run` prints its error lines when `npm test` fails.
    mkdirSync(".wrangler", { recursive: true });
    writeFileSync(".wrangler/e2e-server.log", server.output());
    await site.close();
    await other.close();
  };
}
