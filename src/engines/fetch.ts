/**
 * The fetch engine: one HTTP GET with the caller's headers, following redirects by hand so every hop passes the
 * outbound policy, decoding the body with the page's declared charset. The fast path for most pages.
 *
 * The caller's `headers` (cookies, tokens) go to the target's origin only: a hop to another origin is sent with
 * the service's own headers (plus the caller's User-Agent). A GET whose reused keep-alive connection turns out to
 * be closed by the server ("Network connection lost" before any answer) is sent once more on a fresh one — the
 * server closing an idle connection just as it is reused is a race of the two keep-alive timers, not a failure.
 */
import { ApiError, describeError } from "../errors";
import { checkEgress, type EgressPolicy } from "../net/egress";
import { outboundFetcher, type Fetcher } from "../net/outbound";
import { isCredentialOrigin } from "../net/urls";
import { USER_AGENT } from "../net/user-agent";
import type { FetchedPage, PageKind } from "./types";
import { pageKind } from "./types";
import { readLimited } from "../net/body";
import { decodeDocument } from "../net/charset";

export const MAX_REDIRECTS = 10;
/** Bodies larger than this are refused rather than buffered (a Worker has 128 MB). */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export interface FetchEngineOptions {
  headers?: Record<string, string>;
  languages?: string[];
  signal: AbortSignal;
  policy: EgressPolicy;
  /** Fetch through this HTTP proxy URL (proxy "enhanced"); the Worker runtime has no proxy support, see net/proxy. */
  proxyUsed?: "basic" | "enhanced";
  /** Lets the caller route the request (e.g. through an upstream proxy); defaults to the policy's outbound path. */
  fetcher?: Fetcher;
}

export function defaultRequestHeaders(options: { headers?: Record<string, string>; languages?: string[] }): Headers {
  const headers = new Headers({
    "user-agent": USER_AGENT,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,application/pdf,*/*;q=0.8",
    "accept-language": options.languages?.length ? acceptLanguage(options.languages) : "en-US,en;q=0.9",
  });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

/** ["fr-FR", "en"] → "fr-FR,en;q=0.9". */
export function acceptLanguage(languages: string[]): string {
  return languages.map((l, i) => (i === 0 ? l : `${l};q=${Math.max(0.1, 1 - i * 0.1).toFixed(1)}`)).join(",");
}

/** The headers for hops to other origins: the service's own, with the caller's User-Agent if it set one. */
function crossOriginHeaders(options: { headers?: Record<string, string>; languages?: string[] }): Headers {
  const headers = defaultRequestHeaders({ languages: options.languages });
  const userAgent = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === "user-agent")?.[1];
  if (userAgent) headers.set("user-agent", userAgent);
  return headers;
}

export async function fetchPage(url: string, options: FetchEngineOptions): Promise<FetchedPage> {
  const fetcher = options.fetcher ?? outboundFetcher(options.policy);
  const target = checkEgress(url, options.policy);
  const targetHeaders = defaultRequestHeaders(options);
  const otherHeaders = crossOriginHeaders(options);
  let current = target;
  let method = "GET";
  for (let hop = 0; ; hop++) {
    const headers = isCredentialOrigin(current, target) ? targetHeaders : otherHeaders;
    const what = hop === 0 ? "URL" : "Redirect target";
    const send = () =>
      fetcher(new Request(current, { method, headers, redirect: "manual", signal: options.signal }), what);
    let response: Response;
    try {
      response = await send().catch((e) => {
        if (!isConnectionLost(e) || options.signal.aborted) throw e;
        return send();
      });
    } catch (e) {
      throw mapFetchError(e, current, options.signal);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) {
        throw new ApiError(
          "SCRAPE_TOO_MANY_REDIRECTS",
          `Too many redirects (more than ${MAX_REDIRECTS}) starting at ${url}`,
        );
      }
      current = checkEgress(new URL(location, current), options.policy, "Redirect target");
      if (response.status === 303) method = "GET";
      continue;
    }
    if (response.status === 525 || response.status === 526) {
      // Cloudflare's own answers when the origin's TLS handshake or certificate fails.
      throw new ApiError(
        "SCRAPE_SSL_ERROR",
        `TLS error talking to ${current.host} (HTTP ${response.status}); the ` +
          `browser engine can retry with skipTlsVerification: true`,
      );
    }
    const body = await readBody(response, options.signal, current);
    const contentType = response.headers.get("content-type") ?? "";
    const kind = pageKind(contentType, body);
    const page: FetchedPage = {
      url: current.href,
      statusCode: response.status,
      contentType,
      headers: Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v])),
      body,
      engine: "fetch",
      proxyUsed: options.proxyUsed ?? "basic",
    };
    if (kind === "html" || kind === "json" || kind === "text" || kind === "xml")
      page.text = decodeBody(body, contentType, kind);
    return page;
  }
}

async function readBody(response: Response, signal: AbortSignal, url: URL): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) {
    await response.body?.cancel();
    throw new ApiError("SCRAPE_UNSUPPORTED_FILE_ERROR", `The response of ${url.host} is too large (${declared} bytes)`);
  }
  try {
    // Neither encoded nor longer than it declares (the runtime holds a body to its length): read it whole.
    const encoding = response.headers.get("content-encoding")?.toLowerCase() ?? "identity";
    if (declared > 0 && encoding === "identity") return new Uint8Array(await response.arrayBuffer());
    // Otherwise counted as it arrives, decoded: a gzip bomb stops at the limit instead of being inflated whole first.
    return await readLimited(
      response.body,
      MAX_BODY_BYTES,
      (bytes) =>
        new ApiError(
          "SCRAPE_UNSUPPORTED_FILE_ERROR",
          `The response of ${url.host} is too large (more than ${MAX_BODY_BYTES} bytes once decoded; ${bytes} read)`,
        ),
    );
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw mapFetchError(e, url, signal);
  }
}

/** workerd's error for a connection the peer closed before answering. */
function isConnectionLost(e: unknown): boolean {
  return /network connection lost/i.test(describeError(e));
}

/** Turns a thrown fetch failure into a coded error the caller can act on. */
export function mapFetchError(e: unknown, url: URL, signal: AbortSignal): ApiError {
  if (e instanceof ApiError) return e;
  if (signal.aborted) return timeoutError();
  const message = describeError(e);
  if (/certificate|ssl|tls|handshake/i.test(message)) {
    return new ApiError("SCRAPE_SSL_ERROR", `TLS error talking to ${url.host}: ${message}`);
  }
  if (/lookup|resolve|dns|name or service/i.test(message)) {
    return new ApiError("SCRAPE_DNS_RESOLUTION_ERROR", `DNS resolution failed for hostname "${url.hostname}"`);
  }
  if (/connection|refused|reset|network/i.test(message)) {
    return new ApiError("SCRAPE_CONNECTION_ERROR", `Could not connect to ${url.host}: ${message}`);
  }
  // workerd reports DNS failures, and refused TLS certificates, as an opaque "internal error".
  const causes =
    url.protocol === "https:"
      ? "the name did not resolve, the connection failed or its TLS certificate was refused"
      : "the name did not resolve or the connection failed";
  return new ApiError("SCRAPE_SITE_ERROR", `Could not reach ${url.host} (${causes})`);
}

export function timeoutError(): ApiError {
  return new ApiError(
    "SCRAPE_TIMEOUT",
    "The scrape operation timed out before completing. Try a larger timeout (up to 300000 ms).",
  );
}

/** Decodes a textual body in its own encoding (net/charset.ts: byte-order mark, header, declaration, detection). */
export function decodeBody(body: Uint8Array, contentType: string, kind: PageKind): string {
  return decodeDocument(body, contentType, kind === "html" || kind === "xml" ? kind : "text").text;
}
