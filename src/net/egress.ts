/**
 * Outbound policy, first line: which URLs the service may ask for. Every outbound request — page fetches, every
 * redirect hop, robots.txt and sitemaps, webhook deliveries, what the browser loads — asks `checkEgress` first.
 *
 * This check judges the URL as written: non-http(s) schemes, IP literals in a local range (src/net/addresses.js,
 * every IPv4 and IPv6 spelling), single-label names (`intranet`, `runsc`: only local search domains or hosts files
 * resolve them) and local suffixes (`localhost`, `.local`, `.internal`, …) are refused unless ALLOW_LOCAL_NETWORK
 * is "true". A public-looking name may still resolve to a local address; that is decided where the connection is
 * made — by the local egress proxy under `npm start` (EGRESS_PROXY_URL, see net/outbound.ts), by Cloudflare's
 * network when deployed. See docs/security.md, "Threat model".
 */
import { ApiError } from "../errors";
import { parseProxyUrl, type ProxyConfig } from "./proxy";
import { isIpLiteral, localAddressReason } from "./addresses.js";

/** Longer URLs are refused (400 at validation, 403 as a redirect target): most servers stop at 8 KB anyway. */
export const MAX_URL_LENGTH = 8192;

export interface EgressPolicy {
  allowLocalNetwork: boolean;
  /**
   * The local egress proxy every outbound connection goes through while local networks are closed (npm start
   * sets EGRESS_PROXY_URL). It resolves names and refuses local addresses. Null when deployed.
   */
  gateway?: ProxyConfig | null;
}

export function egressPolicy(env: { ALLOW_LOCAL_NETWORK?: string; EGRESS_PROXY_URL?: string }): EgressPolicy {
  const allowLocalNetwork = env.ALLOW_LOCAL_NETWORK === "true";
  return { allowLocalNetwork, gateway: allowLocalNetwork ? null : parseGateway(env.EGRESS_PROXY_URL) };
}

function parseGateway(value: string | undefined): ProxyConfig | null {
  try {
    return parseProxyUrl(value);
  } catch {
    throw new ApiError("UNKNOWN_ERROR", "EGRESS_PROXY_URL is not a valid http:// proxy URL");
  }
}

/** Names that only a local resolver answers. */
const LOCAL_SUFFIXES = /(^|\.)(localhost|local|internal|localdomain|lan|home|corp|intranet|private|home\.arpa)$/i;

/** Why the host of `url` is local, or null when it is (as far as the name tells) public. */
export function localHostReason(url: URL): string | null {
  const host = url.hostname.replace(/\.$/, "");
  if (isIpLiteral(host)) return localAddressReason(host) ?? null;
  // The URL parser turns decimal, octal and hex IPv4 spellings into dotted quads; anything numeric left is odd.
  if (/^[\d.]+$/.test(host) || /^0x/i.test(host)) return "a numeric host";
  if (LOCAL_SUFFIXES.test(host)) return "a local host name";
  if (!host.includes(".")) return "a single-label host name (only local resolvers answer those)";
  return null;
}

/**
 * Throws unless `url` may be fetched under `policy`. `what` names the request in the message
 * ("URL", "Redirect target", "Webhook URL").
 */
export function checkEgress(url: string | URL, policy: EgressPolicy, what = "URL"): URL {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    throw new ApiError("BAD_REQUEST", `${what} is not a valid URL: ${String(url).slice(0, 200)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ApiError(
      "URL_BLOCKED",
      `${what} uses an unsupported protocol (${parsed.protocol}); only http and https are fetched`,
    );
  }
  if (parsed.href.length > MAX_URL_LENGTH) {
    throw new ApiError("URL_BLOCKED", `${what} is longer than ${MAX_URL_LENGTH} characters`);
  }
  if (!policy.allowLocalNetwork) {
    const reason = localHostReason(parsed);
    if (reason) throw blockedError(what, parsed.host, reason);
  }
  return parsed;
}

/** The 403 for a local target; `reason` says what kind of address or name it is. */
export function blockedError(what: string, host: string, reason: string): ApiError {
  return new ApiError(
    "URL_BLOCKED",
    `${what} ${host} is ${reason}; fetching loopback and private networks is ` +
      `disabled (set ALLOW_LOCAL_NETWORK=true for local development)`,
  );
}
