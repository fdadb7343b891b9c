/**
 * One CDP connection to a Browser Rendering session, shared by every client of a remote browser session.
 *
 * Browser Rendering gives a session a single DevTools connection, but a session has several clients at once:
 * the caller's own CDP tools (puppeteer, Playwright…), the outbound-policy guard, and the service's driver
 * (execute, live view, profiles). Each client gets a channel backed by its own browser-target session
 * (`Target.attachToBrowserTarget`): to Chrome every channel is a separate DevTools client — its own ids, its
 * own auto-attach, its own request interception — so channels never see each other's replies. The hub only
 * routes by `sessionId`:
 * - a client's top-level message goes to its browser-target session; the reply comes back without `sessionId`;
 * - sessions a client attaches to (flatten mode) belong to it: their traffic passes through unchanged, and a
 *   client naming a session it does not own gets "Session with given id not found" (so nobody can reach, say,
 *   the guard's sessions and switch its interception off).
 *
 * A channel has the shape of puppeteer's ConnectionTransport, so the service's own puppeteer runs on one.
 */
import { describeError } from "../errors";

export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  sessionId?: string;
}

/** What the hub does with a client's command before it reaches the browser: nothing, or answer it itself. */
export type CommandVerdict = CommandAnswer | undefined;
export type CommandAnswer = { reply: Record<string, unknown>; thenClose?: boolean } | { error: string };
/** A check's verdict may also send the command on with other parameters. */
export type CommandRewrite = { params: Record<string, unknown> };

export interface HubHooks {
  /** Looks at every client command (top level and attached sessions alike). */
  inspect?: (message: CdpMessage) => CommandVerdict | CommandRewrite;
  /** Called for every client command: the session is in use. */
  onActivity?: () => void;
}

const decoder = new TextDecoder();

export class CdpChannel {
  onmessage?: (message: string) => void;
  onclose?: () => void;
  private closed = false;

  constructor(
    private readonly hub: CdpHub,
    /** The browser-target session behind this channel. */
    readonly rootSessionId: string,
  ) {}

  /** A command from this channel's client. */
  send(message: string): void {
    this.hub.fromClient(this, message);
  }

  /** Ends the channel (its browser-target session is detached, which ends its attached sessions too). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.release(this);
    this.onclose?.();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

export class CdpHub {
  /** Called once when the connection to the browser is gone. */
  onclose?: () => void;
  private readonly channels = new Map<string, CdpChannel>();
  private readonly owners = new Map<string, CdpChannel>();
  private readonly pending = new Map<number, (message: CdpMessage) => void>();
  private nextId = 1;
  private closed = false;
  private quiet = false;

  constructor(
    private readonly upstream: WebSocket,
    private readonly hooks: HubHooks = {},
  ) {
    upstream.addEventListener("message", (event) => this.fromBrowser(event.data));
    upstream.addEventListener("close", () => this.shutdown());
    upstream.addEventListener("error", () => this.shutdown());
  }

  /** Opens the DevTools connection of Browser Rendering session `sessionId`. */
  static async connect(browser: Fetcher, sessionId: string, hooks?: HubHooks): Promise<CdpHub> {
    const response = await browser.fetch(`https://fake.host/v1/devtools/browser/${encodeURIComponent(sessionId)}`, {
      headers: { Upgrade: "websocket" },
    });
    const socket = response.webSocket;
    if (!socket)
      throw new Error(
        `Browser Rendering refused the DevTools connection ` +
          `(HTTP ${response.status}: ${(await response.text()).slice(0, 200)})`,
      );
    socket.accept();
    return new CdpHub(socket, hooks);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** A new channel on its own browser-target session. */
  async openChannel(): Promise<CdpChannel> {
    const { sessionId } = (await this.call("Target.attachToBrowserTarget")) as { sessionId: string };
    const channel = new CdpChannel(this, sessionId);
    this.channels.set(sessionId, channel);
    return channel;
  }

  /** A command of the hub itself, at the connection's top level. */
  call(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Error("The browser connection is closed"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result ?? {}),
      );
      this.upstream.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Closes the browser connection (the caller decides whether the browser itself goes first). */
  close(): void {
    try {
      this.upstream.close(1000, "session ended");
    } catch {
      // already closed
    }
    this.shutdown();
  }

  /** From now on clients' commands are dropped (the browser is being closed under them). */
  quiesce(): void {
    this.quiet = true;
  }

  fromClient(channel: CdpChannel, text: string): void {
    if (channel.isClosed || this.closed || this.quiet) return;
    let message: CdpMessage;
    try {
      message = JSON.parse(text) as CdpMessage;
    } catch {
      return;
    }
    this.hooks.onActivity?.();
    if (!message.sessionId) {
      message.sessionId = channel.rootSessionId;
    } else if (this.owners.get(message.sessionId) !== channel) {
      return this.answer(channel, message, { error: "Session with given id not found." }, true);
    }
    const verdict = this.hooks.inspect?.(message);
    if (verdict && "params" in verdict) message.params = verdict.params;
    else if (verdict) return this.answer(channel, message, verdict, message.sessionId !== channel.rootSessionId);
    this.upstream.send(JSON.stringify(message));
  }

  release(channel: CdpChannel): void {
    if (this.channels.get(channel.rootSessionId) !== channel) return;
    this.channels.delete(channel.rootSessionId);
    for (const [sessionId, owner] of this.owners) if (owner === channel) this.owners.delete(sessionId);
    if (!this.closed && !this.quiet)
      this.call("Target.detachFromTarget", { sessionId: channel.rootSessionId }).catch(() => {});
  }

  private answer(channel: CdpChannel, message: CdpMessage, verdict: CommandAnswer, keepSession: boolean): void {
    const reply: CdpMessage = { id: message.id };
    if ("error" in verdict) reply.error = { code: -32000, message: verdict.error };
    else reply.result = verdict.reply;
    if (keepSession) reply.sessionId = message.sessionId;
    channel.onmessage?.(JSON.stringify(reply));
    if ("reply" in verdict && verdict.thenClose) channel.close();
  }

  private fromBrowser(data: string | ArrayBuffer): void {
    const text = typeof data === "string" ? data : decoder.decode(data);
    let message: CdpMessage;
    try {
      message = JSON.parse(text) as CdpMessage;
    } catch (e) {
      console.error(`CDP hub: unreadable message from the browser: ${describeError(e)}`);
      return;
    }
    const sessionId = message.sessionId;
    if (!sessionId) {
      if (message.id !== undefined) {
        this.pending.get(message.id)?.(message);
        this.pending.delete(message.id);
      }
      return;
    }
    const root = this.channels.get(sessionId);
    const channel = root ?? this.owners.get(sessionId);
    if (!channel) return;
    this.learnOwnership(channel, message);
    if (root) {
      delete message.sessionId;
      channel.onmessage?.(JSON.stringify(message));
    } else {
      channel.onmessage?.(text);
    }
  }

  /** Sessions a channel attaches to (or is auto-attached to) are its own until they detach. */
  private learnOwnership(channel: CdpChannel, message: CdpMessage): void {
    if (message.method === "Target.attachedToTarget") this.owners.set(String(message.params?.sessionId), channel);
    else if (message.method === "Target.detachedFromTarget") this.owners.delete(String(message.params?.sessionId));
    else if (typeof message.result?.sessionId === "string") this.owners.set(message.result.sessionId, channel);
  }

  private shutdown(): void {
    if (this.closed) return;
    this.closed = true;
    for (const resolve of this.pending.values())
      resolve({ error: { code: -32000, message: "The browser connection closed" } });
    this.pending.clear();
    for (const channel of [...this.channels.values()]) channel.close();
    this.onclose?.();
  }
}
