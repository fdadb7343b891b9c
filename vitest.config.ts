/**
 * Test projects:
 * - "workers": inside workerd (@cloudflare/vitest-plugin) with the real bindings from wrangler.toml — KV, R2,
 *   Durable Objects, Queues and Browser Rendering (a real local Chromium) — against a fixture site that
 *   test/global-setup.ts serves on loopback. Test-only configuration is passed as bindings below.
 * - "e2e": in Node against a real `npm start` (wrangler dev) server, driven by the official JS SDK.
 * - "bench": workerd measurements printed by `npm run bench` (not part of `npm test`).
 */
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

function workersProject(name: string, include: string[]): TestProjectInlineConfiguration {
  return {
    plugins: [
      cloudflareTest(async ({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          bindings: {
            ALLOW_LOCAL_NETWORK: "true",
            API_KEYS: "default:ec-test-key-default,other:ec-test-key-other",
            ADMIN_TOKEN: "test-admin-token",
            WEBHOOK_SECRET: "test-webhook-secret",
            SIGNING_SECRET: "test-signing-secret",
            FIXTURE_URL: inject("fixtureUrl"),
            OTHER_FIXTURE_URL: inject("otherFixtureUrl"),
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
