#!/usr/bin/env node
/**
 * `npm run quality`: main-content quality of the real server on the WCXB development split. Starts edgecrawl the
 * way a user does (scripts/dev-server.mjs, with ALLOW_LOCAL_NETWORK so it may scrape the scorer's loopback page
 * server), runs ../shared/quality/score.mjs against it and prints its tables. Arguments are handed to the
 * scorer: `npm run quality -- --show worst`, `-- --type forum,product`, `-- --every 5`, `-- --out run.json`.
 *
 * Prints figures, asserts nothing. The offline harness (bench/quality/offline.mjs) measures the extractor alone,
 * without a server, in a fraction of the time.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { startServer } from "../../scripts/dev-server.mjs";
import { qualityDir } from "./shared.mjs";

const scorer = join(qualityDir(), "score.mjs");
const server = await startServer({ vars: { ALLOW_LOCAL_NETWORK: "true" } });
let code = 1;
try {
  console.log(`edgecrawl at ${server.url}; scoring with ${scorer}`);
  const child = spawn(process.execPath, [scorer, server.url, server.apiKey, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  code = await new Promise((resolve) => child.once("exit", (exitCode) => resolve(exitCode ?? 1)));
} finally {
  await server.stop();
}
process.exit(code);
