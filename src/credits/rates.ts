/**
 * What work costs, in credits (docs/credits.md states the same table): a scrape, an agent's model step, a remote
 * browser session. Charging them is ./charge.ts; the team's balance and ledger are in the team's object.
 */

/** A scrape: 1, plus 1 per PDF page past the first, plus the extras below. */
export const JSON_FORMAT_EXTRA = 4;
export const ENHANCED_PROXY_EXTRA = 4;

export function scrapeCredits(cost: {
  pdfPagesParsed: number;
  jsonExtraction: boolean;
  enhancedProxy: boolean;
}): number {
  let credits = 1 + Math.max(0, cost.pdfPagesParsed - 1);
  if (cost.jsonExtraction) credits += JSON_FORMAT_EXTRA;
  if (cost.enhancedProxy) credits += ENHANCED_PROXY_EXTRA;
  return credits;
}

/** Credits one agent model step costs (spark-1-mini is 60% cheaper than spark-1-pro). */
export const STEP_CREDITS = { mini: 2, pro: 5 } as const;

/**
 * A remote browser session: credits per hour of session time, counted per started minute, with a floor. A
 * session that let the LLM drive it (interact `prompt`) is billed at the higher rate throughout.
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
