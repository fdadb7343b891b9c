/**
 * Lists every field a request schema accepts, as dotted paths: object keys (`location.country`), union members
 * by their type or value (`formats[json]`, `formats[json].prompt`, `actions[click].all`, `parsers[pdf].mode`),
 * the names a list of names accepts (`formats[screenshot@fullPage]` in v1), array elements transparently. Read from the
 * zod schemas themselves, so a new field shows up here on its own.
 */
import type { z } from "@hono/zod-openapi";

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The schema under wrappers that do not change which fields exist (optional, default, pipe input…). */
function unwrap(schema: unknown): unknown {
  for (;;) {
    const def = defOf(schema);
    if (["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"].includes(def.type))
      schema = def.innerType;
    else if (def.type === "pipe") schema = def.in;
    else return schema;
  }
}

/** The values a union member is named by: a string enum's values, a literal, or an object's `type` field. */
function memberNames(member: unknown): string[] | null {
  const def = defOf(member);
  if (def.type === "enum") return Object.values(def.entries as Record<string, string>);
  if (def.type === "literal") return (def.values as unknown[]).map(String);
  if (def.type === "object") {
    const type = (def.shape as Record<string, unknown>).type;
    return type ? memberNames(unwrap(type)) : null;
  }
  return null;
}

function walk(schema: unknown, path: string, out: Set<string>): void {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === "object") {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
      if (key === "type" && memberNames(unwrap(field))) continue; // a union member's name, listed by the union
      const child = path ? `${path}.${key}` : key;
      out.add(child);
      walk(field, child, out);
    }
  } else if (def.type === "array") {
    const element = unwrap(def.element);
    // A list of names (v1 `formats`, changeTracking `modes`): each name is an option of its own.
    if (defOf(element).type === "enum") for (const name of memberNames(element) ?? []) out.add(`${path}[${name}]`);
    else walk(element, path, out);
  } else if (def.type === "union") {
    for (const option of def.options as unknown[]) {
      const member = unwrap(option);
      const names = memberNames(member);
      if (!names) {
        walk(member, path, out);
        continue;
      }
      for (const name of names) {
        out.add(`${path}[${name}]`);
        walk(member, `${path}[${name}]`, out);
      }
    }
  }
}

export function requestFields(schema: z.ZodType): string[] {
  const out = new Set<string>();
  walk(schema, "", out);
  return [...out].sort();
}
