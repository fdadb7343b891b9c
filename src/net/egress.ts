/**
 * Outbound policy: which URLs the service may fetch. Every outbound request — page fetches, every redirect hop,
 * robots.txt and sitemaps, webhook deliveries — asks `checkEgress` first.
 *
 * Loopback, private (RFC 1918), link-local (incl. the 169.254.169.254 metadata address), CGNAT (100.64/10),
 * unspecified, multicast and reserved addresses, IPv6 equivalents and `localhost`-style names are refused unless
 * ALLOW_LOCAL_NETWORK is "true". Names are judged as written: a Worker cannot resolve DNS before fetching, and
 * on Cloudflare's network a public name that resolves to a private address is not reachable anyway.
 */
import { ApiError } from "../errors";
import { coerceUrlInput, targetUrlProblem } from "../schemas/common";

export interface EgressPolicy {
  allowLocalNetwork: boolean;
}

export function egressPolicy(env: { ALLOW_LOCAL_NETWORK?: string }): EgressPolicy {
  return { allowLocalNetwork: env.ALLOW_LOCAL_NETWORK === "true" };
}

function parseIPv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** True for IPv4 addresses that are not publicly routable. */
function isLocalIPv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast and reserved
  );
}

function isLocalIPv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "::" || h === "::1") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) {
    const v4 = parseIPv4(mapped[1]);
    return v4 ? isLocalIPv4(v4) : true;
  }
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(h)) return true; // mapped, hex form: refuse rather than decode
  return /^(fc|fd|fe[89ab]|ff)/.test(h); // unique-local, link-local, multicast
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.?$/i;

/** Why the host of `url` is local, or null when it is public. */
export function localHostReason(url: URL): string | null {
  const host = url.hostname;
  if (host.startsWith("[")) return isLocalIPv6(host) ? "a local IPv6 address" : null;
  const v4 = parseIPv4(host);
  if (v4) return isLocalIPv4(v4) ? "a private or loopback address" : null;
  if (/^\d+$/.test(host) || /^0x/i.test(host)) return "a numeric host"; // decimal/hex IPv4 spellings
  if (LOCAL_NAMES.test(host)) return "a local host name";
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
    throw new ApiError("BAD_REQUEST", `${what} is not a valid URL: ${String(url)}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ApiError("URL_BLOCKED", `${what} uses an unsupported protocol (${parsed.protocol}); only http and https are fetched`);
  }
  if (!policy.allowLocalNetwork) {
    const reason = localHostReason(parsed);
    if (reason) {
      throw new ApiError(
        "URL_BLOCKED",
        `${what} ${parsed.host} is ${reason}; fetching loopback and private networks is disabled (set ALLOW_LOCAL_NETWORK=true for local development)`,
      );
    }
  }
  return parsed;
}

/** Why a URL a caller listed (a batch's, an extract's) cannot be fetched — not a target URL, or refused by the policy — or null. */
export function fetchableUrlProblem(env: { ALLOW_LOCAL_NETWORK?: string }, url: string): string | null {
  const problem = targetUrlProblem(url);
  if (problem) return problem;
  try {
    checkEgress(coerceUrlInput(url), egressPolicy(env));
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
