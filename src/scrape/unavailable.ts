/**
 * Formats this service can make only under some conditions, refused up front with a clear 400 (before any work
 * or charge) when they do not hold: `changeTracking` keeps each page's previous scrape, which zeroDataRetention
 * forbids; `branding` reads the rendered page, so a deployment without Browser Rendering (no `BROWSER` binding)
 * cannot make it. A target that turns out not to be a renderable page (a PDF) is refused once it is known
 * (src/branding/). zeroDataRetention on a job is refused where jobs are created (src/crawl/service.ts).
 */
import { ApiError } from "../errors";
import type { ScrapeOptions } from "../schemas/scrape";
import type { FormatObject } from "../schemas/formats";

/** Throws for the first requested format that cannot be made; `field` is where the formats sit in the body. */
export function refuseUnavailableFormats(
  env: Env,
  formats: FormatObject[],
  options: Pick<ScrapeOptions, "zeroDataRetention">,
  field: (string | number)[] = ["formats"],
): void {
  for (const [i, format] of formats.entries()) {
    const path = [...field, i];
    const where = `${field.join(".")}[${i}]`;
    if (format.type === "changeTracking" && options.zeroDataRetention) {
      throw new ApiError(
        "SCRAPE_CHANGE_TRACKING_NOT_SUPPORTED",
        `${where}: change tracking keeps the page's previous scrape to compare with, which zeroDataRetention forbids`,
        [{ path, message: "not available with zeroDataRetention", code: "custom" }],
      );
    }
    if (format.type === "branding" && !env.BROWSER) {
      throw new ApiError(
        "SCRAPE_BRANDING_NOT_SUPPORTED",
        `${where}: branding reads the rendered page, and this deployment ` +
          `has no browser (Browser Rendering binding BROWSER)`,
        [{ path, message: "needs the browser engine", code: "custom" }],
      );
    }
  }
}
