/**
 * Turns zod issues into the 400 BAD_REQUEST envelope: `error` names the field and the reason of the most
 * relevant issue, `details` carries them (path, message, code) — the first MAX_DETAILS of them, and an unknown
 * key list names the first MAX_LISTED_KEYS: a body with 100,000 bad fields would otherwise get a 10 MB answer.
 */
import type { z } from "@hono/zod-openapi";
import { ApiError } from "./errors";

type Issue = z.core.$ZodIssue;

const MAX_DETAILS = 50;
const MAX_LISTED_KEYS = 20;

export interface IssueDetail {
  path: (string | number)[];
  message: string;
  code: string;
}

function pathString(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );
}

/**
 * A union's failure reports one issue list per branch. The useful one is the branch the caller evidently meant:
 * the one whose issues went deepest into the value (it matched the discriminator / the outer shape).
 */
function bestBranch(issue: Issue & { code: "invalid_union" }): Issue[] | null {
  const branches = (issue as { errors?: Issue[][] }).errors ?? [];
  let best: Issue[] | null = null;
  let bestDepth = -1;
  for (const branch of branches) {
    if (!branch.length) continue;
    const depth = Math.max(
      ...branch.map((i) => i.path.length + (i.code === "invalid_type" || i.code === "invalid_value" ? 0 : 0.5)),
    );
    if (depth > bestDepth) {
      best = branch;
      bestDepth = depth;
    }
  }
  return best;
}

/** Flattens issues: unions are replaced by their most relevant branch, paths made absolute. */
export function flattenIssues(issues: readonly Issue[], prefix: PropertyKey[] = []): IssueDetail[] {
  const out: IssueDetail[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union") {
      const branch = bestBranch(issue as Issue & { code: "invalid_union" });
      if (
        branch &&
        branch.every((i) => i.path.length > 0 || (i.code !== "invalid_type" && i.code !== "invalid_value"))
      ) {
        out.push(...flattenIssues(branch, path));
        continue;
      }
      out.push({ path: path as (string | number)[], message: describeUnionFailure(issue), code: issue.code });
      continue;
    }
    if (issue.code === "unrecognized_keys") {
      const keys = (issue as { keys: string[] }).keys;
      const where = path.length ? ` in ${pathString(path)}` : " in body";
      out.push({
        path: path as (string | number)[],
        message:
          `Unrecognized key${keys.length > 1 ? "s" : ""}${where}: ${listKeys(keys)} -- ` +
          `please review the v2 API documentation for request body changes`,
        code: issue.code,
      });
      continue;
    }
    out.push({ path: path as (string | number)[], message: issue.message, code: issue.code });
  }
  return out;
}

function listKeys(keys: string[]): string {
  const listed = keys
    .slice(0, MAX_LISTED_KEYS)
    .map((k) => `"${k.length > 100 ? `${k.slice(0, 100)}…` : k}"`)
    .join(", ");
  return keys.length > MAX_LISTED_KEYS ? `${listed} and ${keys.length - MAX_LISTED_KEYS} more` : listed;
}

function describeUnionFailure(issue: Issue): string {
  return issue.message === "Invalid input" ? "Invalid value: it matches none of the accepted forms" : issue.message;
}

/** The 400 error for a failed validation. */
export function validationError(error: z.ZodError): ApiError {
  const all = flattenIssues(error.issues);
  const details = all.slice(0, MAX_DETAILS);
  if (all.length > MAX_DETAILS)
    details.push({ path: [], message: `and ${all.length - MAX_DETAILS} more issues`, code: "too_many_issues" });
  const first = details[0];
  const message = first
    ? first.code === "unrecognized_keys"
      ? first.message
      : `${first.path.length ? `${pathString(first.path)}: ` : ""}${first.message}`
    : "Bad Request";
  return new ApiError("BAD_REQUEST", message, details);
}
