/**
 * Monitor e-mail through the send_email binding, here miniflare's local one (it writes each message to a temporary
 * file and answers a message id; the message itself is read in the e2e test, test/e2e/monitor-email.test.ts): the
 * allow-list of recipients, the refusal without configuration, and a check's notificationStatus after a change.
 */
import { describe, expect, it } from "vitest";
import { callJson, callJsonWith, fixture } from "../helpers";
import { createMonitor, newSite, runAndWait, setPage } from "../monitor-helpers";

const body = (recipients: string[]) => ({
  name: "mail",
  schedule: { cron: "0 * * * *" },
  targets: [{ type: "scrape", urls: [fixture("/article.html")] }],
  notification: { email: { enabled: true, recipients, includeDiffs: true } },
});

describe("monitor e-mail", () => {
  it("takes recipients on the allow-list only, and refuses e-mail on a deployment without it", async () => {
    const outside = await callJson("POST", "/v2/monitor", body(["ops@edgecrawl.test", "someone@example.com"]));
    expect(outside.status).toBe(400);
    expect(outside.body.error).toMatch(
      /^notification\.email\.recipients\.1: someone@example\.com is not on this deployment's MONITOR_EMAIL_RECIPIENTS/,
    );
    const none = await callJsonWith({ MONITOR_EMAIL_FROM: "" }, "POST", "/v2/monitor", body(["ops@edgecrawl.test"]));
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/^notification\.email\.enabled: e-mail needs the send_email binding EMAIL/);
    const empty = await callJson("POST", "/v2/monitor", body([]));
    expect(empty.body.error).toMatch(/^notification\.email\.recipients: list at least one recipient/);
    const ok = await callJson("POST", "/v2/monitor", body(["ops@edgecrawl.test", "keeper@lighthouse.test"]));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.emailRecipientSubscriptions).toEqual([
      { email: "ops@edgecrawl.test", status: "confirmed", source: "team" },
      { email: "keeper@lighthouse.test", status: "confirmed", source: "team" },
    ]);
    await callJson("DELETE", `/v2/monitor/${ok.body.data.id}`);
  });

  it("sends one message after a check that found a change, none after one that did not", async () => {
    const site = newSite();
    await setPage(site, "offer", { text: "Price: 10" });
    const monitor = await createMonitor({
      schedule: { cron: "0 * * * *" },
      targets: [{ type: "scrape", urls: [fixture(`/changing/${site}/offer`)] }],
      notification: { email: { enabled: true, recipients: ["ops@edgecrawl.test"] } },
    });
    const first = await runAndWait(monitor.id);
    expect(first.summary).toMatchObject({ new: 1 });
    expect(first.notificationStatus).toBeNull(); // a new page is not a change
    await setPage(site, "offer", { text: "Price: 12" });
    const changed = await runAndWait(monitor.id);
    expect(changed.summary).toMatchObject({ changed: 1 });
    expect(changed.notificationStatus).toEqual({
      email: { status: "sent", recipients: ["ops@edgecrawl.test"], attempts: 1, messageId: expect.any(String) },
    });
    const same = await runAndWait(monitor.id);
    expect(same.notificationStatus).toBeNull();
    await callJson("DELETE", `/v2/monitor/${monitor.id}`);
  });
});
