/**
 * Monitor e-mail notifications through Cloudflare Email Service's `send_email` binding (EMAIL): after a check that
 * found changes (pages changed — with judgeEnabled, meaningfully — or removed), one message to the monitor's
 * recipients, sent from MONITOR_EMAIL_FROM. Recipients must be on MONITOR_EMAIL_RECIPIENTS (addresses, or
 * `@domain`), which the operator configures: they count as confirmed (`emailRecipientSubscriptions`), there is no
 * opt-in mail. A failed send is tried again twice; the outcome is the check's `notificationStatus`, and a failure
 * never fails the check. Locally, miniflare writes each message to a temporary file and logs its path.
 */
import { ApiError } from "../errors";
import type { MonitorNotification } from "../schemas/monitor";

const SEND_ATTEMPTS = 3;
const RETRY_MS = 500;
/** Diffs quoted in a message are cut at this many characters each. */
const MAX_DIFF_CHARS = 4_000;

interface EmailSettings {
  binding: SendEmail;
  from: string;
  allowed: string[];
}

function emailSettings(env: Env): EmailSettings | null {
  const from = env.MONITOR_EMAIL_FROM?.trim() ?? "";
  const allowed = (env.MONITOR_EMAIL_RECIPIENTS ?? "")
    .split(",")
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  return env.EMAIL && from && allowed.length ? { binding: env.EMAIL, from, allowed } : null;
}

const allowedBy = (allowed: string[], address: string) =>
  allowed.some((entry) =>
    entry.startsWith("@") ? address.toLowerCase().endsWith(entry) : address.toLowerCase() === entry,
  );

/** Refuses e-mail this deployment cannot send, or to recipients outside its allow-list, naming the field. */
export function checkEmailNotification(env: Env, notification: MonitorNotification | null): void {
  const email = notification?.email;
  if (!email?.enabled) return;
  const field = (...path: (string | number)[]) => ["notification", "email", ...path];
  const refuse = (path: (string | number)[], message: string) => {
    throw new ApiError("BAD_REQUEST", `${path.join(".")}: ${message}`, [{ path, message, code: "custom" }]);
  };
  const settings = emailSettings(env);
  if (!settings) {
    refuse(
      field("enabled"),
      "e-mail needs the send_email binding EMAIL, a sender (MONITOR_EMAIL_FROM) and the recipients allowed " +
        "(MONITOR_EMAIL_RECIPIENTS) to be configured: see docs/monitors.md, or use a webhook",
    );
  }
  if (!email.recipients?.length) refuse(field("recipients"), "list at least one recipient when e-mail is enabled");
  email.recipients!.forEach((address, i) => {
    if (!allowedBy(settings!.allowed, address)) {
      refuse(field("recipients", i), `${address} is not on this deployment's MONITOR_EMAIL_RECIPIENTS allow-list`);
    }
  });
}

/** What the monitor's answer lists for its e-mail recipients: allow-listed by the operator, so confirmed. */
export function recipientSubscriptions(notification: MonitorNotification | null) {
  if (!notification?.email?.enabled) return undefined;
  return (notification.email.recipients ?? []).map((email) => ({
    email,
    status: "confirmed" as const,
    source: "team" as const,
  }));
}

export interface NotablePage {
  url: string;
  status: "changed" | "removed";
  diff: string | null;
}

export interface EmailOutcome {
  email: { status: "sent" | "failed"; recipients: string[]; attempts: number; messageId?: string; error?: string };
}

/** Sends the check's message; the outcome for the check's notificationStatus (null: no e-mail to send). */
export async function sendCheckEmail(
  env: Env,
  monitor: { id: string; name: string; notification: MonitorNotification | null; apiOrigin: string },
  checkId: string,
  pages: NotablePage[],
): Promise<EmailOutcome | null> {
  const email = monitor.notification?.email;
  const settings = emailSettings(env);
  if (!email?.enabled || !pages.length || !settings) return null;
  // The allow-list may have changed since the monitor was saved: only recipients still on it get the message.
  const recipients = (email.recipients ?? []).filter((address) => allowedBy(settings.allowed, address));
  if (!recipients.length) return null;
  const link = `${monitor.apiOrigin}/v2/monitor/${monitor.id}/checks/${checkId}`;
  const changed = pages.filter((p) => p.status === "changed").length;
  const subject = `${monitor.name}: ${changed} page(s) changed, ${pages.length - changed} removed`;
  const lines = pages.map((p) => `- ${p.status}: ${p.url}`);
  const diffs = email.includeDiffs
    ? pages.filter((p) => p.diff).map((p) => `\n${p.url}\n${p.diff!.slice(0, MAX_DIFF_CHARS)}`)
    : [];
  const text = [`The monitor "${monitor.name}" found changes.`, "", ...lines, ...diffs, "", `The check: ${link}`].join(
    "\n",
  );
  let error = "";
  for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt++) {
    try {
      const sent = await settings.binding.send({ from: settings.from, to: recipients, subject, text });
      return { email: { status: "sent", recipients, attempts: attempt, messageId: sent.messageId } };
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      if (attempt < SEND_ATTEMPTS) await new Promise((r) => setTimeout(r, RETRY_MS * attempt));
    }
  }
  return { email: { status: "failed", recipients, attempts: SEND_ATTEMPTS, error } };
}
