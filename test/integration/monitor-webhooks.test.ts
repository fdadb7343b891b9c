/**
 * A monitor's webhooks and its judge, against the fixture site's changing pages: signed monitor.check.completed and
 * monitor.page deliveries, and the LLM judge deciding which changes are meaningful — answered by the fixture site's
 * fake OpenAI-compatible model on loopback (no real model runs here).
 */
import { describe, expect, it } from "vitest";
import { callJson, fixture } from "../helpers";
import { createMonitor, newSite, runAndWait, setPage } from "../monitor-helpers";
import { DEFAULT_TEAM_SECRET, deliveries, hmacHex, waitForDeliveries } from "../webhook-helpers";

const hourly = { cron: "0 * * * *" };

describe("monitor webhooks", () => {
  it("sends signed webhooks: monitor.check.completed after each check, monitor.page for a change", async () => {
    const site = newSite();
    const receiver = `mon-${crypto.randomUUID().slice(0, 8)}`;
    await setPage(site, "offer", { text: "Price: 10" });
    const monitor = await createMonitor({
      schedule: hourly,
      targets: [{ type: "scrape", id: "offer", urls: [fixture(`/changing/${site}/offer`)] }],
      webhook: { url: fixture(`/hooks/${receiver}`), metadata: { team: "ops" }, headers: { "x-watch": "yes" } },
    });
    await runAndWait(monitor.id);
    await setPage(site, "offer", { text: "Price: 12" });
    const second = await runAndWait(monitor.id);
    const got = await waitForDeliveries(receiver, (d) => d.length >= 3, 20_000);
    const payloads = got.map((d) => JSON.parse(d.body));
    expect(payloads.map((p) => p.type)).toEqual(["monitor.check.completed", "monitor.page", "monitor.check.completed"]);
    for (const delivery of got) {
      expect(delivery.headers["x-service-signature"]).toBe(
        `sha256=${await hmacHex(DEFAULT_TEAM_SECRET, delivery.body)}`,
      );
      expect(delivery.headers["x-watch"]).toBe("yes");
    }
    expect(payloads[1]).toMatchObject({
      success: true,
      id: monitor.id,
      metadata: { team: "ops" },
      data: [{ checkId: second.id, targetId: "offer", status: "changed", url: fixture(`/changing/${site}/offer`) }],
    });
    expect(payloads[1].data[0].diff.text).toContain("+Price: 12");
    expect(payloads[2].data[0]).toMatchObject({ id: second.id, status: "completed", summary: { changed: 1 } });
    await callJson("DELETE", `/v2/monitor/${monitor.id}`);
  });

  it("judges each change against the goal with the LLM; only meaningful changes send monitor.page", async () => {
    const site = newSite();
    const receiver = `judge-${crypto.randomUUID().slice(0, 8)}`;
    await setPage(site, "offer", { text: "Price: 10|Updated: monday" });
    const monitor = await createMonitor({
      schedule: hourly,
      goal: "Tell me when the price changes",
      judgeEnabled: true,
      targets: [{ type: "scrape", urls: [fixture(`/changing/${site}/offer`)] }],
      webhook: { url: fixture(`/hooks/${receiver}`), events: ["page"] },
    });
    await runAndWait(monitor.id);
    await setPage(site, "offer", { text: "Price: 10|Updated: tuesday" });
    const cosmetic = await runAndWait(monitor.id);
    expect(cosmetic.pages[0]).toMatchObject({
      status: "changed",
      judgment: { meaningful: false, confidence: "high", meaningfulChanges: [] },
    });
    await setPage(site, "offer", { text: "Price: 12|Updated: tuesday" });
    const meaningful = await runAndWait(monitor.id);
    expect(meaningful.pages[0].judgment).toEqual({
      meaningful: true,
      confidence: "high",
      reason: expect.any(String),
      meaningfulChanges: [{ type: "changed", before: "Price: 10", after: "Price: 12", reason: expect.any(String) }],
    });
    const got = await waitForDeliveries(receiver, (d) => d.length >= 1, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect((await deliveries(receiver)).map((d) => JSON.parse(d.body).data[0].checkId)).toEqual([meaningful.id]);
    expect(JSON.parse(got[0].body).data[0].judgment.meaningful).toBe(true);
    await callJson("DELETE", `/v2/monitor/${monitor.id}`);
  });
});
