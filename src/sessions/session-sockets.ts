/**
 * A session's WebSocket clients, accepted on its Durable Object as hibernatable sockets: CDP relay sockets (each
 * bound to its own hub channel) and live-view sockets (fed with screencast frames; the interactive ones send
 * input back). The socket's kind travels in its attachment.
 */
import { describeError } from "../errors";
import type { CdpChannel } from "./cdp-hub";
import type { LiveBrowser } from "./live-browser";
import type { ViewerInput } from "./screencast";

type SocketAttachment = { kind: "cdp"; key: string } | { kind: "view"; interactive: boolean };

export interface SocketHooks {
  /** Something a client did counts as activity. */
  touch: () => void;
  /** The connection to the browser (made again if needed); null when the session has ended. */
  live: () => Promise<LiveBrowser | null>;
  /** The connection to the browser if there is one now. */
  connected: () => LiveBrowser | null;
}

export class SessionSockets {
  private readonly channels = new Map<string, CdpChannel>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly hooks: SocketHooks,
  ) {}

  /** A CDP client: its own channel on the hub, relayed both ways. */
  async acceptCdp(live: LiveBrowser): Promise<Response> {
    const channel = await live.hub.openChannel();
    const [client, server] = this.pair({ kind: "cdp", key: crypto.randomUUID() });
    const key = (server.deserializeAttachment() as { key: string }).key;
    this.channels.set(key, channel);
    channel.onmessage = (text) => send(server, text);
    channel.onclose = () => {
      this.channels.delete(key);
      closeSocket(server, 1000, "CDP connection closed");
    };
    this.hooks.touch();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A live-view page: the latest frame at once, then every new one. */
  async acceptViewer(live: LiveBrowser, interactive: boolean): Promise<Response> {
    const [client, server] = this.pair({ kind: "view", interactive });
    live.screencast.onFrame = (frame) => {
      const message = JSON.stringify({ type: "frame", ...frame });
      for (const ws of this.viewers()) send(ws, message);
    };
    if (live.screencast.lastFrame) send(server, JSON.stringify({ type: "frame", ...live.screencast.lastFrame }));
    await live.screencast.follow();
    return new Response(null, { status: 101, webSocket: client });
  }

  async message(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as SocketAttachment | null;
    const text = typeof message === "string" ? message : new TextDecoder().decode(message);
    if (attachment?.kind === "cdp") {
      const channel = this.channels.get(attachment.key);
      if (channel) channel.send(text);
      // This object restarted since the socket was accepted: its CDP sessions are gone with the old connection.
      else closeSocket(ws, 1012, "The session's browser connection was reset; reconnect");
      return;
    }
    if (attachment?.kind !== "view" || !attachment.interactive) return;
    let input: ViewerInput;
    try {
      input = JSON.parse(text) as ViewerInput;
    } catch {
      return;
    }
    const live = await this.hooks.live();
    if (!live) return;
    this.hooks.touch();
    await live.screencast.input(input).catch((e) => console.error(`live view input: ${describeError(e)}`));
  }

  async closed(ws: WebSocket, code: number): Promise<void> {
    const attachment = ws.deserializeAttachment() as SocketAttachment | null;
    closeSocket(ws, code === 1005 || code === 1006 ? 1000 : code, "");
    if (attachment?.kind === "cdp") this.channels.get(attachment.key)?.close();
    else if (attachment?.kind === "view" && this.viewers().every((viewer) => viewer === ws))
      await this.hooks.connected()?.screencast.stop();
  }

  /** Closes every client with `reason` (the session is ending). */
  closeAll(reason: string): void {
    for (const ws of this.ctx.getWebSockets()) closeSocket(ws, 1000, reason.slice(0, 120));
    for (const channel of this.channels.values()) channel.close();
    this.channels.clear();
  }

  private pair(attachment: SocketAttachment): [WebSocket, WebSocket] {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(attachment);
    return [client, server];
  }

  private viewers(): WebSocket[] {
    return this.ctx
      .getWebSockets()
      .filter((ws) => (ws.deserializeAttachment() as SocketAttachment | null)?.kind === "view");
  }
}

function send(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // the socket is closing
  }
}

function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
