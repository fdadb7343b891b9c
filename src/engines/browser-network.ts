/**
 * Every request a rendered page makes passes through here (request interception), in this order:
 * 1. the outbound policy (`checkEgress`) — refused requests are aborted, redirects included, since each hop
 *    is intercepted as a new request; a refused main document fails the scrape with URL_BLOCKED;
 * 2. `blockAds` — requests to ad, tracker and consent-manager hosts are aborted (never the page's own host);
 * 3. the caller's `headers` — added to requests for the target's host only, so cookies or tokens meant for the
 *    target never reach third parties;
 * 4. proxy "enhanced" — document requests (the page and its frames) are fetched through the upstream proxy by
 *    the Worker and answered from that response; sub-resources load directly.
 * It also counts requests in flight, for the engine's "network quiet" wait.
 */
import type { HTTPRequest, HTTPResponse, Page } from "@cloudflare/puppeteer";
import { ApiError, describeError } from "../errors";
import { checkEgress, type EgressPolicy } from "../net/egress";
import { proxyFetcher, type ProxyConfig } from "../net/proxy";
import { isBlockedHost } from "./adblock";

/** Schemes that never leave the browser. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:", "chrome-extension:"]);
/** Requests that may stay open for the life of the page: they do not count against "network quiet". */
const LONG_LIVED = new Set(["eventsource", "websocket", "media"]);

export interface RouterOptions {
  policy: EgressPolicy;
  blockAds: boolean;
  /** The caller's `headers`, sent to `targetHost` only. */
  headers?: Record<string, string>;
  targetHost: string;
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
    this.callerHeaders = Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
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
        target = checkEgress(url, this.options.policy, request.redirectChain().length > 0 ? "Redirect target" : "URL");
      } catch (e) {
        if (isMainDocument) this.documentError = e as ApiError;
        return await request.abort("blockedbyclient");
      }
      if (this.options.blockAds && !isMainDocument && target.hostname !== this.options.targetHost && isBlockedHost(target.hostname)) {
        this.blockedCount++;
        return await request.abort("blockedbyclient");
      }

      if (!LONG_LIVED.has(request.resourceType())) {
        this.inflight.add(request);
        this.lastActivity = Date.now();
      }
      const extraHeaders = target.hostname === this.options.targetHost && Object.keys(this.callerHeaders).length > 0 ? this.callerHeaders : null;
      if (this.fetchThroughProxy && request.isNavigationRequest()) return await this.answerThroughProxy(request, target, extraHeaders, isMainDocument);
      await request.continue(extraHeaders ? { headers: { ...request.headers(), ...extraHeaders } } : undefined);
    } catch {
      // The page went away while the request was paused; nothing is waiting for it.
      this.settled(request);
    }
  }

  private async answerThroughProxy(request: HTTPRequest, target: URL, extraHeaders: Record<string, string> | null, isMainDocument: boolean): Promise<void> {
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
        this.documentError = e instanceof ApiError ? e : new ApiError("SCRAPE_CONNECTION_ERROR", `The upstream proxy failed: ${describeError(e)}`);
      }
      return request.abort("failed");
    }
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      // The body handed to the browser is already decoded and complete.
      if (name !== "content-encoding" && name !== "content-length" && name !== "transfer-encoding" && name !== "set-cookie") headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    await request.respond({ status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) });
  }
}

/** True when `response` is the page's own document (not a frame or sub-resource). */
export function isMainDocumentResponse(page: Page, response: HTTPResponse): boolean {
  return response.request().isNavigationRequest() && response.frame() === page.mainFrame();
}
