/**
 * The kinds of evidence test/integration/option-effects.test.ts accepts for a request field (its header explains
 * each), and the endpoint tables that hold them: a field's own evidence, or that of a set of shared options (the
 * scrape options, the crawler options…) at a path of the body.
 */
import type { z } from "@hono/zod-openapi";

export type Evidence =
  | { kind: "shown"; file: string; title: string }
  | { kind: "probe"; name: string }
  | { kind: "refused"; code: string; path: string; body: Record<string, unknown> }
  | { kind: "warns"; pattern: RegExp; body: Record<string, unknown> }
  | { kind: "v1"; value: Record<string, unknown>; becomes: string; baseline: Record<string, unknown> }
  | { kind: "accepted"; readme: string };

export const shown = (file: string, title: string): Evidence => ({ kind: "shown", file, title });
export const probe = (name: string): Evidence => ({ kind: "probe", name });
export const refused = (code: string, path: string, body: Record<string, unknown>): Evidence => ({
  kind: "refused",
  code,
  path,
  body,
});
export const warns = (pattern: RegExp, body: Record<string, unknown>): Evidence => ({ kind: "warns", pattern, body });
export const v1 = (
  value: Record<string, unknown>,
  becomes: string,
  baseline: Record<string, unknown> = {},
): Evidence => ({
  kind: "v1",
  value,
  becomes,
  baseline,
});
/** A client field with no effect here; `readme` is the sentence of docs/compatibility.md that says so. */
export const accepted = (readme: string): Extract<Evidence, { kind: "accepted" }> => ({ kind: "accepted", readme });
export const sdkField = accepted("`origin` and `integration` (sent by the SDKs) are accepted");

export interface Shared {
  at: string;
  options: Record<string, Evidence>;
}

export interface Endpoint {
  schema: z.ZodType;
  own: Record<string, Evidence>;
  /**
   * Where shared options (the v2 or v1 scrape options, crawler options…) sit in the body, and whose evidence they
   * take.
   */
  shares?: Shared | Shared[];
}

export const sharesOf = (endpoint: Endpoint): Shared[] =>
  endpoint.shares === undefined ? [] : Array.isArray(endpoint.shares) ? endpoint.shares : [endpoint.shares];
