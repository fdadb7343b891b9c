/**
 * A monitor's schedule (docs/monitors.md, "Schedule"): `cron` (5 fields, or 6 with seconds) or `text` — a few
 * phrase shapes ("hourly", "every 15 minutes", "daily at 9:00", "weekdays at 8:30", "every monday at 10:00")
 * turned into cron here — read in `timezone`. Next run times come from croner. The shortest interval between
 * runs is MONITOR_MIN_INTERVAL_SECONDS (default 60), so a local setup or a test may check every few seconds.
 */
import { Cron } from "croner";

export const DEFAULT_MIN_INTERVAL_SECONDS = 60;
const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

export interface NormalizedSchedule {
  cron: string;
  timezone: string;
  /** The phrase the cron was made from, when the caller gave one. */
  text?: string;
}

/** A schedule problem, with the field it concerns. */
export class ScheduleProblem extends Error {
  constructor(
    readonly field: "cron" | "text" | "timezone",
    message: string,
  ) {
    super(message);
  }
}

/** "9", "9:30", "9am", "9:30 pm", "21:05" → [hour, minute], or null. */
function timeOfDay(text: string): [number, number] | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? "0");
  if (m[3] === "pm" && hour < 12) hour += 12;
  if (m[3] === "am" && hour === 12) hour = 0;
  return hour < 24 && minute < 60 ? [hour, minute] : null;
}

/** The cron for a phrase, or null when the phrase has none of the shapes understood. */
export function cronFromText(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/\s+/g, " ");
  const simple: Record<string, string> = {
    "every minute": "* * * * *",
    hourly: "0 * * * *",
    "every hour": "0 * * * *",
    daily: "0 0 * * *",
    "every day": "0 0 * * *",
    weekly: "0 0 * * 1",
    "every week": "0 0 * * 1",
    monthly: "0 0 1 * *",
    "every month": "0 0 1 * *",
  };
  if (simple[text]) return simple[text];
  let m = /^every (\d+) (second|minute|hour)s?$/.exec(text);
  if (m) {
    const n = Number(m[1]);
    if (n < 1) return null;
    if (m[2] === "second") return n < 60 && 60 % n === 0 ? `*/${n} * * * * *` : null;
    if (m[2] === "minute") return n < 60 ? `*/${n} * * * *` : null;
    return n < 24 ? `0 */${n} * * *` : null;
  }
  m = /^(?:daily|every day) at (.+)$/.exec(text);
  if (m) {
    const t = timeOfDay(m[1]);
    return t ? `${t[1]} ${t[0]} * * *` : null;
  }
  m = /^(?:weekdays|every weekday) at (.+)$/.exec(text);
  if (m) {
    const t = timeOfDay(m[1]);
    return t ? `${t[1]} ${t[0]} * * 1-5` : null;
  }
  m = /^(?:every |on )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?(?: at (.+))?$/.exec(text);
  if (m) {
    const t = m[2] ? timeOfDay(m[2]) : [0, 0];
    return t ? `${t[1]} ${t[0]} * * ${DAYS.indexOf(m[1])}` : null;
  }
  return null;
}

function cronOf(pattern: string, timezone: string): Cron {
  return new Cron(pattern, { timezone, paused: true });
}

/** The schedule as stored: cron checked, phrase translated, timezone valid, interval not below the minimum. */
export function normalizeSchedule(
  schedule: { cron?: string; text?: string; timezone?: string },
  minIntervalSeconds: number,
): NormalizedSchedule {
  const timezone = schedule.timezone?.trim() || "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
  } catch {
    throw new ScheduleProblem(
      "timezone",
      `Unknown timezone "${timezone}": give an IANA name such as Europe/Berlin or America/New_York`,
    );
  }
  let cron = schedule.cron?.trim();
  if (!cron) {
    cron = cronFromText(schedule.text ?? "") ?? undefined;
    if (!cron) {
      throw new ScheduleProblem(
        "text",
        `The schedule text "${schedule.text}" is not understood: use e.g. "hourly", "daily", "every 15 ` +
          `minutes", "daily at 9:00", "weekdays at 8:30", "every monday at 10:00", or give a cron expression`,
      );
    }
  }
  const field = schedule.cron ? "cron" : "text";
  const fields = cron.split(" ").length;
  if (fields !== 5 && fields !== 6)
    throw new ScheduleProblem(
      field,
      `A cron expression has 5 fields (minute hour day month weekday), ` +
        `or 6 with seconds first; "${cron}" has ${fields}`,
    );
  let runs: Date[];
  try {
    runs = cronOf(cron, timezone).nextRuns(3);
  } catch (e) {
    throw new ScheduleProblem(
      field,
      `Invalid cron expression "${cron}": ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (runs.length === 0) throw new ScheduleProblem(field, `The cron expression "${cron}" never runs`);
  const interval = shortestInterval(runs);
  if (interval !== null && interval < minIntervalSeconds * 1000) {
    throw new ScheduleProblem(
      field,
      `The schedule runs every ${interval / 1000} s; the shortest interval ` +
        `allowed is ${minIntervalSeconds} s (MONITOR_MIN_INTERVAL_SECONDS)`,
    );
  }
  return { cron, timezone, ...(schedule.cron ? {} : { text: schedule.text }) };
}

function shortestInterval(runs: Date[]): number | null {
  let shortest: number | null = null;
  for (let i = 1; i < runs.length; i++) {
    const gap = runs[i].getTime() - runs[i - 1].getTime();
    shortest = shortest === null ? gap : Math.min(shortest, gap);
  }
  return shortest;
}

/** The first run strictly after `after` (epoch ms), or null if the schedule has none. */
export function nextRunAfter(schedule: NormalizedSchedule, after: number): number | null {
  return cronOf(schedule.cron, schedule.timezone).nextRun(new Date(after))?.getTime() ?? null;
}

/** How many times the schedule runs in 30 days from `from` (counted up to a cap, then extrapolated). */
export function runsPerMonth(schedule: NormalizedSchedule, from = Date.now()): number {
  const month = 30 * 24 * 3600 * 1000;
  const sample = cronOf(schedule.cron, schedule.timezone).nextRuns(1000, new Date(from));
  if (sample.length === 0) return 0;
  const first = sample[0].getTime();
  const last = sample[sample.length - 1].getTime();
  if (sample.length < 1000 || last - from >= month) return sample.filter((d) => d.getTime() - from < month).length;
  return Math.round(((sample.length - 1) * month) / (last - first));
}

export function minIntervalSeconds(env: Env): number {
  const value = Number(env.MONITOR_MIN_INTERVAL_SECONDS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_MIN_INTERVAL_SECONDS;
}
