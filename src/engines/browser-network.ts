/**
 * Every request a rendered page makes passes through here (request interception), in this order:
 * 1. the outbound policy (`checkEgress`) — refused requests are aborted, redirects included, since each hop
 *    is intercepted as a new request; a refused main document fails the scrape with URL_BLOCKED. With the local
 *    egress proxy (npm start), the context's whole traffic — WebSockets too, which interception never sees —
 *    goes through that proxy, which refuses local addresses after resolving; main-frame navigations ask it first
 *    (`/check`) so that a name resolving to a local address also fails the scrape with URL_BLOCKED;
 * 2. `blockAds` — requests to ad, tracker and consent-manager hosts are aborted (never the page's own host);
 * 3. the caller's `headers` — added to requests for the target's origin only (isCredentialOrigin), and removed
 *    from requests to any other origin (Chrome carries overridden headers over a redirect), so cookies or tokens
 *    meant for the target never reach third parties, a redirect target included;
 * 4. proxy "enhanced" — document requests (the page and its frames) are fetched through the upstream proxy by
 *    the Worker and answered from that response; sub-resources load directly.
 * It also counts requests in flight, for the engine's "network quiet" wait.
 */
import type { HTTPRequest, HTTPResponse, Page } from "@cloudflare/puppeteer";
import { ApiError, describeError } from "../errors";
import { blockedError, checkEgress, type EgressPolicy } from "../net/egress";
import { resolvedReason } from "../net/outbound";
import { proxyFetcher, type ProxyConfig } from "../net/proxy";
import { isCredentialOrigin } from "../net/urls";
import { isBlockedHost } from "./adblock";
import { readLimited } from "../net/body";
import { MAX_BODY_BYTES } from "./fetch";

/** Schemes that never leave the browser. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:", "chrome-extension:"]);
/** Requests that may stay open for the life of the page: they do not count against "network quiet". */
const LONG_LIVED = new Set(["eventsource", "websocket", "media"]);

export interface RouterOptions {
  policy: EgressPolicy;
  blockAds: boolean;
  /** The caller's `headers`, sent to the target's origin only. */
  headers?: Record<string, string>;
  target: URL;
  /** Answer document requests through this proxy (proxy "enhanced"). */
  proxy: ProxyConfig | null;
  signal: AbortSignal;
}

export class RequestRouter {
  /** Why the main document was refused (outbound policy or proxy failure), when it was. */
  documentError: ApiError | undefined;
  /** Requests aborted by `blockAds`. */
  blockedCount = 0;

  private readonly inflight = new Set<HTTPRequest>();
  private lastActivity = Date.now();
  private readonly callerHeaders: Record<string, string>;
  private readonly fetchThroughProxy: ((request: Request) => Promise<Response>) | null;

  constructor(
    private readonly page: Page,
    private readonly options: RouterOptions,
  ) {
    this.callerHeaders = Object.fromEntries(
      Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    this.fetchThroughProxy = options.proxy ? proxyFetcher(options.proxy) : null;
  }

  async install(): Promise<void> {
    this.page.on("request", (request) => void this.route(request));
    this.page.on("requestfinished", (request) => this.settled(request));
    this.page.on("requestfailed", (request) => this.settled(request));
    await this.page.setRequestInterception(true);
  }

  /** Milliseconds since the last request started or ended, or 0 while any is in flight. */
  quietFor(): number {
    return this.inflight.size > 0 ? 0 : Date.now() - this.lastActivity;
  }

  private settled(request: HTTPRequest): void {
    if (this.inflight.delete(request)) this.lastActivity = Date.now();
  }

  private async route(request: HTTPRequest): Promise<void> {
    try {
      const url = request.url();
      const scheme = url.slice(0, url.indexOf(":") + 1).toLowerCase();
      if (LOCAL_SCHEMES.has(scheme)) return await request.continue();

      const isMainDocument = request.isNavigationRequest() && request.frame() === this.page.mainFrame();
      let target: URL;
      try {
        const what = request.redirectChain().length > 0 ? "Redirect target" : "URL";
        target = checkEgress(url, this.options.policy, what);
        // Documents fetched through the upstream proxy are resolved there, not by the local egress proxy.
        if (isMainDocument && !this.fetchThroughProxy) await this.askGateway(target, what);
      } catch (e) {
        if (isMainDocument)
          this.documentError = e instanceof ApiError ? e : new ApiError("SCRAPE_BROWSER_ERROR", describeError(e));
        return await request.abort("blockedbyclient");
      }
      if (
        this.options.blockAds &&
        !isMainDocument &&
        target.hostname !== this.options.target.hostname &&
        isBlockedHost(target.hostname)
      ) {
        this.blockedCount++;
        return await request.abort("blockedbyclient");
      }

      if (!LONG_LIVED.has(request.resourceType())) {
        this.inflight.add(request);
        this.lastActivity = Date.now();
      }
      const extraHeaders =
        isCredentialOrigin(target, this.options.target) && Object.keys(this.callerHeaders).length > 0
          ? this.callerHeaders
          : null;
      if (this.fetchThroughProxy && request.isNavigationRequest())
        return await this.answerThroughProxy(request, target, extraHeaders, isMainDocument);
      const headers = this.headersFor(request, extraHeaders);
      await request.continue(headers ? { headers } : undefined);
    } catch {
      // The page went away while the request was paused; nothing is waiting for it.
      this.settled(request);
    }
  }

  /** The request's headers with the caller's added (its origin) or removed (any other origin); undefined = as is. */
  private headersFor(
    request: HTTPRequest,
    extraHeaders: Record<string, string> | null,
  ): Record<string, string> | undefined {
    if (extraHeaders) return { ...request.headers(), ...extraHeaders };
    const carried = Object.keys(request.headers()).filter(
      (name) => name.toLowerCase() !== "user-agent" && name.toLowerCase() in this.callerHeaders,
    );
    if (carried.length === 0) return undefined;
    const headers = { ...request.headers() };
    for (const name of carried) delete headers[name];
    return headers;
  }

  /**
   * Asks the egress proxy whether it would connect to `target`, so that a navigation it will refuse fails the
   * scrape with a clear error rather than rendering the proxy's refusal. (The proxy checks the real connection
   * again; this is only for the message.)
   */
  private async askGateway(target: URL, what: string): Promise<void> {
    const gateway = this.options.policy.gateway;
    if (!gateway) return;
    const port = target.port || (target.protocol === "https:" ? "443" : "80");
    const check = new URL(`http://${gateway.display}/check`);
    check.search = new URLSearchParams({ host: target.hostname, port }).toString();
    const verdict = (await (await fetch(check, { signal: this.options.signal })).json()) as {
      ok: boolean;
      verdict?: string;
      address?: string;
      reason?: string;
    };
    if (verdict.ok) return;
    if (verdict.verdict === "dns")
      throw new ApiError("SCRAPE_DNS_RESOLUTION_ERROR", `DNS resolution failed for hostname "${target.hostname}"`);
    throw blockedError(what, target.host, resolvedReason(verdict));
  }

  private async answerThroughProxy(
    request: HTTPRequest,
    target: URL,
    extraHeaders: Record<string, string> | null,
    isMainDocument: boolean,
  ): Promise<void> {
    let response: Response;
    try {
      response = await this.fetchThroughProxy!(
        new Request(target, {
          method: request.method(),
          headers: { ...request.headers(), ...extraHeaders },
          body: request.method() === "GET" || request.method() === "HEAD" ? undefined : request.postData(),
          redirect: "manual",
          signal: this.options.signal,
        }),
      );
    } catch (e) {
      if (isMainDocument) {
        this.documentError =
          e instanceof ApiError
            ? e
            : new ApiError("SCRAPE_CONNECTION_ERROR", `The upstream proxy failed: ${describeError(e)}`);
      }
      return request.abort("failed");
    }
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      // The body handed to the browser is already decoded and complete.
      if (
        name !== "content-encoding" &&
        name !== "content-length" &&
        name !== "transfer-encoding" &&
        name !== "set-cookie"
      )
        headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    let body: Uint8Array;
    try {
      body = await readLimited(
        response.body,
        MAX_BODY_BYTES,
        (bytes) =>
          new ApiError(
            "SCRAPE_UNSUPPORTED_FILE_ERROR",
            `The response through the proxy is too large (more ` +
              `than ${MAX_BODY_BYTES} bytes once decoded; ${bytes} read)`,
          ),
      );
    } catch (e) {
      if (isMainDocument)
        this.documentError =
          e instanceof ApiError
            ? e
            : new ApiError("SCRAPE_CONNECTION_ERROR", `The upstream proxy failed: ${describeError(e)}`);
      return request.abort("failed");
    }
    await request.respond({ status: response.status, headers, body });
  }
}

/** True when `response` is the page's own document (not a frame or sub-resource). */
export function isMainDocumentResponse(page: Page, response: HTTPResponse): boolean {
  return response.request().isNavigationRequest() && response.frame() === page.mainFrame();
}
