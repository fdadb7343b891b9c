/**
 * The way back from execute's sandbox to the session. The sandbox Worker gets this entrypoint as its only binding
 * (a loopback from `ctx.exports`, with the session and the run as props it cannot change), so all it can do is
 * ask its own session for page operations and report console output.
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { sessionStub } from "../../durable-objects/browser-session";

export interface BridgeProps {
  sessionId: string;
  executionId: string;
}

export class ExecuteBridge extends WorkerEntrypoint<Env, BridgeProps> {
  async call(target: string, method: string, args: unknown[]): Promise<unknown> {
    return sessionStub(this.env, this.ctx.props.sessionId).pageCall(
      this.ctx.props.executionId,
      String(target),
      String(method),
      Array.isArray(args) ? args : [],
    );
  }

  async log(stream: string, text: string): Promise<void> {
    await sessionStub(this.env, this.ctx.props.sessionId).executionLog(
      this.ctx.props.executionId,
      stream === "stderr" ? "stderr" : "stdout",
      String(text),
    );
  }
}
