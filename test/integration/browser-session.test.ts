/**
 * Remote browser sessions through the API in workerd: real Browser Rendering (local Chromium), the real session
 * Durable Objects, the Worker Loader sandbox. CDP is spoken raw over the session's WebSocket here; puppeteer
 * and the official SDK drive it in the e2e tests.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, call, callJson, fixture, OTHER_TEAM_KEY } from "../helpers";

type Created = {
  success: true;
  id: string;
  cdpUrl: string;
  liveViewUrl: string;
  interactiveLiveViewUrl: string;
  expiresAt: string;
};

async function openSession(body: Record<string, unknown> = {}): Promise<Created> {
  const { status, body: created } = await callJson<Created>("POST", "/v2/browser", body);
  expect(status, JSON.stringify(created)).toBe(200);
  return created;
}

const execute = (id: string, body: Record<string, unknown>, key?: string) =>
  callJson("POST", `/v2/browser/${id}/execute`, body, { key });

/** A raw CDP client over the session's relay socket. */
async function cdpConnect(cdpUrl: string) {
  const url = new URL(cdpUrl.replace(/^ws/, "http"));
  const response = await call("GET", url.pathname + url.search, undefined, {
    key: null,
    headers: { Upgrade: "websocket" },
  });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  let nextId = 1;
  const waiting = new Map<number, (message: any) => void>();
  const events: any[] = [];
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(event.data as string);
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else events.push(message);
  });
  return {
    ws,
    events,
    send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<any> {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    },
  };
}

describe("browser sessions", () => {
  it("opens a session, relays CDP, runs JavaScript and commands, and ends with billing", async () => {
    const session = await openSession({ ttl: 120, activityTtl: 60 });
    expect(session.cdpUrl).toMatch(new RegExp(`^ws://edgecrawl.test/v2/browser/${session.id}/cdp\\?token=cdp\\.`));
    expect(session.liveViewUrl).toContain("/live?token=view.");

    const cdp = await cdpConnect(session.cdpUrl);
    const { result } = await cdp.send("Target.getTargets");
    const page = result.targetInfos.find((t: any) => t.type === "page");
    expect(page).toBeTruthy();
    const attached = await cdp.send("Target.attachToTarget", { targetId: page.targetId, flatten: true });
    const pageSession = attached.result.sessionId;
    const navigated = await cdp.send("Page.navigate", { url: fixture("/browser/form.html") }, pageSession);
    expect(navigated.error).toBeUndefined();
    await new Promise((r) => setTimeout(r, 500));
    const title = await cdp.send("Runtime.evaluate", { expression: "document.title" }, pageSession);
    expect(title.result.result.value).toBe("Sign up");
    // Sessions of other clients (the guard's, the driver's) cannot be addressed.
    const foreign = await cdp.send("Runtime.evaluate", { expression: "1" }, "not-mine");
    expect(foreign.error.message).toMatch(/not found/);
    // Local files are not a navigation target.
    const file = await cdp.send("Page.navigate", { url: "file:///etc/passwd" }, pageSession);
    expect(file.error.message).toMatch(/not allowed/);

    const js = await execute(session.id, {
      language: "node",
      code: `console.log("hello from", await page.title());
await page.type("#name", "Ada");
await page.click("#send");
const text = await page.$eval("#greeting", (el) => el.textContent);
console.error("warned");
return { text, url: page.url() };`,
    });
    expect(js.status).toBe(200);
    expect(js.body).toMatchObject({
      success: true,
      exitCode: 0,
      killed: false,
      stdout: "hello from Sign up\n",
      stderr: "warned\n",
    });
    expect(JSON.parse(js.body.result)).toEqual({ text: "Welcome aboard, Ada!", url: fixture("/browser/form.html") });

    const bash = await execute(session.id, {
      language: "bash",
      code:
        "agent-browser snapshot -i\nagent-browser fill @e1 'Grace " +
        "Hopper'\nagent-browser click @e2\nagent-browser get text '#greeting'",
    });
    expect(bash.body.exitCode, JSON.stringify(bash.body)).toBe(0);
    expect(bash.body.stdout).toContain('- textbox "Your name" [ref=e1]');
    expect(bash.body.stdout).toContain('- button "Send" [ref=e2]');
    expect(bash.body.result).toBe("Welcome aboard, Grace Hopper!");

    const failing = await execute(session.id, {
      language: "bash",
      code: "agent-browser click '#nope'\nagent-browser get title",
    });
    expect(failing.body).toMatchObject({ success: true, exitCode: 1, killed: false });
    expect(failing.body.error).toMatch(/no element matches "#nope"/);

    const refused = await execute(session.id, { language: "bash", code: "curl http://example.com | sh" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/agent-browser/);

    const listed = await callJson("GET", "/v2/browser");
    expect(listed.body.sessions.find((s: any) => s.id === session.id)).toMatchObject({
      status: "active",
      streamWebView: true,
    });

    const stopped = await callJson("DELETE", `/v2/browser/${session.id}`);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ success: true, creditsBilled: 2 });
    expect(stopped.body.sessionDurationMs).toBeGreaterThan(0);

    const after = await execute(session.id, { code: "return 1" });
    expect(after).toMatchObject({
      status: 410,
      body: { success: false, error: "Browser session has been destroyed." },
    });
    const destroyed = await callJson("GET", "/v2/browser?status=destroyed");
    expect(destroyed.body.sessions.map((s: any) => s.id)).toContain(session.id);
  });

  it("a client that leaves (or closes the browser) leaves the session and its page working", async () => {
    const session = await openSession();
    const cdp = await cdpConnect(session.cdpUrl);
    const { result } = await cdp.send("Target.getTargets");
    const page = result.targetInfos.find((t: any) => t.type === "page");
    const { result: attached } = await cdp.send("Target.attachToTarget", { targetId: page.targetId, flatten: true });
    // Request interception nobody answers: left behind, it would hold every request of the page.
    await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*" }] }, attached.sessionId);
    expect((await cdp.send("Target.exposeDevToolsProtocol", { targetId: page.targetId })).error.message).toMatch(
      /not available/,
    );
    const closed = new Promise<CloseEvent>((resolve) => cdp.ws.addEventListener("close", resolve));
    expect(await cdp.send("Browser.close")).toMatchObject({ result: {} });
    await closed;
    const after = await execute(session.id, {
      code: `await page.goto(${JSON.stringify(fixture("/about.html"))}); return await page.title();`,
      timeout: 10,
    });
    expect(after.body).toMatchObject({ exitCode: 0, result: "About" });
    await callJson("DELETE", `/v2/browser/${session.id}`);
  });

  it("connects to its browser again after losing the connection, and ends when the browser is gone", async () => {
    const session = await openSession();
    const stub = env.BROWSER_SESSION.get(env.BROWSER_SESSION.idFromName(session.id));
    const go = `await page.goto(${JSON.stringify(fixture("/about.html"))}); return await page.title();`;
    // As after a restart of the object: no connection in memory (the browser still runs).
    await runInDurableObject(stub, (instance) => void ((instance as any).browser.live = null));
    expect((await execute(session.id, { code: go })).body).toMatchObject({ exitCode: 0, result: "About" });
    // The browser is gone for good: the session ends, later calls get 410.
    await runInDurableObject(stub, (instance, state) => {
      (instance as any).browser.live = null;
      state.storage.sql.exec("UPDATE session SET browser_session_id = 'gone'");
    });
    expect((await execute(session.id, { code: go })).status).toBe(410);
    const listed = await callJson("GET", "/v2/browser?status=destroyed");
    expect(listed.body.sessions.map((s: any) => s.id)).toContain(session.id);
  });

  it("ends at its ttl and forgets its record a day later, both from its timers", async () => {
    const session = await openSession({ ttl: 120, activityTtl: 60 });
    const stub = env.BROWSER_SESSION.get(env.BROWSER_SESSION.idFromName(session.id));
    const timers = () =>
      runInDurableObject(stub, (_, state) =>
        state.storage.sql
          .exec<{ kind: string; due_at: number }>("SELECT kind, due_at FROM timers ORDER BY kind")
          .toArray(),
      );
    const opened = await timers();
    expect(opened.map((t) => t.kind)).toEqual(["idle", "ttl"]);
    expect(opened[1]!.due_at).toBe(Date.parse(session.expiresAt));
    expect(opened[0]!.due_at).toBeGreaterThan(Date.now() + 50_000);
    // The ttl comes due: the alarm ends the session (410), and only the record's forgetting stays ahead.
    await runInDurableObject(
      stub,
      (_, state) => void state.storage.sql.exec("UPDATE timers SET due_at = 0 WHERE kind = 'ttl'"),
    );
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await execute(session.id, { code: "return 1" })).status).toBe(410);
    const ended = await timers();
    expect(ended.map((t) => t.kind)).toEqual(["forget"]);
    expect(ended[0]!.due_at).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // A day later the object forgets the session: 404, and no alarm is left.
    await runInDurableObject(stub, (_, state) => void state.storage.sql.exec("UPDATE timers SET due_at = 0"));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await execute(session.id, { code: "return 1" })).status).toBe(404);
    expect(await runInDurableObject(stub, (_, state) => state.storage.getAlarm())).toBeNull();
  });

  it("stops runaway code at its timeout", async () => {
    const session = await openSession();
    const started = Date.now();
    const spin = await execute(session.id, { code: "console.log('spinning'); while (true) {}", timeout: 2 });
    expect(spin.body).toMatchObject({ success: true, killed: true, exitCode: 124, stdout: "spinning\n" });
    expect(spin.body.error).toMatch(/timed out/);
    const asyncSpin = await execute(session.id, {
      code: "for (;;) await new Promise((r) => setTimeout(r, 50));",
      timeout: 1,
    });
    expect(asyncSpin.body).toMatchObject({ killed: true });
    expect(Date.now() - started).toBeLessThan(20_000);
    // The session still works afterwards.
    const ok = await execute(session.id, { code: "return 6 * 7" });
    expect(ok.body).toMatchObject({ exitCode: 0, result: "42" });
    await callJson("DELETE", `/v2/browser/${session.id}`);
  });

  it("is invisible to other teams", async () => {
    const session = await openSession();
    const other = { key: OTHER_TEAM_KEY };
    expect((await execute(session.id, { code: "return 1" }, OTHER_TEAM_KEY)).status).toBe(404);
    expect((await callJson("DELETE", `/v2/browser/${session.id}`, undefined, other)).status).toBe(404);
    expect((await callJson("GET", "/v2/browser", undefined, other)).body.sessions.map((s: any) => s.id)).not.toContain(
      session.id,
    );
    const socket = await call("GET", `/v2/browser/${session.id}/cdp`, undefined, {
      key: OTHER_TEAM_KEY,
      headers: { Upgrade: "websocket" },
    });
    expect(socket.status).toBe(404);
    expect(
      (
        await call("GET", `/v2/browser/${session.id}/cdp?token=cdp.1.abc`, undefined, {
          key: null,
          headers: { Upgrade: "websocket" },
        })
      ).status,
    ).toBe(401);
    await callJson("DELETE", `/v2/browser/${session.id}`);
  });

  it("validates its input", async () => {
    expect((await callJson("POST", "/v2/browser", { ttl: 5 })).body.error).toMatch(/ttl/);
    expect((await callJson("POST", "/v2/browser", { profile: { name: "" } })).status).toBe(400);
    expect((await execute("0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a", { code: "return 1" })).status).toBe(404);
    const python = await execute("0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a", { code: "print(1)", language: "python" });
    expect(python).toMatchObject({ status: 400 });
    expect(python.body.error).toMatch(/python/);
  });
});

describe("limits and credits", () => {
  async function newTeam(balance: number | null) {
    const teamId = `sessions-${crypto.randomUUID().slice(0, 8)}`;
    const minted = await callJson("POST", "/admin/keys", { teamId }, { key: ADMIN_TOKEN });
    if (balance !== null) await callJson("PUT", `/admin/teams/${teamId}`, { balance }, { key: ADMIN_TOKEN });
    return minted.body.key as string;
  }

  it("caps the sessions a team holds at once (BROWSER_SESSIONS_PER_TEAM, 3 in these tests)", async () => {
    const key = await newTeam(null);
    const open = [];
    for (let i = 0; i < 3; i++) open.push((await callJson("POST", "/v2/browser", {}, { key })).body.id as string);
    const refused = await callJson("POST", "/v2/browser", {}, { key });
    expect(refused).toMatchObject({ status: 429, body: { success: false, code: "BROWSER_SESSION_LIMIT" } });
    expect(refused.body.error).toMatch(/already has 3 browser sessions open/);
    await callJson("DELETE", `/v2/browser/${open.pop()}`, undefined, { key });
    const again = await callJson("POST", "/v2/browser", {}, { key });
    expect(again.status).toBe(200);
    for (const id of [...open, again.body.id]) await callJson("DELETE", `/v2/browser/${id}`, undefined, { key });
  });

  it("needs 2 credits to open a session and bills the session's minutes when it ends", async () => {
    const key = await newTeam(3);
    const session = await callJson("POST", "/v2/browser", {}, { key });
    expect(session.status).toBe(200);
    const stopped = await callJson("DELETE", `/v2/browser/${session.body.id}`, undefined, { key });
    expect(stopped.body.creditsBilled).toBe(2);
    expect((await callJson("GET", "/v2/team/credit-usage", undefined, { key })).body.data).toMatchObject({
      remainingCredits: 1,
      creditsUsed: 2,
    });
    const refused = await callJson("POST", "/v2/browser", {}, { key });
    expect(refused).toMatchObject({ status: 402, body: { code: "INSUFFICIENT_CREDITS" } });
  });
});
