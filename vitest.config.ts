/**
 * Test projects:
 * - "workers": inside workerd (@cloudflare/vitest-pool-workers) with the real bindings from wrangler.toml — KV, R2,
 *   Durable Objects, Queues and Browser Rendering (a real local Chromium) — against a fixture site that
 *   test/global-setup.ts serves on loopback. Test-only configuration is passed as bindings below.
 * - "e2e": in Node against a real `npm start` server (the Worker on Miniflare), driven by the official JS SDK.
 * - "bench": workerd measurements printed by `npm run bench` (not part of `npm test`).
 */
import { existsSync, readFileSync } from "node:fs";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { unstable_readConfig } from "wrangler";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * The plugin loads the developer's own `.dev.vars` like `wrangler dev` does. Tests must not depend on it: every
 * name it sets goes back to its wrangler.toml default (or unset) unless the test configuration below sets it.
 */
function neutralizedDevVars(): Record<string, string> {
  if (!existsSync(".dev.vars")) return {};
  const defaults = (unstable_readConfig({ config: "./wrangler.toml" }).vars ?? {}) as Record<string, unknown>;
  const names = readFileSync(".dev.vars", "utf8")
    .split(/\r?\n/)
    .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  return Object.fromEntries(
    names.map((name) => [name, typeof defaults[name] === "string" ? (defaults[name] as string) : ""]),
  );
}

function workersProject(name: string, include: string[]): TestProjectInlineConfiguration {
  return {
    plugins: [
      cloudflareTest(async ({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          bindings: {
            ...neutralizedDevVars(),
            ALLOW_LOCAL_NETWORK: "true",
            API_KEYS: "default:ec-test-key-default,other:ec-test-key-other",
            ADMIN_TOKEN: "test-admin-token",
            // Two teams in API_KEYS: each needs its own webhook secret (WEBHOOK_SECRET serves a single-team install
            // only).
            WEBHOOK_SECRET: "test-webhook-secret-shared",
            WEBHOOK_SECRETS: "default:test-webhook-secret,other:test-webhook-secret-other",
            SIGNING_SECRET: "test-signing-secret",
            BROWSER_SESSIONS_PER_TEAM: "3",
            // Monitors may run every second here, so checks driven by the alarm finish within a test.
            MONITOR_MIN_INTERVAL_SECONDS: "1",
            // Monitor e-mail through the local send_email binding (miniflare writes each message to a file).
            MONITOR_EMAIL_FROM: "monitors@edgecrawl.test",
            MONITOR_EMAIL_RECIPIENTS: "ops@edgecrawl.test,@lighthouse.test",
            // The fixture site's fake OpenAI-compatible model; tests of the unconfigured case lay NO_LLM over this.
            LLM_BASE_URL: `${inject("fixtureUrl")}/v1`,
            LLM_MODEL: "fake-model",
            FIXTURE_URL: inject("fixtureUrl"),
            OTHER_FIXTURE_URL: inject("otherFixtureUrl"),
            // Used only by tests that close local networks (ALLOW_LOCAL_NETWORK "false" in their own env).
            EGRESS_PROXY_URL: inject("egressProxyUrl"),
          },
        },
      })),
    ],
    test: { name, globalSetup: ["./test/global-setup.ts"], include, testTimeout: 30_000, hookTimeout: 30_000 },
  };
}

export default defineConfig({
  test: {
    projects: [
      workersProject("workers", ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"]),
      workersProject("bench", ["bench/**/*.bench.test.ts"]),
      {
        test: {
          name: "e2e",
          environment: "node",
          globalSetup: ["./test/e2e/global-setup.ts"],
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
