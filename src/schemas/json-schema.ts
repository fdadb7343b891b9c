/**
 * Whether a caller's JSON Schema can be used, checked before any work so that a broken one is a clear 400 rather
 * than a failure halfway through a job. The schema is validated (with @cfworker/json-schema, which needs no
 * `eval`) against a compact meta-schema of the keywords the service relies on, its regular expressions must
 * compile, and every `$ref` must point inside the schema (the service never fetches remote schemas).
 */
import { Validator } from "@cfworker/json-schema";
import { z } from "@hono/zod-openapi";

const TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"];
const schema = { $ref: "#/$defs/schema" };
const schemaList = { type: "array", minItems: 1, items: schema };
const schemaMap = { type: "object", additionalProperties: schema };
const count = { type: "integer", minimum: 0 };

/** The keywords with a shape the meta-schema holds to; unknown keywords are allowed (and ignored by validation). */
const META_SCHEMA = {
  $ref: "#/$defs/schema",
  $defs: {
    schema: { anyOf: [{ type: "boolean" }, { $ref: "#/$defs/object" }] },
    object: {
      type: "object",
      properties: {
        type: { anyOf: [{ enum: TYPES }, { type: "array", minItems: 1, uniqueItems: true, items: { enum: TYPES } }] },
        properties: schemaMap,
        patternProperties: schemaMap,
        additionalProperties: schema,
        items: { anyOf: [schema, { type: "array", items: schema }] },
        prefixItems: schemaList,
        contains: schema,
        required: { type: "array", uniqueItems: true, items: { type: "string" } },
        enum: { type: "array" },
        anyOf: schemaList,
        allOf: schemaList,
        oneOf: schemaList,
        not: schema,
        if: schema,
        then: schema,
        else: schema,
        $defs: schemaMap,
        definitions: schemaMap,
        $ref: { type: "string" },
        pattern: { type: "string", format: "regex" },
        format: { type: "string" },
        title: { type: "string" },
        description: { type: "string" },
        minimum: { type: "number" },
        maximum: { type: "number" },
        exclusiveMinimum: { type: "number" },
        exclusiveMaximum: { type: "number" },
        multipleOf: { type: "number", exclusiveMinimum: 0 },
        minLength: count,
        maxLength: count,
        minItems: count,
        maxItems: count,
        minProperties: count,
        maxProperties: count,
        uniqueItems: { type: "boolean" },
      },
    },
  },
};

const metaValidator = new Validator(META_SCHEMA as never, "2020-12", false);

/** Why `candidate` is not a usable JSON Schema, or null when it is. */
export function jsonSchemaProblem(candidate: unknown): string | null {
  if (typeof candidate !== "object" || candidate === null || Array.isArray(candidate))
    return "a JSON Schema must be an object";
  const result = metaValidator.validate(candidate);
  if (!result.valid) {
    // The deepest error names the offending keyword; the others are the anyOf branches above it.
    const deepest = [...result.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0];
    return `${deepest.instanceLocation.replace(/^#/, "") || "/"}: ${deepest.error}`;
  }
  return refProblem(candidate as Record<string, unknown>);
}

/** Every `$ref` must be `#` or a JSON pointer (`#/...`) that resolves inside the schema. */
function refProblem(root: Record<string, unknown>): string | null {
  const refs: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") refs.push(value);
        else walk(value);
      }
    }
  };
  walk(root);
  for (const ref of refs) {
    if (ref !== "#" && !ref.startsWith("#/"))
      return `$ref "${ref}" is not supported: only references inside the schema (#/...) are`;
    const parts = ref === "#" ? [] : ref.slice(2).split("/");
    const target = parts.reduce<unknown>((node, part) => {
      const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
      return node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    }, root);
    if (target === undefined) return `$ref "${ref}" points to nothing in the schema`;
  }
  return null;
}

/** A request field holding a JSON Schema, refused (400 naming the field) when it is not a usable one. */
export function jsonSchemaField(description: string) {
  return z
    .record(z.string(), z.any())
    .superRefine((value, ctx) => {
      const problem = jsonSchemaProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: `Invalid JSON schema: ${problem}` });
    })
    .optional()
    .openapi({ description });
}
