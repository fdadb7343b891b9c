/**
 * Tests run inside workerd (@cloudflare/vitest-plugin) with the real bindings from wrangler.toml — KV, R2,
 * Durable Objects, Queues and Browser Rendering (a real local Chromium) — against a fixture site that
 * test/global-setup.ts serves on loopback. Test-only configuration is passed as bindings below.
 */
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export const TEST_API_KEY = "ec-test-key-default";
export const TEST_OTHER_TEAM_KEY = "ec-test-key-other";

export default defineConfig({
  plugins: [
    cloudflareTest(async ({ inject }) => ({
      wrangler: { configPath: "./wrangler.toml" },
      remoteBindings: false,
      miniflare: {
        bindings: {
          ALLOW_LOCAL_NETWORK: "true",
          API_KEYS: `default:${TEST_API_KEY},other:${TEST_OTHER_TEAM_KEY}`,
          ADMIN_TOKEN: "test-admin-token",
          WEBHOOK_SECRET: "test-webhook-secret",
          SIGNING_SECRET: "test-signing-secret",
          FIXTURE_URL: inject("fixtureUrl"),
          OTHER_FIXTURE_URL: inject("otherFixtureUrl"),
        },
      },
    })),
  ],
  test: {
    globalSetup: ["./test/global-setup.ts"],
    include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
