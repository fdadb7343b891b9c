/**
 * Turns zod issues into the 400 BAD_REQUEST envelope: `error` names the field and the reason of the most
 * relevant issue, `details` carries all of them (path, message, code).
 */
import type { z } from "@hono/zod-openapi";
import { ApiError } from "./errors";

type Issue = z.core.$ZodIssue;

export interface IssueDetail {
  path: (string | number)[];
  message: string;
  code: string;
}

function pathString(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)), "");
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
      if (branch && branch.every((i) => i.path.length > 0 || (i.code !== "invalid_type" && i.code !== "invalid_value"))) {
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
        message: `Unrecognized key${keys.length > 1 ? "s" : ""}${where}: ${keys.map((k) => `"${k}"`).join(", ")} -- please review the v2 API documentation for request body changes`,
        code: issue.code,
      });
      continue;
    }
    out.push({ path: path as (string | number)[], message: issue.message, code: issue.code });
  }
  return out;
}

function describeUnionFailure(issue: Issue): string {
  return issue.message === "Invalid input" ? "Invalid value: it matches none of the accepted forms" : issue.message;
}

/** The 400 error for a failed validation. */
export function validationError(error: z.ZodError): ApiError {
  const details = flattenIssues(error.issues);
  const first = details[0];
  const message = first
    ? first.code === "unrecognized_keys"
      ? first.message
      : `${first.path.length ? `${pathString(first.path)}: ` : ""}${first.message}`
    : "Bad Request";
  return new ApiError("BAD_REQUEST", message, details);
}
