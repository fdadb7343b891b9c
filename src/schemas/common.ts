/**
 * Schema pieces shared by every route: the target-URL rule and job-id parameters (the error envelope is in
 * src/errors.ts).
 */
import { z } from "@hono/zod-openapi";
import { checkEgress, egressPolicy, MAX_URL_LENGTH } from "../net/egress";

/** Normalises what a caller may type as a URL: trims, and adds `http://` when no scheme is given. */
export function coerceUrlInput(input: string): string {
  const trimmed = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `http://${trimmed}`;
}

/**
 * Why `input` is not a URL the service can fetch, or null when it is fine. A target must be http(s) with a
 * host that is an IP literal, `localhost`, or a dotted name (a bare word like `intranet` is refused).
 */
export function targetUrlProblem(input: string): string | null {
  if (input.length > MAX_URL_LENGTH) return `URL must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(coerceUrlInput(input));
  } catch {
    return "Invalid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "URL uses unsupported protocol";
  const host = url.hostname;
  if (!host) return "Invalid URL";
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[");
  if (!isIp && host !== "localhost" && !/^[^.]+(\.[^.]+)+\.?$/.test(host)) {
    return "URL must have a valid top-level domain or be an IP address";
  }
  if (url.username || url.password) return "URL must not contain credentials";
  return null;
}

/**
 * Why a URL a caller listed (a batch's, an extract's) cannot be fetched — not a target URL, or refused by the policy —
 * or null.
 */
export function fetchableUrlProblem(env: { ALLOW_LOCAL_NETWORK?: string }, url: string): string | null {
  const problem = targetUrlProblem(url);
  if (problem) return problem;
  try {
    checkEgress(coerceUrlInput(url), egressPolicy(env));
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** A target URL: `http://` is assumed when no scheme is given; the caller's spelling is kept for `sourceURL`. */
export const targetUrl = z
  .string()
  .min(1, "URL is required")
  .superRefine((value, ctx) => {
    const problem = targetUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .openapi({ description: "The page to fetch (http or https).", example: "https://example.com" });

/** Job ids are UUIDs; anything else is a 400 before any lookup. */
export const JobIdParams = z.object({
  id: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "Invalid job ID format. Job ID must be a valid UUID.",
    )
    .openapi({ param: { name: "id", in: "path" }, example: "0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a" }),
});
