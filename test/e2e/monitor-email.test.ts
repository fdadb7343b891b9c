/**
 * Monitor e-mail as a user running `npm start` sees it: the local send_email binding (miniflare's) writes each
 * message to a temporary file and logs its path; this test starts its own server with a sender and an allow-list,
 * lets a monitor find a change on the fixture site's changing pages, and reads the message that was written.
 */
import { readFileSync } from "node:fs";
import Firecrawl from "@mendable/firecrawl-js";
import { expect, inject, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the bench
import { startServer } from "../../scripts/dev-server.mjs";

const site = inject("e2eFixtureUrl");

it("e-mails the recipients the change a check found, through the local send_email binding", async () => {
  const server = await startServer({
    vars: { MONITOR_EMAIL_FROM: "monitors@edgecrawl.test", MONITOR_EMAIL_RECIPIENTS: "@lighthouse.test" },
  });
  try {
    const client = new Firecrawl({ apiKey: server.apiKey, apiUrl: server.url });
    const page = `mail-${crypto.randomUUID().slice(0, 8)}`;
    const set = (text: string) =>
      fetch(`${site}/__changing/${page}/offer?text=${encodeURIComponent(text)}`, { method: "POST" });
    await set("Price: 10");
    const monitor = await client.createMonitor({
      name: "Lantern prices",
      schedule: { cron: "0 0 1 1 *" },
      targets: [{ type: "scrape", urls: [`${site}/changing/${page}/offer`] }],
      notification: { email: { enabled: true, recipients: ["keeper@lighthouse.test"], includeDiffs: true } },
    });
    expect(monitor.emailRecipientSubscriptions).toEqual([
      { email: "keeper@lighthouse.test", status: "confirmed", source: "team" },
    ]);
    const run = async () => {
      const { id } = await client.runMonitor(monitor.id);
      for (let i = 0; i < 100; i++) {
        const check = await client.getMonitorCheck(monitor.id, id);
        if (!["queued", "running"].includes(check.status)) return check;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error("the check did not finish");
    };
    await run();
    await set("Price: 12");
    const changed = await run();
    expect(changed.notificationStatus).toMatchObject({
      email: { status: "sent", recipients: ["keeper@lighthouse.test"] },
    });
    // Miniflare prints the binding's log line with the file it wrote the text to.
    let file: string | undefined;
    for (let i = 0; i < 50 && !file; i++) {
      file = /send_email binding called with MessageBuilder:[\s\S]*?Text: (\S+\.txt)/.exec(server.output())?.[1];
      if (!file) await new Promise((r) => setTimeout(r, 100));
    }
    const log = server.output();
    expect(log).toMatch(/From: monitors@edgecrawl\.test[\s\S]*To: keeper@lighthouse\.test/);
    expect(log).toMatch(/Subject: Lantern prices: 1 page\(s\) changed, 0 removed/);
    const text = readFileSync(file!, "utf8");
    expect(text).toContain(`- changed: ${site}/changing/${page}/offer`);
    expect(text).toContain("+Price: 12");
    expect(text).toContain(`/v2/monitor/${monitor.id}/checks/${changed.id}`);
    await client.deleteMonitor(monitor.id);
  } finally {
    await server.stop({ keepState: false });
  }
}, 120_000);
