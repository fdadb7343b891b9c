/**
 * Outbound policy, second line: how the Worker's own requests leave (fetch engine hops, robots.txt, sitemaps,
 * webhook deliveries). While local networks are closed and `npm start` runs its egress proxy
 * (EGRESS_PROXY_URL, scripts/egress-proxy.mjs), every request is sent through it: the proxy resolves the name,
 * refuses when the address it would connect to is local (whatever the name looked like) and connects to exactly
 * the address it checked. Deployed on Cloudflare there is no such proxy: Cloudflare's network does not route a
 * Worker's fetch to private or loopback addresses.
 *
 * The proxy reports its own refusals and failures with an `x-edgecrawl-egress` header (never sent by a site,
 * since the proxy removes it from upstream answers); they become the API's usual coded errors here.
 */
import { ApiError, describeError, type ErrorCode } from "../errors";
import { blockedError, type EgressPolicy } from "./egress";
import { proxyFetcher } from "./proxy";

/** Sends a request; `what` names it in refusals ("URL", "Redirect target", "Webhook URL"). */
export type Fetcher = (request: Request, what?: string) => Promise<Response>;

/** The header the egress proxy marks its own answers with, and the error each of its verdicts becomes. */
export const EGRESS_VERDICT_HEADER = "x-edgecrawl-egress";
const VERDICT_CODES: Record<string, ErrorCode> = {
  blocked: "URL_BLOCKED",
  dns: "SCRAPE_DNS_RESOLUTION_ERROR",
  connect: "SCRAPE_CONNECTION_ERROR",
  tls: "SCRAPE_SSL_ERROR",
  timeout: "SCRAPE_CONNECTION_ERROR",
};

/** How the Worker's requests go out under `policy`: through the egress proxy when there is one, else direct. */
export function outboundFetcher(policy: EgressPolicy): Fetcher {
  const gateway = policy.gateway;
  if (!gateway) return (request) => fetch(request);
  const viaGateway = proxyFetcher(gateway);
  return async (request, what = "URL") => {
    let response: Response;
    try {
      response = await viaGateway(request);
    } catch (e) {
      if (request.signal.aborted) throw e;
      throw new ApiError(
        "SCRAPE_CONNECTION_ERROR",
        `The local egress proxy (EGRESS_PROXY_URL) failed: ${describeError(e)}`,
      );
    }
    const verdict = response.headers.get(EGRESS_VERDICT_HEADER);
    if (!verdict) return response;
    throw await verdictError(verdict, response, new URL(request.url), what);
  };
}

/** The API error for an answer the egress proxy gave itself instead of the site's. */
async function verdictError(verdict: string, response: Response, url: URL, what: string): Promise<ApiError> {
  const detail = (await response.json().catch(() => ({}))) as { address?: string; reason?: string; message?: string };
  if (verdict === "blocked") return blockedError(what, url.host, resolvedReason(detail));
  const code = VERDICT_CODES[verdict] ?? "SCRAPE_SITE_ERROR";
  if (code === "SCRAPE_DNS_RESOLUTION_ERROR")
    return new ApiError(code, `DNS resolution failed for hostname "${url.hostname}"`);
  return new ApiError(code, `Could not reach ${url.host}: ${detail.message ?? verdict}`);
}

/** "a name that resolves to 127.0.0.1, a loopback address" from the egress proxy's verdict. */
export function resolvedReason(detail: { address?: string; reason?: string }): string {
  const reason = detail.reason ?? "a local address";
  return detail.address ? `a name that resolves to ${detail.address}, ${reason}` : reason;
}
