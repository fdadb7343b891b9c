/**
 * Credits (docs/credits.md) from the routes' side: refuse work up front when a team with a balance has run out (402),
 * charge after the work succeeded.
 */
import { teamStub } from "../../durable-objects/team";
import { ApiError } from "../errors";

export const INSUFFICIENT_CREDITS_MESSAGE =
  "Insufficient credits to perform this request. Ask the operator for more credits or lower the request's limit.";

export async function ensureCredits(env: Env, teamId: string, atLeast = 1): Promise<void> {
  if (!(await teamStub(env, teamId).canSpend(atLeast)))
    throw new ApiError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
}

export async function charge(
  env: Env,
  teamId: string,
  credits: number,
  reason: string,
  ref?: string,
  apiKey?: string,
): Promise<void> {
  await teamStub(env, teamId).charge(credits, reason, ref, apiKey);
}
