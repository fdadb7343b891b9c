/**
 * The front door of `npm start`: a small HTTP proxy on the public address (127.0.0.1:8787) in front of
 * `wrangler dev`, which listens on a private port behind it. It exists for one reason: bursts of POSTs through
 * `wrangler dev` fail with 503 "Your worker restarted mid-request" although nothing restarted.
 *
 * Root cause (measured, see docs/security.md, "Bursts, memory, processes"): wrangler's ProxyWorker forwards each
 * request to the Worker's runtime over pooled keep-alive connections. Both ends are kj HTTP with the same 5 s idle
 * timeout (client pool idleTimeout, server pipelineTimeout), so under load a pooled connection is reused at the moment
 * the runtime closes it; the request fails with "Network connection lost" before the Worker ever saw it, and wrangler
 * 4.86 reports every such POST failure as a restart (it compares URLs including the path). GETs it retries itself;
 * POSTs it gives up on.
 *
 * Here a request whose answer is exactly that 503 is sent again (the Worker never received it), a few times
 * with a short backoff. Request bodies are buffered for that (up to MAX_RETRY_BODY; larger ones stream through
 * without retry). Everything else — responses, WebSocket upgrades (crawl watchers) — passes through untouched.
 */
import { createServer, request as httpRequest, Agent } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

const RESTART_MESSAGE = "Your worker restarted mid-request";
/** The API refuses bodies over 10 MB itself; a little more lets it say so. */
const MAX_RETRY_BODY = 11 * 1024 * 1024;
const RETRY_DELAYS_MS = [20, 50, 100, 250, 500];
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

/**
 * @param {{ host: string, port: number, upstreamPort: number, log?: (line: string) => void }} options
 * @returns {Promise<{ close: () => Promise<void>, port: number, stats: { retried: number, gaveUp: number } }>}
 */
export async function startFrontDoor({ host, port, upstreamPort, log = () => {} }) {
  // Short-lived idle sockets: a pooled socket is dropped well before wrangler's 5 s idle close.
  const agent = new Agent({ keepAlive: true, timeout: 3000, maxFreeSockets: 64 });
  const stats = { retried: 0, gaveUp: 0 };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    if (body) headers["content-length"] = String(body.length);
    else if (req.headers["transfer-encoding"]) headers["transfer-encoding"] = req.headers["transfer-encoding"];

    for (let attempt = 0; ; attempt++) {
      let answer;
      try {
        answer = await send(agent, upstreamPort, req, headers, body);
      } catch (error) {
        // A reused keep-alive socket the upstream closed: the request never reached it.
        if (body && error.reused && attempt < RETRY_DELAYS_MS.length) continue;
        if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            success: false,
            error: `The dev server did not answer: ${error.message}`,
            code: "UNKNOWN_ERROR",
          }),
        );
      }
      if (answer.statusCode === 503 && body) {
        const text = await readAll(answer);
        if (decoded(text, answer.headers["content-encoding"]).startsWith(RESTART_MESSAGE)) {
          if (attempt < RETRY_DELAYS_MS.length) {
            stats.retried++;
            log(
              `[front-door] ${req.method} ${req.url}: wrangler answered "${RESTART_MESSAGE}" (its ` +
                `keep-alive race, the Worker never got the request); sending it again`,
            );
            await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
            continue;
          }
          stats.gaveUp++;
          log(
            `[front-door] ${req.method} ${req.url}: wrangler kept answering ` +
              `"${RESTART_MESSAGE}" after ${attempt + 1} attempts`,
          );
        }
        res.writeHead(503, answer.headers);
        return res.end(text);
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.pipe(res);
      res.on("close", () => answer.destroy());
      return;
    }
  });
  server.on("upgrade", (req, socket, head) => tunnelUpgrade(req, socket, head, upstreamPort));
  server.keepAliveTimeout = 65_000;

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    stats,
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

/** The whole request body when it is small enough to send again; null when it is streamed instead (or absent). */
async function readBody(req) {
  const declared = Number(req.headers["content-length"] ?? (req.headers["transfer-encoding"] ? NaN : 0));
  if (declared === 0) return Buffer.alloc(0);
  if (!(declared <= MAX_RETRY_BODY)) return null;
  return readAll(req);
}

/** The text of a (possibly compressed: clients ask for gzip, and workerd obliges) response body. */
function decoded(body, encoding) {
  try {
    if (encoding === "gzip") return gunzipSync(body).toString("utf8");
    if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
    if (encoding === "deflate") return inflateSync(body).toString("utf8");
  } catch {
    return "";
  }
  return body.toString("utf8");
}

function readAll(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/** One attempt upstream; rejects with `error.reused` when a pooled socket turned out to be closed. */
function send(agent, upstreamPort, req, headers, body) {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      { host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers, agent },
      resolve,
    );
    upstream.on("error", (error) =>
      reject(Object.assign(error, { reused: upstream.reusedSocket && ["ECONNRESET", "EPIPE"].includes(error.code) })),
    );
    if (body) upstream.end(body);
    else req.pipe(upstream);
  });
}

/** WebSocket (and any other) upgrade: the raw bytes both ways. */
function tunnelUpgrade(req, socket, head, upstreamPort) {
  const upstream = connect(upstreamPort, "127.0.0.1", () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head?.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on("error", close);
  socket.on("error", close);
  upstream.on("close", close);
  socket.on("close", close);
}
