/**
 * The LLM's part in the `branding` format: it only names the roles the heuristics left undecided (profile.ts)
 * — which of the page's colors is the brand's primary one, and the brand's name — choosing among the
 * candidates the page offers. Without a configured LLM, or when its answer is not one of the candidates, the
 * heuristic's first choice stays.
 */
import { completeJson, llmConfigured } from "../llm/client";
import type { BrandingProfile, Undecided } from "./profile";

const ROLES_SCHEMA = {
  type: "object",
  properties: {
    primaryColor: { type: ["string", "null"], description: "One of the color candidates, as #RRGGBB" },
    accentColor: { type: ["string", "null"], description: "Another candidate used for highlights, or null" },
    brandName: { type: ["string", "null"], description: "The brand's name, from the hints" },
  },
  required: ["primaryColor", "accentColor", "brandName"],
};

export async function nameUndecidedRoles(
  env: Env,
  profile: BrandingProfile,
  undecided: Undecided,
  context: { url: string; title: string },
  signal?: AbortSignal,
): Promise<string[]> {
  if ((!undecided.primaryColor && !undecided.brandName) || !llmConfigured(env)) return [];
  const colors = undecided.primaryColor?.candidates ?? [];
  const answer = await completeJson(
    env,
    {
      system:
        "You name the roles of a web site's brand identity from what its " +
        "page shows. Choose only among the candidates given; " +
        "answer null for a role you cannot tell. Answer with one JSON object conforming to the JSON Schema.",
      user: [
        `Page: ${context.url}`,
        `Title: ${context.title}`,
        colors.length ? `Color candidates: ${colors.map((c) => `${c.color} (${c.usage})`).join("; ")}` : "",
        undecided.brandName ? `Site name hints: ${undecided.brandName.hints.join(" | ")}` : "",
        `JSON Schema:\n${JSON.stringify(ROLES_SCHEMA)}`,
      ]
        .filter(Boolean)
        .join("\n"),
      schema: ROLES_SCHEMA,
    },
    signal,
  );
  const roles = (answer.data ?? {}) as {
    primaryColor?: string | null;
    accentColor?: string | null;
    brandName?: string | null;
  };
  const candidate = (c: string | null | undefined) =>
    colors.find((x) => x.color.toUpperCase() === c?.toUpperCase())?.color;
  if (undecided.primaryColor && candidate(roles.primaryColor)) {
    profile.colors.primary = candidate(roles.primaryColor);
    const accent = candidate(roles.accentColor);
    if (accent && accent !== profile.colors.primary) profile.colors.accent = accent;
    else if (profile.colors.accent === profile.colors.primary) delete profile.colors.accent;
  }
  if (undecided.brandName && typeof roles.brandName === "string" && roles.brandName.trim())
    profile.brandName = roles.brandName.trim();
  return answer.warning ? [answer.warning] : [];
}
