/**
 * The personal data that has no shape — names of people and of places (addresses, cities, regions, countries)
 * — read from the page's markdown by the LLM port. The model lists them as written; every name is looked up in
 * the page, and one the page does not hold is dropped (it could only be a misreading, and replacing it would
 * touch nothing or the wrong text). No usable answer fails the scrape: a document is never returned with its
 * names left in when redaction was asked for.
 */
import { ApiError } from "../errors";
import { MAX_LLM_INPUT_CHARS } from "../llm/client";
import { completeJson } from "../llm/structured";
import type { PiiEntity } from "../schemas/redact";

const NAMES_SCHEMA = {
  type: "object",
  properties: {
    people: { type: "array", items: { type: "string" } },
    places: { type: "array", items: { type: "string" } },
  },
  required: ["people", "places"],
};

export interface NamedEntity {
  text: string;
  kind: PiiEntity;
}

export interface FoundNames {
  names: NamedEntity[];
  warning?: string;
}

/** Names shorter than this are left alone: replacing every "Al" or "Jo" would cut words apart. */
const MIN_NAME_CHARS = 3;

export async function findPeopleAndPlaces(
  env: Env,
  markdown: string,
  kinds: Set<PiiEntity>,
  signal?: AbortSignal,
): Promise<FoundNames> {
  const asked = [kinds.has("PERSON") && "people's names", kinds.has("LOCATION") && "places"].filter(Boolean);
  const extraction = await completeJson(
    env,
    {
      system:
        "You find personal data in web pages. List the names of people (full names and names used alone) and " +
        "of places (street addresses, cities, regions, countries) that the page mentions, each exactly as it " +
        "is written on the page, character for character. Leave out names of companies and products. " +
        "Answer with one JSON object only.",
      user:
        `Find: ${asked.join(" and ")}\n\nJSON Schema:\n${JSON.stringify(NAMES_SCHEMA)}\n\n` +
        `Page:\n${markdown.slice(0, MAX_LLM_INPUT_CHARS)}`,
      schema: NAMES_SCHEMA,
    },
    signal,
  );
  if (extraction.data === null) {
    throw new ApiError(
      "LLM_ERROR",
      `redactPII: the LLM gave no usable list of people and places (${extraction.warning ?? "no answer"}), ` +
        "so the page is not returned unredacted",
    );
  }
  const data = extraction.data as { people?: unknown; places?: unknown };
  const listed = (value: unknown, kind: PiiEntity): NamedEntity[] =>
    kinds.has(kind) && Array.isArray(value)
      ? value
          .filter((v): v is string => typeof v === "string")
          .map((v) => ({ text: v.trim(), kind }))
          .filter((n) => n.text.length >= MIN_NAME_CHARS)
      : [];
  const given = [...listed(data.people, "PERSON"), ...listed(data.places, "LOCATION")];
  const names = given.filter((n) => markdown.includes(n.text));
  const warnings = [extraction.warning].filter((w): w is string => Boolean(w));
  if (names.length < given.length) {
    warnings.push(`${given.length - names.length} of the names the LLM listed are not on the page and were ignored.`);
  }
  return warnings.length ? { names, warning: warnings.join(" ") } : { names };
}
