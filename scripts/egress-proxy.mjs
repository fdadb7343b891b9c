/**
 * The local egress proxy: the part of the outbound policy that decides on the address actually connected to.
 * `npm start` runs it (scripts/start.mjs) and hands its URL to the Worker as EGRESS_PROXY_URL; while
 * ALLOW_LOCAL_NETWORK is off, the Worker sends its own requests through it (absolute-form `GET https://site/…`,
 * src/net/outbound.ts) and gives each browser context it as proxy server — and the whole browser too, for the
 * remote browser sessions that drive its default context (EDGECRAWL_CHROMIUM_PROXY, scripts/start.mjs) — so
 * Chromium's traffic — documents, sub-resources, fetch/XHR, WebSockets, redirects — goes through it too (CONNECT
 * tunnels).
 *
 * For every request or tunnel it resolves the name once (static entries first, then the system resolver),
 * refuses when no resolved address is public (src/net/addresses.js: loopback, private, link-local, every IPv6
 * form of them…) unless the address is on the operator's allow-list, and connects to exactly the address it
 * checked, so a name cannot resolve differently between check and connection (DNS rebinding).
 * Its own answers carry `x-edgecrawl-egress: blocked|dns|connect|tls|timeout` and a JSON body; the header is
 * stripped from upstream answers so a site cannot fake a verdict.
 *
 * It listens on loopback only and forwards only to public addresses, so it grants local processes nothing they
 * could not do directly. `GET /check?host=&port=` (origin-form, to the proxy itself) answers a verdict without
 * connecting; the browser engine asks it before a navigation to report a refusal as URL_BLOCKED.
 */
import { lookup } from "node:dns/promises";
import { createServer, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect } from "node:net";
import { isIpLiteral, localAddressReason } from "../src/net/addresses.js";

export const VERDICT_HEADER = "x-edgecrawl-egress";
const CONNECT_TIMEOUT_MS = 15_000;
/** A request may wait this long for its answer: the longest scrape timeout. */
const IDLE_TIMEOUT_MS = 300_000;
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "proxy-authenticate",
  "te",
  "trailer",
  "upgrade",
  VERDICT_HEADER,
]);
const TLS_ERROR = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;

/**
 * `name=address` entries, comma-separated (like /etc/hosts lines), e.g. "intranet.example=10.0.0.5".
 * @param {string | undefined} text
 * @returns {Map<string, string[]>}
 */
export function parseHostEntries(text) {
  const hosts = new Map();
  for (const entry of (text ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name, address] = entry.split("=").map((s) => s.trim());
    if (!name || !address || !isIpLiteral(address))
      throw new Error(`bad egress host entry "${entry}" (expected name=ip)`);
    const key = name.toLowerCase().replace(/\.$/, "");
    hosts.set(key, [...(hosts.get(key) ?? []), address.replace(/^\[|\]$/g, "")]);
  }
  return hosts;
}

/**
 * Local addresses that may be reached anyway: `address` or `address:port` (`[v6]:port`), comma-separated.
 * @param {string | undefined} text
 * @returns {(address: string, port: number) => boolean}
 */
export function parseAllowList(text) {
  const entries = (text ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+):(\d+)$/.exec(entry) ?? [entry, entry];
      if (!isIpLiteral(m[1]))
        throw new Error(`bad egress allow entry "${entry}" (expected ip, ip:port or [ipv6]:port)`);
      return { address: m[1].toLowerCase(), port: m[2] ? Number(m[2]) : undefined };
    });
  return (address, port) =>
    entries.some((e) => e.address === address.toLowerCase() && (e.port === undefined || e.port === port));
}

/**
 * @typedef {{ ok: true, address: string, family: number } | { ok: false, verdict: "blocked" | "dns", address?: string,
 * reason: string }} Verdict
 * @typedef {{ hosts?: Map<string, string[]>, allow?: (address: string, port: number) => boolean, log?: (line: string)
 * => void }} PolicyOptions
 */

/**
 * Resolves `hostname` and picks the first address that may be connected to.
 * @param {string} hostname @param {number} port @param {PolicyOptions} options
 * @returns {Promise<Verdict>}
 */
export async function judge(hostname, port, options = {}) {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  let addresses;
  if (isIpLiteral(host)) addresses = [host];
  else if (options.hosts?.has(host)) addresses = options.hosts.get(host);
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch (e) {
      return { ok: false, verdict: "dns", reason: `${host} did not resolve (${e.code ?? e.message})` };
    }
  }
  let refusal;
  for (const address of addresses) {
    const reason = localAddressReason(address);
    if (reason === null || options.allow?.(address, port))
      return { ok: true, address, family: address.includes(":") ? 6 : 4 };
    refusal ??= { ok: false, verdict: "blocked", address, reason: reason ?? "not an address" };
  }
  return refusal ?? { ok: false, verdict: "dns", reason: `${host} has no address` };
}

/** @param {import("node:http").ServerResponse} res */
function answerVerdict(res, status, verdict, body) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": "application/json", [VERDICT_HEADER]: verdict, connection: "close" });
  res.end(JSON.stringify(body));
}

function failureVerdict(error) {
  if (error?.code === "ETIMEDOUT" || error?.message === "timeout") return "timeout";
  return TLS_ERROR.test(error?.code ?? "") ? "tls" : "connect";
}

/** @param {import("node:http").IncomingHttpHeaders} headers */
function forwardable(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/**
 * Starts the proxy on loopback. `port` 0 picks a free one.
 * @param {PolicyOptions & { port?: number, host?: string }} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startEgressProxy(options = {}) {
  const log = options.log ?? (() => {});
  // Only refusals of local addresses are worth a line; names that do not resolve are the site's business.
  const refuse = (what, verdict) =>
    verdict.verdict === "blocked" &&
    log(`[egress] refused ${what}: ${verdict.reason}${verdict.address ? ` (${verdict.address})` : ""}`);

  const server = createServer(async (req, res) => {
    if (req.url?.startsWith("/")) return answerSelf(req, res, options);
    let target;
    try {
      target = new URL(req.url ?? "");
      if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("scheme");
    } catch {
      return answerVerdict(res, 400, "blocked", { reason: "only absolute http(s) URLs are proxied" });
    }
    const secure = target.protocol === "https:";
    const port = Number(target.port) || (secure ? 443 : 80);
    const verdict = await judge(target.hostname, port, options);
    if (!verdict.ok) {
      refuse(`${req.method} ${target.host}`, verdict);
      return answerVerdict(res, verdict.verdict === "dns" ? 502 : 403, verdict.verdict, {
        host: target.host,
        address: verdict.address,
        reason: verdict.reason,
      });
    }
    const send = secure ? httpsRequest : httpRequest;
    const upstream = send({
      host: verdict.address,
      family: verdict.family,
      port,
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers: forwardable(req.headers),
      servername: isIpLiteral(target.hostname) ? undefined : target.hostname.replace(/\.$/, ""),
      agent: false,
      timeout: IDLE_TIMEOUT_MS,
    });
    upstream.on("timeout", () => upstream.destroy(new Error("timeout")));
    upstream.on("error", (error) =>
      answerVerdict(res, 502, failureVerdict(error), { host: target.host, message: error.code ?? error.message }),
    );
    upstream.on("response", (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
      answer.pipe(res);
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });

  server.on("connect", async (req, clientSocket, head) => {
    clientSocket.on("error", () => {});
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(req.url ?? "");
    const fail = (status, verdict, text) =>
      clientSocket.end(
        `HTTP/1.1 ${status}\r\n${VERDICT_HEADER}: ${verdict}\r\ncontent-type: ` +
          `text/plain\r\nconnection: close\r\n\r\n${text}`,
      );
    if (!m) return fail("400 Bad Request", "blocked", "CONNECT needs host:port");
    const port = Number(m[2]);
    const verdict = await judge(m[1], port, options);
    if (!verdict.ok) {
      refuse(`CONNECT ${req.url}`, verdict);
      return fail(verdict.verdict === "dns" ? "502 Bad Gateway" : "403 Forbidden", verdict.verdict, verdict.reason);
    }
    const upstream = connect({ host: verdict.address, port, family: verdict.family, timeout: CONNECT_TIMEOUT_MS });
    upstream.once("timeout", () => upstream.destroy(new Error("timeout")));
    upstream.once("error", (error) =>
      upstream.connecting || !clientSocket.writable
        ? fail("502 Bad Gateway", failureVerdict(error), error.message)
        : clientSocket.destroy(),
    );
    upstream.once("connect", () => {
      upstream.setTimeout(0);
      clientSocket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head?.length) upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
      clientSocket.once("close", () => upstream.destroy());
      upstream.once("close", () => clientSocket.destroy());
    });
  });
  // Plain (non-CONNECT) upgrades are not proxied: browsers tunnel WebSockets with CONNECT.
  server.on("upgrade", (_req, socket) =>
    socket.end(`HTTP/1.1 501 Not Implemented\r\n${VERDICT_HEADER}: blocked\r\nconnection: close\r\n\r\n`),
  );

  const host = options.host ?? "127.0.0.1";
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Requests to the proxy itself: `/check?host=&port=` (a verdict, nothing connected) and `/health`. */
async function answerSelf(req, res, options) {
  const url = new URL(req.url ?? "/", "http://egress");
  if (url.pathname === "/health") return res.end("ok");
  if (url.pathname !== "/check" || !url.searchParams.get("host"))
    return answerVerdict(res, 404, "blocked", { reason: "not a proxy request" });
  const verdict = await judge(url.searchParams.get("host") ?? "", Number(url.searchParams.get("port") ?? 80), options);
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(verdict));
}
