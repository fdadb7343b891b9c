/**
 * The agent e2e files' helpers against `npm start`: prompts that script the fixture site's fake model
 * (test/fixtures/fake-agent.mjs), agent runs over HTTP, and the model requests a run made.
 */
import { expect, inject } from "vitest";

const apiUrl = inject("e2eApiUrl");
const key = inject("e2eApiKey");
const site = inject("e2eFixtureUrl");

/** A prompt for the fake model: the task, a marker that finds this test's model calls, and the script. */
export function scripted(task: string, steps: unknown[]): { prompt: string; marker: string } {
  const marker = `run-${crypto.randomUUID()}`;
  return { prompt: `${task} (${marker})\nFAKE-AGENT: ${JSON.stringify(steps)}`, marker };
}

export async function api(
  method: string,
  path: string,
  body?: unknown,
  apiKey = key,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Starts an agent job and polls it (every 200 ms, `polls` times at most) until it is no longer processing. */
export async function run(body: Record<string, unknown>, polls = 300): Promise<any> {
  const started = await api("POST", "/v2/agent", body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  for (let i = 0; ; i++) {
    const { body: status } = await api("GET", `/v2/agent/${started.body.id}`);
    if (status.status !== "processing") return { ...status, id: started.body.id };
    if (i === polls - 1) throw new Error(`agent ${started.body.id} still running: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The fake model's tool-calling requests whose conversation carries `marker`. */
export async function modelCalls(marker: string): Promise<
  {
    body: {
      model: string;
      tools: { function: { name: string } }[];
      tool_choice: unknown;
      messages: { role: string; content: string | null }[];
    };
  }[]
> {
  const all = (await (await fetch(`${site}/__llm`)).json()) as { body: { tools?: unknown; messages: unknown[] } }[];
  return all.filter((r) => r.body.tools && JSON.stringify(r.body.messages).includes(marker)) as never;
}
