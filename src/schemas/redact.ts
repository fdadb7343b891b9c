/**
 * The `redactPII` scrape option (firecrawl-js 4.42 `RedactPIIOptions`): personal data taken out of every text
 * format of the document (src/redact/). `true` is every entity in the default mode.
 */
import { z } from "@hono/zod-openapi";

export const PII_ENTITIES = ["PERSON", "EMAIL", "PHONE", "LOCATION", "FINANCIAL", "SECRET"] as const;
export type PiiEntity = (typeof PII_ENTITIES)[number];
/** Found by the LLM; the others by patterns. */
export const MODEL_ENTITIES: readonly PiiEntity[] = ["PERSON", "LOCATION"];

export const RedactPIISchema = z
  .union([
    z.boolean(),
    z
      .strictObject({
        mode: z
          .enum(["accurate", "aggressive", "fast"])
          .default("accurate")
          .openapi({
            description:
              "accurate and aggressive: patterns for e-mail, phone, card and secrets plus the LLM for people and " +
              "places; fast: patterns only, no LLM call (people and places are then not redacted).",
          }),
        entities: z
          .array(z.enum(PII_ENTITIES))
          .min(1)
          .max(PII_ENTITIES.length)
          .optional()
          .openapi({ description: "Redact only these kinds; unset means all six." }),
        replaceStyle: z.enum(["tag", "mask", "remove"]).default("tag").openapi({
          description: "tag: `<EMAIL>`-style placeholders; mask: `*` of the same length; remove: nothing.",
        }),
      })
      .superRefine((o, ctx) => {
        const named = (o.entities ?? []).filter((e) => MODEL_ENTITIES.includes(e));
        if (o.mode === "fast" && named.length) {
          ctx.addIssue({
            code: "custom",
            path: ["entities"],
            message: `${named.join(" and ")} are found by the LLM, which fast mode does not call: use mode "accurate"`,
          });
        }
      }),
  ])
  .optional()
  .openapi({ description: "Take personal data out of every text format of the document (docs/api.md)." });

export type RedactPIIInput = z.output<typeof RedactPIISchema>;

export interface RedactionPlan {
  mode: "accurate" | "aggressive" | "fast";
  entities: Set<PiiEntity>;
  /** The caller listed the entities (fast mode then refuses PERSON and LOCATION rather than skip them). */
  listed: boolean;
  replaceStyle: "tag" | "mask" | "remove";
}

/** What `redactPII` asks for, or null for no redaction. */
export function redactionPlan(input: RedactPIIInput): RedactionPlan | null {
  if (!input) return null;
  const o = input === true ? { mode: "accurate" as const, replaceStyle: "tag" as const } : input;
  const entities = new Set<PiiEntity>("entities" in o && o.entities ? o.entities : PII_ENTITIES);
  return { mode: o.mode, entities, listed: "entities" in o && Boolean(o.entities), replaceStyle: o.replaceStyle };
}

/** Whether the plan needs the LLM (people and places, outside fast mode). */
export function needsModel(plan: RedactionPlan | null): boolean {
  return plan !== null && plan.mode !== "fast" && MODEL_ENTITIES.some((e) => plan.entities.has(e));
}
