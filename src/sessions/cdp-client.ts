/**
 * A minimal CDP client over a hub channel, for the parts of the service that speak raw CDP (the outbound-policy
 * guard): commands with replies, and event handlers that receive the session the event came from.
 */
import type { CdpChannel, CdpMessage } from "./cdp-hub";

type EventHandler = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export class CdpClient {
  private readonly pending = new Map<
    number,
    { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }
  >();
  private readonly handlers = new Map<string, EventHandler[]>();
  private nextId = 1;

  constructor(readonly channel: CdpChannel) {
    channel.onmessage = (text) => this.receive(text);
    channel.onclose = () => {
      for (const { reject } of this.pending.values()) reject(new Error("The CDP channel closed"));
      this.pending.clear();
    };
  }

  /** Sends `method` (to the attached session `sessionId`, or the channel's own) and waits for the reply. */
  call(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.channel.isClosed) return Promise.reject(new Error("The CDP channel is closed"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.channel.send(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }));
    });
  }

  on(method: string, handler: EventHandler): void {
    this.handlers.set(method, [...(this.handlers.get(method) ?? []), handler]);
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as CdpMessage;
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result ?? {});
      return;
    }
    if (!message.method) return;
    for (const handler of this.handlers.get(message.method) ?? []) handler(message.params ?? {}, message.sessionId);
  }
}
