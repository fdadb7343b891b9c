/**
 * Helpers for crawl and batch tests: start a job, wait for it to end, read every page of its results, listen
 * to a watcher socket.
 */
import { expect } from "vitest";
import { API, callJson, fixture } from "./helpers";

export interface StatusBody {
  success: boolean;
  status: string;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string;
  data: { markdown?: string; links?: string[]; metadata: Record<string, any> }[];
  warning?: string;
  error?: string;
}

export async function startCrawl(body: Record<string, unknown>, key?: string): Promise<string> {
  const { status, body: answer } = await callJson("POST", "/v2/crawl", body, key ? { key } : undefined);
  expect(status, JSON.stringify(answer)).toBe(200);
  expect(answer.url).toBe(`${API}/v2/crawl/${answer.id}`);
  return answer.id as string;
}

/** Polls the status resource until the job leaves "scraping"; returns the last (first-page) status. */
export async function waitForJob(path: string, timeoutMs = 60_000): Promise<StatusBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await callJson<StatusBody>("GET", path);
    expect(status, JSON.stringify(body)).toBe(200);
    if (body.status !== "scraping") return body;
    if (Date.now() > deadline)
      throw new Error(
        `job ${path} still running after ${timeoutMs} ms: ${JSON.stringify({ ...body, data: body.data.length })}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every document of a finished job, following `next` links; asserts there are no duplicates. */
export async function allDocuments(path: string, pageSize?: number, key?: string): Promise<StatusBody["data"]> {
  const documents: StatusBody["data"] = [];
  let url: string | undefined = pageSize ? `${API}${path}?limit=${pageSize}` : `${API}${path}`;
  while (url) {
    const { body }: { body: StatusBody } = await callJson<StatusBody>(
      "GET",
      url.slice(API.length),
      undefined,
      key ? { key } : undefined,
    );
    documents.push(...body.data);
    url = body.next;
  }
  return documents;
}

/** The fixture-relative path (with query) of each document's sourceURL, sorted. */
export function pathsOf(documents: StatusBody["data"]): string[] {
  return documents
    .map((d) => {
      const u = new URL(d.metadata.sourceURL);
      return u.origin === new URL(fixture()).origin ? u.pathname + u.search : u.href;
    })
    .sort();
}

export async function crawlAndCollect(
  body: Record<string, unknown>,
): Promise<{ id: string; status: StatusBody; documents: StatusBody["data"] }> {
  const id = await startCrawl(body);
  const status = await waitForJob(`/v2/crawl/${id}`);
  const documents = await allDocuments(`/v2/crawl/${id}`);
  return { id, status, documents };
}

/** Accepts a watcher socket and collects its messages until it closes. */
export async function collectSocket(response: Response): Promise<{ messages: any[]; code: number; reason: string }> {
  const ws = response.webSocket!;
  const messages: any[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  ws.addEventListener("message", (e) => messages.push(JSON.parse(e.data as string)));
  ws.accept();
  return { messages, ...(await closed) };
}
