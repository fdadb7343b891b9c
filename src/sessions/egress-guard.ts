/**
 * The outbound policy for remote browser sessions. The caller drives the browser directly over CDP, so the
 * policy cannot live in one page's request handler (as it does for scrapes, engines/browser-network.ts): the
 * guard is a CDP client of its own that auto-attaches to every target the moment it is created — pages, popups,
 * frames, workers, in any browser context — and holds it paused (`waitForDebuggerOnStart`) until request
 * interception is on, so not even a new tab's first request escapes. Each request then passes `checkEgress`,
 * the same policy as every other outbound request of the service; refused ones fail with BlockedByClient.
 *
 * Navigation commands are checked before they reach the browser too: schemes Chrome would load without a
 * network request (file:, chrome:…) are refused there.
 */
import { checkEgress, type EgressPolicy } from "../net/egress";
import { describeError } from "../errors";
import { CdpClient } from "./cdp-client";
import type { CdpHub, CdpMessage, CommandVerdict } from "./cdp-hub";

/** Requests that never leave the browser. */
const IN_BROWSER_SCHEMES = /^(data|blob|about):/i;
/** What a navigation command may name without a network request being involved. */
const NAVIGABLE = /^(https?|about|data|blob|javascript):/i;
const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };

export interface GuardHooks {
  /** A page document was allowed (profiles remember the origins a session visited). */
  onDocument?: (url: URL) => void;
}

/** Attaches the guard to every present and future target of the hub's browser. */
export async function installEgressGuard(
  hub: CdpHub,
  policy: EgressPolicy,
  hooks: GuardHooks = {},
): Promise<CdpClient> {
  const cdp = new CdpClient(await hub.openChannel());
  let existing: Promise<void>[] | null = [];
  cdp.on("Target.attachedToTarget", (params) => {
    const guarding = guardTarget(cdp, String(params.sessionId));
    existing?.push(guarding);
  });
  cdp.on("Fetch.requestPaused", (params, sessionId) => void decide(cdp, policy, hooks, params, sessionId));
  await cdp.call("Target.setAutoAttach", AUTO_ATTACH);
  // Targets that exist already are reported before the reply: they are guarded before anyone else drives them.
  await Promise.all(existing);
  existing = null;
  return cdp;
}

/** Interception on, auto-attach to the target's own children (frames, workers), then let it run. */
async function guardTarget(cdp: CdpClient, sessionId: string): Promise<void> {
  // Targets without a network of their own (or gone already) refuse some of these; they are still resumed.
  await Promise.all([
    cdp.call("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }] }, sessionId).catch(() => {}),
    cdp.call("Target.setAutoAttach", AUTO_ATTACH, sessionId).catch(() => {}),
  ]);
  await cdp.call("Runtime.runIfWaitingForDebugger", {}, sessionId).catch(() => {});
}

async function decide(
  cdp: CdpClient,
  policy: EgressPolicy,
  hooks: GuardHooks,
  params: Record<string, unknown>,
  sessionId: string | undefined,
): Promise<void> {
  const requestId = params.requestId;
  const url = String((params.request as { url?: string } | undefined)?.url ?? "");
  let allowed = IN_BROWSER_SCHEMES.test(url);
  if (!allowed) {
    try {
      const target = checkEgress(url, policy);
      allowed = true;
      if (params.resourceType === "Document") hooks.onDocument?.(target);
    } catch {
      allowed = false;
    }
  }
  try {
    if (allowed) await cdp.call("Fetch.continueRequest", { requestId }, sessionId);
    else await cdp.call("Fetch.failRequest", { requestId, errorReason: "BlockedByClient" }, sessionId);
  } catch (e) {
    // The page went away while the request was paused.
    if (!/not found|closed|Invalid InterceptionId/i.test(describeError(e)))
      console.error(`egress guard: ${describeError(e)}`);
  }
}

/** Refuses navigation commands to schemes that would not pass through request interception. */
export function checkNavigationCommand(message: CdpMessage, policy: EgressPolicy): CommandVerdict {
  if (message.method !== "Page.navigate" && message.method !== "Target.createTarget") return undefined;
  const url = String(message.params?.url ?? "about:blank");
  if (!NAVIGABLE.test(url))
    return { error: `Navigation to ${url.slice(0, 100)} is not allowed: only http and https pages are loaded` };
  if (/^https?:/i.test(url)) {
    try {
      checkEgress(url, policy);
    } catch (e) {
      return { error: describeError(e) };
    }
  }
  return undefined;
}
