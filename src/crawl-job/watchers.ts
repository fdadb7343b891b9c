/**
 * WebSocket watchers of a job (hibernating sockets: they survive the object's eviction). A new watcher gets a
 * `catchup` message with the counters and every document so far; then a `document` message per page; at the
 * end a `status` message, and the socket closes with 1000 and reason {"type":"done"}. Watchers only listen.
 * A failure while serving one closes that socket with the error rendered by the error module.
 */
import { describeError, renderSocketError } from "../errors";
import { loadDocuments } from "../scrape/cache";
import type { ScrapeDocument } from "../schemas/document";
import { presentDocument } from "../scrape/present";

const DONE = JSON.stringify({ type: "done" });

export class Watchers {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  /**
   * Accepts a watcher and sends it the catchup. `status` is the job's counters; `scrapeIds` its results so far.
   * A finished job's watcher is closed right after.
   */
  async accept(
    request: Request,
    status: { status: string } & Record<string, unknown>,
    scrapeIds: string[],
    config: { apiOrigin: string; apiVersion: "v1" | "v2" },
  ): Promise<Response> {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    try {
      const documents = (await loadDocuments(this.env, scrapeIds)).filter((d): d is ScrapeDocument => d !== null);
      const data = await Promise.all(documents.map((d) => presentDocument(this.env, d, config.apiOrigin)));
      server.send(JSON.stringify({ type: "catchup", data: { success: true, ...status, data } }));
      if (status.status !== "scraping") {
        const ending = v1Ending(status, config.apiVersion);
        if (ending) server.send(JSON.stringify(ending));
        server.close(1000, DONE);
      }
    } catch (e) {
      this.closeWithError(server, e);
    }
    const headers = new Headers();
    const protocol = request.headers.get("sec-websocket-protocol");
    if (protocol) headers.set("sec-websocket-protocol", protocol.split(",")[0].trim());
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /** Whether anyone watches the job (then reports carry their documents). */
  any(): boolean {
    return this.ctx.getWebSockets().length > 0;
  }

  /** Sends a finished page to the watchers; `document` is read from R2 when the report did not carry it. */
  async broadcastDocument(scrapeId: string, document: ScrapeDocument | undefined, apiOrigin: string): Promise<void> {
    if (!this.any()) return;
    const found = document ?? (await loadDocuments(this.env, [scrapeId]))[0];
    if (found) this.send({ type: "document", data: await presentDocument(this.env, found, apiOrigin) });
  }

  /**
   * The job ended: a final status frame before the close, so clients learn the outcome (and the official SDK
   * finishes) at once, without waiting for the close handshake, which some proxies (wrangler dev's) hold for
   * many seconds. The v1 client reads only `done` and `error` messages (and the close reason), so a v1 job's
   * watchers get that message too.
   */
  finish(status: { status?: unknown; error?: unknown } & Record<string, unknown>, apiVersion: "v1" | "v2"): void {
    this.send({ type: "status", data: status });
    const ending = v1Ending(status, apiVersion);
    if (ending) this.send(ending);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1000, DONE);
      } catch {
        // already closed
      }
    }
  }

  /** The client closed: answer the close (1005 "no status" cannot be sent back, so it becomes 1000). */
  closed(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  /** The runtime reports a broken socket: log it and close it with an error frame. */
  failed(ws: WebSocket, error: unknown): void {
    console.warn(`watcher socket error: ${describeError(error)}`);
    this.closeWithError(ws, error);
  }

  private closeWithError(ws: WebSocket, error: unknown): void {
    const { code, reason } = renderSocketError(error);
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  private send(message: unknown): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // a closing socket
      }
    }
  }
}

/** The message the v1 client ends a watch on (`done`, or `error` for a failed or cancelled job); none for v2. */
function v1Ending(status: { status?: unknown; error?: unknown }, apiVersion: "v1" | "v2"): object | null {
  if (apiVersion !== "v1") return null;
  if (status.status === "completed") return { type: "done" };
  return {
    type: "error",
    error: typeof status.error === "string" ? status.error : `The job ended ${String(status.status)}`,
  };
}
