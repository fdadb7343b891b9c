/**
 * The monitor's e-mail sender (src/monitor/email.ts) with a stand-in for the send_email binding that fails on
 * purpose (the real binding, miniflare's local one, is used by test/integration/monitor-email.test.ts and the e2e
 * test; it cannot be made to fail): a failed send is tried again, and a send that keeps failing is recorded, not
 * thrown.
 */
import { describe, expect, it } from "vitest";
import { sendCheckEmail, type NotablePage } from "../../src/monitor/email";

function envWith(send: (message: { to: string[]; subject: string; text: string }) => Promise<{ messageId: string }>) {
  const sent: { to: string[]; subject: string; text: string }[] = [];
  const binding = {
    send: async (message: { to: string[]; subject: string; text: string }) => {
      sent.push(message);
      return send(message);
    },
  };
  const env = {
    EMAIL: binding,
    MONITOR_EMAIL_FROM: "monitors@edgecrawl.test",
    MONITOR_EMAIL_RECIPIENTS: "ops@edgecrawl.test, @lighthouse.test",
  } as unknown as Env;
  return { env, sent };
}

const monitor = {
  id: "m1",
  name: "Prices",
  apiOrigin: "http://edgecrawl.test",
  notification: {
    email: { enabled: true, recipients: ["ops@edgecrawl.test", "gone@example.com"], includeDiffs: true },
  },
};
const pages: NotablePage[] = [
  { url: "http://site.test/offer", status: "changed", diff: "-Price: 10\n+Price: 12" },
  { url: "http://site.test/old", status: "removed", diff: null },
];

describe("monitor e-mail sender", () => {
  it("writes the changes and the check's link, to the recipients still allowed", async () => {
    const { env, sent } = envWith(async () => ({ messageId: "<1@edgecrawl.test>" }));
    const outcome = await sendCheckEmail(env, monitor, "c1", pages);
    expect(outcome).toEqual({
      email: { status: "sent", recipients: ["ops@edgecrawl.test"], attempts: 1, messageId: "<1@edgecrawl.test>" },
    });
    expect(sent[0].subject).toBe("Prices: 1 page(s) changed, 1 removed");
    expect(sent[0].text).toContain("- changed: http://site.test/offer\n- removed: http://site.test/old");
    expect(sent[0].text).toContain("+Price: 12");
    expect(sent[0].text).toContain("The check: http://edgecrawl.test/v2/monitor/m1/checks/c1");
  });

  it("tries a failed send again, and records one that keeps failing", async () => {
    let calls = 0;
    const flaky = envWith(async () => {
      if (++calls < 3) throw new Error("mail service busy");
      return { messageId: "<3@edgecrawl.test>" };
    });
    expect(await sendCheckEmail(flaky.env, monitor, "c2", pages)).toMatchObject({
      email: { status: "sent", attempts: 3 },
    });
    const down = envWith(async () => {
      throw new Error("mail service down");
    });
    expect(await sendCheckEmail(down.env, monitor, "c3", pages)).toEqual({
      email: { status: "failed", recipients: ["ops@edgecrawl.test"], attempts: 3, error: "mail service down" },
    });
    expect(await sendCheckEmail(down.env, monitor, "c4", [])).toBeNull(); // nothing changed: no message
  });
});
