/**
 * Requests through the upstream proxy of `proxy: "enhanced"` (PROXY_URL = `http://[user:pass@]host:port`, or
 * `https://…` to reach the proxy itself over TLS). Workers' fetch() cannot use a forward proxy, so this speaks
 * HTTP/1.1 to the proxy over a TCP socket from `cloudflare:sockets`.
 *
 * Every request is sent in absolute form (`GET http://site/path`, `GET https://site/path`) and the proxy makes
 * the connection to the site. https targets are not tunnelled with CONNECT because the Worker would then have to
 * run TLS to the site through the tunnel, and workerd's `socket.startTls()` verifies the certificate against the
 * host that was dialled (the proxy): its `expectedServerHostname` option is not supported, so every real site
 * would fail verification. The proxy therefore has to accept absolute-form https requests (Squid and most
 * scraping proxies do).
 */
import { connect } from "cloudflare:sockets";
import { ApiError, describeError } from "../errors";
import { ChunkedDecoder, GrowableBuffer, HEAD_END } from "./http-wire";

export interface ProxyConfig {
  hostname: string;
  port: number;
  /** TLS to the proxy itself (an `https://` PROXY_URL). */
  tls: boolean;
  /** `Basic …` when PROXY_URL carries credentials. */
  authorization?: string;
  /** host:port, for messages (never the credentials). */
  display: string;
}

/** Response heads larger than this are refused (a proxy or site misbehaving). */
const MAX_HEAD_BYTES = 64 * 1024;
/** Bodies larger than this are refused, like the fetch engine does. */
const MAX_BODY_BYTES = 50 * 1024 * 1024;

/** Hop-by-hop headers, and the ones this client sets itself: never copied from the request. */
// prettier-ignore
const NOT_FORWARDED = new Set([
  "connection", "keep-alive", "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding",
  "upgrade", "host", "accept-encoding", "content-length",
]);

/** The proxy PROXY_URL describes, or null when none is configured. Throws on a malformed value. */
export function parseProxyUrl(value: string | undefined): ProxyConfig | null {
  if (!value?.trim()) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ApiError(
      "SCRAPE_PROXY_NOT_CONFIGURED",
      "PROXY_URL is not a valid URL (expected http://[user:pass@]host:port)",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ApiError(
      "SCRAPE_PROXY_NOT_CONFIGURED",
      `PROXY_URL must be an http:// or https:// proxy, not ${url.protocol}`,
    );
  }
  const tls = url.protocol === "https:";
  const port = url.port ? Number(url.port) : tls ? 443 : 80;
  const config: ProxyConfig = {
    hostname: url.hostname.replace(/^\[|\]$/g, ""),
    port,
    tls,
    display: `${url.hostname}:${port}`,
  };
  if (url.username || url.password) {
    config.authorization = `Basic ${btoa(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`)}`;
  }
  return config;
}

/** A fetch-like function that sends every request through `proxy` (redirects are returned, never followed). */
export function proxyFetcher(proxy: ProxyConfig): (request: Request) => Promise<Response> {
  return (request) => fetchThroughProxy(proxy, request);
}

async function fetchThroughProxy(proxy: ProxyConfig, request: Request): Promise<Response> {
  const target = new URL(request.url);
  const body =
    request.method === "GET" || request.method === "HEAD" ? null : new Uint8Array(await request.arrayBuffer());
  const head = [`${request.method} ${target.href} HTTP/1.1`, `host: ${target.host}`];
  for (const [name, value] of request.headers)
    if (!NOT_FORWARDED.has(name.toLowerCase())) head.push(`${name}: ${value}`);
  // Only encodings DecompressionStream can undo; a close-delimited response keeps the parser simple.
  head.push("accept-encoding: gzip, deflate", "connection: close");
  if (proxy.authorization) head.push(`proxy-authorization: ${proxy.authorization}`);
  if (body) head.push(`content-length: ${body.byteLength}`);

  const socket = connect(
    { hostname: proxy.hostname, port: proxy.port },
    { secureTransport: proxy.tls ? "on" : "off", allowHalfOpen: false },
  );
  const signal = request.signal;
  const onAbort = () => void socket.close().catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const writer = socket.writable.getWriter();
    await writer.write(new TextEncoder().encode(head.join("\r\n") + "\r\n\r\n"));
    if (body?.byteLength) await writer.write(body);
    writer.releaseLock();
    const message = await readResponse(socket.readable, request.method === "HEAD", signal);
    return toResponse(message);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (signal?.aborted) throw signal.reason;
    throw new ApiError(
      "SCRAPE_CONNECTION_ERROR",
      `The upstream proxy ${proxy.display} failed for ${target.host}: ${describeError(e)}`,
    );
  } finally {
    signal?.removeEventListener("abort", onAbort);
    socket.close().catch(() => {});
  }
}

interface RawResponse {
  status: number;
  statusText: string;
  headers: Headers;
  body: Uint8Array;
}

/** Reads one HTTP/1.1 response (skipping 1xx interim answers) with its body framed by length, chunks or close. */
async function readResponse(
  stream: ReadableStream<Uint8Array>,
  isHead: boolean,
  signal: AbortSignal | null,
): Promise<RawResponse> {
  const reader = stream.getReader();
  const buffer = new GrowableBuffer();
  let closed = false;
  const more = async (): Promise<boolean> => {
    if (closed) return false;
    if (signal?.aborted) throw signal.reason;
    const { value, done } = await reader.read();
    if (done) closed = true;
    else buffer.append(value);
    return !done;
  };
  try {
    for (;;) {
      let headEnd = buffer.indexOf(HEAD_END);
      while (headEnd < 0) {
        if (buffer.length > MAX_HEAD_BYTES) throw new Error("response head too large");
        if (!(await more()))
          throw new Error(buffer.length ? "connection closed inside the response head" : "empty reply");
        headEnd = buffer.indexOf(HEAD_END);
      }
      const { status, statusText, headers } = parseHead(new TextDecoder("latin1").decode(buffer.slice(0, headEnd)));
      buffer.consume(headEnd + HEAD_END.length);
      if (status >= 100 && status < 200) continue;

      if (isHead || status === 204 || status === 304) return { status, statusText, headers, body: new Uint8Array() };
      const transferEncoding = headers.get("transfer-encoding")?.toLowerCase() ?? "";
      if (transferEncoding.includes("chunked")) {
        const chunks = new ChunkedDecoder();
        while (!chunks.feed(buffer)) {
          if (chunks.size > MAX_BODY_BYTES) throw tooLarge(chunks.size);
          if (!(await more())) throw new Error("connection closed inside a chunked body");
        }
        return { status, statusText, headers, body: chunks.body() };
      }
      const declared = headers.get("content-length");
      if (declared !== null) {
        const length = Number(declared);
        if (!Number.isFinite(length) || length < 0) throw new Error(`bad content-length ${declared}`);
        if (length > MAX_BODY_BYTES) throw tooLarge(length);
        while (buffer.length < length)
          if (!(await more())) throw new Error("connection closed before the whole body arrived");
        return { status, statusText, headers, body: buffer.slice(0, length) };
      }
      while (await more()) if (buffer.length > MAX_BODY_BYTES) throw tooLarge(buffer.length);
      return { status, statusText, headers, body: buffer.slice(0, buffer.length) };
    }
  } finally {
    reader.releaseLock();
  }
}

function tooLarge(bytes: number): ApiError {
  return new ApiError("SCRAPE_UNSUPPORTED_FILE_ERROR", `The response through the proxy is too large (${bytes} bytes)`);
}

function parseHead(text: string): { status: number; statusText: string; headers: Headers } {
  const [statusLine, ...lines] = text.split("\r\n");
  const match = /^HTTP\/\d(?:\.\d)?\s+(\d{3})\s*(.*)$/.exec(statusLine);
  if (!match) throw new Error(`not an HTTP response: ${statusLine.slice(0, 80)}`);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return { status: Number(match[1]), statusText: match[2], headers };
}

function toResponse(raw: RawResponse): Response {
  const headers = new Headers(raw.headers);
  const encoding = headers.get("content-encoding")?.toLowerCase();
  let body: ReadableStream<Uint8Array> | Uint8Array | null = raw.body;
  if (raw.body.byteLength && (encoding === "gzip" || encoding === "deflate")) {
    body = new Blob([raw.body]).stream().pipeThrough(new DecompressionStream(encoding));
    headers.delete("content-encoding");
    headers.delete("content-length");
  }
  headers.delete("transfer-encoding");
  // Response() only takes 200–599; anything else from a broken upstream is reported as such.
  if (raw.status < 200 || raw.status > 599) throw new Error(`unexpected status ${raw.status}`);
  const nullBody = raw.status === 204 || raw.status === 304;
  return new Response(nullBody ? null : body, { status: raw.status, statusText: raw.statusText, headers });
}
