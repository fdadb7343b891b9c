/**
 * What the browser engine pretends to be: viewport and device (desktop, or `mobile` with touch), user agent,
 * languages (`Accept-Language` and `navigator.languages`) and the timezone of `location.country`.
 */
import type { CDPSession, Page } from "@cloudflare/puppeteer";
import { MOBILE_USER_AGENT, USER_AGENT } from "../net/user-agent";
import type { ScrapeOptions } from "../schemas/scrape";

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP_VIEWPORT: Viewport = { width: 1920, height: 1080 };
/** A Pixel-8-class phone, matching MOBILE_USER_AGENT. */
export const MOBILE_VIEWPORT: Viewport = { width: 412, height: 915 };
const MOBILE_SCALE = 2;

/**
 * Countries spanning several zones, and the zone most of their people live in (Intl lists a country's zones
 * alphabetically, which would make the US "America/Adak").
 */
const MAIN_TIMEZONE: Record<string, string> = {
  US: "America/New_York",
  CA: "America/Toronto",
  MX: "America/Mexico_City",
  BR: "America/Sao_Paulo",
  AR: "America/Argentina/Buenos_Aires",
  CL: "America/Santiago",
  EC: "America/Guayaquil",
  RU: "Europe/Moscow",
  UA: "Europe/Kyiv",
  KZ: "Asia/Almaty",
  CN: "Asia/Shanghai",
  ID: "Asia/Jakarta",
  MN: "Asia/Ulaanbaatar",
  MY: "Asia/Kuala_Lumpur",
  AU: "Australia/Sydney",
  NZ: "Pacific/Auckland",
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  DE: "Europe/Berlin",
  FR: "Europe/Paris",
  GB: "Europe/London",
  CD: "Africa/Kinshasa",
  PG: "Pacific/Port_Moresby",
  GL: "America/Nuuk",
};

/** The IANA timezone to emulate for a two-letter country code, or undefined when unknown. */
export function countryTimezone(country: string): string | undefined {
  const code = country.toUpperCase();
  if (MAIN_TIMEZONE[code]) return MAIN_TIMEZONE[code];
  try {
    const locale = new Intl.Locale(`und-${code}`) as Intl.Locale & {
      getTimeZones?: () => string[];
      timeZones?: string[];
    };
    return (locale.getTimeZones?.() ?? locale.timeZones)?.[0];
  } catch {
    return undefined;
  }
}

/** The languages to announce: `location.languages`, else US English. */
function emulatedLanguages(options: ScrapeOptions): string[] {
  if (options.location?.languages?.length) return options.location.languages;
  return ["en-US", "en"];
}

/** The caller's User-Agent header when given (any case), else ServiceAgent in its desktop or mobile form. */
function emulatedUserAgent(options: ScrapeOptions): string {
  const custom = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === "user-agent")?.[1];
  return custom ?? (options.mobile ? MOBILE_USER_AGENT : USER_AGENT);
}

export async function setViewport(page: Page, viewport: Viewport, mobile: boolean): Promise<void> {
  await page.setViewport({
    ...viewport,
    deviceScaleFactor: mobile ? MOBILE_SCALE : 1,
    isMobile: mobile,
    hasTouch: mobile,
  });
}

/** Applies device, user agent, languages and timezone to a fresh page, before it navigates. */
export async function applyEmulation(
  page: Page,
  cdp: CDPSession,
  options: ScrapeOptions,
  viewport: Viewport,
): Promise<void> {
  const languages = emulatedLanguages(options);
  const userAgent = emulatedUserAgent(options);
  await Promise.all([
    setViewport(page, viewport, options.mobile),
    // One override sets the header and navigator.userAgent/languages alike (Chrome adds the q-values itself).
    cdp.send("Emulation.setUserAgentOverride", {
      userAgent,
      acceptLanguage: languages.join(","),
      ...(options.mobile ? { platform: "Linux armv8l", userAgentMetadata: mobileClientHints(userAgent) } : {}),
    }),
    options.location ? emulateTimezone(page, options.location.country) : Promise.resolve(),
  ]);
}

async function emulateTimezone(page: Page, country: string): Promise<void> {
  const zone = countryTimezone(country);
  if (zone) await page.emulateTimezone(zone);
}

/** User-agent client hints of the mobile profile, so `navigator.userAgentData.mobile` agrees with the UA. */
function mobileClientHints(userAgent: string) {
  const major = /Chrome\/(\d+)/.exec(userAgent)?.[1] ?? "126";
  return {
    brands: [
      { brand: "Chromium", version: major },
      { brand: "Not;A=Brand", version: "24" },
    ],
    platform: "Android",
    platformVersion: "14",
    architecture: "",
    model: "Pixel 8",
    mobile: true,
  };
}
