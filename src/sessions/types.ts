/**
 * What the routes and a session's Durable Object say to each other. Errors cross the RPC boundary as values
 * (an RPC call does not carry an ApiError's code), and become ApiErrors again on the route's side.
 */
import { ApiError, type ErrorCode } from "../errors";
import type { ProfileOption } from "./profiles";
import type { ScrapeRequestRecord } from "../scrape/cache";

export type SessionKind = "browser" | "interact";
export type SessionStatus = "active" | "destroyed";

export interface SessionConfig {
  id: string;
  teamId: string;
  kind: SessionKind;
  /** For interact sessions: the scrape whose page the session replays. */
  scrapeId: string | null;
  activityTtlMs: number;
  streamWebView: boolean;
  profile: ProfileOption | null;
  createdAt: number;
  expiresAt: number;
}

export interface SessionInfo extends SessionConfig {
  status: SessionStatus;
  lastActivity: number;
  endedAt: number | null;
  endReason: string | null;
  creditsBilled: number | null;
  /** Whether interact's prompt mode drove the session (billed at the prompt rate). */
  usedPrompt: boolean;
}

export interface StopResult {
  sessionDurationMs: number;
  creditsBilled: number;
}

export interface ExecuteRequest {
  code: string;
  language: "node" | "bash" | "python";
  /** Seconds. */
  timeout: number;
}

/** What interact replays to put a session on a scraped page. */
export interface ReplayPlan {
  url: string;
  options: Omit<ScrapeRequestRecord["options"], "profile">;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });

export function fail<T = never>(code: ErrorCode, message: string): Outcome<T> {
  return { ok: false, code, message };
}

/** An Outcome from an `ApiError` (or anything else thrown, as an unexpected failure). */
export function failure<T = never>(e: unknown): Outcome<T> {
  if (e instanceof ApiError) return fail(e.code, e.message);
  return fail("BROWSER_SESSION_ERROR", e instanceof Error ? e.message : String(e));
}

export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new ApiError(outcome.code, outcome.message);
}

/** Messages of the session errors the API reports. */
export const SESSION_NOT_FOUND = "Browser session not found.";
export const SESSION_DESTROYED = "Browser session has been destroyed.";
