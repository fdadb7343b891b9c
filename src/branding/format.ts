/**
 * The `branding` format (docs/api.md, "Branding"): the browser engine runs the in-page script (collect.ts) on
 * the rendered page; here its reading becomes the brand profile (profile.ts), with the LLM naming what the
 * heuristics could not (roles.ts). A page that was not rendered as a page — a PDF, a JSON or text document —
 * has no brand identity to read: SCRAPE_BRANDING_NOT_SUPPORTED.
 */
import { ApiError } from "../errors";
import type { FetchedPage, PageKind } from "../engines/types";
import { buildProfile, type BrandingProfile } from "./profile";
import { nameUndecidedRoles } from "./roles";

export function brandingNotSupported(what: string): ApiError {
  return new ApiError("SCRAPE_BRANDING_NOT_SUPPORTED", `Branding needs a page the browser renders, and ${what}`);
}

export async function brandingProfile(
  env: Env,
  page: FetchedPage,
  kind: PageKind,
  signal?: AbortSignal,
): Promise<{ profile: BrandingProfile; warnings: string[] }> {
  if (kind === "pdf") throw brandingNotSupported(`${page.url} is a PDF document`);
  if (kind !== "html")
    throw brandingNotSupported(`${page.url} is not an HTML page (${page.contentType || "no content type"})`);
  if (!page.branding) throw brandingNotSupported(`${page.url} was not rendered in the browser`);
  const { profile, undecided } = buildProfile(page.branding);
  const warnings = await nameUndecidedRoles(
    env,
    profile,
    undecided,
    { url: page.branding.url, title: page.branding.title },
    signal,
  );
  return { profile, warnings };
}
