/**
 * The agent job's state in its Durable Object's SQLite: the job row, the conversation with the model (every
 * message, tool results already cut to their budget), the steps shown to the caller and the pages read. The
 * conversation is the single source of truth for what comes next: the tool calls of the last model message that
 * have no answer yet are the work still to do, so an interrupted job resumes exactly where it was.
 */
import { all, first, migrate, run } from "../../durable-objects/sql";
import type { AgentStep } from "../schemas/agent";
import type { ConversationMessage, ToolCall } from "../llm/tools";
import { AGENT_MIGRATIONS, type AgentConfig, type AgentRow } from "./sql-schema";

export type NewStep = Omit<AgentStep, "step" | "at">;

export class AgentStore {
  private configCache: AgentConfig | null = null;

  constructor(readonly sql: SqlStorage) {}

  migrate(): void {
    migrate(this.sql, AGENT_MIGRATIONS);
  }

  /** Forgets what was cached from storage (after the storage was wiped). */
  reset(): void {
    this.configCache = null;
  }

  row(): AgentRow | null {
    return first<AgentRow>(this.sql, "SELECT * FROM agent WHERE id = 1");
  }

  running(): boolean {
    return this.row()?.status === "processing";
  }

  config(): AgentConfig {
    if (!this.configCache) {
      const row = this.row();
      if (!row) throw new Error("agent job not initialised");
      this.configCache = JSON.parse(row.config) as AgentConfig;
    }
    return this.configCache;
  }

  /** The job's row when it belongs to `teamId` (the owner check every route read and write goes through). */
  owned(teamId: string): AgentRow | null {
    const row = this.row();
    return row && this.config().teamId === teamId ? row : null;
  }

  insert(config: AgentConfig): void {
    run(
      this.sql,
      "INSERT INTO agent (id, config, status, created_at) VALUES (1, ?, 'processing', ?)",
      JSON.stringify(config),
      config.createdAt,
    );
    this.configCache = config;
  }

  set(assignments: string, ...binds: unknown[]): void {
    run(this.sql, `UPDATE agent SET ${assignments} WHERE id = 1`, ...binds);
  }

  remainingCredits(): number {
    return this.config().maxCredits - (this.row()?.credits ?? 0);
  }

  // ------------------------------------------------------------------------------------------------------------
  // The conversation

  append(message: ConversationMessage): void {
    const toolCallId = message.role === "tool" ? message.tool_call_id : null;
    run(
      this.sql,
      "INSERT INTO messages (role, tool_call_id, message, at) VALUES (?, ?, ?, ?)",
      message.role,
      toolCallId,
      JSON.stringify(message),
      Date.now(),
    );
  }

  messages(): ConversationMessage[] {
    return all<{ message: string }>(this.sql, "SELECT message FROM messages ORDER BY seq").map(
      (m) => JSON.parse(m.message) as ConversationMessage,
    );
  }

  /** Model replies so far. */
  modelSteps(): number {
    return first<{ n: number }>(this.sql, "SELECT COUNT(*) AS n FROM messages WHERE role = 'assistant'")!.n;
  }

  /** The first tool call of the model's last reply that has no answer yet, and which reply (turn) it is of. */
  pendingCall(): { call: ToolCall; turn: number } | null {
    const last = first<{ seq: number; message: string }>(
      this.sql,
      "SELECT seq, message FROM messages WHERE role = 'assistant' ORDER BY seq DESC LIMIT 1",
    );
    if (!last) return null;
    const calls = (JSON.parse(last.message) as { tool_calls?: ToolCall[] }).tool_calls ?? [];
    const answered = new Set(
      all<{ tool_call_id: string }>(
        this.sql,
        "SELECT tool_call_id FROM messages WHERE role = 'tool' AND seq > ?",
        last.seq,
      ).map((m) => m.tool_call_id),
    );
    const call = calls.find((c) => !answered.has(c.id));
    return call ? { call, turn: last.seq } : null;
  }

  // ------------------------------------------------------------------------------------------------------------
  // What the caller sees

  /** Records a step (and what it cost) and returns it as shown. */
  addStep(step: NewStep): AgentStep {
    const at = Date.now();
    run(
      this.sql,
      "INSERT INTO steps (action, url, query, status, message, credits, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      step.action,
      step.url ?? null,
      step.query ?? null,
      step.status,
      step.message ?? null,
      step.creditsUsed,
      at,
    );
    const n = first<{ n: number }>(this.sql, "SELECT MAX(n) AS n FROM steps")!.n;
    return { ...step, step: n, at: new Date(at).toISOString() };
  }

  steps(): AgentStep[] {
    return all<{
      n: number;
      action: string;
      url: string | null;
      query: string | null;
      status: AgentStep["status"];
      message: string | null;
      credits: number;
      at: number;
    }>(this.sql, "SELECT * FROM steps ORDER BY n").map((s) => ({
      step: s.n,
      action: s.action,
      ...(s.url === null ? {} : { url: s.url }),
      ...(s.query === null ? {} : { query: s.query }),
      status: s.status,
      ...(s.message === null ? {} : { message: s.message }),
      creditsUsed: s.credits,
      at: new Date(s.at).toISOString(),
    }));
  }

  addCredits(credits: number): void {
    if (credits > 0) this.set("credits = credits + ?", credits);
  }

  addSource(url: string, scrapeId: string): void {
    run(this.sql, "INSERT OR IGNORE INTO sources (scrape_id, url, at) VALUES (?, ?, ?)", scrapeId, url, Date.now());
  }

  /** The pages read, each once, in the order first read. */
  sources(): string[] {
    return all<{ url: string }>(
      this.sql,
      "SELECT url, MIN(at) AS first FROM sources GROUP BY url ORDER BY first, url",
    ).map((s) => s.url);
  }

  scrapeIds(): string[] {
    return all<{ scrape_id: string }>(this.sql, "SELECT scrape_id FROM sources").map((s) => s.scrape_id);
  }
}
