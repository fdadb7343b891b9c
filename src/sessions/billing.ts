/**
 * What a remote browser session costs: credits per hour of session time, counted per started minute,
 * with a floor. A session that let the LLM drive it (interact `prompt`) is billed at the higher rate throughout.
 */

export const BROWSER_CREDITS_PER_HOUR = 120;
export const PROMPT_CREDITS_PER_HOUR = 420;
/** A session can be opened only with at least this much left. */
export const SESSION_MIN_CREDITS = 2;

export function sessionCredits(durationMs: number, creditsPerHour: number): number {
  const perMinute = creditsPerHour / 60;
  const minutes = Math.max(1, Math.ceil(durationMs / 60_000));
  return Math.max(SESSION_MIN_CREDITS, Math.ceil(minutes * perMinute));
}
