/**
 * Runs in Node before the workerd test pool starts: serves the fixture site on two loopback hosts
 * (127.0.0.1 is "the site", 127.0.0.2 is "another site") and hands their addresses to the tests.
 *
 * For the outbound-policy tests it also starts the canary (a port on every local address that must never be
 * reached, test/fixtures/canary.mjs) and the local egress proxy npm start uses, with public-looking names mapped
 * to loopback: `site.test` and `other.test` are the two fixture hosts (allowed, on their ports only, as if they
 * were public sites) and `loopback.test` / `loopback6.test` are names that resolve to loopback (refused).
 */
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with the bench
import { startFixtureServer } from "./fixtures/server.mjs";
// @ts-expect-error plain ESM helper shared with the drill
import { startCanary } from "./fixtures/canary.mjs";
// @ts-expect-error plain ESM helper shared with the drill
import { attackRoutes, localTargets } from "./fixtures/attack.mjs";
// @ts-expect-error plain ESM module of npm start
import { parseAllowList, parseHostEntries, startEgressProxy } from "../scripts/egress-proxy.mjs";

declare module "vitest" {
  interface ProvidedContext {
    fixtureUrl: string;
    otherFixtureUrl: string;
    egressProxyUrl: string;
    canaryPort: number;
    attackTargets: string[];
  }
}

export default async function setup(project: TestProject) {
  const canary = await startCanary();
  const targets: string[] = localTargets(canary.port, ["loopback.test", "loopback6.test"]);
  const canaryRoute = {
    "/__canary": ({ send }: { send: (status: number, type: string, body: string) => void }) =>
      send(200, "application/json", JSON.stringify(canary.hits())),
  };
  const site = await startFixtureServer({
    host: "127.0.0.1",
    extraRoutes: { ...attackRoutes(() => targets), ...canaryRoute },
  });
  const other = await startFixtureServer({ host: "127.0.0.2" });
  site.setOther(other.url);
  other.setOther(site.url);
  const egress = await startEgressProxy({
    hosts: parseHostEntries("site.test=127.0.0.1,other.test=127.0.0.2,loopback.test=127.0.0.1,loopback6.test=::1"),
    allow: parseAllowList(`127.0.0.1:${site.port},127.0.0.2:${other.port}`),
  });
  project.provide("fixtureUrl", site.url);
  project.provide("otherFixtureUrl", other.url);
  project.provide("egressProxyUrl", egress.url);
  project.provide("canaryPort", canary.port);
  project.provide("attackTargets", targets);
  return async () => {
    await egress.close();
    await site.close();
    await other.close();
    await canary.close();
  };
}
