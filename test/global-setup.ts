/**
 * Runs in Node before the workerd test pool starts: serves the fixture site on two loopback hosts
 * (127.0.0.1 is "the site", 127.0.0.2 is "another site") and hands their addresses to the tests.
 */
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with the bench
import { startFixtureServer } from "./fixtures/server.mjs";

declare module "vitest" {
  interface ProvidedContext {
    fixtureUrl: string;
    otherFixtureUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const site = await startFixtureServer({ host: "127.0.0.1" });
  const other = await startFixtureServer({ host: "127.0.0.2" });
  site.setOther(other.url);
  other.setOther(site.url);
  project.provide("fixtureUrl", site.url);
  project.provide("otherFixtureUrl", other.url);
  return async () => {
    await site.close();
    await other.close();
  };
}
